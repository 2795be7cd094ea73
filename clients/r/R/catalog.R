# The catalog and the metadata of one dataset.

langs <- c("en", "de", "fr", "it")

# Documented in man/ds_catalog.Rd.
ds_catalog <- function(lang = "en") {
  lang <- check_lang(lang)
  entries <- cached("catalog", function() get_json("/catalog"))
  data.frame(
    id = vapply(entries, function(e) as.character(e$id), character(1)),
    title = vapply(entries, function(e) pick_label(e$title, lang), character(1)),
    topic = vapply(entries, function(e) pick_label(e$topic$name %||% e$topic, lang), character(1)),
    source = vapply(entries, function(e) pick_label(e$source$name %||% e$source, lang), character(1)),
    frequency = vapply(entries, function(e) scalar(e$frequency), character(1)),
    start = as.Date(vapply(entries, function(e) scalar(e$start), character(1))),
    end = as.Date(vapply(entries, function(e) scalar(e$end), character(1))),
    n_series = vapply(entries, function(e) as.integer(e$n_series %||% NA), integer(1)),
    updated = vapply(entries, function(e) scalar(e$updated), character(1)),
    license = vapply(entries, function(e) scalar(e$license), character(1)),
    stringsAsFactors = FALSE
  )
}

# Documented in man/ds_meta.Rd.
ds_meta <- function(id) {
  check_dataset_id(id, "id", "ds_meta")
  cached(paste("meta", id), function() {
    text <- get_text(paste0("/dataset/", url_encode(id), "/meta"), list(dataset = id))
    jsonlite::fromJSON(text, simplifyVector = TRUE, simplifyDataFrame = FALSE, simplifyMatrix = FALSE)
  })
}

get_text <- function(path, context = list()) {
  text <- rawToChar(http_get_ok(build_url(path), context))
  Encoding(text) <- "UTF-8"
  text
}

get_json <- function(path, context = list()) {
  jsonlite::fromJSON(get_text(path, context), simplifyVector = FALSE)
}

check_lang <- function(lang) {
  if (!is.character(lang) || length(lang) != 1 || !lang %in% langs) {
    ds_abort(sprintf('`lang` must be one of "%s".', paste(langs, collapse = '", "')), "dataseries_bad_argument")
  }
  lang
}

# A label in `lang`, else English (always present), else any; a plain string
# (older metadata) is the label in every language.
pick_label <- function(label, lang) {
  if (is.null(label)) return(NA_character_)
  if (is.character(label)) return(label[[1]])
  for (key in c(lang, "en", names(label))) {
    value <- label[[key]]
    if (is.character(value) && length(value) == 1) return(value)
  }
  NA_character_
}

scalar <- function(value) if (is.null(value)) NA_character_ else as.character(value)[[1]]
