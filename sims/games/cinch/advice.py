"""What a Cinch hand should call in a real auction (`allfours advise cinch`): the other
hands and the stock dealt to fit the calls heard from the earlier seats (by the chains of
`sims.games.cinch.sampler`, or by rejecting whole deals that do not fit), every call legal
at the hand's turn played on the same deals, and the table and advice they give."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sims.core.cards import mask_of
from sims.games.cinch import rules as cinch
from sims.games.cinch import sampler
from sims.games.cinch.cards import DECK
from sims.games.cinch.conditional import run_conditional, without_bidder
from sims.games.cinch.odds import check_dealt, named_trumps
from sims.run.advice import advice_report, label_rounds
from sims.run.chains import (
    BURN_IN,
    CHAINS,
    STEPS_PER_CHUNK,
    THIN,
    Chains,
    bidder_stops,
    raise_for_chains,
)
from sims.run.conditional import parse_hand, play_until_accepted, rest_of
from sims.run.queries import (
    SAMPLERS,
    AdviceError,
    AdviceQuery,
    AdviceReport,
    call_name,
    call_refused,
    check_turn,
)
from sims.run.runner import log_arrays, seat_strategies, strategy_tables
from sims.run.sampled import play_sampled_chunks


def legal_calls(high: int, min_bid: int) -> int:
    """The calls legal after a high bid of `high` (CIN-4.1), as a mask (bit 0 pass, bit b
    a bid of b): pass, or a bid above it and at least `min_bid`, up to 14."""
    lowest = max(min_bid, high + 1)
    return 1 | sum(1 << bid for bid in range(lowest, cinch.MAX_BID + 1))


def auction_so_far(calls: Sequence[int], seat: int, players: int, min_bid: int) -> int:
    """The calls legal at the turn of `seat` (1 = the dealer's left, `players` = the dealer)
    after `calls`, those of the seats before it, as a mask. AdviceError for calls the
    auction cannot hear."""
    check_turn(calls, seat, players)
    high = 0
    for position, call in enumerate(calls, start=1):
        legal = legal_calls(high, min_bid)
        if not (0 <= call <= cinch.MAX_BID and legal >> call & 1):
            allowed = [c for c in range(cinch.MAX_BID + 1) if legal >> c & 1]
            raise call_refused(position, call, high, allowed)
        high = max(high, call)
    return legal_calls(high, min_bid)


ADVICE_COLUMNS = ["won_contract", "made", "ours", "others"]  # per deal, for the hand's side


@dataclass(frozen=True)
class AdviceRounds:
    """What an advice run plays: each round's (call, trump tried; -1 the strategy's
    choice), the hand (its cards, checked), its seat (0-based) and side, the sides, the
    rules array and the strategy tables (`stop`: the hand's bidder removed)."""

    rounds: list[tuple[int, int]]
    hand: tuple[int, ...]
    seat: int
    side: int
    sides: int
    rules: np.ndarray
    fids: np.ndarray
    stop: np.ndarray
    params: np.ndarray

    def scripts(self, calls: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Each round's calls (those heard, then the hand's) and trump."""
        scripts = np.array([[*calls, call] for call, _ in self.rounds], np.int8)
        return scripts, np.array([trump for _, trump in self.rounds], np.int64)


def advice_rounds(query: AdviceQuery) -> AdviceRounds:
    """The rounds of `query` (every call legal at the hand's turn, each trump tried when it
    bids), checking the hand, rules, calls, seat, trump and sampler first: AdviceError,
    CardError or ValueError before anything is played."""
    run = query.run
    if query.sampler not in SAMPLERS:
        raise AdviceError(f"unknown sampler {query.sampler!r}; samplers: {', '.join(SAMPLERS)}")
    try:
        check_dealt(run.rules)
    except ValueError as error:
        raise AdviceError(str(error)) from None
    hand = parse_hand(query.hand, cinch.NAME, run.rules)
    legal = auction_so_far(query.calls, query.seat, run.layout.players, run.rules["min_bid"])
    tried = [-1] if query.trump is None else named_trumps(query.trump, hand)
    rounds = [
        (call, trump)
        for call in range(cinch.MAX_BID + 1)
        if legal >> call & 1
        for trump in ([-1] if call == 0 else tried)
    ]
    seat = query.seat - 1
    rules = cinch.rules_array(run.rules)
    fids, params = strategy_tables(seat_strategies(run))
    side = int(rules[cinch.R_SIDE_OF + seat])
    sides = len(cinch.sides(run.rules))
    return AdviceRounds(
        rounds, hand, seat, side, sides, rules, fids, without_bidder(fids, seat), params
    )


def _advice_values(plan: AdviceRounds) -> Callable[[np.ndarray], np.ndarray]:
    """A chunk's values per row: the hand won the contract, it was made, the points its
    side and the other sides scored."""

    def values(rows: np.ndarray) -> np.ndarray:
        delta = rows["delta"][:, : plan.sides].astype(np.int64)
        ours = delta[:, plan.side]
        won = rows["pitcher"] == plan.seat
        return np.stack([won, rows["made"] == 1, ours, delta.sum(1) - ours], -1)

    return values


def advice_deals(
    query: AdviceQuery, progress: Callable[[int], None] | None = None
) -> tuple[pd.DataFrame, int]:
    """The deals of `query`, a row per (call, trump tried, deal): whether the hand won the
    contract, whether it was made and the score change of its side less the mean of the
    other sides' (two sides: ours less theirs); and the hands drawn to find them (the
    chains' draws, or the candidate deals rejection dealt). The earlier seats' bidders
    make the calls heard; then the hand makes each legal call (naming each trump tried
    when it makes the contract), the later seats bid and everyone plays by their
    strategies. AdviceError for calls the auction cannot hear or the earlier seats'
    bidders never make (or, rejecting, too few deals that fit them within
    `query.tries`)."""
    plan = advice_rounds(query)
    if query.sampler == "rejection":
        values, deals, tries = _rejected(query, plan, progress)
    else:
        values, tries = _chained(query, plan, progress)
        deals = np.arange(query.run.first, query.run.first + query.run.count)
    frame = pd.DataFrame(values.reshape(-1, len(ADVICE_COLUMNS)), columns=ADVICE_COLUMNS)
    frame["delta"] = frame["ours"] - frame.pop("others") / max(plan.sides - 1, 1)
    frame = frame.drop(columns="ours")
    return label_rounds(frame, deals, plan.rounds), tries


def _rejected(
    query: AdviceQuery, plan: AdviceRounds, progress: Callable[[int], None] | None
) -> tuple[np.ndarray, np.ndarray, int]:
    """Candidate deals dealt whole, kept where the earlier seats' bidders make the calls
    heard: (values, deal indexes kept, candidates dealt)."""
    run = query.run
    scripts, trumps = plan.scripts(query.calls)
    logs = log_arrays(0, run.layout)[1:]

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_conditional(
            run.seed, first, count, mask_of(plan.hand), plan.seat, rest_of(plan.hand, DECK),
            np.zeros((count, 0), np.int64), len(query.calls) > 0, plan.rules, plan.fids,
            plan.stop, plan.params, scripts, trumps, out, errors, *logs,
        )  # fmt: skip

    found = play_until_accepted(
        run, len(plan.rounds), kernel, _advice_values(plan), query.tries, progress
    )
    accepted = found.values.shape[1]
    if accepted < run.count:
        raise AdviceError(
            f"only {accepted:,} of {found.tries:,} deals dealt ({accepted / found.tries:.3%}) "
            f"had the earlier seats' bidders call {', '.join(map(call_name, query.calls))}; "
            f"{run.count:,} were asked for: ask for fewer deals or give --max-tries"
        )
    return found.values, found.deals, found.tries


def _chained(
    query: AdviceQuery, plan: AdviceRounds, progress: Callable[[int], None] | None
) -> tuple[np.ndarray, int]:
    """Deals drawn by `sampler`'s chains over the earlier seats' hands, each played once
    per round: (values, hands the chains drew)."""
    run = query.run
    heard = len(query.calls)
    scripts, trumps = plan.scripts(query.calls)
    rest = rest_of(plan.hand, DECK)
    state = Chains.start(run.seed, heard)
    stops = bidder_stops(plan.fids, heard)
    calls = np.array(query.calls, np.int8)
    outs = np.zeros(CHAINS, run.layout.dtype)
    logs = log_arrays(0, run.layout)[1:]

    def sample(first: int, count: int) -> np.ndarray:
        steps = -(-count // CHAINS)
        kept = np.zeros((steps * CHAINS, heard), np.int64)
        if heard:
            sampler.advance_chains(
                state.states, state.keys, state.status, state.draws, state.step, steps,
                run.count, BURN_IN, THIN, kept, rest, plan.rules, stops,
                plan.params, calls, outs, *logs,
            )  # fmt: skip
            raise_for_chains(query, state)
        state.step += steps
        return kept[:count]

    def kernel(first, count, kept, rows, errors) -> None:
        run_conditional(
            run.seed, first, count, mask_of(plan.hand), plan.seat, rest, kept, False,
            plan.rules, plan.fids, plan.stop, plan.params, scripts, trumps, rows, errors, *logs,
        )  # fmt: skip

    chunk = CHAINS * STEPS_PER_CHUNK
    values = play_sampled_chunks(
        run, len(plan.rounds), sample, kernel, _advice_values(plan), progress, chunk
    )
    return values, int(state.draws.sum())


def play_advice(query: AdviceQuery) -> AdviceReport:
    """`allfours advise cinch`: the table per call and the call with the best expected
    score change, saying when the two best cannot be told apart."""
    rows, tries = query.with_progress(lambda step: advice_deals(query, step))
    return advice_report(query, rows, tries, "name")


# What `allfours serve`'s advice page asks of Cinch: the calls a player may hear, the
# strategies it offers first for the other seats and for the hand (the first of each that
# the rules seat: the calibrated bidder, fitted for the default rules with 2 to 4 players,
# with the strongest cheap player, whose network plays 4; else one of them with greedy,
# or greedy alone, whose bidder never passes first), and the check it makes of a query
# before anything is played (the command line's own).
PAGE_PLAYERS = ("calibrated+learned", "calibrated+greedy", "learned", "greedy")
PAGE = {
    "calls": ("pass", *(str(bid) for bid in range(1, cinch.MAX_BID + 1))),
    "others": PAGE_PLAYERS,
    "hand": PAGE_PLAYERS,
    "check": advice_rounds,
}
