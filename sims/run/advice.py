"""What `allfours advise` prints of any game's advice run: the table of every call legal at
the hand's turn, played on the same deals, with its chances, its expected score change and
the paired difference from the best call; and the advice, the best call. A game's advice
labels its rows by round and deal (`label_rounds`) and reports them (`advice_report`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from analysis.stats import mean, wilson
from sims.core.cards import SUITS
from sims.run.queries import AdviceQuery, AdviceReport, Recommendation, call_name, untold_words


def label_rounds(
    frame: pd.DataFrame, deals: np.ndarray, rounds: Sequence[tuple[int, int]]
) -> pd.DataFrame:
    """`frame`, a row per (round, deal) of an advice run (round by round, the same `deals`
    in each), with the columns `advice_table` reads first: each round's call and the trump
    it tried ("-": the hand's strategy names it), then the deal."""
    count = len(deals)
    frame.insert(0, "deal", np.tile(deals, len(rounds)))
    names = [SUITS[trump] if trump >= 0 else "-" for _, trump in rounds]
    frame.insert(0, "trump", np.repeat(names, count))
    frame.insert(0, "call", np.repeat([call for call, _ in rounds], count))
    return frame


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
    # Told apart only where the interval leaves out 0: not where one deal gives none.
    table.attrs["tied"] = runner_up is not None and not runner_up["difference from best high"] < 0
    return table


def advice_report(
    query: AdviceQuery,
    deals: pd.DataFrame,
    tries: int,
    verb: str,
    remarks: Mapping[int, str] | None = None,
) -> AdviceReport:
    """The report of an advice run's per-deal rows: the table per call (`advice_table`)
    and the advice, the call with the best expected score change (with its remark, if
    `remarks` has one for that bid, and the trump it `verb`s where it tried one), saying
    when the two best cannot be told apart."""
    table = advice_table(deals)
    best = table.attrs["recommendation"]
    name = call_name(best.bid)
    advice = (
        f"recommended: {best.words(verb, remarks)} (expected score change {best.expected:+.3f})"
    )
    if table.attrs["tied"]:
        low = table.iloc[1]["difference from best low"]
        advice += untold_words(table.index[1], query.run.count, low)
    recommendation = {
        "call": name,
        "trump": best.trump,
        "expected": best.expected,
        "told_apart": not table.attrs["tied"],
    }
    return AdviceReport(table, advice, recommendation, query.run.count, tries)
