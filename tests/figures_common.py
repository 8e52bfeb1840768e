"""Example calls of the figure functions of `analysis.plots.common`, for the house-style test
(`tests/test_plot_style.py`): each draws its figure from a small table."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots
from analysis.compare import means_changed, policy_pairs


def _events() -> tuple[pd.DataFrame, pd.DataFrame]:
    rng = np.random.default_rng(3)
    before = pd.DataFrame({"kept": rng.random(400) < 0.8, "tied": rng.random(400) < 0.03})
    after = pd.DataFrame({"kept": rng.random(400) < 0.75, "tied": rng.random(400) < 0.01})
    return before.astype(float), after.astype(float)


def _leads() -> pd.DataFrame:
    rng = np.random.default_rng(4)
    base = rng.normal(40, 20, 500)
    return pd.DataFrame(
        {
            "lead_phat": base,
            "lead_long": base + 3 + rng.normal(0, 5, 500),
            "lead_high": base + rng.normal(0, 5, 500),
        }
    )


def _curve() -> pd.DataFrame:
    rows = {
        "greedy": (-17.0, -18.5, -15.5, 300, 0.001, 0.05, 0.001),
        "guided_ismcts:iterations=100": (-6.8, -9.0, -4.6, 300, 0.3, 15, 0.08),
        "guided_ismcts:iterations=600": (0.4, -1.4, 2.3, 300, 2.0, 100, 0.55),
        "ismcts": (0.0, 0.0, 0.0, 300, 3.6, 190, 1.0),
    }
    columns = ["difference", "low", "high", "n", "ms_per_card", "ms_per_deal", "relative_cost"]
    return pd.DataFrame.from_dict(rows, orient="index", columns=columns)


def _policy_means() -> pd.DataFrame:
    leads = _leads()
    means = leads.mean()
    half = 1.96 * leads.std() / np.sqrt(len(leads))
    return pd.DataFrame(
        {"estimate": means, "low": means - half, "high": means + half, "n": len(leads)}
    )


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "before_after": lambda: plots.before_after(
        means_changed(*_events()),
        "player",
        "greedy",
        "guided_ismcts",
        "Does strong play change the rates?",
        "share of deals",
        percent=True,
    ),
    "paired_differences": lambda: plots.paired_differences(
        policy_pairs(_leads()), "lead", "Which lead is best?", "points per deal, a - b"
    ),
    "policy_comparison": lambda: plots.policy_comparison(_policy_means(), "points per deal"),
    "strength_against_cost": lambda: plots.strength_against_cost(
        _curve(), "phat", "ismcts", margin=1
    ),
}
