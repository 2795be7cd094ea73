"""Errors in the words of someone asking for data: which dataset, dimension
or code is unknown and which ones exist. The server's own message comes
first; the client adds what the server's body leaves out."""

import csv
import io
import json
import re
from typing import Any, Dict, List, Mapping, Optional, Sequence


class DataseriesError(Exception):
    """Any error of this package; `status` and `problem` hold what the server said."""

    def __init__(self, message: str, status: Optional[int] = None, problem: Optional[dict] = None, **facts: Any):
        super().__init__(message)
        self.message = message
        self.status = status
        self.problem = problem or {}
        self.facts = facts
        for key, value in facts.items():
            setattr(self, key, value)


class ServerUnreachableError(DataseriesError, ConnectionError):
    """No server answers at the base URL."""


class UnknownDatasetError(DataseriesError, LookupError):
    """The server has no dataset with this id."""


class InvalidSelectionError(DataseriesError, ValueError):
    """The server refused a parameter: a dimension, a code, a date."""


class UnknownDimensionError(InvalidSelectionError):
    """The dataset has no such dimension; `valid` lists those it has."""


class UnknownCodeError(InvalidSelectionError):
    """The dimension has no such code; `valid` lists those it has."""


class NotReadyError(DataseriesError):
    """The server is up but has not loaded its data yet."""


def problem_of(response: Any) -> Optional[dict]:
    """The server's explanation in a response: problem+json or an `error` CSV."""
    if response is None or not response.body:
        return None
    text = response.body.decode("utf-8", errors="replace")
    if "json" in response.content_type or text.lstrip().startswith("{"):
        try:
            parsed = json.loads(text)
            return parsed if isinstance(parsed, dict) else None
        except ValueError:
            return None
    rows = list(csv.DictReader(io.StringIO(text)))
    if rows and "error" in rows[0]:
        return {"error": rows[0]["error"]}
    return None


def server_message(problem: Optional[Mapping[str, Any]]) -> Optional[str]:
    for key in ("error", "detail", "title"):
        said = (problem or {}).get(key)
        if isinstance(said, str) and said:
            return said
    return None


def in_python_words(message: Optional[str]) -> Optional[str]:
    """The server's hints name its routes; a user of this package calls functions."""
    if message is None:
        return None
    message = message.replace("GET /catalog", "ds_catalog()")
    message = re.sub(r"GET /dataset/([a-z0-9_]+)/meta", r'ds_meta("\1")', message)
    return message.replace("leave out dims", "leave out the dimension arguments")


def explain_failure(status: int, problem: Optional[dict], dataset: Optional[str] = None,
                    dims: Optional[Mapping[str, Sequence[str]]] = None) -> DataseriesError:
    """A plain-language error for a failed request about `dataset` and `dims`."""
    problem = problem or {}
    said = in_python_words(server_message(problem))
    if status == 404 and dataset is not None:
        message = said or f"Unknown dataset '{dataset}'."
        if "ds_catalog()" not in message:
            message += " ds_catalog() lists every dataset."
        return UnknownDatasetError(message, status, problem, dataset=dataset)
    if status == 400:
        return explain_bad_request(said, problem, dataset, dims or {})
    if status == 503:
        return NotReadyError(said or "The server has not loaded its data yet; retry in a few seconds.", status, problem)
    from ._http import base_url

    tail = f": {said}" if said else "."
    return DataseriesError(f"The server at {base_url()} answered with status {status}{tail}", status, problem)


def explain_bad_request(said: Optional[str], problem: dict, dataset: Optional[str],
                        dims: Mapping[str, Sequence[str]]) -> InvalidSelectionError:
    found: Dict[str, Any] = {}
    if problem.get("valid") is None and dataset is not None:
        found = diagnose_selection(dataset, dims) or {}
    valid = problem.get("valid") or found.get("valid") or []
    dimension = problem.get("dimension") or found.get("dimension")
    kind = found.get("kind") or problem_kind(problem)
    message = said or found.get("message") or "The server refused the request."
    if valid and not mentions_all(message, valid):
        what = f"Valid codes for '{dimension}'" if kind == "code" else "Valid dimensions"
        message += f" {what}: {format_valid(valid, dataset)}."
    kinds = {"dimension": UnknownDimensionError, "code": UnknownCodeError}
    return kinds.get(kind, InvalidSelectionError)(message, 400, problem, dimension=dimension, valid=list(valid))


def problem_kind(problem: Mapping[str, Any]) -> Optional[str]:
    """"dimension" or "code" from the problem's stable type (urn:dataseries:problem:unknown_code)."""
    code = str(problem.get("type") or "").rsplit(":", 1)[-1]
    return {"unknown_dimension": "dimension", "unknown_code": "code"}.get(code)


def diagnose_selection(dataset: str, dims: Mapping[str, Sequence[str]]) -> Optional[Dict[str, Any]]:
    """What is wrong with a selection, judged against the dataset's metadata."""
    from .catalog import ds_meta

    try:
        meta = ds_meta(dataset)
    except DataseriesError:
        return None
    known = list(meta.get("dim_order") or [])
    for dim, codes in dims.items():
        if dim not in known:
            message = (f"Unknown dimension '{dim}' in dataset '{dataset}'." if known else
                       f"Dataset '{dataset}' is a single series and has no dimensions: leave out the dimension arguments.")
            return {"kind": "dimension", "dimension": dim, "valid": known, "message": message}
        valid = level_codes(meta["dimensions"][dim]["levels"])
        bad = [code for code in codes if code not in valid]
        if bad:
            return {"kind": "code", "dimension": dim, "valid": valid,
                    "message": f"Unknown code '{bad[0]}' for dimension '{dim}'."}
    return None


def level_codes(levels: Any) -> List[str]:
    """Codes of a dimension's levels, keyed by code or as an array of records."""
    if isinstance(levels, dict):
        return list(levels)
    return [str(level["code"]) for level in levels]


def mentions_all(message: str, valid: Sequence[str]) -> bool:
    return all(str(v) in message for v in list(valid)[:3])


def format_valid(valid: Sequence[str], dataset: Optional[str], shown: int = 40) -> str:
    valid = [str(v) for v in valid]
    if len(valid) <= shown:
        return ", ".join(valid)
    return f"{', '.join(valid[:shown])}, ... ({len(valid)} in all; ds_meta(\"{dataset}\") lists them)"
