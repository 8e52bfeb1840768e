"""Intervals and summaries of the analysis package, on hand-made numbers."""

import math

import numpy as np
import pandas as pd
import pytest

from analysis.games.phat import summary as phat_analysis
from analysis.stats import game_margin, mean, mean_by, rate_by, wilson, z_value


def test_wilson_interval_at_zero_and_at_n_successes_stays_inside_0_1_and_is_not_empty():
    none = wilson(0, 20)
    every = wilson(20, 20)
    assert none.value == 0 and none.low == 0 and 0.15 < none.high < 0.17
    assert every.value == 1 and every.high == 1 and 0.83 < every.low < 0.85
    assert math.isclose(none.high, 1 - every.low)


def test_wilson_matches_the_textbook_formula():
    # 81 successes in 263 trials, 95%: the classic worked example gives [0.2553, 0.3662].
    estimate = wilson(81, 263)
    assert abs(estimate.low - 0.2553) < 5e-4 and abs(estimate.high - 0.3662) < 5e-4
    assert abs(z_value(0.95) - 1.959964) < 1e-6
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_mean_interval_from_the_standard_error():
    estimate = mean(np.array([1.0, 2.0, 3.0, 4.0]))
    assert estimate.value == 2.5
    assert math.isclose(estimate.se, np.std([1, 2, 3, 4], ddof=1) / 2)
    assert math.isclose(estimate.high - estimate.value, 1.959964 * estimate.se, rel_tol=1e-6)


def test_game_margin_is_agresti_and_mins_interval_for_matched_pairs():
    # Won by a in both seatings (+1), split (0), won by b in both (-1): the paper's Wald
    # interval after adding half a pair to each of the 2x2 table's four cells.
    margins = np.array([1.0] * 7 + [0.0] * 4 + [-1.0] * 2)
    a_only, b_only, pairs = 7 + 0.5, 2 + 0.5, margins.size + 2
    difference = (a_only - b_only) / pairs
    se = math.sqrt(((a_only + b_only) / pairs - difference**2) / pairs)
    estimate = game_margin(margins)
    assert estimate.value == margins.mean() and estimate.n == margins.size
    assert math.isclose(estimate.se, se)
    assert math.isclose(estimate.low, difference - z_value() * se)
    assert math.isclose(estimate.high, difference + z_value() * se)


def _coverage(interval, n: int, p_win: float, p_split: float) -> float:
    """Exact chance that `interval` of n games' margins covers the true mean margin, every
    game won by a in both seatings (p_win), split (p_split) or won by b (the rest)."""
    p_lose = 1 - p_win - p_split
    truth, covered = p_win - p_lose, 0.0
    for wins in range(n + 1):
        for splits in range(n + 1 - wins):
            losses = n - wins - splits
            chance = math.comb(n, wins) * math.comb(n - wins, splits)
            chance *= p_win**wins * p_split**splits * p_lose**losses
            estimate = interval(np.array([1.0] * wins + [0.0] * splits + [-1.0] * losses))
            covered += chance * (estimate.low <= truth <= estimate.high)
    return covered


@pytest.mark.parametrize("p_win, p_split", [(0.95, 0.05), (0.85, 0.1), (0.4, 0.3)])
def test_game_margins_interval_covers_the_true_margin_where_the_normal_one_fails(p_win, p_split):
    # A side that wins most games often wins all 20: the normal interval is then [1, 1].
    assert _coverage(game_margin, 20, p_win, p_split) > 0.92
    assert game_margin(np.ones(20)).low < 1 - 0.1
    if p_win > 0.9:
        assert _coverage(mean, 20, p_win, p_split) < 0.7


def _deals(**columns):
    base = {
        "pitcher": [0, 1, 2, 3],
        "phat_0": [50, 30, 60, 40],
        "phat_1": [30, 50, 20, 40],
        "bonus_0": [8, 0, 8, 0],
        "bonus_1": [0, 8, 0, 0],
        "muck_0": [50, 30, 41, 40],
        "muck_1": [30, 50, 39, 40],
        "tricks_played": [13, 13, 13, 13],
        "big_phat_team": [0, 1, 1, 0],
        "big_phat_holder_team": [0, 0, 1, 1],
    }
    base.update(columns)
    return pd.DataFrame(base)


def test_points_are_seen_from_the_pitchers_side():
    sides = phat_analysis.with_sides(_deals())
    assert list(sides["pitcher_points"]) == [58, 58, 68, 40]
    assert list(sides["defender_points"]) == [30, 30, 20, 40]
    assert list(sides["big_phat_to_pitcher"]) == [True, True, False, False]
    assert list(sides["big_phat_kept"]) == [True, False, True, False]
    assert list(sides["muck_tie"]) == [False, False, False, True]


def test_summary_counts_rates_over_the_deals_where_the_big_phat_was_played():
    table = phat_analysis.summary(_deals(big_phat_team=[0, 1, -1, 0]))
    captured = table.loc["Big Phat captured by pitcher side"]
    assert captured["n"] == 3 and math.isclose(captured["estimate"], 2 / 3)
    assert table.loc["muck tie 40-40", "estimate"] == 0.25


def test_pitch_points_and_bid_success_are_read_from_the_pitchers_side():
    from analysis.games.pitch import summary as pitch_analysis

    deals = pd.DataFrame(
        {
            "pitcher_side": [0, 1, 2, 1],
            "contract": [2, 2, 3, 2],
            "made": [True, False, True, True],
            "won_0": [3, 1, 0, 0],
            "won_1": [0, 1, 1, 2],
            "won_2": [1, 0, 3, 1],
        }
    )
    assert list(pitch_analysis.pitcher_won(deals)) == [3, 1, 3, 2]
    table = pitch_analysis.bid_success(deals, "contract")
    assert list(table.index) == [2, 3]
    assert list(table["n"]) == [3, 1] and list(table["made"]) == [2, 1]
    assert math.isclose(table.loc[2, "rate"], 2 / 3)
    assert table.loc[3, "high"] == 1.0 and table.loc[3, "low"] < 1


def _groups():
    return pd.DataFrame(
        {
            "table": ["a", "a", "a", "b", "b", "a", "b"],
            "size": [3, 4, 3, 3, 3, 4, 4],
            "hit": [True, False, True, True, True, True, False],
            "points": [2.0, 4.0, 6.0, 1.0, 3.0, 8.0, 5.0],
        }
    )


def test_rate_by_counts_each_group_and_gives_its_wilson_interval():
    table = rate_by(_groups(), "hit", "table")
    assert list(table.index) == ["a", "b"] and table.index.name == "table"
    assert list(table["n"]) == [4, 3] and list(table["successes"]) == [3, 2]
    for key, (hits, n) in {"a": (3, 4), "b": (2, 3)}.items():
        expected = wilson(hits, n)
        row = table.loc[key]
        assert math.isclose(row["estimate"], hits / n) and math.isclose(row["se"], expected.se)
        assert (row["low"], row["high"]) == (expected.low, expected.high)


def test_rate_by_several_keys_no_key_and_a_condition_defined_on_some_rows():
    frame = _groups()
    table = rate_by(frame, "hit", ["table", "size"])
    assert table.index.names == ["table", "size"]
    assert list(table["n"]) == [2, 2, 2, 1] and list(table["successes"]) == [2, 1, 2, 0]
    overall = rate_by(frame, "hit")
    assert list(overall.index) == ["all"] and overall.loc["all", "successes"] == 5
    # Only the rows of size 3 count; table b has no row of size 4 left out of its n.
    partial = rate_by(frame, frame["hit"].where(frame["size"] == 3), "table")
    assert list(partial["n"]) == [2, 2] and list(partial["estimate"]) == [1.0, 1.0]
    no_b = rate_by(frame, frame["hit"].where(frame["table"] == "a"), "table")
    assert list(no_b.index) == ["a"]
    with pytest.raises(ValueError, match="True/False"):
        rate_by(frame, "points", "table")
    with pytest.raises(ValueError, match="indexed like the frame"):
        rate_by(frame, frame["hit"].iloc[::-1].reset_index(drop=True).iloc[:3], "table")


def test_mean_by_matches_the_mean_of_each_group_and_has_no_error_for_one_value():
    frame = _groups()
    table = mean_by(frame, "points", ["table", "size"])
    assert list(table["n"]) == [2, 2, 2, 1]
    a3 = mean(np.array([2.0, 6.0]))
    row = table.loc[("a", 3)]
    assert (row["estimate"], row["se"], row["low"], row["high"]) == (
        a3.value,
        a3.se,
        a3.low,
        a3.high,
    )
    lone = table.loc[("b", 4)]
    assert lone["estimate"] == 5.0 and np.isnan(lone["se"]) and np.isnan(lone["high"])
    doubled = mean_by(frame, frame["points"] * 2, "table")
    assert list(doubled["estimate"]) == [10.0, 6.0]
