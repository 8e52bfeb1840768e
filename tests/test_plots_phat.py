"""Phat figures: each returns a Figure with one bar or panel per group it was given."""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.container import BarContainer

from analysis import plots


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


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


def test_points_distributions_have_a_panel_or_bars_per_group():
    figure = plots.phat_points(_phat_deals(), "strategy")
    assert len(figure.axes) == 2
    assert all(len(axis.containers) == 2 for axis in figure.axes)  # two histograms each
    shares = [sum(bar.get_height() for bar in bars) for bars in figure.axes[0].containers]
    assert np.allclose(shares, 1)  # each a distribution over the deals
    assert len(plots.phat_points(_phat_deals()).axes) == 1


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
