"""The house style (`analysis.plots.style`), checked on every figure function of
`analysis.plots`: each draws its series in their house colours and order, every estimate
with its interval, and says n. Each function's example call lives in a `figures_*.py`
module here; a figure function without one fails the first test."""

import importlib
import pkgutil
from pathlib import Path

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.lines import Line2D

from analysis import plots
from analysis.plots import style

EXAMPLES = {}
for _found in pkgutil.iter_modules([str(Path(__file__).parent)]):
    if _found.name.startswith("figures_"):
        EXAMPLES.update(importlib.import_module(f"tests.{_found.name}").EXAMPLES)


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
def test_every_estimate_has_its_interval_and_its_count(name):
    figure = EXAMPLES[name]()
    words = [
        figure.get_suptitle(),
        getattr(figure, "_supxlabel", None) and figure._supxlabel.get_text() or "",
    ]
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
        texts = [axis.get_title(), axis.get_xlabel(), axis.get_ylabel()]
        texts += [label.get_text() for label in axis.get_xticklabels() + axis.get_yticklabels()]
        texts += [text.get_text() for text in axis.texts]
        legend = axis.get_legend()
        texts += [text.get_text() for text in legend.get_texts()] if legend else []
        words += texts
        if lines or bars or axis.images:
            assert any("n = " in text or "n=" in text for text in words), f"{name}: no n"
