"""What an Auction Pitch hand should call in a real auction (`allfours advise pitch`): the
other hands dealt to fit the calls heard from the earlier seats (by the chains of
`sims.games.pitch.sampler`, or by rejecting whole deals that do not fit), every call legal
at the hand's turn played on the same deals, and the table and advice they give."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sims.core.cards import SUITS, mask_of
from sims.games.pitch import rules as pitch
from sims.games.pitch import sampler
from sims.games.pitch.deal import conditions, run_pitch
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
from sims.run.conditional import parse_trump, play_until_accepted, rest_of
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


def auction_so_far(calls: Sequence[int], seat: int, players: int, min_bid: int) -> int:
    """The calls legal at the turn of `seat` (1 = the dealer's left, `players` = the dealer)
    after `calls`, those of the seats before it, as a mask (bit 0 pass, bit b a bid of b).
    AdviceError for calls the auction cannot hear."""
    check_turn(calls, seat, players)
    high = 0
    for position, call in enumerate(calls, start=1):
        legal = int(pitch.legal_calls(high, False, min_bid))  # the dealer speaks last
        if not (0 <= call <= 4 and legal >> call & 1):
            raise call_refused(position, call, high, [c for c in range(5) if legal >> c & 1])
        if call == 4:
            raise AdviceError(
                f"seat {position} bid 4, which ends the auction: seat {seat} never speaks"
            )
        high = max(high, call)
    return int(pitch.legal_calls(high, seat == players, min_bid))


ADVICE_COLUMNS = ["won_contract", "made", "delta"]  # per deal, for the hand's side


@dataclass(frozen=True)
class AdviceRounds:
    """What an advice run plays: the calls legal at the hand's turn (a mask), each round's
    (call, trump tried; -1 the strategy's choice), the hand's seat (0-based) and side,
    the rules array and the strategy tables."""

    legal: int
    rounds: list[tuple[int, int]]
    seat: int
    side: int
    rules: np.ndarray
    fids: np.ndarray
    params: np.ndarray


def advice_rounds(query: AdviceQuery) -> AdviceRounds:
    """The rounds of `query` (every call legal at the hand's turn, each trump tried when it
    bids), checking the calls, seat, trump and sampler first: AdviceError or CardError
    before anything is played."""
    run = query.run
    if query.sampler not in SAMPLERS:
        raise AdviceError(f"unknown sampler {query.sampler!r}; samplers: {', '.join(SAMPLERS)}")
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
    fids, params = strategy_tables(seat_strategies(run))
    return AdviceRounds(
        legal, rounds, seat, int(rules[pitch.R_SIDE_OF + seat]), rules, fids, params
    )


def advice_deals(
    query: AdviceQuery, progress: Callable[[int], None] | None = None
) -> tuple[pd.DataFrame, int]:
    """The deals of `query`, a row per (call, trump tried, deal): whether the hand won the
    contract, whether the contract was made and its side's score change; and the hands
    drawn to find them (the chains' draws, or the candidate deals rejection dealt). The
    earlier seats' bidders make the calls heard; then the hand makes each legal call
    (pitching each trump tried when it bids) and the later seats bid and everyone plays by
    their strategies. `progress` is called with the deals done per chunk. AdviceError for
    calls the auction cannot hear, or calls the earlier seats' bidders never make (or,
    rejecting, too few deals that fit them within `query.tries`)."""
    plan = advice_rounds(query)
    if query.sampler == "rejection":
        values, deals, tries = _rejected(query, plan, progress)
    else:
        drawn = chain_deals(query, plan, progress)
        values, deals, tries = drawn.values, np.arange(query.run.count), drawn.draws
    frame = pd.DataFrame(values.reshape(-1, 3), columns=ADVICE_COLUMNS)
    return label_rounds(frame, deals, plan.rounds), tries


def _advice_values(plan: AdviceRounds) -> Callable[[np.ndarray], np.ndarray]:
    """A chunk's values per row: the hand won the contract, it was made, the side's change."""

    def values(rows: np.ndarray) -> np.ndarray:
        won = rows["pitcher"] == plan.seat
        return np.stack([won, rows["made"], rows["delta"][:, plan.side]], -1)

    return values


def _rejected(
    query: AdviceQuery, plan: AdviceRounds, progress: Callable[[int], None] | None
) -> tuple[np.ndarray, np.ndarray, int]:
    """Candidate deals dealt whole, kept where the earlier seats' bidders make the calls
    heard: (values, deal indexes kept, candidates dealt)."""
    run = query.run
    players = run.layout.players
    scripts = np.array([[*query.calls, call] for call, _ in plan.rounds], np.int8)
    trumps = np.array([trump for _, trump in plan.rounds], np.int64)
    fixed = conditions(
        mask_of(query.hand),
        plan.seat,
        players - 1,
        rest_of(query.hand),
        scripts,
        len(query.calls),
        trumps,
    )

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_pitch(
            run.seed,
            first,
            count,
            False,
            len(plan.rounds),
            plan.rules,
            plan.fids,
            plan.params,
            out,
            errors,
            *log_arrays(0, run.layout),
            *fixed,
        )

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


@dataclass(frozen=True)
class ChainDeals:
    """An advice run's deals drawn by the chains: the values (round, deal, value), the hands
    dealt (deal, seat; empty unless asked for), the chains' hands drawn, and the chains."""

    values: np.ndarray
    hands: np.ndarray
    draws: int
    chains: Chains


def chain_deals(
    query: AdviceQuery,
    plan: AdviceRounds | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    hands: bool = False,
    chains: int = CHAINS,
    burn_in: int = BURN_IN,
    thin: int = THIN,
) -> ChainDeals:
    """Deals `0 .. query.run.count` of `query` drawn by `sampler`'s chains and played once
    per round; with `hands`, the hands dealt too. `chains`, `burn_in` and `thin` change the
    chains' shape (the defaults are advice's; `burn_in=0` with a chain per deal keeps each
    chain's first fitting deal, found seat by seat: per-seat rejection, which is biased).
    AdviceError when the earlier seats' bidders never make the calls heard."""
    plan = plan or advice_rounds(query)
    run = query.run
    hand, rest = mask_of(query.hand), rest_of(query.hand)
    sample, state = _chain_sampler(query, plan, chains, burn_in, thin)
    scripts = np.array([[*query.calls, call] for call, _ in plan.rounds], np.int8)
    trumps = np.array([trump for _, trump in plan.rounds], np.int64)
    logs = log_arrays(0, run.layout)[1:]
    dealt: list[np.ndarray] = []

    def kernel(first, count, kept, rows, errors) -> None:
        out = np.zeros((count if hands else 0, run.layout.players), np.int64)
        sampler.play_kept(
            run.seed,
            first,
            count,
            kept,
            hand,
            rest,
            plan.rules,
            plan.fids,
            plan.params,
            scripts,
            trumps,
            rows,
            errors,
            out,
            *logs,
        )
        dealt.append(out)

    chunk = chains * STEPS_PER_CHUNK
    values = play_sampled_chunks(
        run, len(plan.rounds), sample, kernel, _advice_values(plan), progress, chunk
    )
    shown = np.concatenate(dealt) if hands and dealt else np.zeros((0, run.layout.players))
    return ChainDeals(values, shown, int(state.draws.sum()), state)


def chain_states(
    query: AdviceQuery, *, chains: int = CHAINS, burn_in: int = BURN_IN, thin: int = THIN
) -> np.ndarray:
    """The earlier seats' hands of deals `0 .. query.run.count` as the chains keep them,
    without playing them, by chain: (chain, step, seat). For checking how the chains mix
    (`chain_mixing`)."""
    plan = advice_rounds(query)
    sample, _ = _chain_sampler(query, plan, chains, burn_in, thin)
    steps = -(-query.run.count // chains)
    kept = sample(query.run.first, steps * chains)
    return kept.reshape(steps, chains, -1).transpose(1, 0, 2)


def _chain_sampler(
    query: AdviceQuery, plan: AdviceRounds, chains: int, burn_in: int, thin: int
) -> tuple[Callable[[int, int], np.ndarray], Chains]:
    """The chunk sampler of `play_sampled_chunks` for `query`'s chains, and their state."""
    run = query.run
    heard = len(query.calls)
    hand, rest = mask_of(query.hand), rest_of(query.hand)
    state = Chains.start(run.seed, heard, chains)
    stops = bidder_stops(plan.fids, heard)
    calls = np.array(query.calls, np.int8)
    outs = np.zeros(chains, run.layout.dtype)
    logs = log_arrays(0, run.layout)[1:]
    total = max(run.count, 1)

    def sample(first: int, count: int) -> np.ndarray:
        start = first - run.first
        steps = -(-count // chains)
        kept = np.zeros((steps * chains, heard), np.int64)
        sampler.advance_chains(
            state.states,
            state.keys,
            state.status,
            state.draws,
            start // chains,
            steps,
            max(total, start + steps * chains),
            burn_in,
            thin,
            kept,
            hand,
            rest,
            plan.rules,
            stops,
            plan.params,
            calls,
            outs,
            *logs,
        )
        raise_for_chains(query, state)
        state.step += steps
        return kept[:count]

    return sample, state


ACES_KINGS = sum(1 << (13 * suit + rank) for suit in range(4) for rank in (11, 12))


def hand_features(hands: np.ndarray) -> dict[str, np.ndarray]:
    """Per hand (masks, any shape): its cards in each suit (as trumps, were it to pitch
    that suit: `C`, `D`, `H`, `S`), its longest suit and its aces and kings (`top`)."""
    hands = np.asarray(hands, np.uint64)
    suits = {
        name: np.bitwise_count(hands & np.uint64(0x1FFF << (13 * suit))).astype(np.int64)
        for suit, name in enumerate(SUITS)
    }
    longest = np.max(np.stack(list(suits.values())), axis=0)
    top = np.bitwise_count(hands & np.uint64(ACES_KINGS)).astype(np.int64)
    return suits | {"longest": longest, "top": top}


def chain_mixing(query: AdviceQuery, lags: int = 4, **shape: int) -> pd.DataFrame:
    """How the chains of `query` mix, kept every `shape["thin"]` sweeps (default 1): per
    earlier seat and feature of its hand (`hand_features`), the autocorrelation along a
    chain at lags 1 .. `lags` kept deals (pooled over the chains, about the overall mean),
    and the share of the seat's cards that changed between two deals kept in a row."""
    shape = {"thin": 1} | shape
    states = chain_states(query, **shape)  # (chain, step, seat)
    rows = []
    for seat in range(states.shape[2]):
        hands = states[:, :, seat]
        for name, values in hand_features(hands).items():
            x = values.astype(float) - values.mean()
            variance = (x * x).mean()
            row = {"seat": seat + 1, "feature": name}
            for lag in range(1, lags + 1):
                covariance = (x[:, lag:] * x[:, :-lag]).mean()
                row[f"lag {lag}"] = covariance / variance if variance else 0.0
            rows.append(row)
        same = np.bitwise_count((hands[:, 1:] & hands[:, :-1]).astype(np.uint64))
        rows.append(
            {"seat": seat + 1, "feature": "cards changed"}
            | {"lag 1": 1 - same.mean() / pitch.HAND_SIZE}
        )
    return pd.DataFrame(rows)


def play_advice(query: AdviceQuery) -> AdviceReport:
    """`allfours advise pitch`: the table per call and the call with the best expected
    score change, saying when the two best cannot be told apart."""

    rows, tries = query.with_progress(lambda step: advice_deals(query, step))
    return advice_report(query, rows, tries, "pitch")


# What `allfours serve`'s advice page asks of Pitch: its question, the calls a player may
# hear, the strategies it offers first for the other seats and for the hand (the first of
# each that the rules seat: the calibrated bidder, fitted for 3 to 6 players and the
# 4-player partnership, with the strongest cheap player, which plays 4 seats or 6 in
# partnership; else one of them with greedy, or greedy alone), and the check it makes of a
# query before anything is played (the command line's own).
PAGE_PLAYERS = ("calibrated+learned", "calibrated+greedy", "threshold+learned", "greedy")
PAGE = {
    "calls": ("pass", "1", "2", "3", "4"),
    "others": PAGE_PLAYERS,
    "hand": PAGE_PLAYERS,
    "check": advice_rounds,
}
