"""The catalog and the metadata of one dataset."""

import copy
import json
import urllib.parse
from typing import Any, Dict, Optional

import pandas as pd

from ._cache import cached
from ._http import build_url, http_get
from .errors import InvalidSelectionError, check_dataset_id, explain_failure, problem_of

LANGS = ("en", "de", "fr", "it")


def ds_catalog(lang: str = "en") -> pd.DataFrame:
    """One row per dataset: id, title, topic, source, frequency, start, end, n_series, updated, license."""
    lang = check_lang(lang)
    entries = cached("catalog", lambda: get_json("/catalog"))
    rows = [
        {
            "id": e.get("id"),
            "title": pick_label(e.get("title"), lang),
            "topic": pick_label(name_of(e.get("topic")), lang),
            "source": pick_label(name_of(e.get("source")), lang),
            "frequency": e.get("frequency"),
            "start": e.get("start"),
            "end": e.get("end"),
            "n_series": e.get("n_series"),
            "updated": e.get("updated"),
            "license": e.get("license"),
        }
        for e in entries
    ]
    table = pd.DataFrame(rows, columns=["id", "title", "topic", "source", "frequency", "start", "end",
                                        "n_series", "updated", "license"])
    table["start"] = pd.to_datetime(table["start"], format="%Y-%m-%d")
    table["end"] = pd.to_datetime(table["end"], format="%Y-%m-%d")
    table["n_series"] = table["n_series"].astype("Int64")
    return table


def ds_meta(id: str) -> Dict[str, Any]:
    """The dataset's metadata: title, frequency, dim_order, dimensions (labels and levels keyed by code), units..."""
    check_dataset_id(id, "id", "ds_meta")
    path = f"/dataset/{urllib.parse.quote(id, safe='')}/meta"
    return copy.deepcopy(cached("meta " + id, lambda: get_json(path, dataset=id)))


def get_json(path: str, dataset: Optional[str] = None, absolute: bool = False) -> Any:
    """The JSON at `path` (or at the URL `path` when `absolute`); a failure is explained, never retried."""
    response = http_get(path if absolute else build_url(path))
    if response.status >= 400:
        raise explain_failure(response.status, problem_of(response), dataset) from None
    return json.loads(response.body.decode("utf-8"))


def check_lang(lang: str) -> str:
    if not isinstance(lang, str) or lang not in LANGS:
        raise InvalidSelectionError(f"`lang` must be one of {', '.join(LANGS)}; got {lang!r}.", parameter="lang")
    return lang


def name_of(value: Any) -> Any:
    """The `name` of a {key, name} record; older files have a plain string."""
    return value.get("name", value) if isinstance(value, dict) and "name" in value else value


def pick_label(label: Any, lang: str) -> Optional[str]:
    """A label in `lang`, else English, else any; a plain string is the label in every language."""
    if label is None or isinstance(label, str):
        return label
    if isinstance(label, dict):
        for key in (lang, "en", *label):
            value = label.get(key)
            if isinstance(value, str):
                return value
    return None
