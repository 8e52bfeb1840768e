"""Conditional All Fours deals for `allfours odds allfours`: one hand dealt to its seat and
the upcard given, the other hands and the rest of the stock dealt uniformly from the cards
left, and every deal played once per round (the calls the round imposes) by
`sims.games.allfours.deal`'s own deal loop, every round from the deal's own play stream, so
the rounds are compared on common random numbers. The dealer is the last seat, so seat 0
is the elder hand."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.rng import STREAM_DEAL, STREAM_PLAY, purpose_key, seed_key, shuffle, unit_key
from sims.engine.common import OK, hand_masks_nb, record_fault_nb
from sims.engine.threads import UnitKernel
from sims.games.allfours import rules as r
from sims.games.allfours.deal import POINTS_SIZE, STATE_SIZE, play_deal_nb, write_row_nb
from sims.strategies import view as v


@njit(cache=True)
def deal_around_nb(rng, deck, dealt, stock, hand, seat, upcard, rest) -> None:
    """Fill `dealt` (seat by seat, six codes each) and `stock` (the upcard first) as the
    deal loop reads them: `hand` (codes) at `seat`, `upcard` on top of the stock, and the
    other seats' cards and the rest of the stock from the cards of `rest`, uniformly
    shuffled. `deck` is scratch of twice `rest`'s length."""
    n = rest.shape[0]
    deck[:n] = rest
    shuffle(rng, deck, n, n)
    top = 0
    for s in range(dealt.shape[0]):
        if s == seat:
            dealt[s, :] = hand
        else:
            dealt[s, :] = deck[top : top + r.HAND_SIZE]
            top += r.HAND_SIZE
    stock[0] = upcard
    stock[1:] = deck[top:n]


@njit(cache=True, nogil=True)
def run_conditional_block_nb(
    start,
    stop,
    seed,
    first,
    hand,
    seat,
    upcard,
    rest,
    rules,
    fids,
    params,
    scripts,
    out,
    errors,
    log_hands,
    log_calls,
    log_plays,
    log_winners,
):
    """Deal deals `first + start .. first + stop` of a run of `seed` (one after another) around
    `hand` (codes) at `seat` and `upcard`, the rest from `rest` by deal u's deal stream
    (`deal_around_nb`), the dealer the last seat, and play each once per round k into row u *
    rounds + k from deal u's play stream, the calls `scripts[k]` imposed (up to its first -1;
    then the strategies decide). The logs are written where they have rows. `errors[u]` = (kind,
    round, seat, card or call) of the first fault."""
    n = rules[r.R_PLAYERS]
    dealer = n - 1
    rounds = scripts.shape[0]
    seed_part = seed_key(seed)
    record = log_plays.shape[0] > 0
    view = np.zeros(v.SIZE, np.int64)
    rng = np.zeros(1, np.int64)
    deck = np.zeros(2 * rest.shape[0], np.int64)
    dealt = np.zeros((n, r.HAND_SIZE), np.int64)
    dealt_hands = np.zeros(n, np.int64)  # the hands dealt as masks: each round starts from them
    stock = np.zeros(r.stock_size(n), np.int64)
    whole = np.array([0, stock.shape[0]], np.int64)  # the stock dealt whole
    hands = np.zeros(n, np.int64)
    played_by = np.zeros(n, np.int64)
    won = np.zeros(n, np.int64)
    dead_of = np.zeros(n, np.int64)
    state = np.zeros(STATE_SIZE, np.int64)
    error = np.zeros(2, np.int64)
    points = np.zeros(POINTS_SIZE, np.int64)
    scores = np.zeros(r.MAX_SIDES, np.int64)
    before = np.zeros(r.MAX_SIDES, np.int64)
    no_cards = np.zeros(0, np.int64)
    calls = np.full(r.calls_size(n), -1, np.int64)
    plays = np.full(n * r.max_tricks(n), -1, np.int64)
    winners = np.full(r.max_tricks(n), -1, np.int64)
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        rng[0] = purpose_key(unit, STREAM_DEAL)
        deal_around_nb(rng, deck, dealt, stock, hand, seat, upcard, rest)
        hand_masks_nb(dealt.ravel(), dealt_hands, n, r.HAND_SIZE)
        for k in range(rounds):
            length = 0
            while length < scripts.shape[1] and scripts[k, length] >= 0:
                length += 1
            script = np.zeros(length, np.int64)
            script[:] = scripts[k, :length]
            rng[0] = purpose_key(unit, STREAM_PLAY)
            scores[:] = 0
            hands[:] = dealt_hands
            if record:
                calls[:] = -1
                plays[:] = -1
                winners[:] = -1
            kind = play_deal_nb(
                stock, whole, deck, dealer, scores, rules, fids, params, rng, script,
                no_cards, view, hands, played_by, won, dead_of, state, error, calls, plays,
                winners, points,
            )  # fmt: skip
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
            row = u * rounds + k
            write_row_nb(out, row, stock, dealer, before, scores, rules, state, points)
            out[row].game = -1
            out[row].deal = index
            if record:
                log_hands[row, :n] = hands[:n]
                log_calls[row, :] = calls
                log_plays[row, :] = plays
                log_winners[row, :] = winners


# The kernel: each of numba's threads plays its part of the deals in one call of the block
# function (sims.engine.threads).
run_conditional = UnitKernel(run_conditional_block_nb)
