"""Each error case gives its plain message, from the real server's answers."""

import socket

import pytest

import dataseries as dts


def test_unknown_dataset(api):
    with pytest.raises(dts.UnknownDatasetError) as caught:
        dts.ds("ch_seco_concon_nope")
    message = str(caught.value)
    assert "Unknown dataset 'ch_seco_concon_nope'" in message
    assert "ds_catalog()" in message
    assert caught.value.status == 404
    with pytest.raises(dts.UnknownDatasetError, match="Unknown dataset 'nope'"):
        dts.ds_meta("nope")


def test_unknown_dimension_lists_the_valid_ones(api):
    with pytest.raises(dts.UnknownDimensionError) as caught:
        dts.ds("ch_seco_concon", kind="index")
    message = str(caught.value)
    assert "Unknown dimension 'kind'" in message
    assert "type, structure, seas_adj" in message
    assert caught.value.valid == ["type", "structure", "seas_adj"]


def test_unknown_code_lists_the_valid_ones(api):
    with pytest.raises(dts.UnknownCodeError) as caught:
        dts.ds("ch_seco_concon", type=["index", "indx"])
    message = str(caught.value)
    assert "Unknown code 'indx'" in message
    assert "index, sd" in message
    assert set(caught.value.valid) == {"index", "sd"}


def test_dimensions_on_a_single_series(api):
    with pytest.raises(dts.UnknownDimensionError, match="single series"):
        dts.ds("ch_kof_barometer", item="x")


def test_bad_date(api):
    with pytest.raises(dts.InvalidSelectionError, match="YYYY-MM-DD"):
        dts.ds("ch_kof_barometer", start="2020-13-01")


def test_server_unreachable_names_the_url_and_the_variable(api, monkeypatch):
    with socket.socket() as probe:  # a port that nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("DATASERIES_API", f"http://127.0.0.1:{port}")
    with pytest.raises(dts.ServerUnreachableError) as caught:
        dts.ds("ch_kof_barometer")
    message = str(caught.value)
    assert f"http://127.0.0.1:{port}" in message
    assert "DATASERIES_API" in message
