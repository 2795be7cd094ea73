# Answers are kept for the session, keyed by URL: the data behind a URL only
# changes when the server publishes, and a session is short.

cache <- new.env(parent = emptyenv())

# Forgets every cached answer; returns how many, invisibly (documented in man/).
ds_clear_cache <- function() {
  keys <- ls(cache, all.names = TRUE)
  rm(list = keys, envir = cache)
  invisible(length(keys))
}

# The cached value for `key`, computed and stored on a miss.
cached <- function(key, compute) {
  if (exists(key, envir = cache, inherits = FALSE)) return(get(key, envir = cache))
  value <- compute()
  assign(key, value, envir = cache)
  value
}
