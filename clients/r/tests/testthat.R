library(testthat)
library(dataseries)

test_check("dataseries")
