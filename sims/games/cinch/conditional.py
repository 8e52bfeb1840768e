"""Conditional Cinch deals for `allfours odds cinch` and `advise cinch`: one hand fixed at
its seat (and, from advice's chains, the hands of the seats that spoke before it), the
other hands and the stock dealt uniformly from the cards left, and every deal played once
per round (the calls scripted, a trump named) by `sims.games.cinch.deal`'s own deal loop,
from the same play stream, so the rounds are compared on common random numbers.

The dealer is the last seat, so seat k (0-based) is the (k + 1)-th to bid. A round whose
trump is fixed (`trumps[k]` >= 0) plays the auction first with the hand's bidder removed:
when the hand wins the contract the deal loop stops at its choice of trump, and the deal
is played again with the whole auction heard and that trump scripted."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.rng import STREAM_DEAL, STREAM_PLAY, purpose_key, seed_key, shuffle, unit_key
from sims.engine.common import BID, OK, REJECTED, SCRIPT_EXHAUSTED, record_fault_nb
from sims.engine.threads import UnitKernel
from sims.games.cinch import rules as c
from sims.games.cinch.deal import CARDS, TRACE_WIDTH, play_cinch_deal_nb
from sims.strategies import view as v


@njit(cache=True)
def deal_around_nb(rng, order, deck, rest, hand, seat, known, players, size) -> None:
    """Fill `order` as the deal loop reads it (each seat's `size` cards in turn, then the
    stock, top first): `hand` (a mask) at `seat`, `known[s]` (masks) at seats 0 ..
    len(known) - 1, and the other seats' cards and the stock from the cards of `rest` that
    no known hand holds, uniformly shuffled. `deck` is scratch of twice the deck's size."""
    taken = np.int64(0)
    for s in range(known.shape[0]):
        taken |= known[s]
    n = 0
    for i in range(rest.shape[0]):
        if not (taken >> rest[i]) & 1:
            deck[n] = rest[i]
            n += 1
    shuffle(rng, deck, n, n)
    top = 0
    for s in range(players):
        if s == seat or s < known.shape[0]:
            mask = hand if s == seat else known[s]
            for i in range(size):
                card = lowest(mask)
                order[s * size + i] = card
                mask &= ~(np.int64(1) << card)
        else:
            order[s * size : (s + 1) * size] = deck[top : top + size]
            top += size
    order[players * size : players * size + n - top] = deck[top:n]


@njit(cache=True, inline="always")
def heard_nb(order, heard, rules, stopping, params, rng, calls, view, out, row, error, logs) -> int:
    """OK when the bidders of seats 0 .. `heard` - 1, dealt `order`, make `calls[:heard]`,
    REJECTED when they do not, through the deal loop's own auction, which stops at seat
    `heard`, whose bidder `stopping` removes; else the deal loop's error kind (a bidder's
    illegal call: its seat and call in `error`)."""
    scores = np.zeros(c.MAX_PLAYERS, np.int64)
    log_calls, log_plays, log_winners = logs
    kind = play_cinch_deal_nb(
        order,
        rules[c.R_PLAYERS] - 1,
        scores,
        rules,
        stopping,
        params,
        rng,
        np.zeros(0, np.int8),
        np.zeros(0, np.int8),
        view,
        out,
        row,
        error,
        log_calls,
        log_plays,
        log_winners,
        np.zeros((0, TRACE_WIDTH), np.int64),
    )
    if kind != SCRIPT_EXHAUSTED or error[0] != heard:
        return kind
    for k in range(heard):
        if out.call[row, k] != calls[k]:
            return REJECTED
    return OK


@njit(cache=True, inline="always")
def play_round_nb(order, seat, rules, fids, stopping, params, rng, script, trump, full, view, out,
                  row, error, logs) -> int:  # fmt: skip
    """Play one round of a deal into `out[row]` from the calls of `script` (the trump
    suit `trump` named by the hand at `seat` if it wins the contract, -1: as its strategy
    chooses, or as `script` says); the deal loop's error kind. `full` is scratch for the
    whole auction and the trump. `rng` is left where the play left it."""
    log_calls, log_plays, log_winners = logs
    players = rules[c.R_PLAYERS]
    start = rng[0]
    scores = np.zeros(c.MAX_PLAYERS, np.int64)
    no_cards = np.zeros(0, np.int8)
    no_trace = np.zeros((0, TRACE_WIDTH), np.int64)
    kind = play_cinch_deal_nb(
        order, players - 1, scores, rules, stopping if trump >= 0 else fids, params, rng, script,
        no_cards, view, out, row, error, log_calls, log_plays, log_winners, no_trace,
    )  # fmt: skip
    if trump >= 0 and kind == SCRIPT_EXHAUSTED and error[0] == seat:
        for k in range(players):
            full[k] = out.call[row, k]
        full[players] = trump
        rng[0] = start
        scores[:] = 0
        kind = play_cinch_deal_nb(
            order, players - 1, scores, rules, fids, params, rng, full,
            no_cards, view, out, row, error, log_calls, log_plays, log_winners, no_trace,
        )  # fmt: skip
    return kind


@njit(cache=True, nogil=True)
def run_conditional_block_nb(
    start,
    stop,
    seed,
    first,
    hand,
    seat,
    rest,
    known,
    check,
    rules,
    fids,
    stopping,
    params,
    scripts,
    trumps,
    out,
    errors,
    log_calls,
    log_plays,
    log_winners,
):
    """Deal deals `first + start .. first + stop` of a run of `seed` (one after another) around
    `hand` (a mask) at `seat`, the hands of `known[u]` at the seats before it in deal u (`known`
    has a row per deal, empty when only the hand is known), the rest from `rest` by deal u's
    deal stream, and play each once per round k into row u * rounds + k from deal u's play
    stream: the calls `scripts[k]`, the trump `trumps[k]` (see `play_round_nb`). With `check`, a
    deal whose earlier seats' bidders do not make the calls of `scripts[0][:seat]` is rejected
    (its rows keep deal = -1). `stopping` is `fids` with the hand's bidder removed. `errors[u]`
    = (kind, round, seat, card or call) of the first fault."""
    players = rules[c.R_PLAYERS]
    size = rules[c.R_DEALT]
    rounds = trumps.shape[0]
    seed_part = seed_key(seed)
    logs = (log_calls, log_plays, log_winners)
    view = np.zeros(v.SIZE, np.int64)
    rng = np.zeros(1, np.int64)
    order = np.zeros(CARDS, np.int64)
    deck = np.zeros(2 * CARDS, np.int64)
    full = np.zeros(players + 1, np.int8)
    error = np.zeros(2, np.int64)
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        rng[0] = purpose_key(unit, STREAM_DEAL)
        deal_around_nb(rng, order, deck, rest, hand, seat, known[u], players, size)
        if check:
            rng[0] = purpose_key(unit, STREAM_PLAY)
            row = u * rounds
            fits = heard_nb(order, seat, rules, stopping, params, rng, scripts[0], view, out,
                            row, error, logs)  # fmt: skip
            if fits != OK:
                if fits != REJECTED:
                    record_fault_nb(errors, u, fits, 0, error)
                continue
        for k in range(rounds):
            row = u * rounds + k
            rng[0] = purpose_key(unit, STREAM_PLAY)
            kind = play_round_nb(order, seat, rules, fids, stopping, params, rng, scripts[k],
                                 trumps[k], full, view, out, row, error, logs)  # fmt: skip
            record = out[row]
            record.game = -1
            record.deal = index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break


# The kernel: each of numba's threads plays its part of the deals in one call of the block
# function (sims.engine.threads).
run_conditional = UnitKernel(run_conditional_block_nb)


def without_bidder(fids: np.ndarray, seat: int) -> np.ndarray:
    """A copy of the strategy table `fids` with the bidder of `seat` removed, so that the
    deal loop stops when that seat is to call or to name trump."""
    stopping = fids.copy()
    stopping[BID, seat] = -1
    return stopping
