"""ds(), ds_catalog() and ds_meta() against the real server and its published files."""

import json

import pandas as pd
import pandas.testing as pdt

import dataseries as dts
from conftest import server_text

CUBE = "ch_seco_concon"
ONE = {"type": "index", "structure": "ks_i63_index_q", "seas_adj": "csa"}


def pick(table: pd.DataFrame, **codes) -> pd.DataFrame:
    keep = pd.Series(True, index=table.index)
    for dim, values in codes.items():
        keep &= table[dim].isin([values] if isinstance(values, str) else values)
    return table[keep].reset_index(drop=True)


def server_catalog(api: str) -> list:
    return json.loads(server_text(api, "/catalog"))


def test_catalog_lists_every_dataset(api):
    published = {entry["id"] for entry in server_catalog(api)}
    catalog = dts.ds_catalog()
    assert set(catalog["id"]) == published
    assert list(catalog.columns[:3]) == ["id", "title", "topic"]
    assert str(catalog["start"].dtype) == "datetime64[ns]"
    row = catalog.set_index("id").loc[CUBE]
    assert row["title"] == "Consumer confidence"
    assert dts.ds_catalog("de").set_index("id").loc[CUBE, "title"] == "Konsumentenstimmung"


def test_meta_of_a_cube(api):
    meta = dts.ds_meta(CUBE)
    assert meta["id"] == CUBE
    assert meta["dim_order"] == ["type", "structure", "seas_adj"]
    assert meta["title"]["en"] == "Consumer confidence"
    assert {"index", "sd"} <= set(meta["dimensions"]["type"]["levels"])
    assert meta["frequency"] == "quarterly"


def test_whole_dataset_equals_published_csv(api, published):
    for dataset in ["ch_fso_jobs_sex", CUBE]:
        got = dts.ds(dataset)
        want = published(dataset)
        pdt.assert_frame_equal(got, want, check_exact=True)
    assert dts.ds(CUBE)["seas_adj"].isin(["na", "csa"]).all()  # the code "na" stays a string


def test_every_dataset_equals_its_published_csv_exactly(api, published):
    for entry in server_catalog(api):
        pdt.assert_frame_equal(dts.ds(entry["id"]), published(entry["id"]), check_exact=True, obj=entry["id"])
        dts.clear_cache()


def test_one_series_of_a_three_dimension_cube(api, published):
    got = dts.ds(CUBE, **ONE)
    want = pick(published(CUBE), **ONE)
    assert len(got) > 100
    pdt.assert_frame_equal(got, want, check_exact=True)
    assert got["date"].is_monotonic_increasing


def test_several_codes(api, published):
    codes = {"type": "index", "structure": ["ks_i63_index_q", "ks_i11_econ_hist_q"], "seas_adj": ["csa", "na"]}
    got = dts.ds(CUBE, **codes)
    pdt.assert_frame_equal(got, pick(published(CUBE), **codes), check_exact=True)
    assert got.groupby(["structure", "seas_adj"]).ngroups == 4


def test_date_bounds_are_inclusive(api, published):
    got = dts.ds(CUBE, start="2010-01-01", end=pd.Timestamp("2015-10-01"), **ONE)
    want = pick(published(CUBE), **ONE)
    want = want[(want["date"] >= "2010-01-01") & (want["date"] <= "2015-10-01")].reset_index(drop=True)
    pdt.assert_frame_equal(got, want, check_exact=True)
    assert got["date"].min() == pd.Timestamp("2010-01-01")
    assert got["date"].max() == pd.Timestamp("2015-10-01")


def test_single_series_dataset_with_the_id_alone(api, published):
    got = dts.ds("ch_kof_barometer")
    assert list(got.columns) == ["date", "value"]
    pdt.assert_frame_equal(got, published("ch_kof_barometer"), check_exact=True)


def test_dimension_names_beyond_identifiers(api, published):
    codes = {"Grossregion": "0", "Wirtschaftssektor": "TOT", "Beschäftigungsgrad": ["4", "4.1"], "Geschlecht": "2"}
    got = dts.ds("ch_fso_jobs_sex", **codes)
    pdt.assert_frame_equal(got, pick(published("ch_fso_jobs_sex"), **codes), check_exact=True)


def test_answers_are_cached_until_cleared(api):
    first = dts.ds(CUBE, **ONE)
    first["value"] = 0.0  # the caller's copy; the cache keeps its own
    assert (dts.ds(CUBE, **ONE)["value"] != 0.0).any()
    assert dts.clear_cache() == 1
    assert dts.clear_cache() == 0
