"""The table `allfours advise` prints of any game's advice run: every call legal at the
hand's turn, played on the same deals, with its chances, its expected score change and the
paired difference from the best call."""

from __future__ import annotations

import pandas as pd

from analysis.stats import mean, wilson
from sims.run.queries import Recommendation, call_name


def advice_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Per call legal at the hand's turn, from per-deal rows of an advice run (`call`,
    `trump`, `deal`, `won_contract`, `made`, `delta`; every call played on the same
    accepted deals): the trump it names (the best on average when it tried several; "-"
    where its strategy names it), P(it wins the contract), P(made | it won), E[its side's
    score change] and the paired difference from the best call, each with a 95% interval.
    The best call is first (of equally good calls, the higher); the recommendation
    (`Recommendation`) and whether the two best calls can be told apart (`tied`: the
    interval of their difference holds 0) are in `.attrs`."""
    chosen = {}
    for (call, trump), group in deals.groupby(["call", "trump"], observed=True, sort=False):
        best = chosen.get(call)
        if best is None or group["delta"].mean() > best[1]["delta"].mean():
            chosen[call] = (trump, group.sort_values("deal"))
    # Best first; of calls equally good on these deals, the higher bid.
    ranked = sorted(chosen, key=lambda call: (-chosen[call][1]["delta"].mean(), -call))
    top = chosen[ranked[0]][1]["delta"].to_numpy()
    rows = []
    for call in ranked:
        trump, group = chosen[call]
        won = group["won_contract"].to_numpy(bool)
        delta = group["delta"].to_numpy()
        parts = {
            "P(wins contract)": wilson(int(won.sum()), len(won)),
            "P(made | wins)": wilson(int(group["made"].to_numpy(bool)[won].sum()), int(won.sum())),
            "E[score change]": mean(delta),
            "difference from best": mean(delta - top),
        }
        row = {"call": call_name(int(call)), "trump": trump, "deals": len(group)}
        for name, estimate in parts.items():
            row |= {name: estimate.value, f"{name} low": estimate.low}
            row |= {f"{name} high": estimate.high, f"{name} se": estimate.se}
        rows.append(row)
    table = pd.DataFrame(rows).set_index("call")
    best, runner_up = table.iloc[0], table.iloc[1] if len(table) > 1 else None
    table.attrs["recommendation"] = Recommendation(
        str(best["trump"]), int(ranked[0]), float(best["E[score change]"])
    )
    table.attrs["tied"] = bool(
        runner_up is not None
        and runner_up["difference from best low"] <= 0 <= runner_up["difference from best high"]
    )
    return table
