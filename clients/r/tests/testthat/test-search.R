# ds_search() against the real server's /search: the same results in the same order.

queries <- list(
  c("full time equivalents", "en"), c("VOLLZEITAQUIVALENTE", "de"), c("vollzeit\u00e4quivalente", "en"),
  c("unemployment men", "en"), c("Grossregion Z\u00fcrich", "en"), c("grossregion zurich", "de"),
  c("ch\u00f4mage", "fr"), c("disoccupazione", "it"), c("prix", "fr"), c("kof economic barometer", "en"),
  c("swiss nationals", "de"), c("konsumentenstimmung", "de"), c("preise", "it"), c("pib", "fr")
)

server_search <- function(q, lang) {
  path <- paste0("/search?q=", utils::URLencode(enc2utf8(q), reserved = TRUE), "&lang=", lang, "&limit=100")
  jsonlite::fromJSON(server_text(path), simplifyVector = FALSE)$results
}

test_that("ds_search returns what the server ranks, in every language", {
  needs_server()
  for (query in queries) {
    found <- ds_search(query[[1]], lang = query[[2]])
    expect_equal(names(found), c("dataset", "title", "dim", "code", "label", "path", "freq"))
    want <- server_search(query[[1]], query[[2]])
    key <- function(d, dim, code) paste(d, ifelse(is.na(dim), "-", dim), ifelse(is.na(code), "-", code))
    expect_identical(key(found$dataset, found$dim, found$code),
                     vapply(want, function(r) key(r$datasetId, r$dim %||% NA, r$code %||% NA), character(1)),
                     label = query[[1]])
  }
})

test_that("labels and paths come in the language asked", {
  needs_server()
  first <- ds_search("Grossregion Z\u00fcrich", lang = "de")[1, ]
  expect_equal(c(first$dataset, first$dim, first$code), c("ch_fso_jobs_sex", "Grossregion", "4"))
  expect_equal(c(first$label, first$path), c("Z\u00fcrich", "Schweiz"))
})

test_that("whole words rank first", {
  needs_server()
  first <- ds_search("unemployment men")[1, ]
  expect_equal(c(first$dim, first$code), c("sex", "men"))
})

test_that("every row feeds ds()", {
  needs_server()
  row <- ds_search("kof economic barometer")
  row <- row[row$dataset == "ch_kof_barometer", ][1, ]
  expect_true(is.na(row$dim) && is.na(row$code))
  expect_gt(nrow(ds(row$dataset)), 100)
  row <- ds_search("swiss nationals")[1, ]
  got <- do.call(ds, c(list(row$dataset), stats::setNames(list(row$code), row$dim)))
  expect_equal(unique(got[[row$dim]]), row$code)
})

test_that("without a pattern, the whole table: one row per dataset, as a search row of a whole dataset", {
  needs_server()
  all <- ds_search()
  catalog <- ds_catalog()
  expect_equal(names(all), c("dataset", "title", "dim", "code", "label", "path", "freq"))
  expect_identical(all$dataset, catalog$id)
  expect_identical(all$title, catalog$title)
  expect_identical(all$label, catalog$title)
  expect_identical(all$freq, catalog$frequency)
  expect_true(all(is.na(all$dim) & is.na(all$code) & all$path == ""))
  expect_identical(ds_search(lang = "de")$title, ds_catalog("de")$title)
})

test_that("a pattern without words is refused", {
  for (pattern in list("", "  ", NA_character_, 3)) expect_error(ds_search(pattern), "`pattern`", class = "dataseries_bad_argument")
})
