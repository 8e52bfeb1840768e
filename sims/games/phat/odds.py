"""Odds of a Phat hand as the pitcher (`allfours odds phat`): conditional deals in which it
pitches each suit it holds, the estimates with 95% intervals, and the trump they recommend.
The conditional deals serve Phat's variants too (Don passes its rules module)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import mask_of
from sims.games.phat import rules as phat
from sims.games.phat.deal import conditions, run_phat
from sims.run.conditional import OddsSpec, parse_trump, play_round_chunks, rest_of, suits_frame
from sims.run.queries import OddsQuery, OddsReport, Recommendation
from sims.run.runner import log_arrays, seat_strategies, strategy_tables

ODDS_COLUMNS = ["points", "big_phat_ours", "big_phat_kept", "muck"]  # of the pitcher's side


def play_conditional(spec: OddsSpec, progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per (trump suit, deal) of the hand as the pitcher: the suit's letter, the
    deal index, its side's points, whether it took the Big Phat, whether the side dealt the
    Big Phat kept it, and its muck. `progress` is called with the deals done per chunk.
    StrategyFault on an illegal play."""

    def results(rows: np.ndarray) -> np.ndarray:
        big_phat = rows["big_phat_team"]
        kept = big_phat == rows["big_phat_holder_team"]
        points = rows["phat_0"].astype(np.int64) + rows["bonus_0"]
        return np.stack([points, big_phat == 0, kept, rows["muck_0"]], -1)

    table = play_pitcher_rounds(spec, phat, results, progress)
    return suits_frame(spec, table, ODDS_COLUMNS, flags=("big_phat_ours", "big_phat_kept"))


def play_pitcher_rounds(
    spec: OddsSpec,
    variant: ModuleType,
    results: Callable[[np.ndarray], np.ndarray],
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """`play_round_chunks` of Phat's deal loop under `variant`'s rules and card values (the
    rules module of Phat or of a variant), the hand at seat 0 pitching each of `spec.suits`
    on the same deals; `results(rows)` gives the values kept of each outcome row."""
    run = spec.run
    fids, params = strategy_tables(seat_strategies(run))
    rules = variant.rules_array(run.rules)
    suits = np.array(spec.suits, np.int64)
    fixed = conditions(mask_of(spec.hand), 0, rest_of(spec.hand), suits)  # seat 0, team 0
    hands, _, plays, winners = log_arrays(0, run.layout)  # Phat's deal loop logs no calls

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_phat(
            run.seed,
            first,
            count,
            False,
            len(suits),
            rules,
            fids,
            params,
            variant.CARD_VALUES,
            out,
            errors,
            hands,
            plays,
            winners,
            *fixed,
        )

    return play_round_chunks(run, len(suits), kernel, results, progress)


def phat_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: the pitcher's side's expected points (phat + muck bonus), P(it takes
    the Big Phat) ("ours"), P(the side dealt the Big Phat keeps it) ("kept"), P(its muck >
    40)."""
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n = len(group)
        tables[trump] = estimates_frame(
            {
                "E[points]": mean(group["points"]),
                "P(Big Phat ours)": wilson(int(group["big_phat_ours"].sum()), n),
                "P(Big Phat kept)": wilson(int(group["big_phat_kept"].sum()), n),
                "P(muck > 40)": wilson(int((group["muck"] > 40).sum()), n),
            }
        )
    return pd.concat(tables, names=["trump", "quantity"])


def recommend_phat(estimates: pd.DataFrame) -> Recommendation:
    """The trump with the most expected points for the pitcher's side (by "E[points]", in
    Phat and its variants)."""
    points = estimates.xs("E[points]", level="quantity")["estimate"]
    return Recommendation(str(points.idxmax()), 0, float(points.max()))


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds phat`: the hand, the pitcher, pitches each suit it could (or --trump);
    the advice is the trump with the most expected points."""
    return pitcher_report(query, play_conditional, phat_estimates)


def pitcher_report(
    query: OddsQuery,
    conditional: Callable[[OddsSpec, Callable[[int], None]], pd.DataFrame],
    estimates_of: Callable[[pd.DataFrame], pd.DataFrame],
) -> OddsReport:
    """`allfours odds` of a pitcher's hand in Phat or a variant: `conditional` plays the
    deals of each suit it could pitch (or --trump), `estimates_of` sums them up by trump,
    and the advice is the trump with the most expected points (`recommend_phat`)."""
    spec = OddsSpec(query.run, query.hand, parse_trump(query.trump, query.hand))
    deals = query.with_progress(len(spec.suits), lambda step: conditional(spec, step))
    estimates = estimates_of(deals)
    best = recommend_phat(estimates)
    return OddsReport(
        estimates,
        f"recommended: pitch {best.trump} (expected points {best.expected:.2f})",
        {"trump": best.trump, "bid": best.bid, "expected": best.expected},
        where="as the pitcher",
        about={"seat": None},
    )
