"""Example calls of the figure functions of `analysis.games.don.plots` and
`analysis.games.solowhist.plots`, for the house-style test (`tests/test_plot_style.py`): each
draws its figure from a small run of greedy play, or from made-up lead trials."""

from collections.abc import Callable
from functools import cache

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots
from analysis.games.don.summary import gains_over, pitcher_shares
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run

BOLD = "greedy:margin=-1:misere_risk=2"  # bids riskier contracts, so that more are called


@cache
def deals(game: str, count: int = 3000, seats: str = "greedy") -> pd.DataFrame:
    """A small run of `game`, every seat playing `seats`."""
    return run_frame(run(RunSpec(game, 11, count, seats=(seats,))))


def lead_trials(rows: int = 500) -> dict[str, pd.DataFrame]:
    """Made-up per-deal results of three leads in Phat and Don, columns not in house order."""
    rng = np.random.default_rng(8)
    trials = {}
    for game, gain in (("don", 0.8), ("phat", 3.7)):  # not in house order, on purpose
        base = rng.normal(30, 15, rows)
        trials[game] = pd.DataFrame(
            {
                "lead_high": base + rng.normal(0, 4, rows),
                "lead_phat": base,
                "lead_long": base + gain + rng.normal(0, 4, rows),
            }
        )
    return trials


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "don_overview": lambda: plots.don_overview(deals("don")),
    "pitching_share": lambda: plots.pitching_share(
        pitcher_shares({"don": deals("don"), "phat": deals("phat")})
    ),
    "lead_gains_by_game": lambda: plots.lead_gains_by_game(
        gains_over(lead_trials(), "lead_phat"), "lead_phat"
    ),
    "whist_contracts": lambda: plots.whist_contracts(deals("solowhist", seats=BOLD)),
    "contracts_by_shape": lambda: plots.contracts_by_shape(deals("solowhist", seats=BOLD)),
    "longest_suit_split": lambda: plots.longest_suit_split(deals("solowhist", seats=BOLD)),
}
