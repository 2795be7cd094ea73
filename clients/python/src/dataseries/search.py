"""ds_search(): the server's /search (its ranking, its four languages, its
matching of titles, dimension and level labels and their ancestors) as a table."""

from typing import Any, Dict, List, Optional

import pandas as pd

from ._cache import cached
from ._http import build_url
from .catalog import check_lang, ds_catalog, get_json, pick_label
from .errors import InvalidSelectionError

COLUMNS = ["dataset", "title", "dim", "code", "label", "path", "freq"]
MOST_RESULTS = 100  # the server's largest `limit`


def ds_search(pattern: Optional[str] = None, lang: str = "en") -> pd.DataFrame:
    """The server's best matches (at most 100) for `pattern`, best first.

    Every word must match a dataset title, description, concept or topic, a
    dimension name or a level label (or a label above it) in any of the four
    languages, ignoring case and accents. Labels are shown in `lang` (English
    where a translation is missing). Columns: dataset, title, dim, code,
    label, path (labels above the code, joined by " > "), freq. A row whose
    dim and code are missing stands for a whole dataset: read it with
    ds(row.dataset); any other with ds(row.dataset, **{row.dim: row.code}).
    Without a pattern, the whole table: every dataset as such a row, in the
    catalog's order.
    """
    lang = check_lang(lang)
    if pattern is None:
        return whole_table(lang)
    if not isinstance(pattern, str) or not pattern.strip():
        raise InvalidSelectionError('`pattern` must be one string of words, e.g. ds_search("unemployment"); '
                                    "ds_search() lists every dataset.", parameter="pattern")
    url = build_url("/search", {"q": pattern, "lang": lang, "limit": str(MOST_RESULTS)})
    answer = cached("search " + url, lambda: get_json(url, absolute=True))
    return search_table(answer.get("results") or [], lang)


def whole_table(lang: str) -> pd.DataFrame:
    """Every dataset as the search row of a whole dataset, in the catalog's order."""
    catalog = ds_catalog(lang)
    return pd.DataFrame({"dataset": catalog["id"], "title": catalog["title"], "dim": None, "code": None,
                         "label": catalog["title"], "path": "", "freq": catalog["frequency"]}, columns=COLUMNS)


def search_table(results: List[Dict[str, Any]], lang: str) -> pd.DataFrame:
    """One row per search result, in the server's order."""
    rows = [
        {
            "dataset": r.get("datasetId"),
            "title": pick_label(r.get("datasetTitle"), lang),
            "dim": r.get("dim"),
            "code": None if r.get("code") is None else str(r.get("code")),
            "label": pick_label(r.get("label"), lang),
            "path": " > ".join(pick_label(p, lang) or "" for p in r.get("path") or []),
            "freq": r.get("freq"),
        }
        for r in results
    ]
    return pd.DataFrame(rows, columns=COLUMNS)
