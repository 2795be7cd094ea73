# What works without a server: arguments, URLs, parsing.

test_that("the base URL comes from the option, then the variable, then the default", {
  old <- options(dataseries.api = NULL)
  on.exit(options(old))
  saved <- Sys.getenv("DATASERIES_API", unset = NA)
  on.exit(if (is.na(saved)) Sys.unsetenv("DATASERIES_API") else Sys.setenv(DATASERIES_API = saved), add = TRUE)
  Sys.unsetenv("DATASERIES_API")
  expect_equal(ds_base_url(), "http://localhost:8080")
  Sys.setenv(DATASERIES_API = "http://example.org/api/")
  expect_equal(ds_base_url(), "http://example.org/api")
  options(dataseries.api = "http://127.0.0.1:1")
  expect_equal(ds_base_url(), "http://127.0.0.1:1")
})

test_that("dims are written in the server's grammar and encoded", {
  dims <- dataseries:::collect_dims(list(type = "real", `Offene Stellen` = c("1", "2")), "x")
  expect_equal(dataseries:::format_dims(dims), "type=real;Offene Stellen=1,2")
  expect_equal(dataseries:::url_encode("a=1,2;b c"), "a%3D1%2C2%3Bb%20c")
})

test_that("codes stay strings, missing values are NA", {
  body <- charToRaw('{"country":["047","NA"],"date":["2020-01-01","2020-02-01"],"value":[null,1.5]}')
  got <- dataseries:::parse_series_json(body)
  expect_identical(got$country, c("047", "NA"))
  expect_identical(got$date, as.Date(c("2020-01-01", "2020-02-01")))
  expect_identical(got$value, c(NA, 1.5))
})

test_that("arguments are checked before asking the server", {
  expect_error(ds("x", "index"), "needs a name", class = "dataseries_bad_argument")
  expect_error(ds(c("a", "b")), "one dataset id", class = "dataseries_bad_argument")
  expect_error(ds("x", from = 2020), "one date", class = "dataseries_bad_argument")
  expect_error(ds_catalog("es"), "lang", class = "dataseries_bad_argument")
})
