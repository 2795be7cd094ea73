# Answers are kept for the session, keyed by URL: the data behind a URL only
# changes when the server publishes, and a session is short. The keys are
# kept in a vector, not as variable names: a URL may be longer than the
# 10,000 bytes R allows a name.

cache <- new.env(parent = emptyenv())
cache$keys <- character()
cache$values <- list()

# Forgets every cached answer; returns how many, invisibly (documented in man/).
ds_clear_cache <- function() {
  count <- length(cache$keys)
  cache$keys <- character()
  cache$values <- list()
  invisible(count)
}

# The cached value for `key`, computed and stored on a miss.
cached <- function(key, compute) {
  at <- match(key, cache$keys)
  if (!is.na(at)) return(cache$values[[at]])
  value <- compute()
  cache$keys <- c(cache$keys, key)
  cache$values[length(cache$keys)] <- list(value)
  value
}
