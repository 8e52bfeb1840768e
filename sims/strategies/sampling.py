"""What a search player may assume about the cards it cannot see: deals of the unseen
cards consistent with its view, and the solver's position of such a deal."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import FULL_DECK
from sims.core.rng import below
from sims.engine import solver as s
from sims.strategies import view as v

REJECTIONS = 64  # uniform deals tried before the deal is built seat by seat


@njit(cache=True)
def deal_hidden(view, hand_size: int, rng, hands) -> None:
    """Fill `hands[seat]` for every seat: its own hand for the seat deciding, and for the
    others a random share of the cards it has not seen, of the right size and in no suit
    the seat has shown it lacks (uniform given these facts while a try succeeds; after
    `REJECTIONS` failed tries, seat by seat). Cards left over were not dealt."""
    me = view[v.SEAT]
    players = view[v.PLAYERS]
    unseen = FULL_DECK & ~view[v.HAND] & ~view[v.PLAYED]
    pool = np.empty(popcount(unseen), np.int64)
    for i in range(pool.shape[0]):
        pool[i] = lowest(unseen)
        unseen &= unseen - 1
    sizes = np.zeros(players, np.int64)
    for seat in range(players):
        if seat != me:
            sizes[seat] = hand_size - popcount(view[v.PLAYED_BY + seat])
    for attempt in range(REJECTIONS + 1):
        for i in range(pool.shape[0] - 1, 0, -1):  # Fisher-Yates
            j = below(rng, i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        consistent = True
        taken = 0
        for seat in range(players):
            hands[seat] = view[v.HAND] if seat == me else 0
            for _ in range(sizes[seat]):
                card = pool[taken]
                taken += 1
                hands[seat] |= 1 << card
                if view[v.VOIDS + seat] >> (card // 13) & 1:
                    consistent = False
        if consistent:
            return
        if attempt == REJECTIONS:  # each seat takes the first cards it may hold
            free = np.ones(pool.shape[0], np.bool_)
            for seat in range(players):
                if seat == me:
                    continue
                hands[seat] = 0
                need = sizes[seat]
                for i in range(pool.shape[0]):
                    if need and free[i] and not view[v.VOIDS + seat] >> (pool[i] // 13) & 1:
                        hands[seat] |= 1 << pool[i]
                        free[i] = False
                        need -= 1


@njit(cache=True)
def position_of(view, hands, card_points, trump: int):
    """The solver's position for the seat deciding, with `hands` as the deal, `trump` (the
    suit its opening card would name, when it opens) and `card_points[trump, card]` the
    points a card scores when won (the game's card values; zeros where cards score none)."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    position = np.zeros(s.POSITION_SIZE, np.int64)
    position[s.P_PLAYERS] = players
    position[s.P_TRUMP] = trump
    length = view[v.POSITION]
    leader = (me - length) % players
    position[s.P_LEADER] = leader
    position[s.P_TRICK_LEN] = length
    position[s.P_MUST_FOLLOW] = view[v.FOLLOW]
    position[s.P_OPENING] = view[v.DECISION] == v.OPENING
    position[s.P_LOW_TO_HOLDER] = view[v.LOW_TO_HOLDER]
    position[s.P_HIGH_LOW] = view[v.HIGH_LOW_WORTH]
    position[s.P_JACK] = view[v.JACK_WORTH]
    position[s.P_GAME_WORTH] = view[v.GAME_WORTH] + view[v.CARRY]
    position[s.P_SIDES] = view[v.SIDES]
    for seat in range(players):
        side = view[v.SIDE_OF + seat]
        position[s.P_SIDE_OF + seat] = side
        position[s.P_HANDS + seat] = hands[seat]
        position[s.P_DEALT + seat] = hands[seat] | view[v.PLAYED_BY + seat]
        position[s.P_WON + side] |= view[v.WON + seat]
    position[s.P_SIDE] = position[s.P_SIDE_OF + me]
    for k in range(length):
        seat = (leader + k) % players
        position[s.P_TRICK + k] = lowest(view[v.TRICK_CARDS] & view[v.PLAYED_BY + seat])
    position[s.P_CARD_POINTS : s.P_CARD_POINTS + 52] = card_points[trump]
    return position
