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

explain_bad_request <- function(said, problem, context) {
  found <- NULL
  if (is.null(problem[["valid"]]) && !is.null(context$dataset)) found <- diagnose_selection(context$dataset, context$dims)
  valid <- problem[["valid"]] %||% found$valid
  dimension <- problem[["dimension"]] %||% found$dimension
  kind <- found$kind %||% problem_kind(problem)
  message <- said %||% found$message %||% "The server refused the request."
  if (length(valid) > 0 && !mentions_all(message, valid)) {
    what <- if (identical(kind, "code")) sprintf("Valid codes for '%s'", dimension) else "Valid dimensions"
    message <- paste0(message, " ", what, ": ", format_valid(valid, context$dataset), ".")
  }
  class <- switch(kind %||% "", dimension = "dataseries_unknown_dimension",
                  code = "dataseries_unknown_code", character())
  ds_abort(message, c(class, "dataseries_bad_request"),
           status = 400L, problem = problem, dimension = dimension, valid = valid)
}

# "dimension" or "code" from the problem's stable type
# (urn:dataseries:problem:unknown_code), else NULL.
problem_kind <- function(problem) {
  type <- problem[["type"]]
  if (!is.character(type) || length(type) != 1) return(NULL)
  switch(sub("^.*:", "", type), unknown_dimension = "dimension", unknown_code = "code", NULL)
}

# What is wrong with a selection, judged against the dataset's metadata.
diagnose_selection <- function(dataset, dims) {
  meta <- tryCatch(ds_meta(dataset), error = function(e) NULL)
  if (is.null(meta) || length(dims) == 0) return(NULL)
  known <- as.character(unlist(meta$dim_order))
  for (dim in names(dims)) {
    if (!dim %in% known) {
      message <- if (length(known) == 0) {
        sprintf("Dataset '%s' is a single series and has no dimensions: leave out the dimension arguments.", dataset)
      } else {
        sprintf("Unknown dimension '%s' in dataset '%s'.", dim, dataset)
      }
      return(list(kind = "dimension", dimension = dim, valid = known, message = message))
    }
    codes <- level_codes(meta$dimensions[[dim]]$levels)
    bad <- setdiff(dims[[dim]], codes)
    if (length(bad) > 0) {
      message <- sprintf("Unknown code '%s' for dimension '%s'.", bad[[1]], dim)
      return(list(kind = "code", dimension = dim, valid = codes, message = message))
    }
  }
  NULL
}

# Codes of a dimension's levels, whether they come as an object keyed by
# code or as an array of records.
level_codes <- function(levels) {
  if (!is.null(names(levels))) return(names(levels))
  vapply(levels, function(level) as.character(level$code), character(1))
}

mentions_all <- function(message, valid) {
  all(vapply(utils::head(valid, 3), grepl, logical(1), x = message, fixed = TRUE))
}

format_valid <- function(valid, dataset, shown = 40L) {
  if (length(valid) <= shown) return(paste(valid, collapse = ", "))
  paste0(paste(valid[seq_len(shown)], collapse = ", "), ", ... (", length(valid),
         " in all; ds_meta(\"", dataset, "\") lists them)")
}

`%||%` <- function(a, b) if (is.null(a)) b else a
