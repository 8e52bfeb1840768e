"""The Don and Solo Whist quantities of the notebook's figures, on hand-made tables: the
pitcher's share of a deal's points, the trumps it holds, each lead's gain over a baseline on
the same deals, and the declarer's shape (where its longest suit lies, its honours)."""

import numpy as np
import pandas as pd
import pytest

from analysis.games.don.summary import gains_over, pitcher_shares, trumps_held
from analysis.games.solowhist.summary import LONGEST, gain_by, made_by, made_in_groups, with_shape


def _partnership_deals(points: list[tuple[int, int]], trumps: list[int]) -> pd.DataFrame:
    """Deals with the pitcher in seat 0 or 1 in turn, team 0 and team 1 scoring `points`
    (card points, no bonus), and the pitcher holding `trumps`."""
    rows = len(points)
    return pd.DataFrame(
        {
            "pitcher": np.arange(rows) % 2,
            "phat_0": [a for a, _ in points],
            "phat_1": [b for _, b in points],
            "bonus_0": 0,
            "bonus_1": 0,
            "muck_0": 20,
            "muck_1": 20,
            "tricks_played": 9,
            "big_phat_team": -1,
            "big_phat_holder_team": -1,
            "pitcher_trumps": trumps,
        }
    )


def test_the_pitchers_share_is_its_sides_points_over_the_deals():
    deals = _partnership_deals([(30, 10), (30, 10), (0, 0)], [4, 3, 2])
    sides = pitcher_shares({"don": deals})
    # deal 0: pitcher team 0 takes 30 of 40; deal 1: pitcher team 1 takes 10 of 40
    assert sides["pitcher_share"].iloc[:2].tolist() == [0.75, 0.25]
    assert sides["pitcher_margin"].iloc[:2].tolist() == [20, -20]
    assert np.isnan(sides["pitcher_share"].iloc[2])  # nobody scored: no share
    assert (sides["game"] == "don").all()


def test_trumps_held_is_each_counts_share_of_the_games_deals():
    don = _partnership_deals([(1, 1)] * 4, [3, 3, 3, 5])
    phat = _partnership_deals([(1, 1)] * 2, [5, 6])
    table = trumps_held(pitcher_shares({"don": don, "phat": phat}))
    assert table.loc[("don", 3), "estimate"] == 0.75
    assert table.loc[("don", 5), ["successes", "n"]].tolist() == [1, 4]
    assert table.loc[("phat", 6), "estimate"] == 0.5
    assert table.groupby(level="game")["estimate"].sum().tolist() == [1.0, 1.0]
    assert (table["low"] <= table["estimate"]).all() and (table["estimate"] <= table["high"]).all()


def test_gains_over_a_baseline_are_paired_deal_by_deal():
    rng = np.random.default_rng(1)
    base = rng.normal(0, 50, 400)  # large deal-to-deal spread, shared by every lead
    trials = {
        "don": pd.DataFrame(
            {
                "lead_phat": base,
                "lead_long": base + 1.0,
                "lead_high": base - 0.5 + rng.normal(0, 0.1, 400),
            }
        )
    }
    gains = gains_over(trials, "lead_phat")
    assert list(gains.index) == [("don", "lead_long"), ("don", "lead_high")]
    assert gains.loc[("don", "lead_long"), "difference"] == pytest.approx(1.0)
    high = gains.loc[("don", "lead_high")]
    assert high["low"] < -0.5 < high["high"]
    assert high["high"] - high["low"] < 0.05  # paired: the shared spread cancels
    assert (gains["n"] == 400).all()


def _whist_deals() -> pd.DataFrame:
    """Five played deals and a passed one (clubs turned: suit 0, card 5 = the 7 of clubs)."""
    rows = [
        # contract, trump, hand_trumps, hand_longest, honours, made, declarer's settlement
        (3, 0, 6, 6, 12, True, 18),  # solo, the longest suit is trumps
        (3, 0, 3, 6, 9, False, -15),  # solo, the longest suit is another
        (3, 0, 5, 5, 16, True, 15),  # solo, trumps tie for the longest suit
        (4, -1, -1, 5, 3, True, 30),  # misère: no trump
        (5, 2, 7, 7, 22, False, -45),  # abundance in hearts, not the turned suit
        (0, -1, -1, 0, 0, False, 0),  # passed out
    ]
    frame = pd.DataFrame(
        rows,
        columns=[
            "contract",
            "trump",
            "hand_trumps",
            "hand_longest",
            "hand_honour_points",
            "made",
            "gain",
        ],
    )
    frame["turned"] = 5
    frame["declarer"] = np.where(frame["contract"] > 0, 1, -1)
    for seat in range(4):
        frame[f"settlement_{seat}"] = frame["gain"] if seat == 1 else -frame["gain"] // 3
    return frame.drop(columns="gain")


def test_the_longest_suit_is_known_only_when_trump_is_the_turned_suit():
    played = with_shape(_whist_deals())
    assert len(played) == 5
    where = played["longest_suit"].tolist()
    assert where[:3] == [LONGEST[True], LONGEST[False], LONGEST[True]]
    assert pd.isna(where[3]) and pd.isna(where[4])
    assert played["honours"].astype(str).tolist() == ["10-12", "0-9", "16-18", "0-9", "19-40"]


def test_contracts_made_and_paid_by_the_longest_suit():
    deals = _whist_deals()
    made = made_by(deals, ["contract_name", "longest_suit"])
    assert made.loc[("solo", LONGEST[True]), ["n", "estimate"]].tolist() == [2, 1.0]
    assert made.loc[("solo", LONGEST[False]), "estimate"] == 0.0
    assert "misere" not in made.index.get_level_values(0)
    paid = gain_by(deals)
    assert paid.loc["solo", "estimate"] == pytest.approx((18 - 15 + 15) / 3)
    assert paid.loc["abundance", "estimate"] == -45


def test_made_in_groups_holds_each_deal_in_its_contracts_columns():
    deals = _whist_deals()
    groups = made_in_groups(deals)
    assert list(groups.index) == [0, 1, 2, 3, 4]  # the deals played, by their rows
    assert list(groups.columns) == [
        "solo",
        "misere",
        "abundance",
        f"solo, longest suit {LONGEST[True]}",
        f"solo, longest suit {LONGEST[False]}",
    ]
    assert groups["solo"].tolist()[:3] == [1.0, 0.0, 1.0] and groups["solo"].iloc[3:].isna().all()
    assert groups[f"solo, longest suit {LONGEST[True]}"].dropna().tolist() == [1.0, 1.0]
    # The column means are the rates of made_by, group by group.
    rates = made_by(deals, ["contract_name", "longest_suit"])["estimate"]
    assert groups[f"solo, longest suit {LONGEST[False]}"].mean() == rates[("solo", LONGEST[False])]
    assert groups["abundance"].mean() == made_by(deals).loc["abundance", "estimate"]
