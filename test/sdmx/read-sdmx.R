# Reads SDMX data messages with rsdmx, the SDMX client of R, and writes each
# as.data.frame(readSDMX(url)) as a CSV file (test/sdmx-readers.test.ts
# compares them with /series.csv). Arguments: an output folder, then pairs of
# a name and a URL.
args <- commandArgs(trailingOnly = TRUE)
suppressPackageStartupMessages(library(rsdmx))
out <- args[1]
pairs <- args[-1]
for (i in seq(1, length(pairs), by = 2)) {
  message("reading ", pairs[i + 1])
  df <- as.data.frame(readSDMX(pairs[i + 1], verbose = FALSE))
  # numbers written with 17 significant digits, which read back as the same double (write.csv keeps 15)
  df[] <- lapply(df, function(col) if (is.numeric(col)) ifelse(is.na(col), "", sprintf("%.17g", col)) else col)
  write.csv(df, file.path(out, paste0(pairs[i], ".csv")), row.names = FALSE, na = "")
}
