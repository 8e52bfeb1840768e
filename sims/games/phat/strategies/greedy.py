"""`greedy` for Phat and Don: take tricks that matter as cheaply as possible, feed points
to a partner's safe trick, throw the least valuable card otherwise, and never risk the
dearest low trump (Phat's Big Phat, Don's 5 of trumps) where a higher trump is still
unseen (parameter `guard_big_phat`, 1 = on).

It counts only cards it has seen (its hand and the cards played), values cards by the
game's own table (the view says whose), and opens with `lead_long`. Also `random` for Phat
and Don: every card uniform over the legal cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest
from sims.core.cards import FULL_DECK, suit_mask
from sims.core.tricks import GAME_POINT_VALUES
from sims.games.don import rules as don
from sims.games.phat import rules as phat
from sims.games.phat.strategies.leads import lead_long
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import Param, register
from sims.strategies.tactics import beating, cheap_keys, cheapest, dear_keys, dearest

GUARD_BIG_PHAT = 0
GUARD_PARAM = Param(1, 0, 1, whole=True)  # 1: keep a trump back to guard the Big Phat
# What a card is worth to the team capturing it, `WORTH[values, trump, card]`: the points it
# scores at once plus its muck (game) value, for Phat's and Don's values (games.phat).
WORTH = np.stack([phat.CARD_VALUES, don.CARD_VALUES]) + GAME_POINT_VALUES[np.arange(52) % 13]
CHEAP, DEAR = cheap_keys(WORTH), dear_keys(WORTH)  # its order keys (see tactics)
# The low trump worth guarding, by whose values: Phat's 9 (18 points), Don's 5 (10 points).
GUARDED_RANK = np.array([phat.BIG_PHAT_RANK, don.FIVE_RANK], np.int64)


@njit(cache=True, inline="always")
def _lead(hand: int, trump: int, unseen: int, cheap) -> int:
    """Lead a trump nobody can beat while trumps are out, else the least valuable plain card."""
    trumps = hand & suit_mask(trump)
    unseen_trumps = unseen & suit_mask(trump)
    if trumps and unseen_trumps:
        top = highest(trumps)
        if beating(unseen_trumps, top, trump) == 0:
            return top
    plain = hand & ~suit_mask(trump)
    if not plain:
        return cheapest(hand, cheap, trump)
    if not unseen_trumps:
        for suit in range(4):
            cards = plain & suit_mask(suit)
            if cards and beating(unseen & suit_mask(suit), highest(cards), trump) == 0:
                return highest(cards)
    return cheapest(plain, cheap, trump)


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of a card for any trick after the opening lead."""
    trump = view[v.TRUMP]
    legal = view[v.LEGAL]
    unseen = FULL_DECK & ~view[v.PLAYED] & ~view[v.HAND]
    cheap = CHEAP[view[v.CARD_VALUES]]
    if view[v.POSITION] == 0:
        return _lead(legal, trump, unseen, cheap)
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    if (view[v.WINNING_SEAT] & 1) == (view[v.SEAT] & 1):
        if last or beating(unseen, best, trump) == 0:
            return dearest(legal, DEAR[view[v.CARD_VALUES]], trump)
        return cheapest(legal, cheap, trump)
    winners = beating(legal, best, trump)
    big_phat = trump * 13 + GUARDED_RANK[view[v.CARD_VALUES]]
    if (
        params[GUARD_BIG_PHAT] > 0
        and not last
        and winners >> big_phat & 1
        and beating(unseen, big_phat, trump) != 0
    ):
        winners &= ~(1 << big_phat)
    if winners:
        following = winners & ~suit_mask(trump)
        return lowest(following) if following else lowest(winners)
    return cheapest(legal, cheap, trump)


for _game, _guarded in (("phat", "the Big Phat"), ("don", "the 5 of trumps")):
    register(
        "greedy",
        _game,
        f"wins point tricks cheaply, smears points on a partner's safe trick, guards {_guarded}",
        play=play_greedy,
        lead=lead_long,
        params={"guard_big_phat": GUARD_PARAM},
    )
    register(
        "random",
        _game,
        "every card uniform over the legal cards; the opening lead uniform over the hand",
        play=play_random,
        lead=play_random,
    )
