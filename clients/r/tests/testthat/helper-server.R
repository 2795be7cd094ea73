# The server the package talks to (the option dataseries.api, else
# DATASERIES_API, else http://localhost:8080), which must serve the real
# data; the reference values are its own published CSVs (/series.csv), so
# the tests need no data folder.

# The datasets these tests read.
real_datasets <- c("ch_seco_concon", "ch_kof_barometer", "ch_fso_jobs_sex", "ch_fso_ppi",
                   "ch_fso_construction_prices", "ch_adecco_sjmi")

# Skips when no server answers (saying how to start one); fails when the
# server serves other data (the demo data, say).
needs_server <- function() {
  ds_clear_cache()
  ids <- tryCatch(ds_catalog()$id, dataseries_unreachable = function(e) NULL)
  if (is.null(ids)) {
    skip(sprintf("no dataseries server at %s: start one on the real data (README, Tests) or set DATASERIES_API", ds_base_url()))
  }
  missing <- setdiff(real_datasets, ids)
  if (length(missing) > 0) {
    stop(sprintf("the server at %s does not serve the real data (no %s): start it with DS_DATA_DIR set to the dataseries-data/data folder (README, Tests)",
                 ds_base_url(), paste(missing, collapse = ", ")), call. = FALSE)
  }
  ds_clear_cache()
}

# The text of `path` on the server.
server_text <- function(path) {
  con <- url(paste0(ds_base_url(), path), encoding = "UTF-8")
  on.exit(close(con))
  paste(readLines(con, warn = FALSE), collapse = "\n")
}

# A dataset as the server publishes it (/series.csv, plus `query`, e.g.
# "&frequency=annual"), typed the way ds() promises.
published <- function(dataset, query = "") {
  table <- utils::read.csv(text = server_text(paste0("/series.csv?dataset=", dataset, query)), colClasses = "character",
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
