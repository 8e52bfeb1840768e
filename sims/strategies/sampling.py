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
NOTHING_KNOWN = np.zeros(s.MAX_SEATS, np.int64)  # no seat's card known beyond the view's


@njit(cache=True)
def new_pool():
    """A buffer for `deal_hidden`'s shuffle of the unseen cards."""
    return np.empty(52, np.int64)


@njit(cache=True, inline="always")
def deal_hidden(view, hand_size: int, rng, hands, pool) -> None:
    """`deal_hidden_around` with no other seat's card known."""
    deal_hidden_around(view, hand_size, NOTHING_KNOWN, rng, hands, pool)


@njit(cache=True, inline="always")
def deal_hidden_around(view, hand_size: int, known, rng, hands, pool) -> None:
    """Fill `hands[seat]` for every seat: its own hand for the seat deciding, and for the
    others the cards `known[seat]` it is known to hold and a random share of the cards
    the decider has not seen, of the right size and in no suit the seat has shown it
    lacks (uniform given these facts while a try succeeds; after `REJECTIONS` failed
    tries, seat by seat). Cards left over were not dealt. `pool` is a buffer of 52
    (`new_pool`), so that a search dealing many times allocates nothing."""
    me = view[v.SEAT]
    players = view[v.PLAYERS]
    unseen = FULL_DECK & ~view[v.HAND] & ~view[v.PLAYED]
    for seat in range(players):
        unseen &= ~known[seat]
    count = popcount(unseen)
    for i in range(count):
        pool[i] = lowest(unseen)
        unseen &= unseen - 1
    for attempt in range(REJECTIONS + 1):
        for i in range(count - 1, 0, -1):  # Fisher-Yates
            j = below(rng, i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        consistent = True
        taken = 0
        for seat in range(players):
            hands[seat] = view[v.HAND] if seat == me else known[seat]
            if seat == me:
                continue
            held = popcount(view[v.PLAYED_BY + seat]) + popcount(known[seat])
            for _ in range(hand_size - held):
                card = pool[taken]
                taken += 1
                hands[seat] |= 1 << card
                if view[v.VOIDS + seat] >> (card // 13) & 1:
                    consistent = False
        if consistent:
            return
        if attempt == REJECTIONS:  # each seat takes the first cards it may hold
            free = (1 << count) - 1  # bit i: pool[i] not yet taken
            for seat in range(players):
                if seat == me:
                    continue
                hands[seat] = known[seat]
                need = hand_size - popcount(view[v.PLAYED_BY + seat]) - popcount(known[seat])
                for i in range(count):
                    if need and free >> i & 1 and not view[v.VOIDS + seat] >> (pool[i] // 13) & 1:
                        hands[seat] |= 1 << pool[i]
                        free ^= 1 << i
                        need -= 1


@njit(cache=True, inline="always")
def load_position(view, hands, card_points, trump: int, position) -> None:
    """Set `position` (`s.POSITION_SIZE` long) to the solver's position for the seat
    deciding, with `hands` as the deal, `trump` (the suit its opening card would name,
    when it opens) and `card_points[trump, card]` the points a card scores when won (the
    game's card values; zeros where cards score none)."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    position[:] = 0
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


@njit(cache=True, inline="always")
def load_trick_position(view, hands, counting: int, position) -> None:
    """Set `position` to the solver's position of a trick-count game (Solo Whist) for the
    seat deciding, with `hands` as the deal: trump as the view says (-1 none), the
    declaring seats (`view[v.DECLARERS]`) one side and the others the other, and the
    tricks counted as `counting` says (`s.COUNT_TAKEN`, or `s.COUNT_LOST` in a misère)."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    position[:] = 0
    position[s.P_PLAYERS] = players
    position[s.P_SIDES] = 2
    position[s.P_TRUMP] = view[v.TRUMP]
    length = view[v.POSITION]
    leader = (me - length) % players
    position[s.P_LEADER] = leader
    position[s.P_TRICK_LEN] = length
    position[s.P_MUST_FOLLOW] = view[v.FOLLOW]
    position[s.P_TRICK_COUNT] = counting
    for seat in range(players):
        side = 1 - (view[v.DECLARERS] >> seat & 1)
        position[s.P_SIDE_OF + seat] = side
        position[s.P_HANDS + seat] = hands[seat]
        position[s.P_DEALT + seat] = hands[seat] | view[v.PLAYED_BY + seat]
        position[s.P_WON + side] |= view[v.WON + seat]
    position[s.P_SIDE] = position[s.P_SIDE_OF + me]
    for k in range(length):
        seat = (leader + k) % players
        position[s.P_TRICK + k] = lowest(view[v.TRICK_CARDS] & view[v.PLAYED_BY + seat])
