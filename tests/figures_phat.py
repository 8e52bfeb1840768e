"""Example calls of the figure functions of `analysis.games.phat.plots`, for the house-style test
(`tests/test_plot_style.py`) and the Phat figure tests: each draws its figure from small
made-up deal tables."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots

STRATEGIES = ("random", "greedy", "greedy+lead_phat")  # not in house order, on purpose


def phat_deals(rows: int = 600, tricks: int = 13, seed: int = 6) -> pd.DataFrame:
    """Single deals of each strategy in STRATEGIES, the same deal numbers for each: phat
    and muck split at random, the Big and Little Phat dealt and captured at random."""
    rng = np.random.default_rng(seed)
    size = rows * len(STRATEGIES)
    phat_0 = rng.integers(0, 81, size)
    muck_0 = 2 * rng.integers(15, 26, size)
    bonus_0 = np.where(muck_0 > 40, 8, 0)
    bonus_1 = np.where(muck_0 < 40, 8, 0)
    columns = {
        "strategy": np.repeat(STRATEGIES, rows),
        "deal": np.tile(np.arange(rows), len(STRATEGIES)),
        "pitcher": np.tile(np.arange(rows) % 4, len(STRATEGIES)),
        "phat_0": phat_0,
        "phat_1": 80 - phat_0,
        "bonus_0": bonus_0,
        "bonus_1": bonus_1,
        "muck_0": muck_0,
        "muck_1": 80 - muck_0,
        "tricks_played": np.full(size, tricks),
    }
    for card in ("big_phat", "little_phat"):
        holder = rng.integers(0, 2, size)
        kept = rng.random(size) < 0.75
        columns[f"{card}_holder_team"] = holder
        columns[f"{card}_team"] = np.where(kept, holder, 1 - holder)
    return pd.DataFrame(columns)


def game_deals(games: int = 400, seed: int = 8) -> pd.DataFrame:
    """Whole games to each target (181, 121, the first run 0): each deal ties the muck with
    chance 0.2 (its bonus carried to the next), the last deal of a game is cut short
    (no bonus) half the time, and a random team wins."""
    rng = np.random.default_rng(seed)
    rows = []
    for run, target in enumerate((121, 181)):
        for game in range(games):
            length, carry = int(rng.integers(2, 6)), 0
            winner = int(rng.integers(0, 2))
            for deal in range(length):
                last = deal == length - 1
                cut = last and rng.random() < 0.5
                tie = not cut and rng.random() < 0.2
                team = int(rng.integers(0, 2))
                bonus = 0 if cut or tie else 8 + carry
                rows.append(
                    (
                        run,
                        target,
                        game,
                        deal,
                        carry,
                        bonus * (team == 0),
                        bonus * (team == 1),
                        winner if last else -1,
                    )
                )
                carry = carry + 8 if tie else 0
    columns = ["run", "target", "game", "deal", "carry_in", "bonus_0", "bonus_1", "winner"]
    return pd.DataFrame(rows, columns=columns)


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "phat_overview": lambda: plots.phat_overview(phat_deals(200)),
    "partnership_overview": lambda: plots.partnership_overview(
        phat_deals(200, tricks=9), "Nine-card Don", 9, "9 of trumps", "card points"
    ),
    "phat_points": lambda: plots.phat_points(phat_deals()),
    "phat_muck_margin": lambda: plots.phat_muck_margin(phat_deals()),
    "phat_capture": lambda: plots.phat_capture(phat_deals(), card="little"),
    "phat_capture_sources": lambda: plots.phat_capture_sources(phat_deals()),
    "phat_carry_over": lambda: plots.phat_carry_over(game_deals()),
}
