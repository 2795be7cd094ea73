# Every ```r block of the README runs, in order, against the real server.

test_that("the README examples run", {
  needs_server()
  readme <- Sys.getenv("DS_R_README", file.path("..", "..", "README.md"))
  if (!file.exists(readme)) skip("README.md is not beside the tests (R CMD check copies only tests/)")
  lines <- readLines(readme, encoding = "UTF-8")
  starts <- which(lines == "```r")
  expect_gte(length(starts), 3)
  env <- new.env(parent = globalenv())
  for (start in starts) {
    end <- start + which(lines[(start + 1):length(lines)] == "```")[1]
    code <- paste(lines[(start + 1):(end - 1)], collapse = "\n")
    expect_no_error(eval(parse(text = code, encoding = "UTF-8"), envir = env))
  }
})
