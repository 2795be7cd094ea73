# ds_search(): every selectable level whose label, ancestors or dataset
# title holds all the words of a pattern, ignoring case and accents.

# Documented in man/ds_search.Rd.
ds_search <- function(pattern, lang = "en") {
  lang <- check_lang(lang)
  if (!is.character(pattern) || length(pattern) != 1 || is.na(pattern)) {
    ds_abort('The pattern must be one string, e.g. ds_search("unemployment").', "dataseries_bad_argument")
  }
  table <- cached(paste("search", lang), function() search_table(search_records(), lang))
  words <- strsplit(fold_text(pattern), "\\s+")[[1]]
  words <- words[nzchar(words)]
  hay <- fold_text(paste(table$title, table$label, table$path, sep = " \r "))
  keep <- rep(TRUE, nrow(table))
  for (word in words) keep <- keep & grepl(word, hay, fixed = TRUE)
  result <- table[keep, , drop = FALSE]
  rownames(result) <- NULL
  result
}

# The records of /search-index.json: one per selectable level (a
# single-series dataset has one, with no dim and code).
search_records <- function() {
  cached("search-index", function() get_json("/search-index.json"))
}

search_table <- function(records, lang) {
  path_text <- function(path) {
    labels <- vapply(path, pick_label, character(1), lang = lang)
    paste(labels, collapse = " > ")
  }
  data.frame(
    dataset = vapply(records, function(r) as.character(r$datasetId), character(1)),
    title = vapply(records, function(r) pick_label(r$datasetTitle, lang), character(1)),
    dim = vapply(records, function(r) as.character(r$dim %||% NA), character(1)),
    code = vapply(records, function(r) as.character(r$code %||% NA), character(1)),
    label = vapply(records, function(r) pick_label(r$label, lang), character(1)),
    path = vapply(records, function(r) path_text(r$path), character(1)),
    freq = vapply(records, function(r) scalar(r$freq), character(1)),
    stringsAsFactors = FALSE
  )
}

# Lower case without accents, so "Beschaftigung", "beschäftigung" and
# "BESCHÄFTIGUNG" meet. Escapes keep this file ASCII.
fold_text <- function(text) {
  text <- enc2utf8(as.character(text))
  text <- chartr(fold_from, fold_to, text)
  text <- gsub("\u00df", "ss", text, fixed = TRUE)
  text <- gsub("\u00e6", "ae", gsub("\u00c6", "ae", text, fixed = TRUE), fixed = TRUE)
  text <- gsub("\u0153", "oe", gsub("\u0152", "oe", text, fixed = TRUE), fixed = TRUE)
  tolower(text)
}

fold_pairs <- list(
  a = c(0xC0:0xC5, 0xE0:0xE5), c = c(0xC7, 0xE7), e = c(0xC8:0xCB, 0xE8:0xEB),
  i = c(0xCC:0xCF, 0xEC:0xEF), n = c(0xD1, 0xF1), o = c(0xD2:0xD6, 0xD8, 0xF2:0xF6, 0xF8),
  u = c(0xD9:0xDC, 0xF9:0xFC), y = c(0xDD, 0xFD, 0xFF)
)
fold_from <- intToUtf8(unlist(fold_pairs, use.names = FALSE))
fold_to <- paste(rep(names(fold_pairs), lengths(fold_pairs)), collapse = "")
