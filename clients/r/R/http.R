# HTTP with base R only. Responses come from a libcurl `url()` connection;
# because that connection refuses to hand over the body of an error status,
# a failed request to an http:// server is asked again over a plain socket
# to read the status and the server's explanation.

accept_header <- "application/problem+json, application/json, text/csv"

# GETs `url`: list(status, type, body = raw). Signals
# `dataseries_unreachable` when no server answers.
http_get <- function(url) {
  notes <- character()
  con <- url(url, method = "libcurl", headers = c(Accept = accept_header))
  opened <- withCallingHandlers(
    tryCatch({ open(con, "rb"); TRUE }, error = function(e) FALSE),
    warning = function(w) {
      notes <<- c(notes, conditionMessage(w))
      invokeRestart("muffleWarning")
    }
  )
  if (!opened) {
    try(close(con), silent = TRUE)
    return(failed_get(url, notes))
  }
  on.exit(close(con))
  list(status = 200L, type = "", body = read_all(con))
}

# The body of a successful GET, or an error naming the status.
http_get_ok <- function(url, context = list()) {
  response <- http_get(url)
  if (response$status >= 400) explain_failure(response, problem_of(response), context)
  response$body
}

# Reads a connection to its end as raw bytes.
read_all <- function(con) {
  chunks <- list()
  repeat {
    chunk <- readBin(con, "raw", 1048576L)
    if (length(chunk) == 0) break
    chunks[[length(chunks) + 1L]] <- chunk
  }
  do.call(c, c(list(raw(0)), chunks))
}

# After libcurl failed: learn the status and body over a socket (http), or
# from libcurl's words (https); no answer at all means unreachable.
failed_get <- function(url, notes) {
  response <- if (startsWith(url, "http://")) socket_get(url) else NULL
  if (!is.null(response)) return(response)
  status <- sub(".*HTTP status was '([0-9]{3}).*", "\\1", grep("HTTP status was '[0-9]{3}", notes, value = TRUE))
  if (length(status) > 0) return(list(status = as.integer(status[[1]]), type = "", body = raw(0)))
  unreachable(gsub("^.*status was '|'$", "", notes[length(notes)]))
}

unreachable <- function(reason) {
  base <- ds_base_url()
  why <- if (length(reason) == 1 && nzchar(reason)) paste0(" (", reason, ")") else ""
  ds_abort(
    paste0(
      "Cannot reach the dataseries server at ", base, why, ". ",
      "Is it running? Set the environment variable DATASERIES_API ",
      "(or options(dataseries.api = ...)) to the server's base URL."
    ),
    "dataseries_unreachable",
    base_url = base
  )
}

# A one-shot HTTP/1.0 GET over a socket (so no chunked body): list(status,
# type, body), or NULL when nothing answers.
socket_get <- function(url) {
  parts <- regmatches(url, regexec("^http://([^/:?#]+)(:([0-9]+))?([^#]*)$", url))[[1]]
  if (length(parts) == 0) return(NULL)
  port <- if (nzchar(parts[[4]])) as.integer(parts[[4]]) else 80L
  path <- if (nzchar(parts[[5]])) parts[[5]] else "/"
  con <- tryCatch(
    suppressWarnings(socketConnection(parts[[2]], port, blocking = TRUE, open = "r+b", timeout = 30)),
    error = function(e) NULL
  )
  if (is.null(con)) return(NULL)
  on.exit(close(con))
  request <- paste0(
    "GET ", path, " HTTP/1.0\r\nHost: ", parts[[2]], parts[[3]], "\r\n",
    "Accept: ", accept_header, "\r\nConnection: close\r\n\r\n"
  )
  writeBin(charToRaw(request), con)
  parse_http_response(read_all(con))
}

parse_http_response <- function(bytes) {
  split <- grepRaw("\r\n\r\n", bytes, fixed = TRUE)
  if (length(split) == 0) return(NULL)
  head <- strsplit(rawToChar(bytes[seq_len(split - 1L)]), "\r\n", fixed = TRUE)[[1]]
  status <- as.integer(sub("^HTTP/[0-9.]+ ([0-9]{3}).*$", "\\1", head[[1]]))
  type_line <- grep("^content-type:", head, ignore.case = TRUE, value = TRUE)
  type <- if (length(type_line)) trimws(sub("^[^:]*:", "", type_line[[1]])) else ""
  body <- if (split + 3L < length(bytes)) bytes[(split + 4L):length(bytes)] else raw(0)
  list(status = status, type = type, body = body)
}
