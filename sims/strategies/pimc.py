"""`pimc`: perfect-information Monte Carlo, the search player of GIB (bridge) and Kermit
(Skat). At each card it deals the cards it cannot see to the other seats at random,
consistently with what it knows (its hand, every card played and by whom, the voids
shown in play, the hand sizes), solves each of these deals exactly with the double-dummy
solver (`sims.engine.solver`), and plays the card with the best total over the deals.

Everything it uses comes from the view, so it never reads a hidden card; the auction is
not used to shape the deals. Its side maximises its own points (in cutthroat Pitch, the
other seats are assumed to play against it). Parameters: `samples` (deals per decision)
and `depth` (tricks solved: with more tricks left it plays as `greedy` does; 0 solves to
the end of the deal). In Pitch it bids as `threshold` (parameter `margin`), in Phat and
Don `greedy`'s `guard_big_phat` serves the tricks it does not solve.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.cards import suit_mask
from sims.core.games import don, phat
from sims.engine import solver as s
from sims.strategies import phat_greedy, pitch_greedy
from sims.strategies import view as v
from sims.strategies.phat_leads import lead_long
from sims.strategies.pitch_bidding import threshold_bid
from sims.strategies.pitch_leads import lead_best
from sims.strategies.registry import Param, register
from sims.strategies.sampling import DON, PHAT, PITCH, deal_hidden, position_of

SAMPLES, DEPTH = 1, 2  # parameter slots; slot 0 is the fallback strategy's
TABLE_BITS = 14  # transposition table of the solver, per decision


@njit(cache=True)
def pimc_choice(view, params, rng, game: int, hand_size: int) -> int:
    """The legal card with the best total value over `samples` solved deals (at once when
    only one card is legal: nothing to search)."""
    legal = view[v.LEGAL]
    if legal & (legal - 1) == 0:
        return lowest(legal)
    samples = max(1, int(params[SAMPLES]))
    opening = view[v.DECISION] == v.OPENING
    totals = np.zeros(52, np.int64)
    hands = np.zeros(s.MAX_SEATS, np.int64)
    table = np.empty((1 << TABLE_BITS, 3), np.int64)
    for _ in range(samples):
        deal_hidden(view, hand_size, rng, hands)
        for trump in range(4):
            if opening:  # the opening card names trump: each suit held is its own deal
                if not legal & suit_mask(trump):
                    continue
            elif trump != view[v.TRUMP]:
                continue
            values, _ = s.move_values_nb(position_of(view, hands, game, trump), table, True)
            for card in range(52):
                if legal >> card & 1 and values[card] >= 0:  # -1: not a card of this trump
                    totals[card] += values[card]
    best, best_total = lowest(legal), -1
    for card in range(52):
        if legal >> card & 1 and totals[card] > best_total:
            best, best_total = card, totals[card]
    return best


@njit(cache=True)
def _solving(view, params, hand_size: int) -> bool:
    """Whether this trick is within the solved depth (0: every trick)."""
    depth = int(params[DEPTH])
    return depth <= 0 or hand_size - view[v.TRICK_NO] <= depth


@njit(cache=True)
def pimc_pitch(view, params, rng):
    """Pitch: every card, the opening lead included, by PIMC within the depth, else as
    `greedy` (whose opening lead is `lead_best`)."""
    if _solving(view, params, 6):
        return pimc_choice(view, params, rng, PITCH, 6)
    if view[v.DECISION] == v.OPENING:
        return lead_best(view, params, rng)
    return pitch_greedy.play_greedy(view, params, rng)


@njit(cache=True)
def pimc_phat(view, params, rng):
    """Phat and Don: PIMC within the depth, else `greedy` (opening with `lead_long`)."""
    game = DON if view[v.CARD_VALUES] else PHAT
    hand_size = don.HAND_SIZE if game == DON else phat.HAND_SIZE
    if _solving(view, params, hand_size):
        return pimc_choice(view, params, rng, game, hand_size)
    if view[v.DECISION] == v.OPENING:
        return lead_long(view, params, rng)
    return phat_greedy.play_greedy(view, params, rng)


SAMPLES_PARAM = Param(12, 1, 10_000, whole=True)
_ABOUT = "perfect-information Monte Carlo: solves sampled deals of the unseen cards"
register(
    "pimc",
    "pitch",
    f"{_ABOUT}; bids as threshold",
    play=pimc_pitch,
    lead=pimc_pitch,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 6, whole=True)},
    inline=False,
)
for _game in ("phat", "don"):
    register(
        "pimc",
        _game,
        f"{_ABOUT} for the last `depth` tricks, greedy before",
        play=pimc_phat,
        lead=pimc_phat,
        params={
            "guard_big_phat": phat_greedy.GUARD_PARAM,
            "samples": SAMPLES_PARAM,
            "depth": Param(4, 0, 13, whole=True),
        },
        inline=False,
    )
