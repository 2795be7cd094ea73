# Each error case gives its plain message, from the real server's answers.

test_that("unknown dataset", {
  needs_server()
  error <- expect_error(ds("ch_seco_concon_nope"), class = "dataseries_unknown_dataset")
  expect_match(conditionMessage(error), "Unknown dataset 'ch_seco_concon_nope'", fixed = TRUE)
  expect_match(conditionMessage(error), "ds_catalog()", fixed = TRUE)
  expect_match(conditionMessage(error), "Did you mean 'ch_seco_concon'?", fixed = TRUE)  # the server's words
  expect_equal(error$status, 404)
  expect_error(ds_meta("nope"), "Unknown dataset 'nope'", class = "dataseries_unknown_dataset")
})

test_that("unknown dimension lists the valid ones", {
  needs_server()
  error <- expect_error(ds("ch_seco_concon", kind = "index"), class = "dataseries_unknown_dimension")
  expect_match(conditionMessage(error), "Unknown dimension 'kind'", fixed = TRUE)
  expect_match(conditionMessage(error), "type, structure, seas_adj", fixed = TRUE)
  expect_equal(error$valid, c("type", "structure", "seas_adj"))
})

test_that("unknown code lists the valid ones", {
  needs_server()
  error <- expect_error(ds("ch_seco_concon", type = c("index", "indx")), class = "dataseries_unknown_code")
  expect_match(conditionMessage(error), "Unknown code 'indx'", fixed = TRUE)
  expect_match(conditionMessage(error), "index, sd", fixed = TRUE)
  expect_setequal(error$valid, c("index", "sd"))
})

test_that("dimensions on a single series", {
  needs_server()
  expect_error(ds("ch_kof_barometer", item = "x"), "single series", class = "dataseries_unknown_dimension")
})

test_that("server unreachable names the URL and the variable", {
  needs_server()
  closed <- "http://127.0.0.1:9"
  old <- options(dataseries.api = closed)
  on.exit(options(old))
  error <- expect_error(ds("ch_kof_barometer"), class = "dataseries_unreachable")
  expect_match(conditionMessage(error), closed, fixed = TRUE)
  expect_match(conditionMessage(error), "DATASERIES_API", fixed = TRUE)
})

malformed <- c("ch-kof-barometer" = "ch_kof_barometer", "CH_KOF_BAROMETER" = "ch_kof_barometer",
               "ch_kof_barometer " = "ch_kof_barometer", " Ch_Seco-Concon" = "ch_seco_concon", "ch.fso.ppi" = "ch_fso_ppi")

test_that("a malformed id is one clear error, before any request", {
  old <- options(dataseries.api = closed_url()) # a request would be dataseries_unreachable
  on.exit(options(old))
  for (given in names(malformed)) {
    error <- expect_error(ds(given), class = "dataseries_bad_argument")
    expect_match(conditionMessage(error), sprintf("`dataset` '%s' is not a dataset id", given), fixed = TRUE)
    expect_match(conditionMessage(error), sprintf("Did you mean '%s'?", malformed[[given]]), fixed = TRUE)
    error <- expect_error(ds_meta(given), class = "dataseries_bad_argument")
    expect_match(conditionMessage(error), sprintf("`id` '%s' is not a dataset id", given), fixed = TRUE)
  }
})

test_that("explaining an error sends no request", {
  needs_server()
  calls <- list(
    function() ds("ch_kof_barometr"), function() ds_meta("ch_kof_barometr"),
    function() ds("ch_seco_concon", typ = "index"), function() ds("ch_seco_concon", type = "indx"),
    function() ds("ch_kof_barometer", item = "x")
  )
  sent <- new.env()
  trace("http_get", bquote(assign("n", get("n", envir = .(sent)) + 1L, envir = .(sent))), where = asNamespace("dataseries"), print = FALSE)
  on.exit(untrace("http_get", where = asNamespace("dataseries")))
  for (call in calls) {
    sent$n <- 0L
    expect_error(call(), class = "dataseries_error")
    expect_equal(sent$n, 1L)
  }
})

test_that("a typo in an id gets the server's suggestion", {
  needs_server()
  expect_error(ds("ch_kof_barometr"), "Did you mean 'ch_kof_barometer'", class = "dataseries_unknown_dataset")
  expect_error(ds_meta("ch_kof_barometr"), "Did you mean 'ch_kof_barometer'", class = "dataseries_unknown_dataset")
})

test_that("dates are checked and named from and to before any request", {
  old <- options(dataseries.api = closed_url())
  on.exit(options(old))
  expect_error(ds("ch_kof_barometer", from = "2020-13-01"), "`from` must be one date", class = "dataseries_bad_argument")
  expect_error(ds("ch_kof_barometer", to = "2020-02-30"), "`to` must be one date", class = "dataseries_bad_argument")
  expect_error(ds("ch_kof_barometer", from = "2021-01-01", to = "2020-01-01"), "`from` (2021-01-01) is after `to` (2020-01-01)",
               fixed = TRUE, class = "dataseries_bad_argument")
})

test_that("a code that is not text is a clear error, whole numbers are their digits", {
  old <- options(dataseries.api = closed_url())
  on.exit(options(old))
  for (code in list(2.5, NA, list("a"), NULL)) {
    expect_error(ds("ch_fso_ppi", base = code), "`base`", class = "dataseries_bad_argument")
  }
  expect_equal(dataseries:::code_text("base", c(2020, 100000)), c("2020", "100000"))
})

test_that("whole numbers select codes", {
  needs_server()
  got <- ds("ch_fso_ppi", base = 2020)
  expect_gt(nrow(got), 0)
  expect_equal(unique(got$base), "2020")
})

test_that("without the server's body (https in base R), the error says where to look, without another request", {
  bare <- list(status = 400L, type = "", body = raw(0))
  error <- expect_error(dataseries:::explain_failure(bare, NULL, list(dataset = "ch_seco_concon")), class = "dataseries_bad_request")
  expect_match(conditionMessage(error), 'ds_meta("ch_seco_concon") lists the dimensions', fixed = TRUE)
  bare$status <- 404L
  expect_error(dataseries:::explain_failure(bare, NULL, list(dataset = "nope")), "Unknown dataset 'nope'", class = "dataseries_unknown_dataset")
})

# Every argument of ds() in the Python client and in the original dataseries
# R client that this ds() does not have, and what to write here instead.
other_clients <- list(start = "`from`", end = "`to`", id = "`dataset`", class = '`as = "ts"`')

test_that("another client's argument is not taken for a dimension: the error says what to write instead", {
  needs_server()
  for (name in names(other_clients)) {
    for (dataset in c("ch_seco_concon", "ch_kof_barometer")) {
      args <- c(list(dataset), stats::setNames(list(if (name == "class") "ts" else "2020-01-01"), name))
      error <- expect_error(do.call(ds, args), class = "dataseries_bad_request")
      expect_match(conditionMessage(error), sprintf("`%s` is an argument of another dataseries client", name), fixed = TRUE)
      expect_match(conditionMessage(error), other_clients[[name]], fixed = TRUE)
    }
  }
})
