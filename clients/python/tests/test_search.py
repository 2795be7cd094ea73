"""ds_search() against the real server's /search: the same results in the same order."""

import json
import urllib.parse
import urllib.request

import pytest

import dataseries as dts

QUERIES = [
    ("full time equivalents", "en"), ("VOLLZEITAQUIVALENTE", "de"), ("vollzeitäquivalente", "en"),
    ("unemployment men", "en"), ("Grossregion Zürich", "en"), ("grossregion zurich", "de"),
    ("chômage", "fr"), ("disoccupazione", "it"), ("prix", "fr"), ("kof economic barometer", "en"),
    ("swiss nationals", "de"), ("konsumentenstimmung", "de"), ("preise", "it"), ("pib", "fr"),
]


def server_search(api: str, q: str, lang: str) -> list:
    query = urllib.parse.urlencode({"q": q, "lang": lang, "limit": 100})
    with urllib.request.urlopen(f"{api}/search?{query}") as answer:
        return json.loads(answer.read())["results"]


@pytest.mark.parametrize("q, lang", QUERIES)
def test_search_returns_what_the_server_ranks(api, q, lang):
    want = server_search(api, q, lang)
    found = dts.ds_search(q, lang=lang)
    assert list(found.columns) == ["dataset", "title", "dim", "code", "label", "path", "freq"]
    got = [(d, dim, code) for d, dim, code in zip(found["dataset"], found["dim"], found["code"])]
    assert got == [(r["datasetId"], r["dim"], r["code"]) for r in want]


def test_labels_and_paths_in_the_language_asked(api):
    found = dts.ds_search("Grossregion Zürich", lang="de")
    first = found.iloc[0]
    assert (first["dataset"], first["dim"], first["code"]) == ("ch_fso_jobs_sex", "Grossregion", "4")
    assert (first["label"], first["path"], first["title"]) == ("Zürich", "Schweiz",
                                                              "Beschäftigte nach Wirtschaftsabteilung und Geschlecht")


def test_words_match_whole_words_first(api):
    found = dts.ds_search("unemployment men")
    assert (found.iloc[0]["dim"], found.iloc[0]["code"]) == ("sex", "men")


def test_every_row_feeds_ds(api):
    """A row without dim and code is a whole dataset; the others name one code."""
    found = dts.ds_search("kof economic barometer")
    row = found[found["dataset"] == "ch_kof_barometer"].iloc[0]
    assert row["dim"] is None and row["code"] is None
    assert len(dts.ds(row["dataset"])) > 100
    row = dts.ds_search("swiss nationals").iloc[0]
    assert set(dts.ds(row["dataset"], **{row["dim"]: row["code"]})[row["dim"]]) == {row["code"]}


def test_without_a_pattern_the_whole_table(api):
    """One row per dataset, as the search row of a whole dataset, in the catalog's order."""
    everything = dts.ds_search()
    catalog = dts.ds_catalog()
    assert list(everything.columns) == ["dataset", "title", "dim", "code", "label", "path", "freq"]
    assert list(everything["dataset"]) == list(catalog["id"])
    assert list(everything["title"]) == list(catalog["title"]) == list(everything["label"])
    assert list(everything["freq"]) == list(catalog["frequency"])
    assert everything["dim"].isna().all() and everything["code"].isna().all() and (everything["path"] == "").all()
    assert list(dts.ds_search(lang="de")["title"]) == list(dts.ds_catalog("de")["title"])


def test_a_pattern_without_words_is_refused(api):
    for pattern in ("", "   ", 3):
        with pytest.raises(dts.DataseriesError, match="`pattern`"):
            dts.ds_search(pattern)
