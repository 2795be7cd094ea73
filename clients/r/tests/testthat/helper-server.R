# The real server (DATASERIES_API) and the published files it serves.

needs_server <- function() {
  if (!nzchar(Sys.getenv("DATASERIES_API"))) {
    skip("DATASERIES_API is not set: these tests need a running server (clients/clients.test.ts starts one)")
  }
  ds_clear_cache()
}

data_dir <- function() {
  dir <- Sys.getenv("DS_DATA_DIR")
  if (nzchar(dir)) dir else file.path("..", "..", "..", "..", "..", "shared", "dataseries-data", "data")
}

# A published CSV, typed the way ds() promises.
published <- function(dataset) {
  table <- utils::read.csv(file.path(data_dir(), paste0(dataset, ".csv")), colClasses = "character",
                           na.strings = character(0), check.names = FALSE, encoding = "UTF-8")
  table$date <- as.Date(table$date)
  table$value <- as.numeric(table$value)
  table
}

# The rows of a table whose dimensions hold the given codes.
pick <- function(table, ...) {
  keep <- rep(TRUE, nrow(table))
  codes <- list(...)
  for (dim in names(codes)) keep <- keep & table[[dim]] %in% codes[[dim]]
  out <- table[keep, , drop = FALSE]
  rownames(out) <- NULL
  out
}
