"""`greedy` and `random` for Ten-point Pitch (docs/rules.md section 8). `greedy` draws
trumps with the top trump, else leads its card of least worth (a plain card before a trump
of the same worth: a low trump before a plain ten); takes tricks as cheaply as it can
(keeping its Jack, Off-Jack, jokers and Trey, where it scores, out of tricks it may lose),
feeds a partner's safe trick, throws its cheapest card, discards its least worth and takes
back its best; it bids by `threshold`. `random`: every call, discard and card uniform over
the legal ones."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.games.tenpoint.rules import FILL, FULL, MASKS, RANKS, SUITS
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies.bidding import random_bid, threshold_bid
from sims.games.tenpoint.strategies.tables import DECK_SLOT, KEEP, WORTH, deck_data
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import register


@njit(cache=True)
def strength(card: int, trump: int, deck: int) -> int:
    """A card's power in a trick: every trump above every plain card, then trick rank."""
    return (SUITS[deck, trump, card] == trump) * 1000 + RANKS[deck, trump, card]


@njit(cache=True)
def pick(cards: int, key, trump: int, deck: int, highest: bool) -> int:
    """The card of `cards` with the least (or, `highest`, the most) `key`, then strength."""
    chosen = -1
    rest = cards
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        if chosen < 0:
            chosen = card
            continue
        a = key[card] * 10000 + strength(card, trump, deck)
        b = key[chosen] * 10000 + strength(chosen, trump, deck)
        if (a > b) if highest else (a < b):
            chosen = card
    return chosen


@njit(cache=True)
def beats(card: int, best: int, trump: int, deck: int) -> bool:
    """Whether `card` takes a trick that `best` is winning."""
    suit = SUITS[deck, trump, card]
    if suit == SUITS[deck, trump, best]:
        return RANKS[deck, trump, card] > RANKS[deck, trump, best]
    return suit == trump


@njit(cache=True)
def beating(cards: int, best: int, trump: int, deck: int) -> int:
    """The cards of `cards` that would take a trick `best` is winning."""
    found = 0
    rest = cards
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        if beats(card, best, trump, deck):
            found |= np.int64(1) << card
    return found


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of a discard, a card taken back, or a card to a trick."""
    deck = np.int64(params[DECK_SLOT])
    trey = np.int64(view[TREY_WORTH] != 0)
    trump = view[v.TRUMP]
    legal = view[v.LEGAL]
    decision = view[v.DECISION]
    if decision == v.DISCARD:
        return pick(legal, KEEP[deck, trey, trump], trump, deck, False)
    if decision == FILL:
        return pick(legal, KEEP[deck, trey, trump], trump, deck, True)
    worth = WORTH[deck, trey, trump]
    trumps = MASKS[deck, trump, trump]
    unseen = FULL[deck] & ~view[v.PLAYED] & ~view[v.HAND] & ~view[v.DEAD]
    if view[v.POSITION] == 0:
        held = legal & trumps
        if held:
            strongest = -1
            rest = held
            while rest:
                card = lowest(rest)
                rest &= rest - 1
                if strongest < 0 or strength(card, trump, deck) > strength(strongest, trump, deck):
                    strongest = card
            if beating(unseen & trumps, strongest, trump, deck) == 0:
                return strongest
        return pick(legal, worth, trump, deck, False)  # a plain card before a trump
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    mine = view[v.SIDE_OF + view[v.SEAT]]
    if view[v.SIDE_OF + view[v.WINNING_SEAT]] == mine:
        if last or beating(unseen, best, trump, deck) == 0:
            return pick(legal, worth, trump, deck, True)
        return pick(legal, worth, trump, deck, False)
    winners = beating(legal, best, trump, deck)
    if winners:
        safe = winners
        if not last:  # a point trump only where nothing unseen can take it back
            safe = 0
            rest = winners
            while rest:
                card = lowest(rest)
                rest &= rest - 1
                if worth[card] < 20 or beating(unseen, card, trump, deck) == 0:
                    safe |= np.int64(1) << card
        if safe:
            cheapest = -1
            rest = safe
            while rest:
                card = lowest(rest)
                rest &= rest - 1
                if cheapest < 0 or strength(card, trump, deck) < strength(cheapest, trump, deck):
                    cheapest = card
            return cheapest
    return pick(legal, worth, trump, deck, False)


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
