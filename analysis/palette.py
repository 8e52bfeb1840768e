"""The house palette: Okabe and Ito's colours, distinct under the common colour-vision
deficiencies, and ranked colours for ordered series. The house style
(`analysis.plots.style`) and each game's own series (`analysis.games.<game>.STYLE`) take
their colours from here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import matplotlib as mpl
import numpy as np

BLUE, ORANGE, GREEN, VERMILION = "#0072B2", "#E69F00", "#009E73", "#D55E00"
SKY, PURPLE, YELLOW, BLACK = "#56B4E9", "#CC79A7", "#F0E442", "#000000"
BROWN = "#8C510A"  # a ninth series colour, dark enough for markers on white
GREY = "#808080"  # references: zero lines, a baseline's level, thin rules
NEUTRAL = ("#808080", "#000000", "#ffffff")  # not a series: axes, zero lines, text


def ranked(names: Sequence[Any], colours: str = "viridis") -> dict[Any, str]:
    """Colours for a ranked kind, from a sequential map: low rank light, high rank dark."""
    cmap = mpl.colormaps[colours]
    steps = np.linspace(0.85, 0.1, len(names))
    return {name: mpl.colors.to_hex(cmap(step)) for name, step in zip(names, steps, strict=True)}


@dataclass(frozen=True)
class GameStyle:
    """A game's place in the house style: its colour and label as a series of kind "game",
    its own kinds of series (names in house order, each with its colour) or its names in
    shared kinds, and the words for those names."""

    colour: str
    label: str
    series: dict[str, dict[Any, str]] = field(default_factory=dict)
    names: dict[str, dict[Any, str]] = field(default_factory=dict)
