# ISSUE 20, AFTER MERGE: frequency conversion is the server's (built in
# another branch). These tests pass once it is merged; until then the
# server refuses `frequency` as an unknown parameter. Run them alone with
#   testthat::test_dir("clients/r/tests/testthat", filter = "frequency", ...)
# Each compares ds() with the server's own /series.csv of the same selection.

test_that("ds(frequency =) passes the server's parameters: the query names frequency, aggregation, partial", {
  old <- options(dataseries.api = closed_url())
  on.exit(options(old))
  sent <- new.env()
  trace("http_get", bquote(assign("url", url, envir = .(sent))), where = asNamespace("dataseries"), print = FALSE)
  on.exit(untrace("http_get", where = asNamespace("dataseries")), add = TRUE)
  expect_error(ds("ch_kof_barometer", frequency = "annual", aggregation = "last", partial = TRUE), class = "dataseries_unreachable")
  expect_match(sent$url, "&frequency=annual&aggregation=last&partial=true$")
  expect_error(ds("ch_kof_barometer", frequency = 1), "`frequency`", class = "dataseries_bad_argument")
  expect_error(ds("ch_kof_barometer", partial = "yes"), "`partial`", class = "dataseries_bad_argument")
})

test_that("[issue 20, after merge] monthly to annual and quarterly equal /series.csv?frequency=", {
  needs_server()
  expect_identical(ds("ch_kof_barometer", frequency = "annual"), published("ch_kof_barometer", "&frequency=annual"))
  expect_identical(ds("ch_kof_barometer", frequency = "quarterly", aggregation = "last"),
                   published("ch_kof_barometer", "&frequency=quarterly&aggregation=last"))
})

test_that("[issue 20, after merge] partial periods, dimensions and date bounds equal /series.csv", {
  needs_server()
  got <- ds("ch_seco_concon", type = "index", seas_adj = "csa", frequency = "annual", aggregation = "max",
            partial = TRUE, from = "2000-01-01")
  want <- published("ch_seco_concon", "&dims=type%3Dindex%3Bseas_adj%3Dcsa&frequency=annual&aggregation=max&partial=true&from=2000-01-01")
  expect_gt(nrow(got), 0)
  expect_identical(got, want)
})

test_that("[issue 20, after merge] as = \"ts\" has the converted frequency", {
  needs_server()
  kof <- ds("ch_kof_barometer", frequency = "annual", as = "ts")
  table <- published("ch_kof_barometer", "&frequency=annual")
  expect_equal(frequency(kof), 1)
  expect_equal(as.numeric(kof), table$value)
})
