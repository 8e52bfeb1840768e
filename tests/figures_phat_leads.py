"""Example calls of the figure functions of `analysis.games.phat.leads_plots`, for the house-style
test (`tests/test_plot_style.py`): each draws its figure from small made-up tables."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots
from analysis.games.phat.leads import differences_by, sources_against, variance_ratios
from analysis.games.phat.summary import capture

LEADS = ("lead_high", "lead_long", "lead_phat")  # not in house order: the figures sort them


def _results() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    base = rng.normal(50, 20, 600)
    return pd.DataFrame(
        {
            "lead_high": base + rng.normal(-3, 6, 600),
            "lead_long": base,
            "lead_phat": base + rng.normal(-3, 8, 600),
        }
    )


def _frames() -> dict[str, pd.DataFrame]:
    rng = np.random.default_rng(6)
    deals = 400
    pitcher = np.arange(deals) % 4
    frames = {}
    for lead in LEADS:
        phat_0 = rng.integers(0, 81, deals)
        bonus_0 = 8 * rng.integers(0, 2, deals)
        frames[lead] = pd.DataFrame(
            {
                "deal": np.arange(deals),
                "pitcher": pitcher,
                "phat_0": phat_0,
                "phat_1": 80 - phat_0,
                "bonus_0": bonus_0,
                "bonus_1": 8 - bonus_0,
                "big_phat_team": rng.integers(0, 2, deals),
                "little_phat_team": rng.integers(0, 2, deals),
            }
        )
    return frames


def _by_length() -> pd.DataFrame:
    results = _results()
    lengths = pd.Series(np.repeat([4, 5, 6, 7, 9], [200, 250, 120, 20, 10]), name="longest suit")
    return differences_by(results, lengths, "lead_long")


def _captured() -> pd.DataFrame:
    played = pd.concat(
        [frame.assign(strategy=lead) for lead, frame in _frames().items()], ignore_index=True
    )
    return pd.concat(
        {
            card: capture(played, "strategy", card=card, seen_from="pitcher")
            for card in ("big", "little")
        },
        names=["phat"],
    )


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "lead_variance_ratios": lambda: plots.lead_variance_ratios(variance_ratios(_results())),
    "lead_differences_by_longest_suit": lambda: plots.lead_differences_by_longest_suit(
        _by_length(), "lead_long"
    ),
    "lead_point_sources": lambda: plots.lead_point_sources(sources_against(_frames(), "lead_long")),
    "lead_phat_capture": lambda: plots.lead_phat_capture(_captured()),
}
