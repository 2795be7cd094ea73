"""ds(): one selection of a dataset as a typed pandas DataFrame."""

import csv
import datetime as _dt
import io
from typing import Any, Dict, List, Optional

import pandas as pd

from ._cache import cached
from ._http import build_url, http_get
from .errors import DataseriesError, explain_failure, problem_of

DateLike = Any  # str "YYYY-MM-DD", datetime.date, datetime.datetime or pandas.Timestamp


def ds(dataset: str, *, start: DateLike = None, end: DateLike = None, **dims: Any) -> pd.DataFrame:
    """Series of `dataset`: one keyword per dimension with one or more codes.

    Returns the dimension columns (codes as strings), `date` (datetime64) and
    `value` (float, NaN where missing). Answers are cached for the session.

    >>> ds("ch_seco_concon", type="index", seas_adj="csa", start="2000-01-01")  # doctest: +SKIP
    >>> ds("ch_fso_vacancies", **{"Offene Stellen": "1"})  # doctest: +SKIP
    """
    check_dataset_id(dataset)
    codes = collect_dims(dims)
    query = {
        "dataset": dataset,
        "dims": format_dims(codes),
        "from": format_bound(start, "start"),
        "to": format_bound(end, "end"),
    }
    url = build_url("/series.csv", query)
    return cached("series " + url, lambda: fetch_series(url, query, dataset, codes)).copy()


def check_dataset_id(dataset: Any) -> None:
    if not isinstance(dataset, str) or not dataset:
        raise DataseriesError('The dataset must be one id as a string, e.g. ds("ch_kof_barometer").')


def collect_dims(dims: Dict[str, Any]) -> Dict[str, List[str]]:
    """Each dimension's codes as a list of unique strings."""
    out: Dict[str, List[str]] = {}
    for dim, codes in dims.items():
        values = [codes] if isinstance(codes, (str, int)) else list(codes)
        if not values or any(v is None for v in values):
            raise DataseriesError(f"Dimension '{dim}' takes one or more codes, e.g. {dim}=[\"a\", \"b\"].")
        out[dim] = list(dict.fromkeys(str(v) for v in values))
    return out


def format_dims(dims: Dict[str, List[str]]) -> Optional[str]:
    """`dim=code,code;dim=code`, the server's selection grammar."""
    if not dims:
        return None
    return ";".join(f"{dim}={','.join(codes)}" for dim, codes in dims.items())


def format_bound(value: DateLike, name: str) -> Optional[str]:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, (_dt.date, pd.Timestamp)):
        return value.strftime("%Y-%m-%d")
    raise DataseriesError(f'`{name}` must be one date, e.g. "2020-01-01" or datetime.date(2020, 1, 1).')


def fetch_series(url: str, query: Dict[str, Optional[str]], dataset: str, dims: Dict[str, List[str]]) -> pd.DataFrame:
    response = http_get(url)
    if response.status >= 400:
        # The JSON twin of the route carries the facts (the valid codes) that
        # the CSV error body has no room for.
        twin = http_get(build_url("/series", query))
        problem = (problem_of(twin) if twin.status >= 400 else None) or problem_of(response)
        raise explain_failure(response.status, problem, dataset, dims) from None
    return parse_series_csv(response.body)


def parse_series_csv(body: bytes) -> pd.DataFrame:
    """The tidy CSV of /series.csv with its types: codes stay strings (`047`
    is not 47, `NA` is Namibia), `date` is datetime64, `value` float."""
    if not body:
        raise DataseriesError("The server sent an empty answer.")
    end = body.find(b"\n")
    first_line = (body if end < 0 else body[:end]).decode("utf-8").lstrip("\ufeff")
    header = next(csv.reader([first_line]))
    if "date" not in header or "value" not in header:
        raise DataseriesError("The server's answer is not a series CSV (no date and value columns).")
    types = {name: str for name in header if name not in ("date", "value")}
    # A category reads each distinct date once: a long series repeats few.
    types.update(date="category", value="float64")
    # round_trip: pandas' default float parser misreads about 1 number in 200
    # by one unit in the last place; the server writes shortest round-trip numbers.
    # low_memory=False: one pass instead of chunks, as fast as a plain read
    # even with the codes kept as strings.
    data = pd.read_csv(
        io.BytesIO(body), dtype=types, keep_default_na=False, na_values={"value": ["", "NA"]},
        encoding="utf-8", float_precision="round_trip", low_memory=False,
    )
    data.columns = header
    dates = data["date"].cat
    data["date"] = pd.to_datetime(dates.categories, format="%Y-%m-%d").take(dates.codes)
    return data
