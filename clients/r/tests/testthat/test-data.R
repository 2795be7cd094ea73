# ds(), ds_catalog() and ds_meta() against the real server and its published files.

cube <- "ch_seco_concon"

test_that("the catalog lists every dataset", {
  needs_server()
  ids <- vapply(jsonlite::fromJSON(server_text("/catalog"), simplifyVector = FALSE), function(e) e$id, character(1))
  catalog <- ds_catalog()
  expect_setequal(catalog$id, ids)
  expect_s3_class(catalog$start, "Date")
  expect_equal(catalog$title[catalog$id == cube], "Consumer confidence")
  expect_equal(ds_catalog("de")$title[catalog$id == cube], "Konsumentenstimmung")
})

test_that("the meta of a cube has its dimensions and codes", {
  needs_server()
  meta <- ds_meta(cube)
  expect_equal(meta$id, cube)
  expect_equal(meta$dim_order, c("type", "structure", "seas_adj"))
  expect_equal(meta$title$en, "Consumer confidence")
  expect_true(all(c("index", "sd") %in% names(meta$dimensions$type$levels)))
  expect_equal(meta$frequency, "quarterly")
})

test_that("a whole dataset equals the published CSV", {
  needs_server()
  for (dataset in c("ch_fso_jobs_sex", cube)) {
    expect_identical(ds(dataset), published(dataset))
  }
  expect_true(all(ds(cube)$seas_adj %in% c("na", "csa")))
})

test_that("one series of a three-dimension cube", {
  needs_server()
  got <- ds(cube, type = "index", structure = "ks_i63_index_q", seas_adj = "csa")
  expect_gt(nrow(got), 100)
  expect_identical(got, pick(published(cube), type = "index", structure = "ks_i63_index_q", seas_adj = "csa"))
  expect_false(is.unsorted(got$date))
})

test_that("several codes select several series", {
  needs_server()
  structures <- c("ks_i63_index_q", "ks_i11_econ_hist_q")
  got <- ds(cube, type = "index", structure = structures, seas_adj = c("csa", "na"))
  want <- pick(published(cube), type = "index", structure = structures, seas_adj = c("csa", "na"))
  expect_identical(got, want)
  expect_equal(nrow(unique(got[c("structure", "seas_adj")])), 4)
})

test_that("date bounds are inclusive", {
  needs_server()
  got <- ds(cube, type = "index", structure = "ks_i63_index_q", seas_adj = "csa",
            from = "2010-01-01", to = as.Date("2015-10-01"))
  want <- pick(published(cube), type = "index", structure = "ks_i63_index_q", seas_adj = "csa")
  want <- want[want$date >= as.Date("2010-01-01") & want$date <= as.Date("2015-10-01"), ]
  rownames(want) <- NULL
  expect_identical(got, want)
  expect_equal(range(got$date), as.Date(c("2010-01-01", "2015-10-01")))
})

test_that("a single-series dataset needs only its id", {
  needs_server()
  got <- ds("ch_kof_barometer")
  expect_equal(names(got), c("date", "value"))
  expect_identical(got, published("ch_kof_barometer"))
})

test_that("regular series come as ts", {
  needs_server()
  kof <- ds("ch_kof_barometer", as = "ts")
  table <- published("ch_kof_barometer")
  expect_equal(frequency(kof), 12)
  expect_equal(start(kof), c(as.integer(format(table$date[1], "%Y")), as.integer(format(table$date[1], "%m"))))
  expect_equal(as.numeric(kof), table$value)
  both <- ds(cube, type = "index", structure = c("ks_i63_index_q", "ks_i11_econ_hist_q"), seas_adj = "csa", as = "ts")
  expect_equal(colnames(both), c("index.ks_i11_econ_hist_q.csa", "index.ks_i63_index_q.csa"))
  expect_equal(frequency(both), 4)
  expect_error(ds("ch_seco_wwa", as = "ts"), "weekly")
})

# Every value of `table` sits in `got` (a ts of frequency 4) at the quarter
# that holds its date, in the column of its codes; every other cell is NA.
expect_on_quarter_grid <- function(got, table) {
  dims <- setdiff(names(table), c("date", "value"))
  key <- do.call(paste, c(unname(as.list(table[dims])), sep = "."))
  cells <- as.matrix(got)
  parts <- as.POSIXlt(table$date)
  row <- (parts$year + 1900) * 4 + parts$mon %/% 3 - (start(got)[1] * 4 + start(got)[2] - 1) + 1
  expect_equal(frequency(got), 4)
  expect_setequal(colnames(cells), unique(key))
  expect_identical(unname(cells[cbind(row, match(key, colnames(cells)))]), table$value)
  expect_equal(sum(!is.na(cells)), sum(!is.na(table$value)))
}

test_that("dates inside their periods come as a ts on the quarterly grid (semi-annual on 1 April and 1 October)", {
  needs_server()
  expect_on_quarter_grid(ds("ch_fso_construction_prices", as = "ts"), published("ch_fso_construction_prices"))
})

test_that("dates inside their periods come as a ts on the quarterly grid (quarterly on 1 March, June, September, December)", {
  needs_server()
  expect_on_quarter_grid(ds("ch_adecco_sjmi", as = "ts"), published("ch_adecco_sjmi"))
})

test_that("dimension names that are not syntactic", {
  needs_server()
  codes <- list(Grossregion = "0", Wirtschaftssektor = "TOT", grad = c("4", "4.1"), Geschlecht = "2")
  names(codes)[3] <- "Besch\u00e4ftigungsgrad"
  got <- do.call(ds, c(list("ch_fso_jobs_sex"), codes))
  want <- do.call(pick, c(list(published("ch_fso_jobs_sex")), codes))
  expect_gt(nrow(got), 0)
  expect_identical(got, want)
})

test_that("answers are cached until cleared", {
  needs_server()
  ds(cube, type = "index")
  ds(cube, type = "index")
  expect_equal(ds_clear_cache(), 1)
  expect_equal(ds_clear_cache(), 0)
})
