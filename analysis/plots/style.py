"""The house style of every figure: one colour and one place in the order for each series
of a kind (game, target, lead, player, bidder, ...), counts on integer ticks, n and a 95%
interval on every estimate drawn, and estimates over fewer than `MIN_COUNT` cases left out
with the rule said in the caption. Importing `analysis.plots` applies it (`use`)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import Any

import matplotlib as mpl
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from analysis import games
from analysis.palette import (
    BLUE,
    BROWN,
    GREEN,
    GREY,
    ORANGE,
    PURPLE,
    SKY,
    VERMILION,
    YELLOW,
    ranked,
)

__all__: list[str] = []  # helpers for the figure functions, not figures: `style.colour`

MIN_COUNT = 30  # an estimate from fewer cases (deals, calls, contracts) is not drawn

# The kinds of series every game shares: names in house order, each with its colour, and
# their labels. Each game adds its own kinds and names (`analysis.games.<game>.STYLE`).
SERIES: dict[str, dict[Any, str]] = {
    "player": {
        "greedy": BLUE,
        "guided_ismcts": VERMILION,
        "learned_ismcts": BROWN,
        "ismcts": PURPLE,
        "pimc": GREEN,
        "random": GREY,
    },
    "side": {"pitcher's side": BLUE, "defenders": ORANGE},
    "players": ranked([2, 3, 4, 5, 6, 7]),
}
NAMES: dict[str, dict[Any, str]] = {"players": {k: f"{k} players" for k in range(2, 8)}}


def _add(kind: str, key: Any, value: str, game: str) -> None:
    """Add series `key` of `kind` in its house colour `value`: a composite player
    (`greedy+lead_phat`) right after its base (`greedy`), any other last. A name given two
    colours is refused."""
    known = SERIES.setdefault(kind, {})
    if known.get(key, value) != value:
        raise ValueError(f"{kind} {key!r} has two house colours ({game}'s differs)")
    names = list(known)
    base = str(key).split("+")[0]
    after = [k for k, n in enumerate(names) if str(n).split("+")[0] == base]
    place = after[-1] + 1 if "+" in str(key) and after else len(names)
    names.insert(place, key)
    SERIES[kind] = {n: value if n == key else known[n] for n in names}


def _add_games() -> None:
    """Add each game's series to `SERIES` and `NAMES`: its colour and label as a series of
    kind "game", its own kinds, and its names in shared kinds (after the shared ones). A
    name given two colours is refused."""
    SERIES["game"], NAMES["game"] = {}, {}
    for name in games.packages():
        declared = importlib.import_module(f"{games.__name__}.{name}").STYLE
        SERIES["game"][name], NAMES["game"][name] = declared.colour, declared.label
        for kind, series in declared.series.items():
            for key, value in series.items():
                _add(kind, key, value, name)
        for kind, labels in declared.names.items():
            NAMES.setdefault(kind, {}).update(labels)


_add_games()


def _kind(kind: str) -> dict[Any, str]:
    if kind not in SERIES:
        raise ValueError(f"no house style for series of kind {kind!r}; kinds: {', '.join(SERIES)}")
    return SERIES[kind]


def colour(kind: str, name: Any) -> str:
    """The house colour of series `name` of `kind`; an unknown name is refused by name."""
    series = _kind(kind)
    if name not in series:
        known = ", ".join(map(str, series))
        raise ValueError(f"no house colour for {kind} {name!r}; known: {known}")
    return series[name]


def order(kind: str, names: Iterable[Any]) -> list[Any]:
    """`names` in the house order of `kind` (each must be known)."""
    rank = {name: k for k, name in enumerate(_kind(kind))}
    names = list(dict.fromkeys(names))
    for name in names:
        colour(kind, name)
    return sorted(names, key=rank.__getitem__)


def label(kind: str, name: Any) -> str:
    """The words for series `name` of `kind` in legends and ticks."""
    colour(kind, name)
    return NAMES.get(kind, {}).get(name, str(name))


def tag(artists: Iterable[Any], kind: str, name: Any) -> None:
    """Mark drawn artists as series `name` of `kind` (their gid), so that a test can check
    every series of every figure against the house colour and order."""
    for artist in artists:
        artist.set_gid(f"{kind}:{name}")


def tagged(gid: str | None) -> tuple[str, Any] | None:
    """The (kind, name) of an artist `tag` marked, None for an untagged one."""
    if not gid or ":" not in gid:
        return None
    kind, _, text = gid.partition(":")
    names = {str(name): name for name in SERIES.get(kind, {})}
    return (kind, names[text]) if text in names else None


def with_n(text: str, n: float) -> str:
    """A tick or legend label with its count: `lead_long (n = 1,000)`."""
    return f"{text} (n = {int(n):,})"


def thin_rule(min_count: int = MIN_COUNT, of: str = "deals") -> str:
    """The caption's words for the cells left out."""
    return f"estimates from fewer than {min_count:,} {of} are not drawn"


def drop_thin(table: pd.DataFrame, min_count: int = MIN_COUNT, n: str = "n") -> pd.DataFrame:
    """The rows of `table` with at least `min_count` in column `n`."""
    return table[table[n] >= min_count]


def errors(
    table: pd.DataFrame, estimate: str = "estimate", low: str = "low", high: str = "high"
) -> np.ndarray:
    """The distances from each estimate down to `low` and up to `high`, as errorbar takes them."""
    value = table[estimate].to_numpy(float)
    return np.array([value - table[low].to_numpy(float), table[high].to_numpy(float) - value])


def estimates(
    axis: Axes,
    positions: np.ndarray,
    table: pd.DataFrame,
    kind: str,
    name: Any,
    *,
    horizontal: bool = False,
    estimate: str = "estimate",
    low: str = "low",
    high: str = "high",
    text: str | None = None,
) -> None:
    """Points at `estimate` with their 95% intervals, in the colour of `name` of `kind`,
    at `positions` along the category axis (vertical intervals unless `horizontal`)."""
    values = table[estimate].to_numpy(float)
    spread = errors(table, estimate, low, high)
    points = (values, positions) if horizontal else (positions, values)
    drawn = axis.errorbar(
        *points,
        **{"xerr" if horizontal else "yerr": spread},
        fmt="o",
        capsize=4,
        color=colour(kind, name),
        label=label(kind, name) if text is None else text,
    )
    tag([drawn[0]], kind, name)


def estimates_by_name(axis: Axes, table: pd.DataFrame, names: Sequence[Any], kind: str) -> None:
    """One point with its 95% interval for each series of `names` (rows of `table`, of
    `kind`), one to a place down the vertical axis, each tick its label and n."""
    positions = np.arange(len(names))
    for position, name in zip(positions, names, strict=True):
        estimates(axis, np.array([position]), table.loc[[name]], kind, name, horizontal=True)
    axis.set_yticks(positions, [with_n(label(kind, name), table.loc[name, "n"]) for name in names])


def bars(
    axis: Axes,
    positions: np.ndarray,
    table: pd.DataFrame,
    kind: str,
    name: Any,
    *,
    width: float = 0.8,
    horizontal: bool = False,
    text: str | None = None,
) -> None:
    """Bars at `estimate` with their 95% intervals, in the colour of `name` of `kind`."""
    spread = errors(table)
    draw = axis.barh if horizontal else axis.bar
    drawn = draw(
        positions,
        table["estimate"].to_numpy(float),
        width,
        **{"xerr" if horizontal else "yerr": spread},
        capsize=4,
        color=colour(kind, name),
        label=label(kind, name) if text is None else text,
    )
    tag(drawn.patches, kind, name)


def band(
    axis: Axes, x: np.ndarray, table: pd.DataFrame, kind: str, name: Any, text: str | None = None
) -> None:
    """A line through `estimate` over `x` with its 95% band, in the colour of `name`."""
    tone = colour(kind, name)
    (line,) = axis.plot(
        x,
        table["estimate"],
        marker="o",
        markersize=4,
        color=tone,
        label=label(kind, name) if text is None else text,
    )
    fill = axis.fill_between(x, table["low"], table["high"], color=tone, alpha=0.2, linewidth=0)
    tag([line, fill], kind, name)


def offsets(count: int, width: float = 0.5) -> np.ndarray:
    """Where `count` series side by side sit around each category, spread over `width`."""
    if count == 1:
        return np.zeros(1)
    return np.linspace(-width / 2, width / 2, count)


def zero_line(axis: Axes, horizontal: bool = False) -> None:
    """The reference line at 0 for differences."""
    (axis.axvline if horizontal else axis.axhline)(0, color=GREY, linewidth=0.8)


def count_ticks(axis: Axes, which: str = "x") -> None:
    """Whole-number ticks on an axis of counts (players, trumps, bids, cards)."""
    (axis.xaxis if which == "x" else axis.yaxis).set_major_locator(MaxNLocator(integer=True))


def caption(figure: Figure, text: str) -> None:
    """A note under the figure: the deals behind it, the intervals, the thin-cell rule
    (the figure's supxlabel, which constrained layout makes room for)."""
    figure.supxlabel(text, fontsize=8, color="#404040")


RC = {
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#e6e6e6",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
    "axes.titlesize": 10,
    "axes.labelsize": 9,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "legend.fontsize": 8,
    "legend.frameon": False,
    "figure.titlesize": 11,
    "errorbar.capsize": 4,
    "axes.prop_cycle": mpl.cycler(color=[BLUE, ORANGE, GREEN, VERMILION, SKY, PURPLE, YELLOW]),
}


def use() -> None:
    """Apply the house settings to matplotlib (spines, grid, font sizes, colour cycle)."""
    mpl.rcParams.update(RC)
