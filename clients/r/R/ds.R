# ds(): one selection of a dataset as a typed data frame (or a ts).

# Documented in man/ds.Rd.
ds <- function(dataset, ..., from = NULL, to = NULL, as = c("data.frame", "ts")) {
  as <- match.arg(as)
  check_dataset_id(dataset)
  dims <- collect_dims(list(...), dataset)
  query <- list(
    dataset = dataset,
    dims = format_dims(dims),
    from = format_bound(from, "from"),
    to = format_bound(to, "to")
  )
  url <- build_url("/series.csv", query)
  data <- cached(paste("series", url), function() fetch_series(url, query, dataset, dims))
  if (as == "ts") return(series_to_ts(data, ds_meta(dataset)$frequency))
  data
}

check_dataset_id <- function(dataset) {
  if (!is.character(dataset) || length(dataset) != 1 || is.na(dataset) || !nzchar(dataset)) {
    ds_abort('The dataset must be one id in quotes, e.g. ds("ch_kof_barometer").', "dataseries_bad_argument")
  }
}

# The `...` of ds(): a named list of unique character codes per dimension.
collect_dims <- function(args, dataset) {
  if (length(args) == 0) return(list())
  names <- names(args) %||% rep("", length(args))
  if (any(!nzchar(names))) {
    ds_abort(sprintf('Every dimension argument needs a name, e.g. ds("%s", item = "code"); see ds_meta("%s")$dim_order.',
                     dataset, dataset), "dataseries_bad_argument")
  }
  if (anyDuplicated(names)) {
    ds_abort(sprintf('Dimension "%s" is given twice; give all its codes at once, e.g. %s = c("a", "b").',
                     names[anyDuplicated(names)], names[anyDuplicated(names)]), "dataseries_bad_argument")
  }
  lapply(stats::setNames(args, enc2utf8(names)), function(codes) {
    if (!is.atomic(codes) || length(codes) == 0 || anyNA(codes)) {
      ds_abort("Each dimension takes one or more codes, e.g. c(\"a\", \"b\").", "dataseries_bad_argument")
    }
    unique(enc2utf8(as.character(codes)))
  })
}

# `dim=code,code;dim=code`, the server's selection grammar.
format_dims <- function(dims) {
  if (length(dims) == 0) return(NULL)
  parts <- vapply(names(dims), function(dim) paste0(dim, "=", paste(dims[[dim]], collapse = ",")), character(1))
  paste(parts, collapse = ";")
}

format_bound <- function(value, name) {
  if (is.null(value)) return(NULL)
  if (inherits(value, c("Date", "POSIXt")) && length(value) == 1 && !is.na(value)) return(format(value, "%Y-%m-%d"))
  if (is.character(value) && length(value) == 1 && !is.na(value)) return(value)
  ds_abort(sprintf('`%s` must be one date, e.g. "2020-01-01" or as.Date("2020-01-01").', name), "dataseries_bad_argument")
}

fetch_series <- function(url, query, dataset, dims) {
  response <- http_get(url)
  if (response$status >= 400) {
    # The JSON twin of the route carries the facts (the valid codes) that
    # the CSV error body has no room for.
    twin <- tryCatch(http_get(build_url("/series", query)), error = function(e) NULL)
    problem <- if (!is.null(twin) && twin$status >= 400) problem_of(twin)
    problem <- problem %||% problem_of(response)
    explain_failure(response, problem, list(dataset = dataset, dims = dims))
  }
  parse_series_csv(response$body)
}

# The tidy CSV of /series.csv with its types: codes stay character (`047`
# is not 47, `NA` is Namibia), `date` is a Date, `value` numeric (empty or
# NA is missing). scan() on a file is the fastest reader base R has.
parse_series_csv <- function(body) {
  if (length(body) == 0) ds_abort("The server sent an empty answer.", "dataseries_http_error")
  file <- tempfile(fileext = ".csv")
  on.exit(unlink(file))
  writeBin(body, file)
  header <- scan(file, what = "", sep = ",", quote = "\"", nlines = 1, quiet = TRUE,
                 na.strings = character(0), encoding = "UTF-8", comment.char = "")
  if (!all(c("date", "value") %in% header)) {
    ds_abort("The server's answer is not a series CSV (no date and value columns).", "dataseries_http_error")
  }
  what <- rep(list(""), length(header))
  what[[match("value", header)]] <- 0
  columns <- scan(file, what = what, sep = ",", quote = "\"", skip = 1, quiet = TRUE,
                  na.strings = character(0), encoding = "UTF-8", comment.char = "",
                  strip.white = FALSE, multi.line = FALSE)
  names(columns) <- header
  columns$date <- parse_iso_dates(columns$date)
  structure(columns, row.names = c(NA_integer_, -length(columns$date)), class = "data.frame")
}

# as.Date() once per distinct date: a long series repeats few dates.
parse_iso_dates <- function(text) {
  distinct <- unique(text)
  as.Date(distinct, format = "%Y-%m-%d")[match(text, distinct)]
}
