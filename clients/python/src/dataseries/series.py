"""ds(): one selection of a dataset as a typed pandas DataFrame."""

import datetime as _dt
import json
import numbers
import re
from typing import Any, Dict, List, Mapping, Optional

import numpy as np
import pandas as pd

from ._cache import cached
from ._http import build_url, http_get
from .errors import DataseriesError, InvalidSelectionError, check_dataset_id, explain_failure, problem_of

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
DateLike = Any  # str "YYYY-MM-DD", datetime.date, datetime.datetime or pandas.Timestamp


def ds(dataset: str, *, start: DateLike = None, end: DateLike = None, frequency: Optional[str] = None,
       aggregation: Optional[str] = None, partial: bool = False, as_of: DateLike = None, **dims: Any) -> pd.DataFrame:
    """Series of `dataset`: one keyword per dimension with one or more codes.

    Returns the dimension columns (codes as strings), `date` (datetime64) and
    `value` (float, NaN where missing). Answers are cached for the session.
    `frequency` ("annual", "semi-annual", "quarterly", "monthly"),
    `aggregation` ("mean", the server's default, "sum", "first", "last",
    "min", "max") and `partial` (keep incomplete periods) are the server's
    parameters of frequency conversion, sent under those names. `as_of`
    (a date: the end of that day, UTC; a datetime, naive ones taken as UTC;
    or a time stamp "2026-01-05T08:00:00Z") gives the data as published at
    that vintage (ds_vintages() lists them).

    >>> ds("ch_seco_concon", type="index", seas_adj="csa", start="2000-01-01")  # doctest: +SKIP
    >>> ds("ch_fso_vacancies", **{"Offene Stellen": "1"})  # doctest: +SKIP
    """
    check_dataset_id(dataset, "dataset", "ds")
    codes = collect_dims(dims)
    first, last = format_bound(start, "start"), format_bound(end, "end")
    if first is not None and last is not None and first > last:
        raise InvalidSelectionError(f"`start` ({first}) is after `end` ({last}): swap them or widen the range.")
    query = {"dataset": dataset, "dims": format_dims(codes), "from": first, "to": last,
             **conversion_query(frequency, aggregation, partial), "as_of": format_as_of(as_of)}
    # The JSON route: its numbers parse exactly with json, and its errors
    # carry the facts (the valid codes) in the same answer.
    url = build_url("/series", query)
    return cached("series " + url, lambda: fetch_series(url, dataset, codes)).copy()


def collect_dims(dims: Dict[str, Any]) -> Dict[str, List[str]]:
    """Each dimension's codes as a list of unique strings."""
    out: Dict[str, List[str]] = {}
    for dim, codes in dims.items():
        values = [codes] if isinstance(codes, (str, bytes, numbers.Number, Mapping)) else codes
        try:
            values = list(values)
        except TypeError:
            values = [values]
        if not values:
            raise InvalidSelectionError(f"Dimension argument {dim}= takes one or more codes, e.g. {dim}=[\"a\", \"b\"].")
        out[dim] = list(dict.fromkeys(code_text(dim, v) for v in values))
    return out


def code_text(dim: str, code: Any) -> str:
    """A code as the server writes it: text; a whole number is its digits, anything else is refused."""
    if isinstance(code, str):
        return code
    if isinstance(code, numbers.Integral) and not isinstance(code, bool):
        return str(int(code))
    kind = type(code).__name__
    raise InvalidSelectionError(
        f"Dimension argument {dim}= got {code!r} (a {kind}); codes are text, so give it as a string, "
        f"e.g. {dim}=\"2020\" (ds_meta(dataset)[\"dimensions\"][\"{dim}\"][\"levels\"] lists the codes).",
        dimension=dim,
    )


def format_dims(dims: Dict[str, List[str]]) -> Optional[str]:
    """`dim=code,code;dim=code`, the server's selection grammar."""
    if not dims:
        return None
    return ";".join(f"{dim}={','.join(codes)}" for dim, codes in dims.items())


def conversion_query(frequency: Any, aggregation: Any, partial: Any) -> Dict[str, Optional[str]]:
    """The server's parameters of frequency conversion; the server checks their values (and names the valid ones)."""
    for name, value, example in (("frequency", frequency, "annual"), ("aggregation", aggregation, "mean")):
        if value is not None and not isinstance(value, str):
            raise InvalidSelectionError(f"`{name}` must be one string, e.g. {name}=\"{example}\"; got {value!r}.", parameter=name)
    if not isinstance(partial, (bool, np.bool_)):
        raise InvalidSelectionError(f"`partial` must be True or False; got {partial!r}.", parameter="partial")
    return {"frequency": frequency, "aggregation": aggregation, "partial": "true" if partial else None}


def format_as_of(value: DateLike) -> Optional[str]:
    """`as_of` as the server reads it: a date as YYYY-MM-DD, a datetime as its UTC time stamp,
    a string as given (the server checks it and names the forms it takes)."""
    if value is None:
        return None
    if isinstance(value, _dt.datetime) and not pd.isna(value):
        utc = value if value.tzinfo is None else value.astimezone(_dt.timezone.utc)
        return utc.strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, _dt.date):
        return value.isoformat()
    if isinstance(value, str) and value:
        return value
    raise InvalidSelectionError(
        "`as_of` must be one date or time, e.g. datetime.date(2026, 1, 31), a time stamp "
        f"\"2026-01-05T08:00:00Z\" or a vintage from ds_vintages(); got {value!r}.",
        parameter="as_of",
    )


def format_bound(value: DateLike, name: str) -> Optional[str]:
    """A date argument as `YYYY-MM-DD`, checked here so the error names the argument."""
    if value is None:
        return None
    if isinstance(value, (_dt.date, pd.Timestamp)) and not pd.isna(value):
        return f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
    if isinstance(value, str) and ISO_DATE.fullmatch(value):
        try:
            _dt.date.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise InvalidSelectionError(
        f"`{name}` must be one date, YYYY-MM-DD, e.g. \"2020-01-01\" or datetime.date(2020, 1, 1); got {value!r}.",
        parameter=name,
    )


def fetch_series(url: str, dataset: str, dims: Dict[str, List[str]]) -> pd.DataFrame:
    response = http_get(url)
    if response.status >= 400:
        raise explain_failure(response.status, problem_of(response), dataset, dims) from None
    return parse_series_json(response.body)


def parse_series_json(body: bytes) -> pd.DataFrame:
    """The columnar JSON of /series with its types: codes stay strings (`047`
    is not 47, `NA` is Namibia), `date` is datetime64, `value` float (NaN for null)."""
    if not body:
        raise DataseriesError("The server sent an empty answer.")
    columns = json.loads(body.decode("utf-8"))
    if not isinstance(columns, dict) or "date" not in columns or "value" not in columns:
        raise DataseriesError("The server's answer is not a series (no date and value columns).")
    data = pd.DataFrame({name: pd.Series(codes, dtype=object) for name, codes in columns.items()
                         if name not in ("date", "value")})
    # A category reads each distinct date once: a long series repeats few.
    dates = pd.Categorical(columns["date"])
    data["date"] = pd.to_datetime(dates.categories, format="%Y-%m-%d").take(dates.codes) if len(dates) else pd.to_datetime([])
    data["value"] = np.array(columns["value"], dtype="float64")
    return data
