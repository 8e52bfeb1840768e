"""Auction Pitch figures: each draws what its tables say, one series per group it was
given, thin cells left out and impossible hands told apart from thin ones."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.figure import Figure

from analysis import plots
from analysis.plots import style
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from tests.figures_pitch import (
    breakdown,
    calls,
    example_calls,
    pitch_deals,
    pitcher_points,
    several_player_counts,
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _points(axis):
    """The (x, y) of each errorbar series of `axis`, by its label."""
    return {
        container.get_label(): np.column_stack(container.lines[0].get_data())
        for container in axis.containers
        if isinstance(container, ErrorbarContainer)
    }


def test_bid_curves_draw_one_series_per_player_count_at_its_rates():
    deals = several_player_counts()
    (axis,) = plots.bid_curves(deals).axes
    drawn = _points(axis)
    assert [label.split(" (")[0] for label in drawn] == ["3 players", "4 players", "5 players"]
    three = drawn[next(label for label in drawn if label.startswith("3 players"))]
    made = deals[deals["players"] == 3].groupby("contract")["made"].agg(["mean", "size"])
    made = made[made["size"] >= style.MIN_COUNT]
    assert np.allclose(three[:, 1], made["mean"])
    assert np.allclose(np.round(three[:, 0]), made.index)  # around each bid, offset


def test_made_heatmap_has_a_panel_per_bid_with_counts_and_grey_impossible_hands():
    deals = pitch_deals(4_000)
    figure = plots.made_heatmap(deals, bids=(1, 2))
    first, second, _ = figure.axes  # two panels and the colour bar
    assert first.get_title().startswith("bids of 1")
    rates, impossible = (image.get_array() for image in first.images)
    assert rates.shape == (6, 13)
    assert not np.ma.is_masked(impossible[2, 0]) and np.ma.is_masked(impossible[0, 0])
    ones = deals[deals["contract"] == 1]
    cell = ones[(ones["hand_trumps"] == 2) & (ones["hand_high_trump"] == 8)]
    shown = rates[1, 8]
    if len(cell) >= style.MIN_COUNT:
        assert np.isclose(shown, cell["made"].mean())
    else:
        assert np.ma.is_masked(shown) or np.isnan(shown)
    texts = [text.get_text() for text in first.texts]
    assert any(text.endswith(f"{len(cell):,}") for text in texts)


def test_pitch_points_draw_shares_that_sum_to_one_per_bid():
    (axis,) = plots.pitch_points(pitch_deals()).axes
    bars = [c for c in axis.containers if isinstance(c, BarContainer)]
    for container in bars:
        heights = [patch.get_height() for patch in container]
        assert len(heights) == 5 and np.isclose(sum(heights), 1)


def test_pitch_bids_leave_out_thin_cells():
    deals = pitch_deals(300)
    left, right = plots.pitch_bids(deals).axes
    counts = deals.groupby(["contract", "hand_trumps"]).size()
    drawn = sum(len(c) for c in right.containers if isinstance(c, BarContainer))
    assert drawn == (counts >= style.MIN_COUNT).sum()


def test_dealer_steal_draws_each_way_as_a_row_and_each_player_count_as_a_series():
    table = breakdown()
    left, right = plots.dealer_steal(table).axes
    steals = _points(left)
    assert [label for label in steals] == ["3 players", "4 players", "5 players"]
    assert [points[0, 0] for points in steals.values()] == [3, 4, 5]
    assert all(float(tick).is_integer() for tick in left.get_xticks())
    assert [label.get_text() for label in right.get_yticklabels()] == [
        "stole",
        "outbid",
        "forced",
        "defended",
    ]
    four = _points(right)["4 players"]  # x: the contribution, y: the way's row (offset)
    expected = table.xs(4, level="players").reindex(["stole", "outbid", "forced", "defended"])
    assert np.allclose(four[:, 0], expected["estimate"])
    assert np.allclose(np.round(four[:, 1]), [0, 1, 2, 3])


def test_example_hands_draw_a_panel_per_hand_auction_first():
    figure = plots.example_hands(example_calls())
    strong, weak = figure.axes
    assert strong.get_title() == "strong" and weak.get_title() == "weak"
    labels = list(_points(strong))
    assert labels[0].startswith("in the auction") and labels[1].startswith("always pitching")


def test_calls_by_strength_draw_each_bidder_per_position_calibrated_first():
    figure = plots.calls_by_strength(calls())
    assert len(figure.axes) == 4
    for axis in figure.axes:
        assert [label.split(" (")[0] for label in _points(axis)] == ["calibrated", "threshold"]


def test_stronger_pitcher_says_whose_seat_changes():
    figure = plots.stronger_pitcher(pitcher_points())
    assert isinstance(figure, Figure)
    legend = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    assert legend == ["the hand's seat plays greedy", "the hand's seat plays pimc"]


def test_a_run_too_small_for_any_cell_still_draws_its_figures():
    deals = run_frame(run(RunSpec("pitch", 1, 5)))  # every cell under style.MIN_COUNT
    for figure in (plots.pitch_bids(deals), plots.pitch_points(deals)):
        assert not any(axis.containers for axis in figure.axes)  # nothing drawn, no error
        assert "5 deals" in figure._supxlabel.get_text()
