# ds(as = "ts"): regular series as a ts (one series) or a multiple ts (one
# column per series, named by its codes, NA where a series has no value).

ts_frequencies <- c(annual = 1, yearly = 1, "semi-annual" = 2, semiannual = 2,
                    "half-yearly" = 2, quarterly = 4, monthly = 12)

series_to_ts <- function(data, frequency) {
  freq <- unname(ts_frequencies[tolower(as.character(frequency %||% ""))])
  if (length(freq) != 1 || is.na(freq)) {
    ds_abort(sprintf('A ts needs annual, semi-annual, quarterly or monthly data; this dataset is "%s". Use the data frame instead.',
                     frequency %||% "unknown"), "dataseries_bad_argument")
  }
  if (nrow(data) == 0) ds_abort("The selection has no observations to turn into a ts.", "dataseries_bad_argument")
  dims <- setdiff(names(data), c("date", "value"))
  key <- if (length(dims) > 0) do.call(paste, c(unname(as.list(data[dims])), sep = ".")) else rep("value", nrow(data))
  period <- ts_period(data$date, freq)
  first <- min(period)
  keys <- unique(key)
  values <- matrix(NA_real_, max(period) - first + 1, length(keys), dimnames = list(NULL, keys))
  values[cbind(period - first + 1, match(key, keys))] <- data$value
  stats::ts(if (length(keys) == 1) values[, 1] else values,
            start = c(first %/% freq, first %% freq + 1), frequency = freq)
}

# Periods counted from year 0 (year * freq + period within the year); a date
# that is not the first day of a period means the data is not regular.
ts_period <- function(dates, freq) {
  parts <- as.POSIXlt(dates)
  month <- parts$mon
  months_per_period <- 12 / freq
  if (any(parts$mday != 1 | month %% months_per_period != 0)) {
    ds_abort("These dates are not the first days of regular periods, so they cannot form a ts.", "dataseries_bad_argument")
  }
  (parts$year + 1900) * freq + month %/% months_per_period
}
