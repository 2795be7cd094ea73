"""ISSUE 20, AFTER MERGE: frequency conversion is the server's (built in another
branch). The tests marked `issue20` pass once it is merged; until then the
server refuses `frequency` as an unknown parameter. Run them alone with
`-m issue20`. Each compares ds() with the server's own /series.csv of the
same selection."""

import pandas.testing as pdt
import pytest

import dataseries as dts


def test_the_query_names_the_servers_parameters(monkeypatch, requests_sent, closed_port):
    monkeypatch.setenv("DATASERIES_API", closed_port)
    with pytest.raises(dts.ServerUnreachableError):
        dts.ds("ch_kof_barometer", frequency="annual", aggregation="last", partial=True)
    assert requests_sent[0].endswith("&frequency=annual&aggregation=last&partial=true"), requests_sent
    for bad in ({"frequency": 1}, {"aggregation": ["mean"]}, {"partial": "yes"}):
        with pytest.raises(dts.InvalidSelectionError, match=f"`{next(iter(bad))}`"):
            dts.ds("ch_kof_barometer", **bad)
    assert len(requests_sent) == 1


@pytest.mark.issue20
def test_monthly_to_annual_and_quarterly_equal_the_servers_csv(api, published):
    pdt.assert_frame_equal(dts.ds("ch_kof_barometer", frequency="annual"),
                           published("ch_kof_barometer", "&frequency=annual"), check_exact=True)
    pdt.assert_frame_equal(dts.ds("ch_kof_barometer", frequency="quarterly", aggregation="last"),
                           published("ch_kof_barometer", "&frequency=quarterly&aggregation=last"), check_exact=True)


@pytest.mark.issue20
def test_partial_periods_dimensions_and_bounds_equal_the_servers_csv(api, published):
    got = dts.ds("ch_seco_concon", type="index", seas_adj="csa", frequency="annual", aggregation="max",
                 partial=True, start="2000-01-01")
    want = published("ch_seco_concon", "&dims=type%3Dindex%3Bseas_adj%3Dcsa&frequency=annual&aggregation=max"
                                       "&partial=true&from=2000-01-01")
    assert len(got) > 0
    pdt.assert_frame_equal(got, want, check_exact=True)
