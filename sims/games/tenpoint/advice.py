"""What a Ten-point Pitch hand should call in a real auction (`allfours advise tenpoint`):
the other hands and the stock dealt to fit the calls heard from the earlier seats (by the
chains of `sims.games.tenpoint.sampler`, or by rejecting whole deals that do not fit),
every call legal at the hand's turn played on the same deals (a bid once per trump tried,
which the hand names when it wins the auction; else its strategy names one), and the
table and advice they give."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sims.core.cards import mask_of
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint import sampler
from sims.games.tenpoint.conditional import known_hands, run_conditional, script_table
from sims.games.tenpoint.odds import parse_suits
from sims.run.advice import advice_report, label_rounds
from sims.run.chains import BURN_IN, CHAINS, STEPS_PER_CHUNK, THIN, Chains, raise_for_chains
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

ADVICE_COLUMNS = ["won_contract", "made", "delta"]  # per deal, for the hand's side


def legal_calls(high: int, min_bid: int) -> list[int]:
    """The calls legal after a high bid of `high` (0: none yet): a pass, or any bid above
    it from `min_bid` to 10, the moon."""
    return [0, *range(max(min_bid, high + 1), tp.MAX_BID + 1)]


def auction_so_far(calls: Sequence[int], seat: int, players: int, min_bid: int) -> list[int]:
    """The calls legal at the turn of `seat` (1 = the dealer's left, `players` = the dealer)
    after `calls`, those of the seats before it. AdviceError for calls the auction cannot
    hear."""
    check_turn(calls, seat, players)
    high = 0
    for position, call in enumerate(calls, start=1):
        legal = legal_calls(high, min_bid)
        if call not in legal:
            raise call_refused(position, call, high, legal)
        if call == tp.MAX_BID:
            raise AdviceError(
                f"seat {position} bid 10 (shooting the moon), which no bid tops: seat {seat} "
                "can only pass"
            )
        high = max(high, call)
    return legal_calls(high, min_bid)


@dataclass(frozen=True)
class AdviceRounds:
    """What an advice run plays: each round's (call, trump tried; -1 the strategy's
    choice), the hand as dealt (cards), its seat (0-based) and side, the rules array and
    the strategy tables."""

    rounds: list[tuple[int, int]]
    hand: tuple[int, ...]
    seat: int
    side: int
    rules: np.ndarray
    fids: np.ndarray
    params: np.ndarray


def advice_rounds(query: AdviceQuery) -> AdviceRounds:
    """The rounds of `query` (every call legal at the hand's turn, a bid once per trump
    tried: the suit given, all four for `best`, a Ten-point pitcher naming any suit; none
    given, the hand's strategy names it), checking the sampler, hand, seat, calls and trump
    first: AdviceError or CardError before anything is played."""
    run = query.run
    if query.sampler not in SAMPLERS:
        raise AdviceError(f"unknown sampler {query.sampler!r}; samplers: {', '.join(SAMPLERS)}")
    hand = parse_hand(query.hand, run.game, run.rules)
    calls = auction_so_far(query.calls, query.seat, run.layout.players, run.rules["min_bid"])
    tried = (-1,) if query.trump is None else parse_suits(query.trump)
    rounds = [(call, trump) for call in calls for trump in ((-1,) if call == 0 else tried)]
    seat = query.seat - 1
    rules = tp.rules_array(run.rules)
    fids, params = strategy_tables(seat_strategies(run))
    return AdviceRounds(rounds, hand, seat, int(rules[tp.R_SIDE_OF + seat]), rules, fids, params)


def round_script(heard: Sequence[int], call: int, trump: int, players: int) -> list[int]:
    """A round's calls for the deal loop: those heard, the hand's, and where it names a
    trump the later seats' left to their bidders (-1) and the trump, which the deal loop
    has the hand name only if it wins the auction."""
    if trump < 0:
        return [*heard, call]
    return [*heard, call, *[-1] * (players - len(heard) - 1), trump]


def advice_deals(
    query: AdviceQuery, progress: Callable[[int], None] | None = None
) -> tuple[pd.DataFrame, int]:
    """The deals of `query`, a row per (call, trump tried, deal): whether the hand won the
    contract, whether the contract was made and its side's score change; and the hands
    drawn to find them (the chains' draws, or the candidate deals rejection dealt). The
    earlier seats' calls are those heard; the hand makes each legal call (naming each trump
    tried where it wins the auction), the later seats bid and everyone plays by their
    strategies. AdviceError for calls the auction cannot hear, or calls the earlier seats'
    bidders never make (or, rejecting, too few deals that fit them within
    `query.tries`)."""
    plan = advice_rounds(query)
    if query.sampler == "rejection":
        values, deals, tries = _rejected(query, plan, progress)
    else:
        values, chains = chain_deals(query, plan, progress)
        deals = np.arange(query.run.first, query.run.first + query.run.count)
        tries = int(chains.draws.sum())
    frame = pd.DataFrame(values.reshape(-1, len(ADVICE_COLUMNS)), columns=ADVICE_COLUMNS)
    return label_rounds(frame, deals, plan.rounds), tries


def _values(plan: AdviceRounds) -> Callable[[np.ndarray], np.ndarray]:
    """A chunk's values per row: the hand won the contract, it was made, the side's change."""

    def values(rows: np.ndarray) -> np.ndarray:
        won = rows["pitcher"] == plan.seat
        return np.stack([won, rows["made"], rows["delta"][:, plan.side]], -1)

    return values


def _kernel(query: AdviceQuery, plan: AdviceRounds, check: Sequence[int]):
    """`run_conditional` on a chunk of `query`'s deals: (first, count, kept, rows, errors,
    dealt), the hand at its seat, the earlier seats' hands `kept` (no rows: dealt at
    random), the calls `check` checked (none: not checked), each round's calls imposed, and
    the hands dealt into `dealt` where it has rows."""
    run = query.run
    known = known_hands(run.rules, {plan.seat: plan.hand})
    players = run.layout.players
    scripts = script_table(
        [round_script(query.calls, call, trump, players) for call, trump in plan.rounds]
    )
    checked = np.array(check, np.int64)
    logs = log_arrays(0, run.layout)[1:]

    def kernel(first: int, count: int, kept, out, errors, dealt) -> None:
        run_conditional(
            run.seed, first, count, plan.rules, plan.fids, plan.params, known, kept, checked,
            scripts, out, errors, dealt, *logs,
        )  # fmt: skip

    return kernel


def no_hands(players: int) -> np.ndarray:
    """A hands-dealt array with no rows: the kernel records none."""
    return np.zeros((0, players + 1), np.int64)


def _rejected(
    query: AdviceQuery, plan: AdviceRounds, progress: Callable[[int], None] | None
) -> tuple[np.ndarray, np.ndarray, int]:
    """Candidate deals dealt whole, kept where the earlier seats' bidders make the calls
    heard: (values, deal indexes kept, candidates dealt)."""
    run = query.run
    chunk = _kernel(query, plan, query.calls)
    no_kept, dealt = np.zeros((0, 0), np.int64), no_hands(run.layout.players)

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        chunk(first, count, no_kept, out, errors, dealt)

    found = play_until_accepted(run, len(plan.rounds), kernel, _values(plan), query.tries, progress)
    accepted = found.values.shape[1]
    if accepted < run.count:
        raise AdviceError(
            f"only {accepted:,} of {found.tries:,} deals dealt ({accepted / found.tries:.3%}) "
            f"had the earlier seats' bidders call {', '.join(map(call_name, query.calls))}; "
            f"{run.count:,} were asked for: ask for fewer deals or give --max-tries"
        )
    return found.values, found.deals, found.tries


def chain_deals(
    query: AdviceQuery,
    plan: AdviceRounds,
    progress: Callable[[int], None] | None = None,
    dealt: np.ndarray | None = None,
    chains: int = CHAINS,
) -> tuple[np.ndarray, Chains]:
    """The values (round, deal, value) of deals `0 .. query.run.count` of `query` drawn by
    `sampler`'s `chains` chains, and the chains; the hands dealt (deal, seats then the
    stock) into `dealt` where given. AdviceError when the earlier seats' bidders never make
    the calls heard."""
    run = query.run
    heard = len(query.calls)
    rest = rest_of(plan.hand, run.deck)
    hand = mask_of(plan.hand)
    calls = np.array(query.calls, np.int64)
    state = Chains.start(run.seed, heard, chains)
    outs = np.zeros(chains, run.layout.dtype)
    logs = log_arrays(0, run.layout)[1:]
    total = max(run.count, 1)
    chunk = _kernel(query, plan, ())
    none = no_hands(run.layout.players)

    def sample(first: int, count: int) -> np.ndarray:
        start = first - run.first
        steps = -(-count // chains)
        kept = np.zeros((steps * chains, heard), np.int64)
        sampler.advance_chains(
            state.states, state.keys, state.status, state.draws,
            start // chains, steps, max(total, start + steps * chains), BURN_IN,
            THIN, kept, hand, rest, plan.rules, plan.fids, plan.params, calls, outs,
            *logs,
        )  # fmt: skip
        raise_for_chains(query, state)
        state.step += steps
        return kept[:count]

    def kernel(first: int, count: int, kept: np.ndarray, out: np.ndarray, errors) -> None:
        if dealt is None:
            chunk(first, count, kept, out, errors, none)
            return
        shown = np.zeros((count, run.layout.players + 1), np.int64)
        chunk(first, count, kept, out, errors, shown)
        dealt[first - run.first : first - run.first + count] = shown

    values = play_sampled_chunks(
        run, len(plan.rounds), sample, kernel, _values(plan), progress,
        chains * STEPS_PER_CHUNK,
    )  # fmt: skip
    return values, state


def play_advice(query: AdviceQuery) -> AdviceReport:
    """`allfours advise tenpoint`: the table per call and the call with the best expected
    score change, saying when the two best cannot be told apart."""
    rows, tries = query.with_progress(lambda step: advice_deals(query, step))
    return advice_report(query, rows, tries, "name", {tp.MAX_BID: "shooting the moon"})


# What `allfours serve`'s advice page asks of Ten-point Pitch: the calls a player may hear
# (a pass, or a bid from the lowest the rules allow to the moon), the strategies it offers
# first for the other seats and for the hand (the strongest cheap player, whose network
# plays the 4-player partnership, else greedy), and its check of a query before anything
# is played.
PAGE_PLAYERS = ("learned", "greedy")
PAGE = {
    "calls": ("pass", *(str(bid) for bid in range(2, tp.MAX_BID + 1))),
    "others": PAGE_PLAYERS,
    "hand": PAGE_PLAYERS,
    "check": advice_rounds,
}
