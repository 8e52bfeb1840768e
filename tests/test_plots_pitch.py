"""Auction Pitch figures: each returns a Figure with one line, bar or panel per group it
was given."""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from analysis import plots


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _pitch_deals() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    rows = 240
    trumps = rng.integers(1, 4, rows)
    return pd.DataFrame(
        {
            "players": np.repeat([3, 4], rows // 2),
            "strategy": np.tile(["greedy", "random"], rows // 2),
            "contract": rng.integers(1, 5, rows),
            "made": rng.random(rows) < 0.6,
            "pitcher_side": np.zeros(rows, int),
            "won_0": rng.integers(0, 5, rows),
            "hand_trumps": trumps,
            "hand_high_trump": np.where(trumps > 1, 12, 9),
        }
    )


def test_bid_curves_draw_one_line_with_a_band_per_group():
    deals = _pitch_deals()
    figure = plots.bid_curves(deals, "players")
    (axis,) = figure.axes
    assert isinstance(figure, Figure)
    assert len(axis.lines) == 2 and len(axis.collections) == 2
    assert list(axis.lines[0].get_xdata()) == [1, 2, 3, 4]
    made = deals[deals["players"] == 3].groupby("contract")["made"].mean()
    assert np.allclose(axis.lines[0].get_ydata(), made)
    assert len(plots.bid_curves(deals, None).axes[0].lines) == 1


def test_made_heatmap_shows_the_grid_with_a_colour_bar():
    figure = plots.made_heatmap(_pitch_deals(), contract=None, min_n=1)
    axis, bar = figure.axes
    (image,) = axis.images
    assert image.get_array().shape == (3, 2)  # trumps 1..3 by highest trump 9 or A
    assert [label.get_text() for label in axis.get_xticklabels()] == ["J", "A"]
    assert len(axis.texts) == 3  # a rate in each hand that occurred (1: J; 2, 3: A)


def test_pitch_points_have_bars_per_bid_and_points_won():
    pitch_figure = plots.pitch_points(_pitch_deals(), "contract")
    (axis,) = pitch_figure.axes
    assert len(axis.patches) == 4 * 5  # four bids by 0..4 points
