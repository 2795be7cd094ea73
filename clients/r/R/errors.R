# Errors in the words of someone asking for data: which dataset, dimension
# or code is unknown and which ones exist. The server's own message comes
# first; the client adds what the server's body leaves out.

# Signals a condition of class `class` (and `dataseries_error`) with `message`.
ds_abort <- function(message, class, ...) {
  stop(structure(
    class = c(class, "dataseries_error", "error", "condition"),
    list(message = message, call = NULL, ...)
  ))
}

# The server's explanation in a response: problem+json or an `error` CSV.
problem_of <- function(response) {
  body <- response$body
  if (length(body) == 0) return(NULL)
  text <- rawToChar(body)
  Encoding(text) <- "UTF-8"
  if (grepl("json", response$type, fixed = TRUE) || startsWith(trimws(text), "{")) {
    return(tryCatch(jsonlite::fromJSON(text, simplifyVector = TRUE), error = function(e) NULL))
  }
  rows <- tryCatch(
    utils::read.csv(text = text, colClasses = "character", encoding = "UTF-8"),
    error = function(e) NULL
  )
  if (!is.null(rows) && "error" %in% names(rows) && nrow(rows) > 0) list(error = rows$error[[1]]) else NULL
}

server_message <- function(problem) {
  for (key in c("error", "detail", "title")) {
    said <- problem[[key]]
    if (is.character(said) && length(said) == 1 && nzchar(said)) return(said)
  }
  NULL
}

# Turns a failed response into a plain-language error. `context` may name
# the `dataset` and the requested `dims` (a named list of codes).
explain_failure <- function(response, problem, context = list()) {
  status <- response$status
  said <- in_r_words(server_message(problem))
  dataset <- context$dataset
  if (status == 404 && !is.null(dataset)) {
    message <- said %||% sprintf("Unknown dataset '%s'.", dataset)
    if (!grepl("ds_catalog()", message, fixed = TRUE)) message <- paste(message, "ds_catalog() lists every dataset.")
    ds_abort(message, "dataseries_unknown_dataset", status = status, dataset = dataset, problem = problem)
  }
  if (status == 400) explain_bad_request(said, problem, context)
  if (status == 503) {
    ds_abort(said %||% "The server has not loaded its data yet; retry in a few seconds.",
             "dataseries_not_ready", status = status, problem = problem)
  }
  ds_abort(
    paste0("The server at ", ds_base_url(), " answered with status ", status,
           if (!is.null(said)) paste0(": ", said) else "."),
    "dataseries_http_error",
    status = status, problem = problem
  )
}

# The server's hints name its routes; a user of this package calls functions.
in_r_words <- function(message) {
  if (is.null(message)) return(NULL)
  message <- gsub("GET /catalog", "ds_catalog()", message, fixed = TRUE)
  message <- gsub("GET /dataset/([a-z0-9_]+)/meta", 'ds_meta("\\1")', message)
  gsub("leave out dims", "leave out the dimension arguments", message, fixed = TRUE)
}

# From the server's answer alone: explaining never sends another request
# (it could fail the same way).
explain_bad_request <- function(said, problem, context) {
  valid <- unlist(problem[["valid"]])
  dimension <- problem[["dimension"]]
  kind <- problem_kind(problem)
  # Over https base R cannot read an error's body: say what to check instead.
  message <- said %||% paste0(
    "The server refused the request and sent no explanation R can read",
    if (!is.null(context$dataset)) sprintf('; ds_meta("%s") lists the dimensions and their codes, dates are YYYY-MM-DD.', context$dataset) else "."
  )
  if (!is.null(context$dataset) && length(valid) > 0 && !is.null(kind) && !grepl("ds_meta(", message, fixed = TRUE)) {
    message <- sprintf('%s ds_meta("%s") lists the dimensions and their codes.', message, context$dataset)
  }
  if (identical(kind, "dimension")) message <- other_client_hint(dimension, message)
  class <- switch(kind %||% "", dimension = "dataseries_unknown_dimension",
                  code = "dataseries_unknown_code", character())
  ds_abort(message, c(class, "dataseries_bad_request"),
           status = 400L, problem = problem, dimension = dimension, valid = valid)
}

# Arguments of ds() in the Python client and in the original dataseries R
# client that this ds() does not have, and what to write here instead. The
# server is asked first (a dataset may have a dimension of that name); only
# when it knows no such dimension does the error say so.
other_client_arguments <- c(start = "`from`", end = "`to`", id = "`dataset` (the first argument)",
                            class = '`as = "ts"` or `as = "data.frame"`')

other_client_hint <- function(dimension, message) {
  if (!is.character(dimension) || length(dimension) != 1 || !dimension %in% names(other_client_arguments)) return(message)
  sprintf("`%s` is an argument of another dataseries client, not of this ds(): here write %s. (%s)",
          dimension, other_client_arguments[[dimension]], message)
}

# "dimension" or "code" from the problem's stable type
# (urn:dataseries:problem:unknown_code), else NULL.
problem_kind <- function(problem) {
  type <- problem[["type"]]
  if (!is.character(type) || length(type) != 1) return(NULL)
  switch(sub("^.*:", "", type), unknown_dimension = "dimension", unknown_code = "code", NULL)
}

`%||%` <- function(a, b) if (is.null(a)) b else a
