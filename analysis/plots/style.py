"""The house style of every figure: one colour and one place in the order for each series
of a kind (game, target, lead, player, bidder, ...), counts on integer ticks, a 95% interval
and its own n on every estimate drawn, a unit on every value axis, a zero line on every axis
of differences, and estimates over fewer than `MIN_COUNT` cases left out with the rule said
in the caption. A colour stands for one series in a notebook: the kinds a notebook draws
together take colours apart, and a figure whose rows are named on its axis draws them as
plain `ESTIMATE`s, in black, rather than spend a colour. Importing `analysis.plots` applies
it (`use`)."""

from __future__ import annotations

import importlib
import textwrap
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
    BLACK,
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
ESTIMATE = ("estimate", "estimate")  # the series of a figure whose rows name each estimate

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
    "estimate": {"estimate": BLACK},
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


def count(artist: Any, counts: Any) -> None:
    """Record on a drawn artist the n of each estimate it draws (its points, bars or band), so
    that a test can check that the figure shows each one. None records nothing."""
    if counts is not None:
        artist.allfours_counts = [int(n) for n in np.atleast_1d(np.asarray(counts))]


def counts_of(artist: Any) -> list[int] | None:
    """The n of each estimate an artist draws (`count`), None where none was recorded."""
    return getattr(artist, "allfours_counts", None)


def _counts(table: pd.DataFrame, counts: Any) -> Any:
    """The counts given, else the table's column `n` if it has one."""
    if counts is not None:
        return counts
    return table["n"].to_numpy() if "n" in table.columns else None


def series_of(figure: Figure) -> list[dict[str, str]]:
    """Each series drawn in `figure` (every artist `tag` marked) once: its kind, its name
    and its colour as drawn (hex). A notebook records these with each figure it shows, so
    that a test can check that a colour stands for one series across the notebook."""
    found: dict[tuple[str, str, str], None] = {}
    for axis in figure.axes:
        for artist in [*axis.lines, *axis.patches, *axis.collections]:
            series = tagged(artist.get_gid())
            if series is None:
                continue
            if hasattr(artist, "get_color") and not hasattr(artist, "get_facecolor"):
                tone = artist.get_color()
            else:
                faces = np.atleast_2d(artist.get_facecolor())
                edges = np.atleast_2d(artist.get_edgecolor())
                filled = faces.size and faces[0][3] > 0
                tone = faces[0] if filled else edges[0] if edges.size else None
            if tone is None:
                continue
            found[(series[0], str(series[1]), mpl.colors.to_hex(tone))] = None
    return [{"kind": kind, "name": name, "colour": tone} for kind, name, tone in found]


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
    counts: Any = None,
) -> None:
    """Points at `estimate` with their 95% intervals, in the colour of `name` of `kind`,
    at `positions` along the category axis (vertical intervals unless `horizontal`); each
    point's n is `counts`, else the table's column `n` (`count`)."""
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
    count(drawn[0], _counts(table, counts))


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
    counts: Any = None,
) -> None:
    """Bars at `estimate` with their 95% intervals, in the colour of `name` of `kind`; each
    bar's n is `counts`, else the table's column `n` (`count`)."""
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
    for patch, n in zip(drawn.patches, _each(_counts(table, counts), len(drawn)), strict=True):
        count(patch, n)


def _each(counts: Any, size: int) -> list[Any]:
    """One count per drawn item (None for each where none was given)."""
    return [None] * size if counts is None else list(np.broadcast_to(counts, (size,)))


def band(
    axis: Axes,
    x: np.ndarray,
    table: pd.DataFrame,
    kind: str,
    name: Any,
    text: str | None = None,
    counts: Any = None,
) -> None:
    """A line through `estimate` over `x` with its 95% band, in the colour of `name`; each
    point's n is `counts`, else the table's column `n` (`count`)."""
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
    count(line, _counts(table, counts))


def offsets(count: int, width: float = 0.5) -> np.ndarray:
    """Where `count` series side by side sit around each category, spread over `width`."""
    if count == 1:
        return np.zeros(1)
    return np.linspace(-width / 2, width / 2, count)


def count_text(n: float) -> str:
    """A count as the figures print it beside an estimate: 1,234."""
    return f"{int(n):,}"


def label_counts(
    axis: Axes,
    x: Any,
    y: Any,
    counts: Any,
    *,
    below: bool = True,
    fontsize: float = 7,
    rotation: float = 0,
) -> None:
    """Each estimate's n written beside its point at (`x`, `y`), below it (or above), in
    small grey type: for figures whose points have counts of their own that no tick or
    legend can say."""
    points = zip(np.atleast_1d(x), np.atleast_1d(y), np.atleast_1d(counts), strict=True)
    for where, height, n in points:
        axis.annotate(
            count_text(n),
            (float(where), float(height)),
            xytext=(0, -9 if below else 7),
            textcoords="offset points",
            ha="center",
            va="top" if below else "bottom",
            fontsize=fontsize,
            rotation=rotation,
            color="#404040",
        )


def ticks_with_counts(
    axis: Axes, positions: Sequence[float], labels: Sequence[str], counts: Sequence[Sequence[Any]]
) -> None:
    """Ticks along the x axis at `positions`, each its label with the n of each series
    there under it, one line a series in the order given (None where a series has no
    point): for panels whose points have counts of their own that a legend cannot say."""
    words = []
    for label_, ns in zip(labels, counts, strict=True):
        lines = [label_, *(count_text(n) if n is not None else "-" for n in ns)]
        words.append("\n".join(lines))
    axis.set_xticks(list(positions), words)


def figure_legend(figure: Figure, axis: Axes, title: str | None = None) -> None:
    """The legend of `axis`'s series for the whole figure, to the right of every panel (and
    clear of the title), so that it covers no estimate."""
    handles, labels = axis.get_legend_handles_labels()
    if handles:
        figure.legend(handles, labels, loc="outside right center", title=title)


def zero_line(axis: Axes, horizontal: bool = False) -> None:
    """The reference line at 0 for differences."""
    (axis.axvline if horizontal else axis.axhline)(0, color=GREY, linewidth=0.8)


def count_ticks(axis: Axes, which: str = "x") -> None:
    """Whole-number ticks on an axis of counts (players, trumps, bids, cards)."""
    (axis.xaxis if which == "x" else axis.yaxis).set_major_locator(MaxNLocator(integer=True))


def draws_nothing(axis: Axes) -> bool:
    """Whether `axis` shows no data: no marked line, bar, band or histogram, only reference
    lines (a short run whose every cell is under `MIN_COUNT` draws such panels)."""
    marked = [
        line
        for line in axis.lines
        if line.get_marker() not in (None, "None", "") and len(line.get_xdata())
    ]
    filled = [c for c in axis.collections if len(c.get_paths())]
    return not (marked or filled or axis.patches)


def mark_empty_panels(figure: Figure, min_count: int = MIN_COUNT) -> None:
    """Say across each panel of `figure` that draws nothing why it is empty, in place of
    its ticks and reference lines, so that a chart of too few deals is not a blank frame."""
    for axis in figure.axes:
        if draws_nothing(axis):
            for line in list(axis.lines):
                line.remove()
            axis.set_xticks([])
            axis.set_yticks([])
            axis.text(
                0.5, 0.5, f"too few to draw:\nfewer than {min_count}\nin every cell;\n"
                "run more deals", transform=axis.transAxes, ha="center", va="center",
                fontsize=9, color=GREY,
            )  # fmt: skip


def caption(figure: Figure, text: str) -> None:
    """A note under the figure: the deals behind it, the intervals, the thin-cell rule
    (the figure's supxlabel, which constrained layout makes room for), each of its lines
    wrapped to the figure's width."""
    width = max(40, int(figure.get_figwidth() * 16))
    lines = [textwrap.fill(line, width) for line in text.split("\n")]
    figure.supxlabel("\n".join(lines), fontsize=8, color="#404040")


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
