"""ds_vintages(): every vintage (publish) of a dataset, with what it changed."""

import urllib.parse

import pandas as pd

from ._cache import cached
from .catalog import get_json
from .errors import check_dataset_id

COUNTS = ("series_added", "series_removed", "observations_added", "observations_removed", "values_revised")


def ds_vintages(dataset: str) -> pd.DataFrame:
    """Every vintage of `dataset`, newest first: `vintage` (UTC datetime; NaT when the server
    cannot say when its only vintage was published) and the counts of what it changed.

    ds(..., as_of=) reads the data as published at one of them.

    >>> ds_vintages("ch_kof_barometer")  # doctest: +SKIP
    """
    check_dataset_id(dataset, "dataset", "ds_vintages")
    path = f"/dataset/{urllib.parse.quote(dataset, safe='')}/vintages"
    records = cached("vintages " + dataset, lambda: get_json(path, dataset=dataset))
    table = pd.DataFrame(records, columns=["vintage", *COUNTS])
    table["vintage"] = pd.to_datetime(table["vintage"], format="%Y-%m-%dT%H:%M:%SZ", utc=True)
    for name in COUNTS:
        table[name] = table[name].astype("int64")
    return table
