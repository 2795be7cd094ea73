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
  # Through jsonlite's number reader, which rounds correctly (base R's
  # as.numeric is one unit in the last place off for a few values); the
  # client test in clients.test.ts checks R's values against Node's too.
  text <- ifelse(table$value %in% c("", "NA"), "null", table$value)
  table$value <- as.numeric(unlist(jsonlite::parse_json(paste0("[", paste(text, collapse = ","), "]"), simplifyVector = TRUE)))
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

# A base URL where nothing listens.
closed_url <- function() "http://127.0.0.1:9"
