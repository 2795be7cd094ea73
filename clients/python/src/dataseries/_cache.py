"""Answers kept for the session, keyed by URL: the data behind a URL only
changes when the server publishes, and a session is short."""

from typing import Any, Callable, Dict

_answers: Dict[str, Any] = {}


def cached(key: str, compute: Callable[[], Any]) -> Any:
    """The stored value for `key`, computed and stored on a miss."""
    if key not in _answers:
        _answers[key] = compute()
    return _answers[key]


def clear_cache() -> int:
    """Forget every cached answer, so the next call fetches afresh; returns how many."""
    count = len(_answers)
    _answers.clear()
    return count
