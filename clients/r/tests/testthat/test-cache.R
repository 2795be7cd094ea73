# The session cache: any key, of any length (a search of 6,000 characters
# is a URL longer than R allows a variable name).

test_that("a key longer than R's variable names is cached and cleared", {
  ds_clear_cache()
  key <- strrep("search ab ", 2000)
  expect_equal(dataseries:::cached(key, function() 1), 1)
  expect_equal(dataseries:::cached(key, function() stop("computed twice")), 1)
  expect_equal(ds_clear_cache(), 1)
})

test_that("a long search gets the server's answer, not R's limit on names", {
  needs_server()
  error <- expect_error(ds_search(strrep("ab ", 2000)), class = "dataseries_error")
  expect_no_match(conditionMessage(error), "variable names")
})
