"""Auction Pitch quantities on hand-made deal tables whose answers can be counted by hand."""

import math

import numpy as np
import pandas as pd
import pytest

from analysis.games.pitch import summary as pitch
from analysis.stats import wilson
from sims.run.queries import Recommendation


def _deals() -> pd.DataFrame:
    """Six deals, three at a 3-seat table and three at a 4-seat one (whose fourth side is
    left out until a test needs it): the pitcher's side, its bid and hand, and what every
    side won and scored."""
    return pd.DataFrame(
        {
            "players": [3, 3, 3, 4, 4, 4],
            "pitcher_side": [0, 1, 2, 2, 0, 1],
            "pitcher_position": [1, 2, 3, 3, 1, 3],
            "contract": [2, 2, 3, 2, 3, 4],
            "made": [True, False, True, True, False, False],
            "won_0": [2, 1, 0, 1, 1, 2],
            "won_1": [1, 1, 1, 0, 2, 1],
            "won_2": [1, 2, 3, 3, 0, 1],
            "delta_0": [2, 1, 0, 1, -3, 2],
            "delta_1": [1, -2, 1, 0, 2, -4],
            "delta_2": [1, 2, 3, 3, 0, 1],
            "hand_trumps": [2, 1, 3, 2, 2, 1],
            "hand_high_trump": [12, 9, 12, 12, 10, 9],
            "hand_jack": [False, True, True, False, False, True],
        }
    )


def test_the_pitcher_sides_columns_are_picked_by_pitcher_side():
    deals = _deals()
    assert list(pitch.pitcher_won(deals)) == [2, 1, 3, 3, 1, 1]
    assert list(pitch.pitcher_delta(deals)) == [2, -2, 3, 3, -3, -4]
    assert list(pitch.pitcher_side_values(deals, "won").index) == list(deals.index)


def test_a_side_column_with_gaps_is_read_only_where_it_is_the_pitchers():
    deals = _deals()
    deals["delta_3"] = pd.array([pd.NA, pd.NA, pd.NA, 4, -1, 1], dtype="Int8")
    deals.loc[5, "pitcher_side"] = 3
    assert list(pitch.pitcher_delta(deals)) == [2, -2, 3, 3, -3, 1]


def test_bid_success_by_players_seat_and_hand_features():
    deals = _deals()
    by_players = pitch.bid_success(deals, "players")
    assert list(by_players["n"]) == [3, 3] and list(by_players["made"]) == [2, 1]
    assert math.isclose(by_players.loc[3, "rate"], 2 / 3)
    assert by_players.loc[4, "low"] == wilson(1, 3).low
    seats = pitch.bid_success(deals, "pitcher_position")
    assert list(seats.index) == [1, 2, 3] and list(seats["made"]) == [1, 0, 2]
    jack = pitch.bid_success(deals, ["players", "hand_jack"])
    assert jack.loc[(3, True), "n"] == 2 and jack.loc[(3, True), "made"] == 1
    assert jack.loc[(4, False), "made"] == 1 and jack.loc[(4, False), "n"] == 2


def test_score_change_is_the_mean_of_the_pitchers_delta_per_bid():
    table = pitch.score_change(_deals())
    assert list(table.index) == [2, 3, 4] and list(table["n"]) == [3, 2, 1]
    assert math.isclose(table.loc[2, "estimate"], (2 - 2 + 3) / 3)
    assert table.loc[3, "estimate"] == 0.0
    assert math.isclose(table.loc[3, "se"], np.std([3, -3], ddof=1) / math.sqrt(2))
    by_players = pitch.score_change(_deals(), ["players", "contract"])
    assert by_players.loc[(4, 2), "estimate"] == 3.0


def _four_seats() -> pd.DataFrame:
    """Four deals at a 4-seat table: the calls in auction order (call_0 from the dealer's
    left), who pitched from which position, whether the dealer stole, and every seat's
    score change."""
    return pd.DataFrame(
        {
            "dealer": [0, 1, 2, 3],
            "call_0": [2, 0, 0, 3],
            "call_1": [0, 0, 1, 0],
            "call_2": [0, 0, 0, 0],
            "call_3": [2, 2, 3, 0],
            "pitcher_position": [4, 4, 4, 1],
            "stolen": [True, False, False, False],
            "delta_0": [-1, 0, 1, 3],
            "delta_1": [2, 3, 0, 0],
            "delta_2": [0, 1, 0, 0],
            "delta_3": [0, 0, 3, 1],
        }
    )


def test_seat_scores_turn_the_table_so_that_the_last_position_is_the_dealer():
    scores = pitch.seat_scores(_four_seats())
    assert list(scores.columns) == [1, 2, 3, 4]
    assert list(scores[4]) == [-1, 3, 0, 1]  # delta of seat `dealer`
    assert list(scores[1]) == [2, 1, 3, 3]  # the dealer's left


def test_the_dealers_edge_is_its_score_minus_the_other_seats_mean_deal_by_deal():
    deals = _four_seats()
    edges = pitch.dealer_edges(deals)
    assert edges.tolist() == pytest.approx([-1 - 2 / 3, 3 - 1 / 3, 0 - 4 / 3, 1 - 1])
    assert pitch.dealer_edge(deals).value == pytest.approx(edges.mean())


def test_dealer_ways_name_how_the_dealer_came_to_play_each_deal():
    ways = pitch.dealer_ways(_four_seats())
    assert list(ways["how"]) == ["stole", "forced", "outbid", "defended"]
    assert list(ways["dealer_delta"]) == [-1, 3, 0, 1]


def test_the_ways_contributions_sum_to_the_dealers_mean_score():
    ways = pitch.dealer_ways(_four_seats()).assign(players=4)
    table = pitch.dealer_breakdown(ways).xs(4, level="players")
    assert set(table.index) == set(pitch.DEALER_WAYS)
    assert table["estimate"].sum() == pytest.approx(ways["dealer_delta"].mean())
    assert table.loc["forced", "estimate"] == pytest.approx(3 / 4)
    assert table.loc["stole", "share"] == pytest.approx(1 / 4) and (table["n"] == 4).all()
    assert table["share"].sum() == pytest.approx(1)


def test_made_by_bid_puts_each_deal_in_the_column_of_its_bid():
    made = pitch.made_by_bid(_deals())
    assert list(made.columns) == ["bid 1", "bid 2", "bid 3", "bid 4"]
    assert made["bid 1"].isna().all()
    assert made["bid 2"].iloc[[0, 1, 3]].tolist() == [1.0, 0.0, 1.0]
    assert made["bid 3"].iloc[[2, 4]].tolist() == [1.0, 0.0] and made["bid 4"][5] == 0.0
    assert made.notna().sum(axis=1).eq(1).all()


def test_made_cells_count_the_bids_of_one_contract_by_hand():
    cells = pitch.made_cells(_deals(), 2)
    assert cells.loc[(2, 12), "n"] == 2 and cells.loc[(2, 12), "estimate"] == 1.0
    assert cells.loc[(1, 9), "estimate"] == 0.0 and len(cells) == 2


def test_a_hand_holds_no_more_trumps_than_ranks_up_to_its_highest():
    assert pitch.possible_hand(1, 0) and pitch.possible_hand(3, 2)
    assert not pitch.possible_hand(3, 1) and not pitch.possible_hand(7, 12)
    assert not pitch.possible_hand(0, 12)


def test_won_rates_are_the_share_of_each_points_count_at_each_bid():
    deals = _deals()
    rates = pitch.won_rates(deals)
    shares = pd.crosstab(deals["contract"], pitch.pitcher_won(deals), normalize="index")
    for (contract, points), row in rates.iterrows():
        expected = shares.loc[contract, points] if points in shares.columns else 0.0
        assert row["estimate"] == pytest.approx(expected)
        assert row["low"] <= row["estimate"] <= row["high"]
    assert rates.loc[(2, 0), "n"] == 3
    # By hand: the bids of 2 won 1, 2 and 3 points; the bids of 3, 1 and 3.
    assert rates.loc[2, "estimate"].tolist() == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3, 0])
    assert rates.loc[3, "estimate"].tolist() == pytest.approx([0, 0.5, 0, 0.5, 0])


def test_example_calls_put_the_auction_and_the_always_pitching_values_side_by_side():
    odds = pd.concat(
        {
            suit: pd.DataFrame(
                {"estimate": [1.5, 0.9, -0.2, -1.0, -2.0], "low": 0.0, "high": 0.0, "n": 50},
                index=["E[points won]", *(f"E[score change | bid {k}]" for k in (1, 2, 3, 4))],
            ).assign(estimate=lambda t, s=shift: t["estimate"] + s)
            for suit, shift in (("H", 0.0), ("S", 0.5))
        },
        names=["trump", "quantity"],
    )
    advice = pd.DataFrame(
        {
            "E[score change]": [0.4, 0.1],
            "E[score change] low": [0.3, 0.0],
            "E[score change] high": [0.5, 0.2],
            "deals": 40,
        },
        index=pd.Index(["bid 1", "pass"], name="call"),
    )
    advice.attrs["recommendation"] = Recommendation("H", 1, 0.4)
    table = pitch.example_calls({"hand": odds}, {"hand": advice})
    auction = table[table["kind"] == "in the auction"]
    assert auction["call"].tolist() == [1, 0] and auction["n"].tolist() == [40, 40]
    pitching = table[table["kind"] == "always pitching"].set_index("call")["estimate"]
    assert pitching.tolist() == pytest.approx([0.9, -0.2, -1.0, -2.0])  # hearts, as advised
    advice.attrs["recommendation"] = Recommendation("", 0, 0.1)  # a pass: the best suit, S
    table = pitch.example_calls({"hand": odds}, {"hand": advice})
    assert table.loc[table["kind"] == "always pitching", "estimate"].iloc[0] == pytest.approx(1.4)


def test_pitcher_outcomes_are_the_same_deals_for_the_same_seed():
    hand = "AH KH JH 2H 7C 9D"
    one = pitch.pitcher_outcomes(hand, trump="H", pitcher="greedy", deals=200, seed=3)
    again = pitch.pitcher_outcomes(hand, trump="H", pitcher="greedy", deals=200, seed=3)
    assert one.equals(again) and len(one) == 200
    assert one["points won"].between(0, 4).all()
    set_back = one["points won"] < 3
    assert (one.loc[set_back, "score change, bid 3"] == -3).all()
    assert (one.loc[~set_back, "score change, bid 3"] == one.loc[~set_back, "points won"]).all()
