"""Auction Pitch quantities on hand-made deal tables whose answers can be counted by hand."""

import math

import numpy as np
import pandas as pd
import pytest

from analysis import pitch
from analysis.stats import wilson


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


def test_made_grid_is_the_share_made_by_trumps_and_highest_trump():
    deals = _deals()
    grid = pitch.made_grid(deals)
    assert list(grid.index) == [1, 2, 3] and list(grid.columns) == [9, 10, 12]
    assert grid.loc[2, 12] == 1.0 and grid.loc[2, 10] == 0.0 and grid.loc[1, 9] == 0.0
    assert np.isnan(grid.loc[3, 9])  # no such hand
    twos = pitch.made_grid(deals, contract=2)
    assert twos.loc[2, 12] == 1.0 and twos.loc[1, 9] == 0.0 and list(twos.columns) == [9, 12]
    sparse = pitch.made_grid(deals, min_n=2)
    assert sparse.loc[2, 12] == 1.0 and sparse.loc[1, 9] == 0.0 and np.isnan(sparse.loc[3, 12])


def test_won_shares_is_the_distribution_of_points_won_per_bid():
    shares = pitch.won_shares(_deals())
    assert list(shares.columns) == [0, 1, 2, 3, 4]
    assert shares.loc[2].tolist() == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3, 0])
    assert shares.loc[3].tolist() == pytest.approx([0, 0.5, 0, 0.5, 0])
    assert np.allclose(shares.sum(axis=1), 1)
