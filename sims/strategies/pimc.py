"""`pimc`: perfect-information Monte Carlo, the search player of GIB (bridge) and Kermit
(Skat). At each card it deals the cards it cannot see to the other seats at random,
consistently with what it knows (its hand, every card played and by whom, the voids
shown in play, the hand sizes), solves each of these deals exactly with the double-dummy
solver (`sims.engine.solver`), and plays the card with the best total over the deals.

Everything it uses comes from the view, so it never reads a hidden card; the auction is
not used to shape the deals. Its side maximises its own points (in cutthroat Pitch, the
other seats are assumed to play against it). Parameters: `samples` (deals per decision)
and `depth` (tricks solved: with more tricks left it plays as `greedy` does; 0 solves to
the end of the deal). Each game's search module (`strategies/search.py`)
registers it with the game's deck (`sims.core.deck`'s `Deck.packed`: the cards dealt,
their effective suits and trick ranks), card points, hand size and the strategies it falls
back on.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.deck import D_NAMING, MAX_CARDS
from sims.engine import solver as s
from sims.strategies import view as v
from sims.strategies.registry import Param
from sims.strategies.sampling import deal_hidden, load_hands, load_position, new_pool

SAMPLES, DEPTH = 1, 2  # parameter slots; slot 0 is the fallback strategy's
TABLE_BITS = 14  # transposition table of the solver, per decision


@njit(cache=True)
def pimc_choice(view, params, rng, deck, card_points, hand_size: int) -> int:
    """The legal card with the best total value over `samples` solved deals (at once when
    only one card is legal: nothing to search); `deck`, `card_points` and `hand_size` are
    the game's (see `sims.strategies.sampling.load_position`)."""
    legal = view[v.LEGAL]
    if legal & (legal - 1) == 0:
        return lowest(legal)
    samples = max(1, int(params[SAMPLES]))
    opening = view[v.DECISION] == v.OPENING
    totals = np.zeros(MAX_CARDS, np.int64)
    hands = np.zeros(s.MAX_SEATS, np.int64)
    pool = new_pool()
    position = np.empty(s.POSITION_SIZE, np.int64)
    table = np.empty((1 << TABLE_BITS, 3), np.int64)
    buffers = s.search_buffers_nb()
    if not opening:  # every deal shares the rules, trick and piles: load them once
        load_position(view, hands, deck, card_points, view[v.TRUMP], position)
        s.load_rules_nb(position, True, buffers)
    for _ in range(samples):
        deal_hidden(view, hand_size, rng, hands, pool, deck)
        if not opening:
            load_hands(view, hands, position)
            _add_values(totals, s.deal_values_nb(position, table, buffers)[0], legal)
            continue
        for trump in range(4):  # the opening card names trump: each suit held is its own deal
            if legal & deck[trump, D_NAMING]:
                load_position(view, hands, deck, card_points, trump, position)
                s.load_rules_nb(position, True, buffers)
                _add_values(totals, s.deal_values_nb(position, table, buffers)[0], legal)
    best, best_total = lowest(legal), -1
    rest = legal
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        if totals[card] > best_total:
            best, best_total = card, totals[card]
    return best


@njit(cache=True, inline="always")
def _add_values(totals, values, legal: int) -> None:
    """Add each legal card's value in one solved deal to its total (-1: not a card of
    this deal's trump)."""
    rest = legal
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        if values[card] >= 0:
            totals[card] += values[card]


@njit(cache=True)
def solving(view, params, hand_size: int) -> bool:
    """Whether this trick is within the solved depth (0: every trick)."""
    depth = int(params[DEPTH])
    return depth <= 0 or hand_size - view[v.TRICK_NO] <= depth


SAMPLES_PARAM = Param(12, 1, 10_000, whole=True)
ABOUT = "perfect-information Monte Carlo: solves sampled deals of the unseen cards"
