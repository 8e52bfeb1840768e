"""Example calls of the figure functions of `analysis.games.allfours.plots`, for the
house-style test (`tests/test_plot_style.py`): each draws its figure from small made-up
tables."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots

PLAYERS = ("greedy", "guided_ismcts")


def contrast(calls: tuple[str, str]) -> pd.DataFrame:
    """Made-up contrasts by player, call and trumps (0 to 4), with a row "all" each."""
    rng = np.random.default_rng(3)
    rows = []
    for player in PLAYERS:
        for call in calls:
            for trumps in [*range(5), "all"]:
                value = rng.normal(0, 0.3)
                rows.append((player, call, trumps, int(rng.integers(40, 900)), value))
    table = pd.DataFrame(rows, columns=["player", "call", "trumps", "n", "estimate"])
    return table.assign(low=table["estimate"] - 0.2, high=table["estimate"] + 0.2)


def margins() -> pd.DataFrame:
    """Made-up dealer's margins by player and the dealer's trumps, with a row "all"."""
    table = contrast(("any",)).drop(columns="call")
    return table


def jack() -> pd.DataFrame:
    """Made-up Jack rates by the calls and runs (one cell thin), with the dealt chance."""
    rows = [
        ("own calls", runs, n, rate)
        for runs, n, rate in ((0, 900, 0.3), (1, 300, 0.35), (2, 60, 0.47), (3, 12, 0.6))
    ]
    rows.append(("eldest made to stand", 0, 1000, 0.21))
    table = pd.DataFrame(rows, columns=["calls", "runs", "n", "estimate"])
    return table.assign(
        low=table["estimate"] - 0.04,
        high=table["estimate"] + 0.04,
        **{"dealt chance": 0.2 + 0.12 * table["runs"]},
    )


def takers() -> pd.DataFrame:
    """Made-up shares of each point taken by eldest's side and the dealer's (not in house
    order), over 1,200 deals played."""
    rows = [
        (point, taker, 1200, share)
        for point, shares in (("High", (0.52, 0.46)), ("Low", (0.5, 0.48)),
                              ("Jack", (0.18, 0.17)), ("Game", (0.55, 0.45)))
        for taker, share in zip(("the dealer's side", "eldest's side"), shares, strict=True)
    ]  # fmt: skip
    table = pd.DataFrame(rows, columns=["point", "taker", "n", "estimate"])
    table = table.assign(low=table["estimate"] - 0.03, high=table["estimate"] + 0.03)
    return table.set_index(["point", "taker"])


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "allfours_beg_value": lambda: plots.allfours_beg_value(
        contrast(("greedy begs", "greedy stands"))
    ),
    "allfours_give_value": lambda: plots.allfours_give_value(
        contrast(("greedy gives", "greedy runs"))
    ),
    "allfours_dealer_margin": lambda: plots.allfours_dealer_margin(margins()),
    "allfours_jack": lambda: plots.allfours_jack(jack()),
    "allfours_point_takers": lambda: plots.allfours_point_takers(takers()),
}
