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

test_that("bad date", {
  needs_server()
  expect_error(ds("ch_kof_barometer", from = "2020-13-01"), "YYYY-MM-DD", class = "dataseries_bad_request")
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

test_that("without the server's body (https in base R), the metadata names the valid ones", {
  needs_server()
  bare <- list(status = 400L, type = "", body = raw(0))
  explain <- function(dims) dataseries:::explain_failure(bare, NULL, list(dataset = "ch_seco_concon", dims = dims))
  error <- expect_error(explain(list(type = "indx")), class = "dataseries_unknown_code")
  expect_equal(conditionMessage(error), "Unknown code 'indx' for dimension 'type'. Valid codes for 'type': index, sd.")
  error <- expect_error(explain(list(kind = "index")), class = "dataseries_unknown_dimension")
  expect_match(conditionMessage(error), "Valid dimensions: type, structure, seas_adj.", fixed = TRUE)
  bare$status <- 404L
  expect_error(dataseries:::explain_failure(bare, NULL, list(dataset = "nope")), "Unknown dataset 'nope'",
               class = "dataseries_unknown_dataset")
})
