"""`greedy` and `random` for Ten-point Pitch (docs/rules.md section 8). `greedy` draws
trumps with the top trump, else leads its card of least worth (a plain card before a trump
of the same worth: a low trump before a plain ten); takes tricks as cheaply as it can
(keeping its Jack, Off-Jack, jokers and Trey, where it scores, out of tricks it may lose),
feeds a partner's safe trick, throws its cheapest card, discards its least worth (its point
trumps last, and the deuce with them where Low goes to its holder, unless it keeps the
trey) and takes back its best; it bids by `threshold`. `random`: every call, discard and
card uniform over the legal ones."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.cards import N_RANKS
from sims.games.tenpoint.rules import BEATER_CARDS, FILL, FULL, MASKS
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies.bidding import random_bid, threshold_bid
from sims.games.tenpoint.strategies.tables import (
    CHEAPEST,
    DEAREST,
    DECK_SLOT,
    DISCARDED,
    DISCARDED_LOW,
    ORDERS,
    POINT_TRUMP_COST,
    STRONGEST,
    TAKEN_BACK,
    TREY,
    WEAKEST,
    WORTH,
    deck_data,
)
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import register
from sims.strategies.tactics import cheapest


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of a discard, a card taken back, or a card to a trick."""
    deck = np.int64(params[DECK_SLOT])
    trey = np.int64(view[TREY_WORTH] != 0)
    trump = view[v.TRUMP]
    legal = view[v.LEGAL]
    decision = view[v.DECISION]
    orders = ORDERS[:, deck, trey]  # [order, trump, card]: the keys `cheapest` reads
    if decision == v.DISCARD:  # the deuce kept for Low where it goes to its holder, unless
        keeps_trey = view[v.HAND] >> (trump * N_RANKS + TREY) & 1  # the trey will take it
        keeps_low = view[v.LOW_TO_HOLDER] != 0 and not keeps_trey
        return cheapest(legal, orders[DISCARDED_LOW if keeps_low else DISCARDED], trump)
    if decision == FILL:
        return cheapest(legal, orders[TAKEN_BACK], trump)
    beaters = BEATER_CARDS[deck, trump]  # the cards that take a trick from each card
    trumps = MASKS[deck, trump, trump]
    unseen = FULL[deck] & ~view[v.PLAYED] & ~view[v.HAND] & ~view[v.DEAD]
    if view[v.POSITION] == 0:
        held = legal & trumps
        if held:
            strongest = cheapest(held, orders[STRONGEST], trump)
            if (unseen & trumps & beaters[strongest]) == 0:
                return strongest
        return cheapest(legal, orders[CHEAPEST], trump)  # a plain card before a trump
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    mine = view[v.SIDE_OF + view[v.SEAT]]
    if view[v.SIDE_OF + view[v.WINNING_SEAT]] == mine:
        if last or (unseen & beaters[best]) == 0:
            return cheapest(legal, orders[DEAREST], trump)
        return cheapest(legal, orders[CHEAPEST], trump)
    winners = legal & beaters[best]
    if winners:
        safe = winners
        if not last:  # a point trump only where nothing unseen can take it back
            worth = WORTH[deck, trey, trump]
            safe = 0
            rest = winners
            while rest:
                card = lowest(rest)
                rest &= rest - 1
                if worth[card] < POINT_TRUMP_COST or (unseen & beaters[card]) == 0:
                    safe |= np.int64(1) << card
        if safe:
            return cheapest(safe, orders[WEAKEST], trump)
    return cheapest(legal, orders[CHEAPEST], trump)


register(
    "greedy",
    "tenpoint",
    "draws trumps with the top trump, wins tricks cheaply, guards its point trumps, feeds "
    "a partner; discards its least worth; bids by threshold",
    play=play_greedy,
    lead=play_greedy,
    bid=threshold_bid,
    params={"margin": 0.0},
    data=deck_data,
)
register(
    "random",
    "tenpoint",
    "every call, trump, discard and card uniform over the legal ones",
    play=play_random,
    lead=play_random,
    bid=random_bid,
)
