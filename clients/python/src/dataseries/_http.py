"""HTTP with the standard library: GET a URL, hand back status, type and body
(error statuses included, their body is the server's explanation)."""

import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Dict, Optional

from .errors import ServerUnreachableError

DEFAULT_BASE_URL = "http://localhost:8080"
ACCEPT = "application/problem+json, application/json, text/csv"
TIMEOUT_SECONDS = 60


def base_url() -> str:
    """The server's base URL: env DATASERIES_API, else http://localhost:8080 (no trailing slash)."""
    return (os.environ.get("DATASERIES_API") or DEFAULT_BASE_URL).rstrip("/")


def build_url(path: str, query: Optional[Dict[str, Optional[str]]] = None) -> str:
    """`{base}{path}?k=v&...` with None left out and every value percent-encoded."""
    url = base_url() + path
    pairs = {k: v for k, v in (query or {}).items() if v is not None}
    if pairs:
        url += "?" + urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote, safe="")
    return url


@dataclass
class Response:
    status: int
    content_type: str
    body: bytes


def http_get(url: str) -> Response:
    """GET `url`; raises ServerUnreachableError when no server answers."""
    request = urllib.request.Request(url, headers={"Accept": ACCEPT})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
            return Response(answer.status, answer.headers.get("Content-Type", ""), answer.read())
    except urllib.error.HTTPError as error:
        body = error.read() if error.fp is not None else b""
        return Response(error.code, error.headers.get("Content-Type", "") if error.headers else "", body)
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise ServerUnreachableError(unreachable_message(reason), base_url=base_url()) from None


def unreachable_message(reason: object) -> str:
    return (
        f"Cannot reach the dataseries server at {base_url()} ({reason}). Is it running? "
        "Set the environment variable DATASERIES_API to the server's base URL."
    )
