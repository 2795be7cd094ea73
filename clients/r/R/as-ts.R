# ds(as = "ts"): regular series as a ts (one series) or a multiple ts (one
# column per series, named by its codes, NA where a series has no value).
# Dates that start the periods of the dataset's frequency give a ts of that
# frequency. Annual, semi-annual or quarterly dates on the first of other
# months (1 April and 1 October; 1 March, June, September, December) give a
# ts on the quarterly grid: each value in the quarter that holds its date.

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
  grid <- ts_grid(data$date, freq)
  if (anyDuplicated(data.frame(key, grid$period))) {
    ds_abort("Two dates of one series fall in the same period, so they cannot form a ts. Use the data frame instead.",
             "dataseries_bad_argument")
  }
  first <- min(grid$period)
  keys <- unique(key)
  values <- matrix(NA_real_, max(grid$period) - first + 1, length(keys), dimnames = list(NULL, keys))
  values[cbind(grid$period - first + 1, match(key, keys))] <- data$value
  stats::ts(if (length(keys) == 1) values[, 1] else values,
            start = c(first %/% grid$freq, first %% grid$freq + 1), frequency = grid$freq)
}

# The ts frequency of `dates` and their periods counted from year 0
# (year * frequency + period within the year): the dataset's own frequency
# where every date starts one of its periods, else the quarterly grid for
# data at most quarterly dated on the first of a month.
ts_grid <- function(dates, freq) {
  parts <- as.POSIXlt(dates)
  starts_period <- function(f) all(parts$mday == 1 & parts$mon %% (12 / f) == 0)
  grid <- if (starts_period(freq)) freq else if (freq <= 4 && starts_period(12)) 4 else NA
  if (is.na(grid)) {
    ds_abort("These dates are not the first days of months or of the dataset's periods, so they cannot form a ts.",
             "dataseries_bad_argument")
  }
  list(freq = grid, period = (parts$year + 1900) * grid + parts$mon %/% (12 / grid))
}
