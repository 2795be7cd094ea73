"""Shared fixtures: the real server (DATASERIES_API) and the published files it serves."""

import os
import pathlib

import pandas as pd
import pytest

import dataseries

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def api() -> str:
    """The server's base URL; the tests skip, saying why, when it is not set."""
    url = os.environ.get("DATASERIES_API")
    if not url:
        pytest.skip("DATASERIES_API is not set: these tests need a running server "
                    "(node --import tsx --test clients/clients.test.ts starts one)")
    return url


@pytest.fixture(autouse=True)
def fresh_cache():
    dataseries.clear_cache()
    yield


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    """The data directory the server serves (DS_DATA_DIR, else ../shared/dataseries-data/data)."""
    return pathlib.Path(os.environ.get("DS_DATA_DIR") or ROOT.parent / "shared" / "dataseries-data" / "data")


@pytest.fixture(scope="session")
def published(data_dir):
    """Reads a published CSV as text and types it the way the client promises."""
    def read(dataset: str) -> pd.DataFrame:
        table = pd.read_csv(data_dir / f"{dataset}.csv", dtype=str, keep_default_na=False)
        table["date"] = pd.to_datetime(table["date"], format="%Y-%m-%d")
        # astype goes through Python's float(): exact, unlike pandas' fast parser
        table["value"] = table["value"].replace({"": "nan", "NA": "nan"}).astype("float64")
        return table
    return read
