"""ds_search(): every selectable level whose label, ancestors or dataset
title holds all the words of a pattern, ignoring case and accents."""

import unicodedata
from typing import Any, Dict, List

import pandas as pd

from ._cache import cached
from .catalog import check_lang, get_json, pick_label
from .errors import DataseriesError

COLUMNS = ["dataset", "title", "dim", "code", "label", "path", "freq"]
# Letters that NFKD leaves whole; the R client folds them the same way.
FOLD_EXTRA = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe"})


def ds_search(pattern: str, lang: str = "en") -> pd.DataFrame:
    """Codes whose label, ancestors or dataset title contain every word of `pattern`.

    Case and accents are ignored; labels are in `lang` (English where a
    translation is missing). Columns: dataset, title, dim, code, label,
    path (labels above the code, joined by " > "), freq.
    """
    lang = check_lang(lang)
    if not isinstance(pattern, str):
        raise DataseriesError('The pattern must be one string, e.g. ds_search("unemployment").')
    table = cached("search " + lang, lambda: search_table(search_records(), lang))
    hay = cached("search-hay " + lang, lambda: [fold_text(f"{t} \r {l} \r {p}") for t, l, p in
                                                 zip(table["title"], table["label"], table["path"])])
    words = fold_text(pattern).split()
    keep = [all(word in text for word in words) for text in hay]
    return table[keep].reset_index(drop=True)


def fold_text(text: str) -> str:
    """Lower case without accents: "Beschäftigung" and "BESCHAFTIGUNG" meet."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.casefold().translate(FOLD_EXTRA)


def search_records() -> List[Dict[str, Any]]:
    """The records of /search-index.json: one per selectable level (a single-series dataset has one, dim and code None)."""
    return cached("search-index", lambda: get_json("/search-index.json"))


def search_table(records: List[Dict[str, Any]], lang: str) -> pd.DataFrame:
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
        for r in records
    ]
    return pd.DataFrame(rows, columns=COLUMNS)
