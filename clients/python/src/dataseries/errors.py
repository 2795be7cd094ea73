"""Errors in the words of someone asking for data: which dataset, dimension
or code is unknown and which ones exist. The server's own message comes
first; the client adds what the server's body leaves out."""

import csv
import io
import json
import re
from typing import Any, Mapping, Optional, Sequence


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


DATASET_ID = re.compile(r"[a-z0-9_]+")
# The server's parameters, in the words of this package's arguments.
PYTHON_WORDS = [
    ("GET /catalog", "ds_catalog()"),
    ("leave out dims", "leave out the dimension arguments"),
    ("Invalid from '", "Invalid start '"),
    ("Invalid to '", "Invalid end '"),
]


def check_dataset_id(dataset: Any, argument: str, function: str) -> None:
    """Refuses, before any request, what cannot be a dataset id; suggests the id it resembles."""
    if not isinstance(dataset, str) or not dataset:
        raise InvalidSelectionError(f'`{argument}` must be one dataset id as a string, e.g. {function}("ch_kof_barometer").',
                                    parameter=argument, dataset=dataset)
    if DATASET_ID.fullmatch(dataset):
        return
    guess = re.sub(r"[^a-z0-9_]+", "_", dataset.strip().lower()).strip("_")
    hint = f" Did you mean '{guess}'?" if guess else ""
    raise InvalidSelectionError(
        f"`{argument}` '{dataset}' is not a dataset id: ids are lowercase letters, digits and _ "
        f"(no spaces, capitals or hyphens).{hint} ds_catalog() lists every dataset.",
        parameter=argument, dataset=dataset,
    )


def in_python_words(message: Optional[str]) -> Optional[str]:
    """The server's hints name its routes and parameters; a user of this package calls functions."""
    if message is None:
        return None
    for server, python in PYTHON_WORDS:
        message = message.replace(server, python)
    message = re.sub(r"^from \((.*?)\) is after to \((.*?)\)", r"start (\1) is after end (\2)", message)
    return re.sub(r"GET /dataset/([a-z0-9_]+)/meta", r'ds_meta("\1")', message)


def explain_failure(status: int, problem: Optional[dict], dataset: Optional[str] = None,
                    dims: Optional[Mapping[str, Sequence[str]]] = None) -> DataseriesError:
    """A plain-language error for a failed request about `dataset`, from the server's answer
    alone: explaining never sends another request (it could fail the same way)."""
    problem = problem or {}
    said = in_python_words(server_message(problem))
    if status == 404 and dataset is not None:
        message = said or f"Unknown dataset '{dataset}'."
        if "ds_catalog()" not in message:
            message += " ds_catalog() lists every dataset."
        return UnknownDatasetError(message, status, problem, dataset=dataset)
    if status == 400:
        return explain_bad_request(said, problem, dataset)
    if status == 503:
        return NotReadyError(said or "The server has not loaded its data yet; retry in a few seconds.", status, problem)
    from ._http import base_url

    tail = f": {said}" if said else "."
    return DataseriesError(f"The server at {base_url()} answered with status {status}{tail}", status, problem)


def explain_bad_request(said: Optional[str], problem: dict, dataset: Optional[str]) -> InvalidSelectionError:
    valid = problem.get("valid") or []
    dimension = problem.get("dimension")
    kind = problem_kind(problem)
    message = said or "The server refused the request."
    if dataset is not None and valid and kind in ("dimension", "code") and "ds_meta(" not in message:
        message += f' ds_meta("{dataset}") lists the dimensions and their codes.'
    if kind == "dimension":
        message = other_client_hint(dimension, message)
    kinds = {"dimension": UnknownDimensionError, "code": UnknownCodeError}
    return kinds.get(kind, InvalidSelectionError)(message, 400, problem, dimension=dimension, valid=list(valid))


# Arguments of ds() in the R client and in the original dataseries R client
# that this ds() does not have, and what to write here instead. The server is
# asked first (a dataset may have a dimension of that name); only when it
# knows no such dimension does the error say so.
OTHER_CLIENT_ARGUMENTS = {
    "from": "start=",
    "to": "end=",
    "as": "nothing: ds() always returns a DataFrame (one column per series: .pivot(index=\"date\", ...))",
    "class": "nothing: ds() always returns a DataFrame (one column per series: .pivot(index=\"date\", ...))",
    "id": "the dataset id as the first argument",
}


def other_client_hint(dimension: Any, message: str) -> str:
    """`message`, preceded by what to write instead when `dimension` is another client's argument."""
    if dimension not in OTHER_CLIENT_ARGUMENTS:
        return message
    return (f"`{dimension}` is an argument of another dataseries client, not of this ds(): here write "
            f"{OTHER_CLIENT_ARGUMENTS[dimension]}. ({message})")


def problem_kind(problem: Mapping[str, Any]) -> Optional[str]:
    """"dimension" or "code" from the problem's stable type (urn:dataseries:problem:unknown_code)."""
    code = str(problem.get("type") or "").rsplit(":", 1)[-1]
    return {"unknown_dimension": "dimension", "unknown_code": "code"}.get(code)
