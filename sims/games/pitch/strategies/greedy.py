"""`greedy` for Pitch: draw trumps with the top trump, win tricks that hold points as
cheaply as possible, feed game points to a partner's safe trick, and keep its Jack and
low trumps out of tricks it cannot win. Bids by `threshold`, pitches by `lead_best`. Also
`random` for Pitch: every call and card uniform over the legal ones.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest
from sims.core.cards import FULL_DECK, RANK_JACK, suit_mask
from sims.core.tricks import GAME_POINT_VALUES
from sims.games.pitch.strategies.bidding import random_bid, threshold_bid
from sims.games.pitch.strategies.leads import lead_best
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import register
from sims.strategies.tactics import beating, cheap_keys, cheapest, dear_keys, dearest


def _worth_table() -> np.ndarray:
    """`table[trump, card]`: what losing a card costs: its game points, and more for the
    Jack and the low trumps, which score for whoever captures them."""
    table = np.zeros((4, 52), np.int64)
    for trump in range(4):
        for card in range(52):
            rank = card % 13
            table[trump, card] = GAME_POINT_VALUES[rank]
            if card // 13 == trump and rank == RANK_JACK:
                table[trump, card] += 20
            elif card // 13 == trump and rank <= 2:
                table[trump, card] += 6 - 2 * rank
    return table


WORTH = _worth_table()
CHEAP, DEAR = cheap_keys(WORTH), dear_keys(WORTH)  # its order keys (see tactics)


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of a card for any trick after the pitch."""
    trump = view[v.TRUMP]
    legal = view[v.LEGAL]
    unseen = FULL_DECK & ~view[v.PLAYED] & ~view[v.HAND]
    trumps = suit_mask(trump)
    if view[v.POSITION] == 0:
        held = legal & trumps
        if held and unseen & trumps and beating(unseen & trumps, highest(held), trump) == 0:
            return highest(held)
        plain = legal & ~trumps
        return cheapest(plain if plain else legal, CHEAP, trump)
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    mine = view[v.SIDE_OF + view[v.SEAT]]
    if view[v.SIDE_OF + view[v.WINNING_SEAT]] == mine:
        if last or beating(unseen, best, trump) == 0:
            return dearest(legal, DEAR, trump)
        return cheapest(legal, CHEAP, trump)
    winners = beating(legal, best, trump)
    jack = trump * 13 + RANK_JACK
    if not last and winners >> jack & 1 and beating(unseen, jack, trump) != 0:
        winners &= ~(1 << jack)
    if winners:
        plain = winners & ~trumps
        return lowest(plain) if plain else lowest(winners)
    return cheapest(legal, CHEAP, trump)


register(
    "greedy",
    "pitch",
    "draws trumps, wins point tricks cheaply, feeds a partner, guards its Jack and Low",
    play=play_greedy,
    lead=lead_best,
    bid=threshold_bid,
    params={"margin": 0.0},
)
register(
    "random",
    "pitch",
    "every call and card uniform over the legal ones; the pitch uniform over the hand",
    play=play_random,
    lead=play_random,
    bid=random_bid,
)
