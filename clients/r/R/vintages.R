# ds_vintages(): every vintage (publish) of a dataset, with what it changed.

# Documented in man/ds_vintages.Rd.
ds_vintages <- function(dataset) {
  check_dataset_id(dataset, "dataset", "ds_vintages")
  cached(paste("vintages", dataset), function() {
    records <- get_json(paste0("/dataset/", url_encode(dataset), "/vintages"), list(dataset = dataset))
    count <- function(name) vapply(records, function(r) as.integer(r[[name]]), integer(1))
    stamps <- vapply(records, function(r) if (is.null(r$vintage)) NA_character_ else r$vintage, character(1))
    data.frame(
      vintage = as.POSIXct(stamps, format = "%Y-%m-%dT%H:%M:%SZ", tz = "UTC"),
      series_added = count("series_added"),
      series_removed = count("series_removed"),
      observations_added = count("observations_added"),
      observations_removed = count("observations_removed"),
      values_revised = count("values_revised"),
      stringsAsFactors = FALSE
    )
  })
}
