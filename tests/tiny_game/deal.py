"""Three-card Jick's deal loop: deals dealt, exchanged, played and scored, a row each, with
the deal log when asked (the exchanges in the calls' log); and one deal played on from
given cards (`play_deal_nb`), which the test that no decision depends on a hidden card
asks of it."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sims.core.rng import STREAM_DEAL, STREAM_PLAY, below, purpose_key, seed_key, unit_key
from sims.core.tricks import beats_in, legal_cards_in
from sims.engine.common import ILLEGAL_CARD, LEAD, PLAY
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from tests.tiny_game import HAND_SIZE, PLAYERS
from tests.tiny_game.rules import DECK, JOKER, TRICKS
from tests.tiny_game.strategies import CALL_GREEDY, CALL_RANDOM, play_greedy

SUITS, RANKS, MASKS = DECK.suits, DECK.ranks, DECK.masks
CARDS = DECK.size


@njit(cache=True)
def decide(fid, view, params, rng):
    """The card strategy `fid` of the game's table plays."""
    if fid == CALL_RANDOM:
        return play_random(view, params, rng)
    if fid == CALL_GREEDY:
        return play_greedy(view, params, rng)
    return -1


@njit(cache=True)
def deal_nb(rng, dealt, stock):
    """Shuffle the deck and deal three cards a seat (the dealer's last card is turned);
    `stock` the top cards of the rest, the stock, in the order they are drawn."""
    deck = np.arange(CARDS)
    for i in range(PLAYERS * HAND_SIZE + stock.shape[0]):
        j = i + below(rng, CARDS - i)
        deck[i], deck[j] = deck[j], deck[i]
    for seat in range(PLAYERS):
        dealt[seat, :] = deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]
    stock[:] = deck[PLAYERS * HAND_SIZE : PLAYERS * HAND_SIZE + stock.shape[0]]


@njit(cache=True)
def play_deal_nb(
    dealt, stock, dealer, bonus, fids, params, script, rng, view, exchanges, plays, winners, points
):
    """Play one deal from the hands `dealt` (codes, the dealer's last turned) and the
    `stock` (top first): each seat from the dealer's left discards a card face up and
    draws the top of the stock (`exchanges`: each discard, then the card drawn), then the
    tricks. The card decisions of `script` (the discards, then the cards played) come
    first, then each seat's strategy's. Returns (trump, joker taker, 0) or, on an illegal
    card, (-1, seat, card)."""
    turned = dealt[dealer, HAND_SIZE - 1]
    trump = 0 if turned == JOKER else SUITS[4, turned]
    hands = np.zeros(PLAYERS, np.int64)
    for seat in range(PLAYERS):
        for k in range(HAND_SIZE):
            hands[seat] |= np.int64(1) << dealt[seat, k]
    points[:] = 0
    dead, step = 0, 0
    for k in range(PLAYERS):
        seat = (dealer + 1 + k) % PLAYERS
        if step < script.shape[0]:
            card = script[step]
        else:
            view[:] = 0
            view[v.DECISION], view[v.SEAT] = v.DISCARD, seat
            view[v.HAND], view[v.LEGAL], view[v.TRUMP] = hands[seat], hands[seat], trump
            view[v.LED_SUIT], view[v.WINNING_CARD], view[v.WINNING_SEAT] = -1, -1, -1
            view[v.PLAYERS], view[v.DEALER], view[v.TURNED] = PLAYERS, dealer, turned
            view[v.DEAD] = dead
            card = decide(fids[PLAY, seat], view, params[PLAY, seat], rng)
        if card < 0 or card >= CARDS or not (hands[seat] >> card) & 1:
            return -1, seat, card
        hands[seat] = hands[seat] & ~(np.int64(1) << card) | np.int64(1) << stock[k]
        dead |= np.int64(1) << card
        exchanges[2 * k], exchanges[2 * k + 1] = card, stock[k]
        step += 1
    leader, taker, played = (dealer + 1) % PLAYERS, -1, 0
    for trick in range(TRICKS):
        led, best, best_seat, cards = -1, -1, -1, 0
        for position in range(PLAYERS):
            seat = (leader + position) % PLAYERS
            legal = legal_cards_in(hands[seat], led, trump, False, MASKS)
            if step < script.shape[0]:
                card = script[step]
            else:
                view[:] = 0
                view[v.DECISION] = v.OPENING if step == PLAYERS else v.PLAY
                view[v.SEAT], view[v.HAND], view[v.LEGAL] = seat, hands[seat], legal
                view[v.TRUMP], view[v.LED_SUIT], view[v.POSITION] = trump, led, position
                view[v.WINNING_CARD], view[v.WINNING_SEAT] = best, best_seat
                view[v.TRICK_CARDS], view[v.TRICK_NO], view[v.PLAYED] = cards, trick, played
                view[v.PLAYERS], view[v.DEALER], view[v.TURNED] = PLAYERS, dealer, turned
                view[v.DEAD] = dead
                kind = LEAD if step == PLAYERS else PLAY
                card = decide(fids[kind, seat], view, params[kind, seat], rng)
            if card < 0 or card >= CARDS or not (legal >> card) & 1:
                return -1, seat, card
            hands[seat] &= ~(np.int64(1) << card)
            cards |= np.int64(1) << card
            played |= np.int64(1) << card
            plays[step - PLAYERS] = card
            step += 1
            if position == 0:
                led, best, best_seat = SUITS[trump, card], card, seat
            elif beats_in(card, best, trump, SUITS, RANKS):
                best, best_seat = card, seat
        winners[trick] = best_seat
        points[best_seat] += 1
        if (cards >> JOKER) & 1:
            points[best_seat] += bonus
            taker = best_seat
        leader = best_seat
    return trump, taker, 0


@njit(cache=True, parallel=True)
def run_tiny_nb(
    seed,
    first,
    count,
    rules,
    fids,
    params,
    out,
    errors,
    log_hands,
    log_calls,
    log_plays,
    log_winners,
):
    """Play deals `first .. first + count` (deal i: dealer seat i % 3) into `out`, a row
    each; `errors[u]` = (kind, 0, seat, card) of an illegal card (a discard or a card
    played) in deal u."""
    seed_part = seed_key(seed)
    no_script = np.zeros(0, np.int64)
    deal_col, dealer_col, turned_col = out.deal, out.dealer, out.turned
    trump_col, taker_col, points_col = out.trump, out.joker_taker, out.points
    for u in prange(count):
        index = first + u
        unit = unit_key(seed_part, index)
        rng = np.zeros(1, np.int64)
        dealt = np.zeros((PLAYERS, HAND_SIZE), np.int64)
        stock = np.zeros(PLAYERS, np.int64)
        view = np.zeros(v.SIZE, np.int64)
        exchanges = np.full(2 * PLAYERS, -1, np.int64)
        plays = np.full(PLAYERS * TRICKS, -1, np.int64)
        winners = np.full(TRICKS, -1, np.int64)
        points = np.zeros(PLAYERS, np.int64)
        rng[0] = purpose_key(unit, STREAM_DEAL)
        deal_nb(rng, dealt, stock)
        dealer = index % PLAYERS
        rng[0] = purpose_key(unit, STREAM_PLAY)
        trump, taker, card = play_deal_nb(
            dealt,
            stock,
            dealer,
            rules[0],
            fids,
            params,
            no_script,
            rng,
            view,
            exchanges,
            plays,
            winners,
            points,
        )
        if trump < 0:
            errors[u, 0], errors[u, 1], errors[u, 2], errors[u, 3] = ILLEGAL_CARD, 0, taker, card
            continue
        deal_col[u], dealer_col[u] = index, dealer
        turned_col[u], trump_col[u], taker_col[u] = dealt[dealer, HAND_SIZE - 1], trump, taker
        for seat in range(PLAYERS):
            points_col[u, seat] = points[seat]
        if log_hands.shape[0] > 0:
            for seat in range(PLAYERS):
                for k in range(HAND_SIZE):
                    log_hands[u, seat] |= np.int64(1) << dealt[seat, k]
            log_calls[u, :] = exchanges
            log_plays[u, :] = plays
            log_winners[u, :] = winners
