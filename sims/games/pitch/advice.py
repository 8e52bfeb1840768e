"""What an Auction Pitch hand should call in a real auction (`allfours advise pitch`): the
other hands dealt to fit the calls heard from the earlier seats, every call legal at the
hand's turn played on the same deals, and the table and advice they give."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from analysis.stats import mean, wilson
from sims.core.cards import SUITS, mask_of
from sims.games.pitch import rules as pitch
from sims.games.pitch.deal import conditions, run_pitch_nb
from sims.run.conditional import parse_trump, play_until_accepted, rest_of
from sims.run.queries import AdviceError, AdviceQuery, AdviceReport, Recommendation, call_name
from sims.run.runner import log_arrays, seat_strategies, strategy_tables


def auction_so_far(calls: Sequence[int], seat: int, players: int, min_bid: int) -> int:
    """The calls legal at the turn of `seat` (1 = the dealer's left, `players` = the dealer)
    after `calls`, those of the seats before it, as a mask (bit 0 pass, bit b a bid of b).
    AdviceError for calls the auction cannot hear."""
    if not 1 <= seat <= players:
        raise AdviceError(f"--seat must lie in 1..{players} with {players} players")
    if len(calls) != seat - 1:
        raise AdviceError(
            f"seat {seat} speaks after {seat - 1} call(s), those of seats 1 to {seat - 1}; "
            f"--calls gives {len(calls)}"
        )
    high = 0
    for position, call in enumerate(calls, start=1):
        legal = int(pitch.legal_calls(high, False, min_bid))  # the dealer speaks last
        if not (0 <= call <= 4 and legal >> call & 1):
            allowed = ", ".join(call_name(c) for c in range(5) if legal >> c & 1)
            raise AdviceError(
                f"seat {position} may not {call_name(call)} after a high bid of {high}; "
                f"it may {allowed}"
            )
        if call == 4:
            raise AdviceError(
                f"seat {position} bid 4, which ends the auction: seat {seat} never speaks"
            )
        high = max(high, call)
    return int(pitch.legal_calls(high, seat == players, min_bid))


ADVICE_COLUMNS = ["won_contract", "made", "delta"]  # per deal, for the hand's side


def advice_deals(
    query: AdviceQuery, progress: Callable[[int], None] | None = None
) -> tuple[pd.DataFrame, int]:
    """The accepted deals of `query`, a row per (call, trump tried, deal): whether the hand
    won the contract, whether the contract was made and its side's score change; and the
    candidate deals dealt. The earlier seats' bidders must make the calls heard; then the
    hand makes each legal call (pitching each trump tried when it bids) and the later
    seats bid and everyone plays by their strategies. AdviceError for calls the auction
    cannot hear, or when fewer deals than asked fit them within `query.tries`."""
    run = query.run
    players = run.layout.players
    legal = auction_so_far(query.calls, query.seat, players, run.rules["min_bid"])
    tried = [-1] if query.trump is None else parse_trump(query.trump, query.hand)
    rounds = [
        (call, trump)
        for call in range(5)
        if legal >> call & 1
        for trump in ([-1] if call == 0 else tried)
    ]
    seat = query.seat - 1
    rules = pitch.rules_array(run.rules)
    side = rules[pitch.R_SIDE_OF + seat]
    fids, params = strategy_tables(seat_strategies(run))
    scripts = np.array([[*query.calls, call] for call, _ in rounds], np.int8)
    trumps = np.array([trump for _, trump in rounds], np.int64)
    fixed = conditions(
        mask_of(query.hand),
        seat,
        players - 1,
        rest_of(query.hand),
        scripts,
        len(query.calls),
        trumps,
    )

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_pitch_nb(
            run.seed,
            first,
            count,
            False,
            len(rounds),
            rules,
            fids,
            params,
            out,
            errors,
            *log_arrays(0, run.layout),
            *fixed,
        )

    def values(rows: np.ndarray) -> np.ndarray:
        return np.stack([rows["pitcher"] == seat, rows["made"], rows["delta"][:, side]], -1)

    found = play_until_accepted(run, len(rounds), kernel, values, query.tries, progress)
    accepted = found.values.shape[1]
    if accepted < run.count:
        raise AdviceError(
            f"only {accepted:,} of {found.tries:,} deals dealt ({accepted / found.tries:.3%}) "
            f"had the earlier seats' bidders call {', '.join(map(call_name, query.calls))}; "
            f"{run.count:,} were asked for: ask for fewer deals or give --max-tries"
        )
    frame = pd.DataFrame(found.values.reshape(-1, 3), columns=ADVICE_COLUMNS)
    frame.insert(0, "deal", np.tile(found.deals, len(rounds)))
    frame.insert(0, "trump", np.repeat([SUITS[t] if t >= 0 else "-" for _, t in rounds], accepted))
    frame.insert(0, "call", np.repeat([call for call, _ in rounds], accepted))
    return frame, found.tries


def play_advice(query: AdviceQuery) -> AdviceReport:
    """`allfours advise pitch`: the table per call and the call with the best expected
    score change, saying when the two best cannot be told apart."""

    rows, tries = query.with_progress(lambda step: advice_deals(query, step))
    table = advice_table(rows)
    best = table.attrs["recommendation"]
    name = call_name(best.bid)
    pitched = f" and pitch {best.trump}" if best.bid and best.trump != "-" else ""
    advice = f"recommended: {name}{pitched} (expected score change {best.expected:+.3f})"
    if table.attrs["tied"]:
        advice += (
            f"; {table.index[1]} cannot be told apart from it at {query.run.count:,} deals "
            "(the interval of their paired difference holds 0)"
        )
    recommendation = {
        "call": name,
        "trump": best.trump,
        "expected": best.expected,
        "told_apart": not table.attrs["tied"],
    }
    return AdviceReport(table, advice, recommendation, query.run.count, tries)


def advice_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Per call legal at the hand's turn, from per-deal rows of an advice run (`call`,
    `trump`, `deal`, `won_contract`, `made`, `delta`; every call played on the same
    accepted deals): the trump it pitches (the best on average when it tried several),
    P(it wins the contract), P(made | it won), E[its side's score change] and the paired
    difference from the best call, each with a 95% interval. The best call is first (of
    equally good calls, the higher); the recommendation (`Recommendation`) and whether the
    two best calls can be told apart (`tied`: the interval of their difference holds 0)
    are in `.attrs`."""
    chosen = {}
    for (call, trump), group in deals.groupby(["call", "trump"], observed=True, sort=False):
        best = chosen.get(call)
        if best is None or group["delta"].mean() > best[1]["delta"].mean():
            chosen[call] = (trump, group.sort_values("deal"))
    # Best first; of calls equally good on these deals, the higher bid (as `recommend_pitch`).
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
