"""The Ten-point summaries the findings notebook reads, on deals made up by hand: the
pitcher's side's share of each point, shooting the moon per attempt, bids made by bid."""

import numpy as np
import pandas as pd
import pytest

from analysis.games.tenpoint.summary import made_by_bid, moon_attempts, point_sides


def deals() -> pd.DataFrame:
    """Four deals of two sides: a 10 made by side 0, a 10 set for side 1, a 5 made by
    side 1 (Game tied), and a deal thrown in."""
    return pd.DataFrame(
        {
            "pitcher": [0, 1, 3, -1],
            "pitcher_side": [0, 1, 1, -1],
            "contract": [10, 10, 5, 0],
            "made": [True, False, True, False],
            "jack": [0, 0, 1, -1],
            "game_point": [0, 1, -1, -1],
            "delta_0": [10, 4, 0, 0],
            "delta_1": [0, -10, 6, 0],
        }
    )


def test_point_sides_counts_the_points_a_side_scored_from_the_pitchers_side():
    table = point_sides(deals(), ("jack", "game_point"))
    # The Jack: the pitcher's side took it in deals 1 and 3, the defenders in deal 2.
    assert table.loc["jack", "n"] == 3
    assert table.loc["jack", "estimate"] == pytest.approx(2 / 3)
    assert table.loc["jack", "nobody"] == 0
    # Game: tied in deal 3 (nobody), the pitcher's side's in deals 1 and 2.
    assert table.loc["game_point", "n"] == 2
    assert table.loc["game_point", "estimate"] == 1
    assert table.loc["game_point", "nobody"] == pytest.approx(1 / 3)


def test_moon_attempts_are_the_bids_of_ten_with_the_shooting_sides_score():
    row = moon_attempts(deals()).iloc[0]
    assert row["n"] == 2
    assert row["made"] == pytest.approx(0.5)
    assert row["made_low"] < 0.5 < row["made_high"]
    assert row["delta"] == pytest.approx(0.0)  # +10 made by side 0, -10 set for side 1
    assert row["delta_low"] < 0 < row["delta_high"]


def test_made_by_bid_puts_each_deal_in_the_column_of_its_bid():
    table = made_by_bid(deals(), [5, 10])
    assert table["bid 10"].tolist()[:2] == [1.0, 0.0]
    assert np.isnan(table["bid 10"].iloc[2]) and table["bid 5"].iloc[2] == 1.0
    assert np.isnan(table["bid 5"].iloc[3]) and np.isnan(table["bid 10"].iloc[3])
