"""Phat figures: each draws the quantity its title asks about, from the tables of
`analysis.games.phat.summary`, one series per group in house order."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.container import ErrorbarContainer

from analysis import plots
from analysis.games.phat import summary as phat
from analysis.plots import style
from tests.figures_phat import game_deals, phat_deals


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _points(axis) -> list[tuple[str, np.ndarray]]:
    """(series, x values) of each errorbar series of a horizontal chart."""
    return [
        (style.tagged(c.lines[0].get_gid())[1], c.lines[0].get_xdata())
        for c in axis.containers
        if isinstance(c, ErrorbarContainer)
    ]


def _steps(axis) -> dict[str, np.ndarray]:
    """The bar heights of each step histogram, by series name."""
    heights = {}
    for patch in axis.patches:
        found = style.tagged(patch.get_gid())
        if found:
            # A step outline visits each bar's top twice: its left and right corners.
            heights[found[1]] = patch.get_path().vertices[1:-1:2, 1]
    return heights


def test_points_show_the_pitchers_margin_and_its_mean():
    deals = phat_deals()
    figure = plots.phat_points(deals)
    left, right = figure.axes
    shares = _steps(left)
    assert list(shares) == ["greedy", "greedy+lead_phat", "random"]  # the house order
    assert all(np.isclose(share.sum(), 100) for share in shares.values())
    means = phat.side_points(deals, "strategy").xs("difference", level="side")["estimate"]
    for name, x in _points(right):
        assert x[0] == pytest.approx(means[name])


def test_muck_margin_bar_at_zero_is_the_tie_rate():
    deals = phat_deals()
    figure = plots.phat_muck_margin(deals)
    left, right = figure.axes
    ties = phat.muck_ties(deals, "strategy")["estimate"] * 100
    for name, heights in _steps(left).items():
        assert heights[40] == pytest.approx(ties[name])  # bins from -80: the 41st is 0
    assert {name: x[0] for name, x in _points(right)} == pytest.approx(ties.to_dict())


def test_capture_draws_each_rate_given_who_was_dealt_the_card():
    deals = phat_deals()
    figure = plots.phat_capture(deals, card="big")
    (axis,) = figure.axes
    table = phat.capture_given_dealt(deals, "strategy")
    drawn = _points(axis)
    assert [name for name, _ in drawn] == ["greedy", "greedy+lead_phat", "random"]
    for name, x in drawn:
        assert np.allclose(x, table.loc[name, "estimate"] * 100)
    assert "n = " in axis.get_yticklabels()[0].get_text()


def test_capture_sources_draw_the_difference_and_its_two_parts():
    deals = phat_deals()
    figure = plots.phat_capture_sources(deals)
    table = phat.capture_sources(deals)
    quantities = ["kept by the team dealt it", "taken by the pitcher's side"]
    for axis, quantity in zip(figure.axes, quantities, strict=True):
        assert axis.get_title() == quantity
        drawn = _points(axis)
        assert [name for name, _ in drawn] == ["greedy+lead_phat", "random"]
        for name, x in drawn:
            expected = table.loc[(name, quantity), "estimate"].reindex(phat.SOURCES) * 100
            assert np.allclose(x, expected)


def test_carry_over_leaves_out_thin_cells_and_says_so():
    games = game_deals(games=60)
    figure = plots.phat_carry_over(games)
    rates = phat.carry_over(games, "target").query("is_rate")
    bonuses = phat.bonus_sizes(games, "target").groupby(level="target")["deals"].sum()
    counts = [*rates["n"], *bonuses]  # five rates per target and the carried share of bonuses
    assert min(counts) < style.MIN_COUNT  # few carried bonuses in 60 games
    drawn = sum(len(x) for axis in figure.axes for _, x in _points(axis))
    assert drawn == sum(n >= style.MIN_COUNT for n in counts)
    assert "fewer than" in figure._supxlabel.get_text()


def test_partnership_overview_draws_a_game_where_the_card_was_never_played():
    deals = phat_deals(1, tricks=9).iloc[:1].assign(big_phat_team=-1)
    figure = plots.partnership_overview(deals, "Nine-card Don", 9, "9 of trumps", "points")
    assert all(len(x) == 0 for _, x in _points(figure.axes[1]))
