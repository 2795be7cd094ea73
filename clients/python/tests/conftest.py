"""Shared fixtures: the server the package talks to (DATASERIES_API, else
http://localhost:8080), which must serve the real data. The reference values
are the server's own published CSVs (/series.csv), so the tests need no data
folder."""

import io
import socket
import urllib.request

import pandas as pd
import pytest

import dataseries

# The datasets these tests read.
REAL_DATASETS = {"ch_seco_concon", "ch_kof_barometer", "ch_fso_jobs_sex", "ch_fso_ppi"}


def pytest_configure(config):
    config.addinivalue_line("markers", "issue20: frequency conversion; passes once the server's conversion (issue 20) is merged")


@pytest.fixture(scope="session")
def api() -> str:
    """The server's base URL. Skips when no server answers (saying how to start one);
    fails when the server serves other data (the demo data, say)."""
    url = dataseries.base_url()
    try:
        ids = set(dataseries.ds_catalog()["id"])
    except dataseries.ServerUnreachableError:
        pytest.skip(f"no dataseries server at {url}: start one on the real data (README, Tests) or set DATASERIES_API")
    missing = REAL_DATASETS - ids
    if missing:
        pytest.fail(f"the server at {url} does not serve the real data (no {', '.join(sorted(missing))}): "
                    "start it with DS_DATA_DIR set to the dataseries-data/data folder (README, Tests)")
    return url


@pytest.fixture(autouse=True)
def fresh_cache():
    dataseries.clear_cache()
    yield


def server_text(api: str, path: str) -> str:
    """The text of `path` on the server."""
    with urllib.request.urlopen(api + path) as answer:
        return answer.read().decode("utf-8")


@pytest.fixture(scope="session")
def published(api):
    """A dataset as the server publishes it (/series.csv, plus a query such as
    "&frequency=annual"), typed the way the client promises."""
    def read(dataset: str, query: str = "") -> pd.DataFrame:
        text = server_text(api, f"/series.csv?dataset={dataset}{query}")
        table = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
        table["date"] = pd.to_datetime(table["date"], format="%Y-%m-%d")
        # astype goes through Python's float(): exact, unlike pandas' fast parser
        table["value"] = table["value"].replace({"": "nan", "NA": "nan"}).astype("float64")
        return table
    return read


@pytest.fixture
def closed_port() -> str:
    """A base URL where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


@pytest.fixture
def requests_sent(monkeypatch):
    """Counts the real requests the package sends (every module's reference to http_get)."""
    from dataseries import _http, catalog, series

    sent = []

    def counting(url):
        sent.append(url)
        return _http.http_get(url)

    for module in (catalog, series):
        monkeypatch.setattr(module, "http_get", counting)
    return sent
