"""Figures: each returns a Figure with one line, bar or panel per group it was given."""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.container import BarContainer
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


def _phat_deals() -> pd.DataFrame:
    rng = np.random.default_rng(6)
    rows = 200
    phat_0 = rng.integers(0, 81, rows)
    return pd.DataFrame(
        {
            "strategy": np.repeat(["greedy", "greedy+lead_high"], rows // 2),
            "pitcher": rng.integers(0, 4, rows),
            "phat_0": phat_0,
            "phat_1": 80 - phat_0,
            "bonus_0": np.where(phat_0 > 40, 8, 0),
            "bonus_1": np.where(phat_0 <= 40, 8, 0),
            "muck_0": np.full(rows, 50),
            "muck_1": np.full(rows, 30),
            "tricks_played": np.full(rows, 13),
            "big_phat_holder_team": rng.integers(0, 2, rows),
            "big_phat_team": rng.integers(-1, 2, rows),
            "big_phat_holder": rng.integers(0, 4, rows),
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


def test_policy_comparison_draws_one_bar_per_policy_with_its_interval():
    table = pd.DataFrame(
        {"estimate": [0.7, 0.6, 0.65], "low": [0.68, 0.55, 0.6], "high": [0.72, 0.64, 0.7]},
        index=["lead_phat", "lead_high", "lead_long"],
    )
    figure = plots.policy_comparison(table, "Big Phat to the pitcher's side")
    (axis,) = figure.axes
    assert [bar.get_width() for bar in axis.patches] == [0.7, 0.6, 0.65]
    assert [label.get_text() for label in axis.get_yticklabels()] == list(table.index)
    assert axis.get_xlabel() == "Big Phat to the pitcher's side"


def test_points_distributions_have_a_panel_or_bars_per_group():
    figure = plots.phat_points(_phat_deals(), "strategy")
    assert len(figure.axes) == 2
    assert all(len(axis.containers) == 2 for axis in figure.axes)  # two histograms each
    shares = [sum(bar.get_height() for bar in bars) for bars in figure.axes[0].containers]
    assert np.allclose(shares, 1)  # each a distribution over the deals
    assert len(plots.phat_points(_phat_deals()).axes) == 1
    pitch_figure = plots.pitch_points(_pitch_deals(), "contract")
    (axis,) = pitch_figure.axes
    assert len(axis.patches) == 4 * 5  # four bids by 0..4 points


def test_capture_bars_pair_kept_and_caught_per_group():
    deals = _phat_deals()
    figure = plots.capture_bars(deals, "strategy")
    (axis,) = figure.axes
    assert len(axis.patches) == 4
    kept, caught = [bars for bars in axis.containers if isinstance(bars, BarContainer)]
    played = deals[deals["big_phat_team"] >= 0]
    greedy = played[played["strategy"] == "greedy"]
    share = (greedy["big_phat_team"] == greedy["big_phat_holder_team"]).mean()
    assert np.isclose(kept.patches[0].get_height(), share)
    assert np.isclose(caught.patches[0].get_height(), 1 - share)
    assert len(plots.capture_bars(deals, None).axes[0].patches) == 2
