"""`analysis.search_curve`: each strategy's difference from the reference, whichever side
of the pair it was compared on, and a chart whose title names the cheapest strategy as
strong as the reference to within the margin."""

import json

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from analysis.plots.common import strength_against_cost
from analysis.search_curve import curve, main, strength_against
from sims.core.options import resolve
from sims.games.pitch import rules as pitch

CHEAP, DEAR = "guided_ismcts:iterations=100", "guided_ismcts:iterations=600"


def _pair(a: str, b: str, difference: float, half_width: float) -> dict:
    low, high = difference - half_width, difference + half_width
    return {"a": a, "b": b, "difference": difference, "low": low, "high": high, "n": 200}


COMPARISON = {
    "game": "phat",
    "deals": 200,
    "pairs": [
        _pair(CHEAP, "ismcts", -3.0, 2.0),
        _pair("ismcts", DEAR, 0.5, 1.0),  # the reference first: the sign turns
        _pair(CHEAP, DEAR, -3.5, 2.0),  # not against the reference: left out
    ],
}


def test_each_strategy_is_measured_against_the_reference_whichever_side_it_was_on():
    table = strength_against(COMPARISON, "ismcts")
    assert table.loc[CHEAP, ["difference", "low", "high"]].tolist() == [-3.0, -5.0, -1.0]
    assert table.loc[DEAR, ["difference", "low", "high"]].tolist() == [-0.5, -1.5, 0.5]
    assert table.loc["ismcts", "difference"] == 0 and len(table) == 3


def test_a_reference_in_no_pair_is_refused():
    with pytest.raises(ValueError, match="no pair with 'greedy'"):
        strength_against(COMPARISON, "greedy")


def test_the_title_names_the_cheapest_strategy_within_the_margin():
    table = strength_against(COMPARISON, "ismcts")
    table["ms_per_card"] = [3.0, 0.3, 1.5]  # ismcts, cheap, dear
    table["relative_cost"] = table["ms_per_card"] / 3.0
    wide = strength_against_cost(table, "phat", "ismcts", margin=6).axes[0].get_title()
    narrow = strength_against_cost(table, "phat", "ismcts", margin=2).axes[0].get_title()
    strict = strength_against_cost(table, "phat", "ismcts", margin=1).axes[0].get_title()
    plt.close("all")
    assert f"is {CHEAP}, at 0.1 of its cost" in wide
    assert f"is {DEAR}, at 0.5 of its cost" in narrow
    assert "is none of these" in strict


def test_the_command_writes_the_table_and_the_chart(tmp_path, monkeypatch):
    costs = {"ismcts": 3.0, CHEAP: 0.3, DEAR: 1.5}

    def timed(deals, searched, variants, rounds):
        return {
            f"{game} {s}": {"ms_per_card_1t": costs[s], "ms_per_deal_1t": 10 * costs[s]}
            for game, s in searched
        }

    monkeypatch.setattr("analysis.search_curve.search_figures", timed)
    source = tmp_path / "phat.json"
    source.write_text(json.dumps(COMPARISON))
    main([str(source), "--out", str(tmp_path / "curve")])
    table = pd.read_csv(tmp_path / "curve.csv", index_col="strategy")
    relative = table["relative_cost"].to_dict()
    assert relative == pytest.approx({CHEAP: 0.1, DEAR: 0.5, "ismcts": 1})
    assert list(table.index) == [CHEAP, DEAR, "ismcts"]  # cheapest first
    assert (tmp_path / "curve.png").stat().st_size > 0


def test_costs_are_timed_under_the_comparisons_rules(monkeypatch):
    asked = []

    def timed(deals, searched, variants, rounds):
        asked.append(variants)
        return {
            f"{game} {s}": {"ms_per_card_1t": 1.0, "ms_per_deal_1t": 6.0} for game, s in searched
        }

    monkeypatch.setattr("analysis.search_curve.search_figures", timed)
    six = {"players": 6, "partnership": True, "teams": 2, "target": 7}
    rules = resolve("pitch", pitch.OPTIONS, ["players=6", "partnership"])
    assert {name: rules[name] for name in six} == six
    curve(COMPARISON | {"game": "pitch", "rules": rules}, "ismcts", 5)
    assert sorted(asked[0]) == ["partnership=true", "players=6"]


def test_the_chart_names_the_rules_and_keeps_players_without_search_in_its_legend():
    table = strength_against(
        COMPARISON | {"pairs": [*COMPARISON["pairs"], _pair("greedy", "ismcts", -17.0, 1.0)]},
        "ismcts",
    )
    table["ms_per_card"] = [3.0, 0.3, 1.5, 0.001]  # ismcts, cheap, dear, greedy
    table["relative_cost"] = table["ms_per_card"] / 3.0
    figure = strength_against_cost(table, "pitch", "ismcts", 1, "players=6, partnership=true")
    axis = figure.axes[0]
    legend = [text.get_text() for text in axis.get_legend().get_texts()]
    plt.close("all")
    assert axis.get_title().startswith("Auction Pitch (players=6, partnership=true), n = 200")
    assert "greedy: -17 [-18, -16] (below the chart)" in legend
    assert -7 < axis.get_ylim()[0] < -5 and 0.5 < axis.get_ylim()[1] < 2  # greedy is at -17
    assert not any(text.get_text().startswith("greedy") for text in axis.texts)
