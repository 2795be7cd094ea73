"""Each error case gives its plain message, from the real server's answers."""

import datetime
import socket

import pandas as pd
import pandas.testing as pdt
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


MALFORMED = {"ch-kof-barometer": "ch_kof_barometer", "CH_KOF_BAROMETER": "ch_kof_barometer",
             "ch_kof_barometer ": "ch_kof_barometer", " Ch_Seco-Concon": "ch_seco_concon", "ch.fso.ppi": "ch_fso_ppi"}


@pytest.mark.parametrize("given, meant", MALFORMED.items())
def test_a_malformed_id_is_one_clear_error_before_any_request(monkeypatch, requests_sent, closed_port, given, meant):
    monkeypatch.setenv("DATASERIES_API", closed_port)  # a request would be ServerUnreachableError
    for call, argument in ((lambda: dts.ds(given), "`dataset`"), (lambda: dts.ds_meta(given), "`id`")):
        with pytest.raises(dts.InvalidSelectionError) as caught:
            call()
        message = str(caught.value)
        assert f"{argument} '{given}' is not a dataset id" in message
        assert f"Did you mean '{meant}'?" in message
        assert caught.value.__cause__ is None and caught.value.__context__ is None
    assert requests_sent == []


@pytest.mark.parametrize("call", [
    lambda: dts.ds("ch_kof_barometr"),
    lambda: dts.ds_meta("ch_kof_barometr"),
    lambda: dts.ds("ch_seco_concon", typ="index"),
    lambda: dts.ds("ch_seco_concon", type="indx"),
    lambda: dts.ds("ch_kof_barometer", item="x"),
])
def test_explaining_an_error_sends_no_request(api, requests_sent, call):
    with pytest.raises(dts.DataseriesError):
        call()
    assert len(requests_sent) == 1, requests_sent


def test_a_typo_in_an_id_gets_the_servers_suggestion(api):
    for call in (lambda: dts.ds("ch_kof_barometr"), lambda: dts.ds_meta("ch_kof_barometr")):
        with pytest.raises(dts.UnknownDatasetError, match="Did you mean 'ch_kof_barometer'"):
            call()


def test_dates_are_named_start_and_end(api, requests_sent):
    cases = {"start": {"start": "2020-13-01"}, "end": {"end": "2020-02-30"}}
    for name, bound in cases.items():
        with pytest.raises(dts.InvalidSelectionError) as caught:
            dts.ds("ch_kof_barometer", **bound)
        assert f"`{name}` must be one date" in str(caught.value)
        assert "from" not in str(caught.value) and " to " not in str(caught.value)
    with pytest.raises(dts.InvalidSelectionError, match=r"`start` \(2021-01-01\) is after `end` \(2020-01-01\)"):
        dts.ds("ch_kof_barometer", start="2021-01-01", end="2020-01-01")
    with pytest.raises(dts.InvalidSelectionError, match="`start` must be one date"):
        dts.ds("ch_kof_barometer", start=2020)
    assert requests_sent == []


def test_the_servers_words_are_put_in_python_words():
    from dataseries.errors import in_python_words

    assert in_python_words("Invalid from '2020-13-01': expected") == "Invalid start '2020-13-01': expected"
    assert in_python_words("from (2021-01-01) is after to (2020-01-01): swap") == "start (2021-01-01) is after end (2020-01-01): swap"
    assert in_python_words("see GET /dataset/ch_fso_ppi/meta") == 'see ds_meta("ch_fso_ppi")'


@pytest.mark.parametrize("code", [2.0, 2020.5, float("nan"), None, True, {"a": 1}])
def test_a_code_that_is_not_text_is_a_clear_error(api, requests_sent, code):
    with pytest.raises(dts.InvalidSelectionError) as caught:
        dts.ds("ch_fso_ppi", base=code)
    assert "base=" in str(caught.value) and "codes are text" in str(caught.value)
    assert requests_sent == []


def test_whole_numbers_are_codes(api, published):
    got = dts.ds("ch_fso_ppi", base=2020)
    assert set(got["base"]) == {"2020"}
    assert len(got) > 0


@pytest.mark.parametrize("call", [
    lambda: dts.ds(""), lambda: dts.ds(None), lambda: dts.ds(123), lambda: dts.ds_meta(""),
    lambda: dts.ds_catalog(lang="xx"), lambda: dts.ds_search(""), lambda: dts.ds_search("  "),
    lambda: dts.ds("ch_kof_barometer", start=pd.NaT), lambda: dts.ds("ch_kof_barometer", end=pd.NaT),
])
def test_an_argument_that_cannot_be_right_is_an_invalid_selection_before_any_request(monkeypatch, requests_sent, closed_port, call):
    monkeypatch.setenv("DATASERIES_API", closed_port)  # a request would be ServerUnreachableError
    with pytest.raises(dts.InvalidSelectionError) as caught:
        call()
    assert caught.value.__cause__ is None and caught.value.__context__ is None
    assert requests_sent == []


def test_a_date_before_year_1000_is_sent_with_four_digits(api, requests_sent):
    got = dts.ds("ch_kof_barometer", start=datetime.date(1, 1, 1), end=datetime.datetime(9999, 12, 31))
    assert "from=0001-01-01" in requests_sent[0] and "to=9999-12-31" in requests_sent[0], requests_sent
    pdt.assert_frame_equal(got, dts.ds("ch_kof_barometer"))


# Every argument of ds() in the R client and in the original dataseries R
# client that this ds() does not have, and what to write here instead.
OTHER_CLIENTS = {"from": "start=", "to": "end=", "as": "DataFrame", "id": "dataset", "class": "DataFrame"}


@pytest.mark.parametrize("name, instead", OTHER_CLIENTS.items())
@pytest.mark.parametrize("dataset", ["ch_seco_concon", "ch_kof_barometer"])
def test_another_clients_argument_says_what_to_write_instead(api, dataset, name, instead):
    with pytest.raises(dts.InvalidSelectionError) as caught:
        dts.ds(dataset, **{name: "ts" if name in ("as", "class") else "2020-01-01"})
    message = str(caught.value)
    assert f"`{name}` is an argument of another dataseries client" in message
    assert instead in message
