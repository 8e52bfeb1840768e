"""Contract odds of a Solo Whist hand (`allfours odds solowhist`): conditional deals in
which it declares each contract, the estimates with 95% intervals, and the contract they
recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import card_name, mask_of, parse_card
from sims.games.solowhist import rules as solowhist
from sims.games.solowhist.deal import conditions, run_whist
from sims.run.conditional import play_round_chunks, rest_of, rounds_frame
from sims.run.queries import OddsQuery, OddsReport, Recommendation
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables

# Contracts a hand is tried in by `allfours odds`: all but Prop and Cop, whose result
# depends on which player accepts.
ODDS_CONTRACTS = tuple(range(solowhist.SOLO, solowhist.ABUNDANCE_DECLARED + 1))

ODDS_COLUMNS = ["made", "settlement", "tricks", "trump"]  # per deal, of the declaring hand


def hand_seat(hand: Sequence[int], turned: int, seat: int | None) -> int:
    """The hand's seat from the dealer's left (1..4, 4 the dealer): the dealer when the hand
    holds the turned card, else `seat` (default 1, the eldest); ValueError where the seat
    and the turned card contradict each other."""
    holds = turned in hand
    if seat is None:
        return 4 if holds else 1
    if not 1 <= seat <= 4:
        raise ValueError("--seat must lie in 1..4 (4 is the dealer)")
    if holds and seat != 4:
        raise ValueError(f"the hand holds the turned {card_name(turned)}, so it is the dealer's")
    if not holds and seat == 4:
        raise ValueError(f"the dealer holds the turned {card_name(turned)}; this hand lacks it")
    return seat


def play_conditional(
    run: RunSpec,
    hand: Sequence[int],
    turned: int,
    seat: int,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """One row per (contract, deal) with `hand` at `seat` (1..4 from the dealer's left)
    declaring the contract without an auction: contract name, deal index, made, the
    declarer's settlement and tricks, and the trump played (-1: none). `progress` is called
    with the deals done per chunk. StrategyFault on a bad play."""
    fids, params = strategy_tables(seat_strategies(run))
    rest = rest_of((*hand, turned))
    contracts = np.array(ODDS_CONTRACTS, np.int64)
    rules = solowhist.rules_array(run.rules)

    fixed = conditions(mask_of(hand), seat - 1, 3, turned, rest, contracts)
    logs = log_arrays(0, run.layout)

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_whist(run.seed, first, count, rules, fids, params, out, errors, *logs, *fixed)

    def values(rows: np.ndarray) -> np.ndarray:
        declarer = seat - 1
        taken = (rows["settlement"][:, declarer], rows["tricks"][:, declarer], rows["trump"])
        return np.stack([rows["made"], *taken], -1)

    results = play_round_chunks(run, len(contracts), kernel, values, progress)
    names = [solowhist.CONTRACT_NAMES[c] for c in ODDS_CONTRACTS]
    return rounds_frame(run, results, "contract", names, ODDS_COLUMNS, flags=("made",))


def whist_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per contract: P(made), the declarer's expected settlement and expected tricks, from
    per-deal rows of `sims.games.solowhist.odds.play_conditional`. Index (contract,
    quantity)."""
    tables = {}
    for contract, group in deals.groupby("contract", observed=True, sort=False):
        tables[contract] = estimates_frame(
            {
                "P(made)": wilson(int(group["made"].sum()), len(group)),
                "E[settlement]": mean(group["settlement"]),
                "E[tricks]": mean(group["tricks"]),
            }
        )
    return pd.concat(tables, names=["contract", "quantity"])


def recommend_whist(estimates: pd.DataFrame) -> Recommendation:
    """The contract with the best expected settlement when it is positive, else pass."""
    gains = estimates.xs("E[settlement]", level="quantity")["estimate"]
    if gains.max() <= 0:
        return Recommendation("pass", 0, 0.0)
    return Recommendation(str(gains.idxmax()), 0, float(gains.max()))


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds solowhist`: the hand, at its seat, declares each contract in turn; the
    advice is the contract with the best expected settlement, or pass when none gains."""

    turned = parse_card(query.turned)
    seat = hand_seat(query.hand, turned, query.seat)
    deals = query.with_progress(
        len(ODDS_CONTRACTS),
        lambda step: play_conditional(query.run, query.hand, turned, seat, step),
    )
    estimates = whist_estimates(deals)
    best = recommend_whist(estimates)
    if best.trump == "pass":
        advice = "recommended: pass (no contract gains on average)"
    else:
        advice = (
            f"recommended: {best.trump}, the best expected settlement ({best.expected:+.2f} points)"
        )
    shown = card_name(turned)
    return OddsReport(
        estimates,
        advice,
        {"contract": best.trump, "expected": best.expected},
        where=f"at seat {seat} of 4 (the dealer is seat 4), turned {shown}",
        about={"turned": shown, "seat": seat},
    )
