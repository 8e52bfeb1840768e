"""Phat quantities on hand-made deal tables whose answers can be counted by hand."""

import math

import numpy as np
import pandas as pd
import pytest

from analysis.games.phat import summary as phat
from analysis.stats import mean, wilson


def _deals() -> pd.DataFrame:
    """Five independent deals of two strategies; the last one cut short by a game's end."""
    return pd.DataFrame(
        {
            "strategy": ["greedy", "greedy", "greedy", "lead_high", "lead_high"],
            "pitcher": [0, 1, 2, 3, 0],
            "phat_0": [50, 30, 60, 40, 10],
            "phat_1": [30, 50, 20, 40, 20],
            "bonus_0": [8, 0, 8, 0, 0],
            "bonus_1": [0, 8, 0, 0, 0],
            "muck_0": [50, 30, 41, 40, 20],
            "muck_1": [30, 50, 39, 40, 20],
            "tricks_played": [13, 13, 13, 13, 6],
            "big_phat_holder_team": [0, 0, 1, 1, 0],
            "big_phat_team": [0, 1, 1, -1, 0],
            "little_phat_holder_team": [1, 1, 0, 0, 1],
            "little_phat_team": [0, 1, 0, 1, -1],
        }
    )


def test_capture_of_the_big_and_little_phat_seen_from_the_holder_and_the_pitcher():
    deals = _deals()
    kept = phat.capture(deals, "strategy")
    # Big Phat played in deals 0, 1, 2 (greedy: kept, caught, kept) and 4 (lead_high: kept).
    assert list(kept["n"]) == [3, 1] and list(kept["successes"]) == [2, 1]
    assert kept.loc["greedy", "low"] == wilson(2, 3).low
    to_pitcher = phat.capture(deals, seen_from="pitcher")
    # Pitching teams 0, 1, 0, -, 0 against captors 0, 1, 1, -, 0.
    assert to_pitcher.loc["all", "n"] == 4 and to_pitcher.loc["all", "successes"] == 3
    little = phat.capture(deals, "strategy", card="little")
    # Little Phat played in deals 0-3: caught, kept, kept | caught.
    assert list(little["n"]) == [3, 1] and list(little["successes"]) == [2, 0]
    little_to_pitcher = phat.capture(deals, card="little", seen_from="pitcher")
    assert little_to_pitcher.loc["all", "successes"] == 4  # deals 0-3: pitching teams 0 1 0 1
    with pytest.raises(ValueError):
        phat.capture(deals, card="jack")


def test_muck_ties_count_only_deals_played_to_the_end():
    ties = phat.muck_ties(_deals(), "strategy")
    assert list(ties["n"]) == [3, 1] and list(ties["successes"]) == [0, 1]
    assert phat.muck_ties(_deals()).loc["all", "estimate"] == 0.25


def test_deal_events_are_the_deals_the_capture_and_tie_rates_count():
    deals = _deals()
    events = phat.deal_events(deals)
    # Big Phat: captor 0 1 1 -1 0, dealt to 0 0 1 1 0, pitcher's side 0 1 0 1 0
    assert events["Big Phat kept by the team dealt it"].tolist()[:3] == [1, 0, 1]
    assert events["Big Phat taken by the pitcher's side"].tolist()[:3] == [1, 1, 0]
    assert math.isnan(events["Big Phat kept by the team dealt it"][3])  # not played
    assert events["muck tie 40-40"].tolist()[:4] == [0, 0, 0, 1]
    assert math.isnan(events["muck tie 40-40"][4])  # cut short
    rates = {
        "Little Phat taken by the pitcher's side": phat.capture(
            deals, card="little", seen_from="pitcher"
        ),
        "muck tie 40-40": phat.muck_ties(deals),
    }
    for column, rate in rates.items():
        assert events[column].mean() == rate["estimate"].iloc[0]


def test_side_points_compare_the_pitchers_side_with_the_defenders_deal_by_deal():
    table = phat.side_points(_deals(), "strategy")
    assert table.index.names == ["strategy", "side"]
    assert list(table.loc["greedy"].index) == ["pitcher's side", "defenders", "difference"]
    greedy = table.loc["greedy"]
    # Greedy deals from the pitcher's side: 58-30, 58-30, 68-20.
    assert greedy.loc["pitcher's side", "estimate"] == pytest.approx(184 / 3)
    assert greedy.loc["defenders", "estimate"] == pytest.approx(80 / 3)
    difference = mean(np.array([28.0, 28.0, 48.0]))
    assert greedy.loc["difference", "se"] == pytest.approx(difference.se)
    # lead_high: the cut-short deal is left out, so one deal of 40-40 remains.
    assert table.loc[("lead_high", "difference"), "n"] == 1
    assert table.loc[("lead_high", "difference"), "estimate"] == 0
    assert not table["is_rate"].any()
    overall = phat.side_points(_deals())
    assert list(overall.index) == ["pitcher's side", "defenders", "difference"]
    assert overall.loc["defenders", "n"] == 4


def _games() -> pd.DataFrame:
    """Three games of two runs, rows shuffled; run 1 numbers its game 0 too.

    run 0, game 0: bonus 8 to team 0; tie; carried bonus 16 to team 1; team 1 wins in play.
    run 0, game 1: bonus 8 to team 1; tie; tie; team 0 wins in play, the 16 carried lost.
    run 1, game 0: bonus 8 to team 0; team 0 wins in play.
    """
    rows = [
        # run, game, deal, carry_in, bonus_0, bonus_1, winner
        (0, 0, 0, 0, 8, 0, -1),
        (0, 0, 1, 0, 0, 0, -1),
        (0, 0, 2, 8, 0, 16, -1),
        (0, 0, 3, 0, 0, 0, 1),
        (0, 1, 0, 0, 0, 8, -1),
        (0, 1, 1, 0, 0, 0, -1),
        (0, 1, 2, 8, 0, 0, -1),
        (0, 1, 3, 16, 0, 0, 0),
        (1, 0, 0, 0, 8, 0, -1),
        (1, 0, 1, 0, 0, 0, 0),
    ]
    columns = ["run", "game", "deal", "carry_in", "bonus_0", "bonus_1", "winner"]
    frame = pd.DataFrame(rows, columns=columns)
    frame["strategy"] = np.where(frame["run"] == 0, "greedy", "random")
    return frame.sample(frac=1, random_state=3)


def test_carry_over_measures_counted_by_hand():
    table = phat.carry_over(_games())
    assert list(table.index) == [
        "deals played with a carry-over",
        "carry-over in such a deal (points)",
        "carry-overs lost at the game's end",
        "games ending with a carry-over lost",
        "carried bonus: its team wins the game",
        "plain bonus: its team wins the game",
    ]
    expected = {
        "deals played with a carry-over": (3, 10),
        "carry-overs lost at the game's end": (1, 2),  # two runs of ties, one lost
        "games ending with a carry-over lost": (1, 3),
        "carried bonus: its team wins the game": (1, 1),
        "plain bonus: its team wins the game": (1, 3),  # lost, lost, won
    }
    for quantity, (hits, n) in expected.items():
        assert table.loc[quantity, "n"] == n, quantity
        assert table.loc[quantity, "estimate"] == pytest.approx(hits / n), quantity
        assert table.loc[quantity, "is_rate"]
    carried = table.loc["carry-over in such a deal (points)"]
    assert carried["n"] == 3 and carried["estimate"] == pytest.approx(32 / 3)
    assert not carried["is_rate"]


def test_carry_over_by_strategy_keeps_the_runs_games_apart():
    table = phat.carry_over(_games(), "strategy")
    random = table.loc["random"]
    # Merged with run 0's game 0 the random run would show a carry-over; alone it has none.
    assert random.loc["deals played with a carry-over", "n"] == 2
    assert random.loc["deals played with a carry-over", "estimate"] == 0
    assert random.loc["plain bonus: its team wins the game", "estimate"] == 1
    assert "carried bonus: its team wins the game" not in random.index
    assert table.loc[("greedy", "games ending with a carry-over lost"), "n"] == 2
    with pytest.raises(ValueError, match="--games"):
        phat.carry_over(_deals().assign(game=-1, deal=0, carry_in=0, winner=-1))


def test_bonus_sizes_share_the_scored_bonuses():
    sizes = phat.bonus_sizes(_games())
    assert list(sizes.index) == [8, 16] and list(sizes["deals"]) == [3, 1]
    assert list(sizes["share"]) == [0.75, 0.25]
    by_strategy = phat.bonus_sizes(_games(), "strategy")
    assert by_strategy.loc[("greedy", 8), "deals"] == 2
    assert math.isclose(by_strategy.loc[("greedy", 16), "share"], 1 / 3)
    assert by_strategy.loc[("random", 8), "share"] == 1.0


def test_capture_given_dealt_tells_the_deal_from_the_play():
    deals = _deals()
    table = phat.capture_given_dealt(deals, "strategy")
    assert list(table.loc["greedy"].index) == [
        "pitcher's side dealt it",
        "pitcher's side takes it, when dealt it",
        "pitcher's side takes it, when the defenders were",
        "pitcher's side takes it, all deals",
        "the team dealt it keeps it",
    ]
    greedy = table.loc["greedy"]
    # Greedy deals 0-2: pitching teams 0 1 0, dealt to 0 0 1, captors 0 1 1.
    hits = (greedy["estimate"] * greedy["n"]).round().astype(int).tolist()
    assert (greedy["n"].tolist(), hits) == ([3, 1, 2, 3, 3], [1, 1, 1, 2, 2])
    # lead_high: deal 3 unplayed; deal 4 pitched by team 0, dealt to it and kept.
    assert table.loc[("lead_high", "pitcher's side takes it, when dealt it"), "n"] == 1
    assert ("lead_high", "pitcher's side takes it, when the defenders were") not in table.index
    little = phat.capture_given_dealt(deals, card="little")
    # Little Phat played in deals 0-3: pitching 0 1 0 1, dealt to 1 1 0 0, captors 0 1 0 1.
    assert little.loc["pitcher's side dealt it", "estimate"] == 0.5
    assert little.loc["the team dealt it keeps it", "estimate"] == 0.5


def _paired_runs(rows: int = 4000) -> pd.DataFrame:
    """Two strategies on the same deals: the second deals the Big Phat to the pitcher's side
    more often and keeps it less often when it does."""
    rng = np.random.default_rng(11)
    frames = []
    for strategy, dealt_share, kept_share in (("greedy", 0.6, 0.9), ("other", 0.8, 0.7)):
        ours = rng.random(rows) < dealt_share
        holder = np.where(ours, 0, 1)
        kept = np.where(ours, rng.random(rows) < kept_share, rng.random(rows) < 0.65)
        frames.append(
            pd.DataFrame(
                {
                    "strategy": strategy,
                    "deal": np.arange(rows),
                    "pitcher": np.zeros(rows, int),
                    "big_phat_holder_team": holder,
                    "big_phat_team": np.where(kept, holder, 1 - holder),
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def test_capture_sources_split_the_difference_exactly_with_paired_intervals():
    deals = _paired_runs()
    table = phat.capture_sources(deals, "strategy", "greedy")
    assert "greedy" not in table.index.get_level_values("strategy")
    for quantity, seen in (
        ("kept by the team dealt it", "holder"),
        ("taken by the pitcher's side", "pitcher"),
    ):
        parts = table.loc[("other", quantity), "estimate"]
        rates = phat.capture(deals, "strategy", seen_from=seen)["estimate"]
        assert parts["difference"] == pytest.approx(rates["other"] - rates["greedy"])
        assert parts["difference"] == pytest.approx(
            parts["from who was dealt it"] + parts["from the play"]
        )
        # Every deal is played: the difference is a mean of per-deal differences, whose
        # paired standard error the delta method must give.
        team = "big_phat_holder_team" if seen == "holder" else "pitcher"
        events = {
            name: (part["big_phat_team"] == part[team] % 2).to_numpy(float)
            for name, part in deals.groupby("strategy")
        }
        paired = mean(events["other"] - events["greedy"])
        se = table.loc[("other", quantity, "difference"), "se"]
        assert se == pytest.approx(paired.se, rel=1e-3)
    dealt = table.loc[("other", "taken by the pitcher's side", "from who was dealt it")]
    assert dealt["low"] > 0  # dealt to the pitcher's side more often: a gain from the deal
    played = table.loc[("other", "kept by the team dealt it", "from the play")]
    assert played["high"] < 0  # kept less often when dealt it: a loss from the play
    with pytest.raises(ValueError, match="reference"):
        phat.capture_sources(deals, "strategy", "random")


def test_with_sides_measures_the_muck_from_the_pitchers_side():
    sides = phat.with_sides(_deals())
    # Pitching teams 0 1 0 1 0; mucks 50-30, 30-50, 41-39, 40-40, 20-20.
    assert sides["muck_margin"].tolist() == [20, 20, 2, 0, 0]
