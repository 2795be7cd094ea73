# Where the server is: the R option `dataseries.api`, then the environment
# variable `DATASERIES_API`, then a local server.

default_base_url <- "http://localhost:8080"

# The base URL of the server, without a trailing slash (documented in man/).
ds_base_url <- function() {
  url <- getOption("dataseries.api")
  if (is.null(url) || !nzchar(url)) url <- Sys.getenv("DATASERIES_API")
  if (!nzchar(url)) url <- default_base_url
  sub("/+$", "", url)
}

# Builds `{base}{path}?k=v&...`, leaving out NULL parameters and encoding
# every value (dimension names and codes may hold spaces, umlauts, `;`).
build_url <- function(path, query = list()) {
  query <- query[!vapply(query, is.null, logical(1))]
  url <- paste0(ds_base_url(), path)
  if (length(query) == 0) return(url)
  pairs <- paste0(names(query), "=", vapply(query, url_encode, character(1)))
  paste0(url, "?", paste(pairs, collapse = "&"))
}

url_encode <- function(x) utils::URLencode(enc2utf8(as.character(x)), reserved = TRUE)
