# ds_search() against the real server's search records.

test_that("search in English", {
  needs_server()
  found <- ds_search("full time equivalents")
  expect_equal(names(found), c("dataset", "title", "dim", "code", "label", "path", "freq"))
  jobs <- found[found$dataset == "ch_fso_jobs_sex", ]
  expect_true(all(c("4", "4.1") %in% jobs$code))
  expect_true(all(jobs$dim == "Besch\u00e4ftigungsgrad"))
  expect_true(all(jobs$title == "Jobs by economic division and sex"))
})

test_that("search in German ignores case and accents", {
  needs_server()
  found <- ds_search("VOLLZEITAQUIVALENTE", lang = "de")
  jobs <- found[found$dataset == "ch_fso_jobs_sex", ]
  expect_true(all(c("4", "4.1") %in% jobs$code))
  expect_true("Vollzeit\u00e4quivalente" %in% jobs$label)
  expect_equal(nrow(ds_search("vollzeit\u00e4quivalente", lang = "en")), 0)
})

test_that("search matches dataset titles", {
  needs_server()
  found <- ds_search("konsumentenstimmung", lang = "de")
  expect_equal(unique(found$dataset), "ch_seco_concon")
  expect_true(all(found$title == "Konsumentenstimmung"))
})

test_that("search falls back to English labels", {
  needs_server()
  found <- ds_search("swiss nationals", lang = "de")
  row <- found[found$dataset == "ch_fso_unemp_rate", ]
  expect_equal(row$code, "ch")
  expect_equal(row$label, "Swiss nationals")
})

test_that("search finds a single-series dataset by its title", {
  needs_server()
  found <- ds_search("kof economic barometer")
  row <- found[found$dataset == "ch_kof_barometer", ]
  expect_equal(nrow(row), 1)
  expect_true(is.na(row$dim) && is.na(row$code))
})
