# ds(): one selection of a dataset as a typed data frame (or a ts).

# Documented in man/ds.Rd.
ds <- function(dataset, ..., from = NULL, to = NULL, frequency = NULL, aggregation = NULL, partial = FALSE,
               as_of = NULL, as = c("data.frame", "ts")) {
  as <- match.arg(as)
  check_dataset_id(dataset, "dataset", "ds")
  dims <- collect_dims(list(...), dataset)
  first <- format_bound(from, "from")
  last <- format_bound(to, "to")
  if (!is.null(first) && !is.null(last) && first > last) {
    ds_abort(sprintf("`from` (%s) is after `to` (%s): swap them or widen the range.", first, last), "dataseries_bad_argument")
  }
  query <- c(list(dataset = dataset, dims = format_dims(dims), from = first, to = last),
             conversion_query(frequency, aggregation, partial), list(as_of = format_as_of(as_of)))
  # The JSON route: jsonlite reads its numbers exactly (base R's CSV number
  # parser is off by one unit in the last place for a few), and its errors
  # carry the facts (the valid codes) in the same answer.
  url <- build_url("/series", query)
  data <- cached(paste("series", url), function() fetch_series(url, dataset, dims))
  if (as == "ts") return(series_to_ts(data, frequency %||% ds_meta(dataset)$frequency))
  data
}

# Refuses, before any request, what cannot be a dataset id, and suggests
# the id it resembles.
check_dataset_id <- function(dataset, argument, fun) {
  if (!is.character(dataset) || length(dataset) != 1 || is.na(dataset) || !nzchar(dataset)) {
    ds_abort(sprintf('`%s` must be one dataset id in quotes, e.g. %s("ch_kof_barometer").', argument, fun),
             "dataseries_bad_argument")
  }
  if (grepl("^[a-z0-9_]+$", dataset)) return(invisible(dataset))
  guess <- gsub("^_+|_+$", "", gsub("[^a-z0-9_]+", "_", tolower(trimws(dataset))))
  hint <- if (nzchar(guess)) sprintf(" Did you mean '%s'?", guess) else ""
  ds_abort(sprintf("`%s` '%s' is not a dataset id: ids are lowercase letters, digits and _ (no spaces, capitals or hyphens).%s ds_catalog() lists every dataset.",
                   argument, dataset, hint), "dataseries_bad_argument")
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
  names <- enc2utf8(names)
  stats::setNames(lapply(seq_along(args), function(i) code_text(names[[i]], args[[i]])), names)
}

# A dimension argument's codes as the server writes them: text; whole
# numbers are their digits (never "1e+05"); anything else is refused.
code_text <- function(dim, codes) {
  if (is.factor(codes)) codes <- as.character(codes)
  if (!is.atomic(codes) || length(codes) == 0 || anyNA(codes)) {
    ds_abort(sprintf('Dimension argument `%s` takes one or more codes, e.g. `%s` = c("a", "b").', dim, dim),
             "dataseries_bad_argument")
  }
  if (is.numeric(codes)) {
    if (any(codes != round(codes)) || any(abs(codes) >= 1e15)) {
      ds_abort(sprintf('Dimension argument `%s` got %s: codes are text, so give them in quotes, e.g. `%s` = "2020" (ds_meta(dataset)$dimensions[["%s"]]$levels lists them).',
                       dim, paste(format(codes, digits = 15), collapse = ", "), dim, dim), "dataseries_bad_argument")
    }
    codes <- formatC(codes, format = "f", digits = 0)
  }
  if (!is.character(codes)) {
    ds_abort(sprintf('Dimension argument `%s` got a %s: codes are text, e.g. `%s` = "a".', dim, class(codes)[[1]], dim),
             "dataseries_bad_argument")
  }
  unique(enc2utf8(codes))
}

# `dim=code,code;dim=code`, the server's selection grammar.
format_dims <- function(dims) {
  if (length(dims) == 0) return(NULL)
  parts <- vapply(names(dims), function(dim) paste0(dim, "=", paste(dims[[dim]], collapse = ",")), character(1))
  paste(parts, collapse = ";")
}

# The server's parameters of frequency conversion, under their own names;
# the server checks their values (and names the valid ones).
conversion_query <- function(frequency, aggregation, partial) {
  for (name in c("frequency", "aggregation")) {
    value <- get(name)
    if (!is.null(value) && !(is.character(value) && length(value) == 1 && !is.na(value))) {
      ds_abort(sprintf('`%s` must be one string, e.g. %s.', name,
                       if (name == "frequency") 'frequency = "annual"' else 'aggregation = "mean"'), "dataseries_bad_argument")
    }
  }
  if (!is.logical(partial) || length(partial) != 1 || is.na(partial)) {
    ds_abort("`partial` must be TRUE or FALSE.", "dataseries_bad_argument")
  }
  list(frequency = frequency, aggregation = aggregation, partial = if (partial) "true" else NULL)
}

# `as_of` as the server reads it: a Date as YYYY-MM-DD (the end of that day,
# UTC), a date-time as its UTC time stamp YYYY-MM-DDTHH:MM:SSZ, a string as
# given (the server checks it and names the forms it takes).
format_as_of <- function(value) {
  if (is.null(value)) return(NULL)
  if (inherits(value, "Date") && length(value) == 1 && !is.na(value)) return(format(value, "%Y-%m-%d"))
  if (inherits(value, "POSIXt") && length(value) == 1 && !is.na(value)) return(format(as.POSIXct(value), "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"))
  if (is.character(value) && length(value) == 1 && !is.na(value) && nzchar(value)) return(value)
  ds_abort('`as_of` must be one date or time, e.g. as.Date("2026-01-31"), a time stamp "2026-01-05T08:00:00Z" or a vintage from ds_vintages().',
           "dataseries_bad_argument")
}

# A date argument as YYYY-MM-DD, checked here so the error names the argument.
format_bound <- function(value, name) {
  if (is.null(value)) return(NULL)
  if (inherits(value, c("Date", "POSIXt")) && length(value) == 1 && !is.na(value)) return(format(value, "%Y-%m-%d"))
  if (is.character(value) && length(value) == 1 && !is.na(value) && grepl("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", value) &&
      identical(format(as.Date(value, optional = TRUE), "%Y-%m-%d"), value)) {
    return(value)
  }
  shown <- if (is.character(value) && length(value) == 1) sprintf(' got "%s".', value) else ""
  ds_abort(sprintf('`%s` must be one date, YYYY-MM-DD, e.g. "2020-01-01" or as.Date("2020-01-01");%s', name, shown),
           "dataseries_bad_argument")
}

fetch_series <- function(url, dataset, dims) {
  response <- http_get(url)
  if (response$status >= 400) explain_failure(response, problem_of(response), list(dataset = dataset, dims = dims))
  parse_series_json(response$body)
}

# The columnar JSON of /series with its types: codes stay character (`047`
# is not 47, `NA` is Namibia), `date` is a Date, `value` numeric (null is NA).
parse_series_json <- function(body) {
  if (length(body) == 0) ds_abort("The server sent an empty answer.", "dataseries_http_error")
  text <- rawToChar(body)
  Encoding(text) <- "UTF-8"
  columns <- jsonlite::parse_json(text, simplifyVector = TRUE)
  if (!is.list(columns) || !all(c("date", "value") %in% names(columns))) {
    ds_abort("The server's answer is not a series (no date and value columns).", "dataseries_http_error")
  }
  codes <- setdiff(names(columns), c("date", "value"))
  columns[codes] <- lapply(columns[codes], function(x) as.character(unlist(x)))
  columns$date <- parse_iso_dates(as.character(unlist(columns$date)))
  columns$value <- as.numeric(unlist(columns$value))
  structure(columns, row.names = c(NA_integer_, -length(columns$date)), class = "data.frame")
}

# as.Date() once per distinct date: a long series repeats few dates.
parse_iso_dates <- function(text) {
  distinct <- unique(text)
  as.Date(distinct, format = "%Y-%m-%d")[match(text, distinct)]
}
