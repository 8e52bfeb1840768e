"""The house style (`analysis.plots.style`), checked on every figure function of
`analysis.plots` and on the executed notebooks: each figure draws its series in their house
colours and order, every estimate with its interval and its own n shown, every value axis
with its unit, every axis of differences with its zero line, and no legend over an
estimate; in each notebook a colour stands for one series. Each function's example call
lives in a `figures_*.py` module here; a figure function without one fails the first test.
Each rule's checker is also shown to catch a figure (or a notebook) made to break it."""

import importlib
import json
import pkgutil
import re
from pathlib import Path

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.lines import Line2D

from analysis import plots
from analysis.plots import style

EXAMPLES = {}
for _found in pkgutil.iter_modules([str(Path(__file__).parent)]):
    if _found.name.startswith("figures_"):
        EXAMPLES.update(importlib.import_module(f"tests.{_found.name}").EXAMPLES)

ROOT = Path(__file__).resolve().parent.parent
EXECUTED = ROOT / "results" / "notebooks"  # the notebooks as `make notebooks` executes them

# A value axis says what its numbers count in one of these words (or a unit of its own in
# parentheses): points, shares, percentages, cards, ...
UNITS = ("%", "points", "share", "cards", "trumps", "players", "deals", "ms", "ratio", "bid")
# An axis whose label says one of these measures a difference, and is drawn against 0.
DIFFERENCE = re.compile(r"\bminus\b| - |\bdifference\b|\bchange\b")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _same(a, b) -> bool:
    return np.allclose(mcolors.to_rgb(a), mcolors.to_rgb(b))


def _neutral(colour) -> bool:
    """Grey, black or white: a reference line or a baseline's level, not a series."""
    red, green, blue = mcolors.to_rgb(colour)
    return np.isclose(red, green) and np.isclose(green, blue)


def _colour(artist):
    """The colour an artist is drawn in (a collection's first face), None if it has none."""
    if isinstance(artist, Line2D):
        return mcolors.to_rgb(artist.get_color())
    faces = np.atleast_2d(artist.get_facecolor())
    return faces[0][:3] if faces.size else None


def _series(axis):
    """Every drawn artist of `axis` that shows data: lines with markers, bars, bands."""
    lines = [line for line in axis.lines if line.get_marker() not in (None, "None", "")]
    caps = {
        id(cap) for c in axis.containers if isinstance(c, ErrorbarContainer) for cap in c.lines[1]
    }
    bars = [patch for c in axis.containers if isinstance(c, BarContainer) for patch in c]
    return [line for line in lines if id(line) not in caps], bars


def _words(figure) -> list[str]:
    """Every text of the figure: titles, caption, labels, ticks, legends, annotations."""
    words = [
        figure.get_suptitle(),
        getattr(figure, "_supxlabel", None) and figure._supxlabel.get_text() or "",
    ]
    words += [text.get_text() for text in figure.texts]
    for axis in figure.axes:
        words += [axis.get_title(), axis.get_xlabel(), axis.get_ylabel()]
        words += [label.get_text() for label in axis.get_xticklabels() + axis.get_yticklabels()]
        words += [text.get_text() for text in axis.texts]
        legend = axis.get_legend()
        if legend:
            words += [text.get_text() for text in legend.get_texts()]
            words.append(legend.get_title().get_text())
    for legend in figure.legends:
        words += [text.get_text() for text in legend.get_texts()]
    return words


def missing_counts(figure) -> list[str]:
    """The estimates drawn (tagged points, bars, bands) whose own n the figure does not
    show anywhere, or that carry no n at all."""
    problems = []
    words = " ".join(_words(figure))
    for axis in figure.axes:
        lines, bars = _series(axis)
        for artist in [*lines, *bars]:
            found = style.tagged(artist.get_gid())
            if found is None:
                continue
            counts = style.counts_of(artist)
            if counts is None:
                problems.append(f"{found}: an estimate drawn without its n")
                continue
            for n in counts:
                if style.count_text(n) not in words:
                    problems.append(f"{found}: n = {n:,} is not shown")
    return problems


def _numeric(labels) -> bool:
    """Whether visible tick labels are all numbers (a value axis), not names."""
    texts = [label.get_text() for label in labels if label.get_visible() and label.get_text()]
    pattern = re.compile(r"^[−\-+]?[\d.,]+(e[−\-+]?\d+)?%?$")
    return bool(texts) and all(pattern.match(text.split("\n")[0].strip()) for text in texts)


def _value_axes(axis):
    """(which, label) of each axis of `axis` whose visible ticks are numbers."""
    found = []
    for which, ticks, label in (
        ("x", axis.get_xticklabels(), axis.get_xlabel()),
        ("y", axis.get_yticklabels(), axis.get_ylabel()),
    ):
        if _numeric(ticks):
            found.append((which, label))
    return found


def axes_without_units(figure) -> list[str]:
    """The value axes (numbered ticks shown) of panels that draw data whose label names no
    unit."""
    figure.canvas.draw()
    problems = []
    for axis in figure.axes:
        lines, bars = _series(axis)
        colour_bar = axis.get_label() == "<colorbar>"
        if not (lines or bars or axis.images or colour_bar or axis.patches):
            continue
        for which, label in _value_axes(axis):
            if which == "y" and not label and _shares_y_with_a_labelled_panel(axis):
                continue
            if not any(unit in label for unit in UNITS) and not re.search(r"\(.+\)", label):
                problems.append(f"{axis.get_title() or 'a panel'}: {which} axis {label!r}")
    return problems


def _shares_y_with_a_labelled_panel(axis) -> bool:
    """A panel beside another whose y axis it shares (and whose label says the unit)."""
    shared = axis.get_shared_y_axes().get_siblings(axis)
    return any(other is not axis and other.get_ylabel() for other in shared)


def _zero_lines(axis, which: str) -> bool:
    """Whether `axis` draws a neutral reference line at 0 across the `which` value axis."""
    for line in axis.lines:
        if line.get_marker() not in (None, "None", "") or not _neutral(line.get_color()):
            continue
        data = np.asarray(line.get_xdata() if which == "x" else line.get_ydata(), float)
        if data.size and np.allclose(data, 0):
            return True
    return False


def difference_axes_without_zero(figure) -> list[str]:
    """The value axes that measure a difference (their label says minus, a - b,
    difference or change) and draw no zero line."""
    figure.canvas.draw()
    problems = []
    for axis in figure.axes:
        lines, bars = _series(axis)
        if not (lines or bars or axis.patches):
            continue
        for which, label in _value_axes(axis):
            if DIFFERENCE.search(label) and not _zero_lines(axis, which):
                problems.append(f"{axis.get_title() or 'a panel'}: {which} axis {label!r}")
    return problems


def legends_over_estimates(figure) -> list[str]:
    """The legends drawn over a point or an interval of an estimate."""
    figure.canvas.draw()
    problems = []
    for axis in figure.axes:
        legend = axis.get_legend()
        if legend is None:
            continue
        box = legend.get_window_extent().padded(-2)
        for container in (c for c in axis.containers if isinstance(c, ErrorbarContainer)):
            segments = [
                segment
                for bars in container.lines[2]
                for segment in bars.get_segments()
                if len(segment)
            ]
            points = np.column_stack(container.lines[0].get_data()).astype(float)
            shapes = [*segments, *(point[None, :] for point in points)]
            for shape in shapes:
                drawn = axis.transData.transform(np.asarray(shape, float))
                low, high = drawn.min(0), drawn.max(0)
                if (
                    low[0] <= box.x1
                    and high[0] >= box.x0
                    and low[1] <= box.y1
                    and high[1] >= box.y0
                ):
                    problems.append(f"{axis.get_title() or 'a panel'}: {container.get_label()}")
                    break
    return problems


def colour_clashes(series: list[dict]) -> list[str]:
    """In one notebook's figures (`style.series_of` of each): a colour standing for more
    than one series, or a series drawn in more than one colour."""
    by_colour: dict[str, set] = {}
    by_series: dict[tuple, set] = {}
    for drawn in series:
        key = (drawn["kind"], drawn["name"])
        by_colour.setdefault(drawn["colour"], set()).add(key)
        by_series.setdefault(key, set()).add(drawn["colour"])
    problems = [
        f"{colour} stands for {sorted(keys)}" for colour, keys in by_colour.items() if len(keys) > 1
    ]
    problems += [
        f"{key} is drawn in {sorted(colours)}"
        for key, colours in by_series.items()
        if len(colours) > 1
    ]
    return problems


def notebook_series(notebook: dict) -> list[dict]:
    """The series every figure of an executed notebook drew, as its outputs record them."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if "image/png" in output.get("data", {}):
                recorded = output.get("metadata", {}).get("allfours", {})
                assert "series" in recorded, "a figure shown without its series recorded"
                found += recorded["series"]
    return found


def test_every_figure_function_has_an_example():
    assert sorted(EXAMPLES) == sorted(plots.__all__)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_series_are_drawn_in_their_house_colour_and_order(name):
    figure = EXAMPLES[name]()
    for axis in figure.axes:
        lines, bars = _series(axis)
        ranks: dict[tuple[str, type], list[int]] = {}  # per kind and kind of artist
        for artist in [*lines, *bars, *axis.collections]:
            colour = _colour(artist)
            found = style.tagged(artist.get_gid())
            if found is None:
                if artist in axis.collections:
                    continue  # a colour bar's or a heat map's mesh, judged elsewhere
                assert colour is not None and _neutral(colour), f"{name}: an untagged series"
                continue
            kind, series = found
            assert _same(colour, style.colour(kind, series)), f"{name}: {kind} {series}"
            rank = list(style.SERIES[kind]).index(series)
            ranks.setdefault((kind, type(artist)), []).append(rank)
        for (kind, _), seen in ranks.items():
            assert seen == sorted(seen), f"{name}: {kind} series out of the house order"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_estimate_has_its_interval_and_its_own_count(name):
    figure = EXAMPLES[name]()
    for axis in figure.axes:
        lines, bars = _series(axis)
        with_errors = {
            id(c.lines[0])
            for c in axis.containers
            if isinstance(c, ErrorbarContainer) and (c.has_xerr or c.has_yerr)
        }
        bands = {c.get_gid() for c in axis.collections if c.get_gid()}
        for line in lines:
            if style.tagged(line.get_gid()) is None:
                continue  # a neutral reference (checked above)
            assert id(line) in with_errors or line.get_gid() in bands, f"{name}: no interval"
        for container in (c for c in axis.containers if isinstance(c, BarContainer)):
            assert container.errorbar is not None, f"{name}: bars without intervals"
    assert not missing_counts(figure), f"{name}: {missing_counts(figure)}"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_value_axis_says_its_unit(name):
    figure = EXAMPLES[name]()
    assert not axes_without_units(figure), f"{name}: {axes_without_units(figure)}"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_axis_of_differences_has_its_zero_line(name):
    figure = EXAMPLES[name]()
    problems = difference_axes_without_zero(figure)
    assert not problems, f"{name}: {problems}"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_no_legend_covers_an_estimate(name):
    figure = EXAMPLES[name]()
    assert not legends_over_estimates(figure), f"{name}: {legends_over_estimates(figure)}"


def _executed() -> list[Path]:
    return sorted(EXECUTED.glob("*.ipynb"))


@pytest.mark.parametrize("path", _executed(), ids=lambda path: path.stem)
def test_a_colour_stands_for_one_series_in_each_executed_notebook(path):
    series = notebook_series(json.loads(path.read_text()))
    assert series, f"{path.name}: no figure recorded its series"
    assert not colour_clashes(series), f"{path.name}: {colour_clashes(series)}"


# The checkers catch what they are for: each is shown a figure or notebook made to break
# its rule.


def _rates_by_group() -> pd.DataFrame:
    return pd.DataFrame(
        {"estimate": [0.8, 0.7], "low": [0.75, 0.64], "high": [0.85, 0.76], "n": [1234, 567]},
        index=[1, 2],
    )


def test_the_count_check_catches_a_series_that_says_only_its_total():
    figure, axis = plt.subplots()
    table = _rates_by_group()
    style.estimates(axis, table.index.to_numpy(), table, "players", 3, text="3 (n = 9,999)")
    axis.legend()
    assert len(missing_counts(figure)) == 2  # neither 1,234 nor 567 is shown
    style.label_counts(axis, table.index.to_numpy(), table["low"], table["n"])
    assert not missing_counts(figure)


def test_the_count_check_catches_an_estimate_drawn_without_its_n():
    figure, axis = plt.subplots()
    table = _rates_by_group().drop(columns="n")
    style.estimates(axis, table.index.to_numpy(), table, "players", 3)
    assert missing_counts(figure) == ["('players', 3): an estimate drawn without its n"]


def test_the_unit_check_catches_a_change_axis_without_its_unit():
    figure, axis = plt.subplots()
    table = _rates_by_group()
    style.estimates(axis, np.arange(2), table, "player", "greedy", horizontal=True)
    axis.set_yticks([0, 1], ["bid 1 (n = 1,234)", "bid 2 (n = 567)"])
    axis.set_xlabel("guided_ismcts minus greedy")
    assert axes_without_units(figure) == ["a panel: x axis 'guided_ismcts minus greedy'"]
    axis.set_xlabel("guided_ismcts minus greedy, points per deal")
    assert not axes_without_units(figure)


def test_the_zero_line_check_catches_a_difference_drawn_without_its_zero():
    figure, axis = plt.subplots()
    table = pd.DataFrame(
        {"estimate": [0.1, -0.2], "low": [0.05, -0.3], "high": [0.15, -0.1], "n": [40, 50]}
    )
    style.estimates(axis, np.arange(2), table, "lead", "lead_phat", horizontal=True)
    axis.set_yticks([0, 1], ["a", "b"])
    axis.set_xlabel("points per deal, a - b")
    assert len(difference_axes_without_zero(figure)) == 1
    style.zero_line(axis, horizontal=True)
    assert not difference_axes_without_zero(figure)


def test_the_legend_check_catches_a_legend_over_an_interval():
    figure, axis = plt.subplots(figsize=(5, 3))
    table = pd.DataFrame({"estimate": [0.5], "low": [0.1], "high": [0.9], "n": [100]})
    style.estimates(axis, np.array([0.0]), table, "player", "greedy", horizontal=True)
    axis.set_ylim(-1, 1)
    axis.set_xlim(0, 1)
    axis.legend(loc="center")  # right over the point
    assert legends_over_estimates(figure)
    axis.legend(loc="lower left", bbox_to_anchor=(0, 1.0))  # above the panel
    assert not legends_over_estimates(figure)


def test_the_colour_check_catches_one_colour_for_two_series_in_a_notebook():
    def shown(*series):
        figure, axis = plt.subplots()
        for k, (kind, name) in enumerate(series):
            table = _rates_by_group()
            style.estimates(axis, table.index.to_numpy() + k / 10, table, kind, name)
        output = {"data": {"image/png": ""}, "metadata": {"allfours": {}}}
        output["metadata"]["allfours"]["series"] = style.series_of(figure)
        return {"cell_type": "code", "outputs": [output]}

    fine = {
        "cells": [shown(("player", "greedy"), ("player", "pimc")), shown(("lead", "lead_phat"))]
    }
    assert not colour_clashes(notebook_series(fine))
    # greedy (a player) and lead_long were both blue in one notebook before the house
    # style kept apart the kinds a notebook draws: one colour for two series.
    blue = mcolors.to_hex(style.colour("player", "greedy"))
    clash = {"cells": [shown(("player", "greedy")), shown(("lead", "lead_phat"))]}
    clash["cells"][1]["outputs"][0]["metadata"]["allfours"]["series"][0]["colour"] = blue
    assert colour_clashes(notebook_series(clash)) == [
        f"{blue} stands for [('lead', 'lead_phat'), ('player', 'greedy')]"
    ]
    # One series in two colours is caught too.
    twice = {"cells": [shown(("player", "greedy")), shown(("player", "greedy"))]}
    twice["cells"][1]["outputs"][0]["metadata"]["allfours"]["series"][0]["colour"] = "#000001"
    assert colour_clashes(notebook_series(twice))[-1].startswith("('player', 'greedy') is drawn")
