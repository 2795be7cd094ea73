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
    assert "Did you mean 'ch_seco_concon'?" in message  # the server's words
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


def test_without_the_servers_facts_the_metadata_names_the_valid_ones(api):
    from dataseries.errors import explain_failure

    error = explain_failure(400, None, "ch_seco_concon", {"type": ["indx"]})
    assert isinstance(error, dts.UnknownCodeError)
    assert str(error) == "Unknown code 'indx' for dimension 'type'. Valid codes for 'type': index, sd."
    error = explain_failure(400, None, "ch_seco_concon", {"kind": ["index"]})
    assert isinstance(error, dts.UnknownDimensionError)
    assert "Valid dimensions: type, structure, seas_adj." in str(error)
