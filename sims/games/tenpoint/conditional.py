"""Ten-point Pitch's conditional deals, for `allfours odds` and `advise`: some seats' hands
dealt as given (the known hand, and for advice the earlier seats' hands the chains of
`sims.games.tenpoint.sampler` keep), the other seats' hands and the stock dealt uniformly
from the cards left, and each deal played once per round (the calls it imposes) through
`sims.games.tenpoint.deal.play_deal_nb`, every round from the deal's own play stream."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.cards import mask_of
from sims.core.rng import STREAM_DEAL, STREAM_PLAY, below, purpose_key, seed_key, unit_key
from sims.engine.common import BID, ILLEGAL_CALL, OK, hand_masks_nb, record_fault_nb
from sims.engine.threads import UnitKernel
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.deal import INFO_SIZE, W_DEALT, WORK_ROWS, field_views_nb, play_deal_nb
from sims.strategies import view as v

# The stream the auction of a candidate deal is checked from: a purpose apart from the deal
# and play streams of sims.core.rng (0 and up), the games' (16 and up) and the chains'.
STREAM_AUCTION = -2


@njit(cache=True)
def order_around_nb(rng, order, known, dealt_size, full, pool, shuffle) -> int:
    """Write a deal into `order` as the deal loop reads it (each seat's cards dealt, then
    the stock top first): seat s is dealt `known[s]` where it is not 0, the other seats and
    the stock the cards of `full` no seat is known to hold, in a uniformly random order
    when `shuffle` (else in code order: for an auction that reads no other seat's hand).
    `pool` is scratch of at least 64 entries. Returns the cards written."""
    players = known.shape[0]
    taken = 0
    for seat in range(players):
        taken |= known[seat]
    n = 0
    rest = full & ~taken
    while rest:
        pool[n] = lowest(rest)
        rest &= rest - 1
        n += 1
    if shuffle:
        for i in range(n - 1):
            j = i + below(rng, n - i)
            pool[i], pool[j] = pool[j], pool[i]
    k = 0
    for seat in range(players):
        start = seat * dealt_size
        if known[seat]:
            rest = known[seat]
            i = start
            while rest:
                order[i] = lowest(rest)
                rest &= rest - 1
                i += 1
        else:
            for i in range(start, start + dealt_size):
                order[i] = pool[k]
                k += 1
    end = players * dealt_size
    for i in range(n - k):
        order[end + i] = pool[k + i]
    return end + n - k


@njit(cache=True)
def auction_fits_nb(order, rules, stopping, params, rng, heard, view, out, error, info, work, logs):
    """Whether the bidders of the first `heard.shape[0]` seats (from the dealer's left, the
    dealer the last seat), holding the cards `order` deals them, make exactly the calls
    `heard` (1), or not (0): the deal loop's own auction, stopped at the next seat, whose
    bidder `stopping` (the strategy table) removes. -1: a bidder made an illegal call (its
    seat and call in `error`)."""
    players = rules[tp.R_PLAYERS]
    scores = np.zeros(tp.MAX_SIDES, np.int64)
    no_script = np.zeros(0, np.int64)
    fields = field_views_nb(out)
    hand_masks_nb(order, work[W_DEALT], players, rules[tp.R_DEALT])
    kind = play_deal_nb(
        order, players - 1, scores, rules, stopping, params, rng, no_script, no_script, view, out,
        fields, np.int64(0), error, info, work, logs[0], logs[1], logs[2],
    )  # fmt: skip
    count = heard.shape[0]
    if kind != ILLEGAL_CALL or error[0] != count or error[1] != -1:
        return -1 if kind == ILLEGAL_CALL else 0
    for k in range(count):
        if fields[0][0, k] != heard[k]:
            return 0
    return 1


@njit(cache=True, nogil=True)
def run_conditional_block_nb(
    start,
    stop,
    seed,
    first,
    rules,
    fids,
    params,
    known,
    kept,
    check,
    round_calls,
    out,
    errors,
    dealt_out,
    log_calls,
    log_plays,
    log_winners,
):
    """Play deals `first + start .. first + stop` of a run of `seed` (one after another), deal u
    dealt around the hands `known` (masks per seat, 0 for a seat dealt at random) and `kept[u]`
    (the first seats' hands, where `kept` has rows) by deal u's deal stream (`order_around_nb`),
    the dealer the last seat. Where `check` holds calls, a deal is rejected (its rows left at
    deal -1) unless the first seats' bidders make them (their draws from deal u's own auction
    stream). Each deal left is played once per round k into row u * rounds + k, the calls
    `round_calls[k]` imposed (one per seat from the dealer's left, then the trump; -1 leaves a
    call to the seat's bidder, and the trump is named only by a pitcher whose call is
    imposed), every round from deal u's play stream. The hands dealt (the seats, then the
    stock) go to `dealt_out[u]` where it has rows."""
    players = rules[tp.R_PLAYERS]
    dealt_size = rules[tp.R_DEALT]
    full = tp.FULL[rules[tp.R_DECK]]
    rounds = round_calls.shape[0]
    seed_part = seed_key(seed)
    stopping = fids.copy()
    if check.shape[0] > 0:
        stopping[BID, check.shape[0]] = -1
    view = np.zeros(v.SIZE, np.int64)
    rng = np.zeros(1, np.int64)
    order = np.zeros(64, np.int64)
    pool = np.zeros(64, np.int64)
    mine = np.zeros(players, np.int64)
    scores = np.zeros(tp.MAX_SIDES, np.int64)
    error = np.zeros(2, np.int64)
    info = np.zeros(INFO_SIZE, np.int64)
    work = np.zeros((WORK_ROWS, 64), np.int64)
    no_script = np.zeros(0, np.int64)
    fields = field_views_nb(out)
    logs = (log_calls, log_plays, log_winners)
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        mine[:] = known
        if kept.shape[0] > 0:
            for seat in range(kept.shape[1]):
                mine[seat] = kept[u, seat]
        rng[0] = purpose_key(unit, STREAM_DEAL)
        size = order_around_nb(rng, order, mine, dealt_size, full, pool, True)
        hand_masks_nb(order, work[W_DEALT], players, dealt_size)
        if dealt_out.shape[0] > 0:
            for seat in range(players):
                dealt_out[u, seat] = mine[seat]
                if mine[seat] == 0:
                    for i in range(seat * dealt_size, (seat + 1) * dealt_size):
                        dealt_out[u, seat] |= np.int64(1) << order[i]
            for i in range(players * dealt_size, size):
                dealt_out[u, players] |= np.int64(1) << order[i]
        if check.shape[0] > 0:
            rng[0] = purpose_key(unit, STREAM_AUCTION)
            row = out[u * rounds : u * rounds + 1]
            fits = auction_fits_nb(
                order, rules, stopping, params, rng, check, view, row, error, info, work, logs
            )
            if fits < 0:
                record_fault_nb(errors, u, ILLEGAL_CALL, 0, error)
            if fits <= 0:
                out[u * rounds].deal = -1
                continue
        for k in range(rounds):
            row = u * rounds + k
            rng[0] = purpose_key(unit, STREAM_PLAY)
            scores[:] = 0
            kind = play_deal_nb(
                order, players - 1, scores, rules, fids, params, rng, round_calls[k], no_script,
                view, out, fields, row, error, info, work, log_calls, log_plays, log_winners,
            )  # fmt: skip
            out[row].game = -1
            out[row].deal = index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break


# The kernel: each of numba's threads plays its part of the deals in one call of the block
# function (sims.engine.threads).
run_conditional = UnitKernel(run_conditional_block_nb)


def known_hands(rules: dict[str, Any], hands: dict[int, Sequence[int]]) -> np.ndarray:
    """The masks per seat of the hands given by seat (0-based), 0 for the seats dealt at
    random, as `run_conditional` takes them."""
    known = np.zeros(rules["players"], np.int64)
    for seat, cards in hands.items():
        known[seat] = mask_of(cards)
    return known


def script_table(scripts: Sequence[Sequence[int]]) -> np.ndarray:
    """The calls each round imposes, one row per round, padded with -1 (left to the
    bidders)."""
    width = max((len(calls) for calls in scripts), default=0)
    table = np.full((len(scripts), max(width, 1)), -1, np.int64)
    for k, calls in enumerate(scripts):
        table[k, : len(calls)] = calls
    return table
