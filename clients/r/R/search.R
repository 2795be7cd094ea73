# ds_search(): the server's /search (its ranking, its four languages, its
# matching of titles, dimension and level labels and their ancestors) as a
# data frame.

most_results <- 100L # the server's largest `limit`

# Documented in man/ds_search.Rd.
ds_search <- function(pattern, lang = "en") {
  lang <- check_lang(lang)
  if (missing(pattern)) return(whole_table(lang))
  if (!is.character(pattern) || length(pattern) != 1 || is.na(pattern) || !nzchar(trimws(pattern))) {
    ds_abort('`pattern` must be one string of words, e.g. ds_search("unemployment"); ds_search() lists every dataset.',
             "dataseries_bad_argument")
  }
  url <- build_url("/search", list(q = enc2utf8(pattern), lang = lang, limit = most_results))
  answer <- cached(paste("search", url), function() {
    text <- rawToChar(http_get_ok(url))
    Encoding(text) <- "UTF-8"
    jsonlite::fromJSON(text, simplifyVector = FALSE)
  })
  search_table(answer$results, lang)
}

# Every dataset as the search row of a whole dataset, in the catalog's order.
whole_table <- function(lang) {
  catalog <- ds_catalog(lang)
  data.frame(dataset = catalog$id, title = catalog$title, dim = rep(NA_character_, nrow(catalog)),
             code = rep(NA_character_, nrow(catalog)), label = catalog$title, path = rep("", nrow(catalog)), freq = catalog$frequency, stringsAsFactors = FALSE)
}

# One row per search result, in the server's order.
search_table <- function(results, lang) {
  path_text <- function(path) {
    labels <- vapply(path, pick_label, character(1), lang = lang)
    paste(labels, collapse = " > ")
  }
  column <- function(get) vapply(results, get, character(1))
  data.frame(
    dataset = column(function(r) as.character(r$datasetId)),
    title = column(function(r) pick_label(r$datasetTitle, lang)),
    dim = column(function(r) as.character(r$dim %||% NA)),
    code = column(function(r) as.character(r$code %||% NA)),
    label = column(function(r) pick_label(r$label, lang)),
    path = column(function(r) path_text(r$path)),
    freq = column(function(r) scalar(r$freq)),
    stringsAsFactors = FALSE
  )
}
