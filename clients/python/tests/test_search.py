"""ds_search() against the real server's search records."""

import dataseries as dts


def test_search_in_english(api):
    found = dts.ds_search("full time equivalents")
    assert list(found.columns) == ["dataset", "title", "dim", "code", "label", "path", "freq"]
    jobs = found[found["dataset"] == "ch_fso_jobs_sex"]
    assert set(jobs["code"]) >= {"4", "4.1"}
    assert (jobs["dim"] == "Beschäftigungsgrad").all()
    assert (jobs["title"] == "Jobs by economic division and sex").all()


def test_search_in_german_ignores_case_and_accents(api):
    found = dts.ds_search("VOLLZEITAQUIVALENTE", lang="de")
    jobs = found[found["dataset"] == "ch_fso_jobs_sex"]
    assert set(jobs["code"]) >= {"4", "4.1"}
    assert "Vollzeitäquivalente" in set(jobs["label"])
    assert dts.ds_search("vollzeitäquivalente", lang="en").empty


def test_search_matches_dataset_titles(api):
    found = dts.ds_search("konsumentenstimmung", lang="de")
    assert set(found["dataset"]) == {"ch_seco_concon"}
    assert (found["title"] == "Konsumentenstimmung").all()


def test_search_falls_back_to_english_labels(api):
    found = dts.ds_search("swiss nationals", lang="de")
    row = found[found["dataset"] == "ch_fso_unemp_rate"]
    assert list(row["code"]) == ["ch"]
    assert list(row["label"]) == ["Swiss nationals"]


def test_search_finds_a_single_series_dataset_by_its_title(api):
    found = dts.ds_search("kof economic barometer")
    row = found[found["dataset"] == "ch_kof_barometer"]
    assert len(row) == 1
    assert row["dim"].isna().all() and row["code"].isna().all()
