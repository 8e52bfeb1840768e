"""The search player in Solo Whist: `pimc` plays the cards of the last `depth` tricks by
perfect-information Monte Carlo over the tricks each side takes (in a misère, those the
declarer takes), and before them, its calls and the Abundance trump as `greedy`.

Its deals of the unseen cards agree with the view: its hand, every card played and by
whom, the voids shown, the turned card (the dealer's until it plays it) and, in Misère
Ouverte, the declarer's exposed hand.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.deck import STANDARD
from sims.engine import solver as s
from sims.games.solowhist.rules import HAND_SIZE, MISERE, MISERE_OUVERTE
from sims.games.solowhist.strategies.bidding import EVALUATOR_PARAMS, evaluator_bid
from sims.games.solowhist.strategies.play import play_greedy
from sims.strategies import view as v
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES, SAMPLES_PARAM, solving
from sims.strategies.registry import Param, register
from sims.strategies.sampling import deal_hidden_around, load_trick_position, new_pool

TABLE_BITS = 16  # transposition table of the solver, per decision
# `pimc`'s parameter slots (`SAMPLES`, `DEPTH`) follow its fallback's one; here they
# follow `evaluator`'s three.
SHIFT = len(EVALUATOR_PARAMS) - 1
DECK = STANDARD.packed  # the plain pack


@njit(cache=True, inline="always")
def known_cards(view, known) -> None:
    """Fill `known[seat]` with the cards the deciding seat knows another seat holds: the
    turned card, the dealer's until played, and a Misère Ouverte declarer's exposed hand."""
    known[:] = 0
    me = view[v.SEAT]
    turned = view[v.TURNED]
    dealer = view[v.DEALER]
    if dealer != me and not view[v.PLAYED] >> turned & 1:
        known[dealer] |= 1 << turned
    declarers = view[v.DECLARERS]
    declarer = lowest(declarers) if declarers else -1
    if view[v.EXPOSED] and declarer != me:
        known[declarer] |= view[v.EXPOSED]


@njit(cache=True)
def pimc_whist_choice(view, params, rng) -> int:
    """The legal card with the best total over `samples` solved deals of the tricks its
    side counts (at once when only one card is legal: nothing to search)."""
    legal = view[v.LEGAL]
    if legal & (legal - 1) == 0:
        return lowest(legal)
    samples = max(1, int(params[SHIFT + SAMPLES]))
    contract = view[v.CONTRACT]
    misere = contract == MISERE or contract == MISERE_OUVERTE
    counting = s.COUNT_LOST if misere else s.COUNT_TAKEN
    totals = np.zeros(52, np.int64)
    hands = np.zeros(s.MAX_SEATS, np.int64)
    known = np.zeros(s.MAX_SEATS, np.int64)
    known_cards(view, known)
    pool = new_pool()
    position = np.empty(s.POSITION_SIZE, np.int64)
    table = np.empty((1 << TABLE_BITS, 3), np.int64)
    for _ in range(samples):
        deal_hidden_around(view, HAND_SIZE, known, rng, hands, pool, DECK)
        load_trick_position(view, hands, DECK, counting, position)
        values, _ = s.move_values_nb(position, table, True)
        for card in range(52):
            if legal >> card & 1:
                totals[card] += values[card]
    best, best_total = lowest(legal), -1
    for card in range(52):
        if legal >> card & 1 and totals[card] > best_total:
            best, best_total = card, totals[card]
    return best


@njit(cache=True)
def pimc_whist(view, params, rng):
    """Every card by PIMC within the depth, else as `greedy`."""
    if solving(view, params[SHIFT:], HAND_SIZE):
        return pimc_whist_choice(view, params, rng)
    return play_greedy(view, params, rng)


register(
    "pimc",
    "solowhist",
    f"{PIMC_ABOUT} for the last `depth` tricks, greedy before; bids as evaluator",
    play=pimc_whist,
    lead=pimc_whist,
    bid=evaluator_bid,
    params={
        **EVALUATOR_PARAMS,
        "samples": SAMPLES_PARAM,
        "depth": Param(6, 0, HAND_SIZE, whole=True),
    },
    inline=False,
)
