"""`greedy` for Cinch: discards its cheapest cards, keeping trumps and counters; draws
trumps with a trump nobody can beat; cinches the Pedros (takes a trick holding a Pedro,
or feeding one, only with a card nothing unseen can beat); feeds counters to a partner's
safe trick; throws its cheapest card otherwise. Bids by `threshold`. Also `random`: every
call and card uniform over the legal ones."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.deck import SPACING
from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies.bidding import random_bid, threshold_bid
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import register
from sims.strategies.tactics import beating_in

SUITS, RANKS, MASKS = DECK.suits, DECK.ranks, DECK.masks
PACKED = DECK.packed
FULL = DECK.full
KING = 11 * SPACING  # trick rank of a plain king
CARD_BITS = 6  # the low bits of an order key: its card


def cost(card: int, trump: int) -> int:
    """What a card is worth keeping: its points first, then trumps, then trick rank."""
    trumpness = int(SUITS[trump, card] == trump)
    return c.CARD_POINTS[trump, card] * 1000 + trumpness * 100 + RANKS[trump, card]


def _order_keys() -> tuple[np.ndarray, np.ndarray]:
    """Per trump and card, the keys whose least names `cheapest`'s card (by `cost`, then
    the lower code) and whose greatest names `dearest`'s (most points, then the lowest
    trick rank, then the lower code): a choice is then a running min or max of loads."""
    cards = np.arange(DECK.size)
    cheap = np.zeros((4, DECK.size), np.int64)
    dear = np.zeros((4, DECK.size), np.int64)
    for trump in range(4):
        costs = np.array([cost(card, trump) for card in cards], np.int64)
        cheap[trump] = costs << CARD_BITS | cards
        points, ranks = c.CARD_POINTS[trump], RANKS[trump, : DECK.size]
        dear[trump] = (points << 2 * CARD_BITS | (63 - ranks) << CARD_BITS) | (63 - cards)
    return cheap, dear


CHEAP_KEYS, DEAR_KEYS = _order_keys()
LAST_CARD = (1 << CARD_BITS) - 1


@njit(cache=True)
def cheapest(cards: int, trump: int) -> int:
    """The card of `cards` lowest by `cost` (the lower code on a tie; -1: none)."""
    if cards == 0:
        return -1
    least = CHEAP_KEYS[trump, lowest(cards)]
    cards &= cards - 1
    while cards:
        least = min(least, CHEAP_KEYS[trump, lowest(cards)])
        cards &= cards - 1
    return least & LAST_CARD


@njit(cache=True)
def dearest(cards: int, trump: int) -> int:
    """The card of `cards` highest by points, the lowest-ranked of those (-1: none)."""
    if cards == 0:
        return -1
    most = DEAR_KEYS[trump, lowest(cards)]
    cards &= cards - 1
    while cards:
        most = max(most, DEAR_KEYS[trump, lowest(cards)])
        cards &= cards - 1
    return LAST_CARD - (most & LAST_CARD)


@njit(cache=True)
def beaten(card: int, cards: int, trump: int) -> bool:
    """Whether some card of `cards` would take a trick that `card` is winning."""
    return beating_in(cards, card, trump, PACKED) != 0


@njit(cache=True)
def top_trump(cards: int, trump: int) -> int:
    """The highest trump of `cards` by trick rank (-1: none)."""
    best = -1
    cards &= MASKS[trump, trump]
    while cards:
        card = lowest(cards)
        cards &= cards - 1
        if best < 0 or RANKS[trump, card] > RANKS[trump, best]:
            best = card
    return best


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of a card to discard or to play (see the module's docstring)."""
    trump, legal = view[v.TRUMP], view[v.LEGAL]
    if view[v.DECISION] == v.DISCARD:
        if legal >> c.STOP & 1:  # optional discards: only plain cards below a king
            plain = legal & ~(1 << c.STOP)
            low = cheapest(plain, trump)
            return low if RANKS[trump, low] < KING else c.STOP
        return cheapest(legal, trump)
    trumps = MASKS[trump, trump]
    unseen = FULL & ~view[v.HAND] & ~view[v.PLAYED] & ~view[v.DEAD]
    if view[v.POSITION] == 0:
        top = top_trump(legal, trump)
        if top >= 0 and not beaten(top, unseen & trumps, trump):
            return top  # draw trumps with a sure winner
        plain = legal & ~trumps
        return cheapest(plain if plain else legal, trump)
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    mine = view[v.SIDE_OF + view[v.SEAT]]
    if view[v.SIDE_OF + view[v.WINNING_SEAT]] == mine and (last or not beaten(best, unseen, trump)):
        return dearest(legal, trump)  # feed the partner's safe trick
    winners = beating_in(legal, best, trump, PACKED)
    sure = winners
    if not last:
        sure = 0
        cards = winners
        while cards:
            card = lowest(cards)
            cards &= cards - 1
            if not beaten(card, unseen, trump):
                sure |= 1 << card
    if sure:
        pedros = sure & (1 << c.COUNTING[trump, 4] | 1 << c.COUNTING[trump, 5])
        return lowest(pedros) if pedros else cheapest(sure, trump)
    if winners and view[v.TRICK_CARDS] & c.COUNTERS_MASK[trump]:  # points in the trick
        return top_trump(winners, trump) if winners & trumps else lowest(winners)
    return cheapest(legal, trump)


register(
    "greedy",
    c.NAME,
    "keeps trumps, draws trumps with sure winners, cinches the Pedros, feeds a partner",
    play=play_greedy,
    lead=play_greedy,
    bid=threshold_bid,
    params={"margin": 0.0},
)
register(
    "random",
    c.NAME,
    "every call, trump, discard and card uniform over the legal ones",
    play=play_random,
    lead=play_random,
    bid=random_bid,
)
