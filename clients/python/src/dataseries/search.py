"""ds_search(): every selectable level whose label, ancestors or dataset
title holds all the words of a pattern, ignoring case and accents."""

import unicodedata
from typing import Any, Dict, List

import pandas as pd

from ._cache import cached
from .catalog import check_lang, ds_catalog, ds_meta, get_json, pick_label
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
    """The records of /search-index.json; built from the catalog and the metadata without that route."""
    def fetch() -> List[Dict[str, Any]]:
        try:
            return get_json("/search-index.json")
        except DataseriesError as error:
            if error.status != 404:
                raise
            return build_search_records()

    return cached("search-index", fetch)


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


def build_search_records() -> List[Dict[str, Any]]:
    records = []
    for id in ds_catalog()["id"]:
        meta = ds_meta(id)
        for dim in meta.get("dim_order") or []:
            levels = meta["dimensions"][dim]["levels"]
            parents = hierarchy_parents(meta["dimensions"][dim].get("hierarchy"))
            for code, level in levels.items():
                records.append({
                    "datasetId": id, "datasetTitle": meta.get("title"), "freq": meta.get("frequency"),
                    "dim": dim, "code": code, "label": level.get("label"),
                    "path": [levels[p]["label"] for p in parents.get(code, []) if p in levels],
                })
    return records


def hierarchy_parents(tree: Any, ancestors: tuple = (), into: Any = None) -> Dict[str, List[str]]:
    """code -> its ancestors (top first), from a nested {code: {child: ...}} object."""
    into = {} if into is None else into
    if isinstance(tree, dict):
        for code, children in tree.items():
            into[code] = list(ancestors)
            hierarchy_parents(children, (*ancestors, code), into)
    return into
