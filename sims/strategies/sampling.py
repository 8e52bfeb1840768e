"""What a search player may assume about the cards it cannot see: deals of the unseen
cards consistent with its view, and the solver's position of such a deal."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import FULL_DECK, suits_mask
from sims.core.rng import shuffle
from sims.engine import solver as s
from sims.strategies import view as v

REJECTIONS = 64  # uniform deals tried before the deal is built seat by seat
NOTHING_KNOWN = np.zeros(s.MAX_SEATS, np.int64)  # no seat's card known beyond the view's
DRAWS = 52  # where the pool's buffer keeps the shuffle's drawn indices, after the cards


@njit(cache=True)
def new_pool():
    """A buffer for `deal_hidden`'s shuffle of the unseen cards (and its draws)."""
    return np.empty(DRAWS + 51, np.int64)


@njit(cache=True, inline="always")
def _hidden_cards(view, hand_size: int, known, seat: int) -> int:
    """How many cards `seat` still holds that are neither known (`known[seat]`) nor
    played: its share of the unseen cards in a deal."""
    return hand_size - popcount(view[v.PLAYED_BY + seat]) - popcount(known[seat])


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
    tries, each suit's cards shared out as `suit_shares` finds). Cards left over were not
    dealt. `pool` is a buffer from `new_pool`, so that a search dealing many times
    allocates nothing."""
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
        shuffle(rng, pool, count, DRAWS)
        consistent = True
        taken = 0
        for seat in range(players):
            hands[seat] = view[v.HAND] if seat == me else known[seat]
            if seat == me:
                continue
            for _ in range(_hidden_cards(view, hand_size, known, seat)):
                hands[seat] |= 1 << pool[taken]
                taken += 1
            dealt = hands[seat] & ~known[seat]
            consistent &= (dealt & suits_mask(view[v.VOIDS + seat])) == 0
        if consistent:
            return
        if attempt == REJECTIONS:  # each seat takes the shares of each suit it may hold
            shares = suit_shares(view, hand_size, known, pool, count)
            for seat in range(players):
                hands[seat] = view[v.HAND] if seat == me else known[seat]
            for i in range(count):  # the pool's random order within each suit
                suit = pool[i] // 13
                for seat in range(players):
                    if shares[seat, suit] > 0:
                        hands[seat] |= 1 << pool[i]
                        shares[seat, suit] -= 1
                        break


@njit(cache=True)
def suit_shares(view, hand_size: int, known, pool, count: int) -> np.ndarray:
    """`shares[seat, suit]`: how many of the unseen cards `pool[:count]` of each suit each
    seat but the decider takes, so that every seat gets the cards it still holds and none
    in a suit it has shown it lacks. A maximum flow from the suits to the seats, one card
    at a time along a shortest augmenting path: the real deal shows that one exists,
    where taking cards seat by seat can leave a seat short."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    supply = np.zeros(4, np.int64)
    for i in range(count):
        supply[pool[i] // 13] += 1
    need = np.zeros(s.MAX_SEATS, np.int64)
    for seat in range(players):
        if seat != me:
            need[seat] = _hidden_cards(view, hand_size, known, seat)
    shares = np.zeros((s.MAX_SEATS, 4), np.int64)
    parent = np.zeros(4 + s.MAX_SEATS, np.int64)  # nodes: suits 0..3, then seat k at 4 + k
    queue = np.zeros(4 + s.MAX_SEATS, np.int64)
    while need.sum() > 0:
        parent[:] = -2  # -2 unvisited, -1 a suit with cards to spare (a start)
        tail = 0
        for suit in range(4):
            if supply[suit] > 0:
                parent[suit] = -1
                queue[tail] = suit
                tail += 1
        head, end = 0, -1
        while head < tail and end < 0:
            node = queue[head]
            head += 1
            for other in range(4 + players):
                if parent[other] != -2:
                    continue
                if node < 4 and other >= 4:  # a suit to a seat that may hold it
                    seat = other - 4
                    usable = seat != me and not view[v.VOIDS + seat] >> node & 1
                elif node >= 4 and other < 4:  # a seat gives back a card of that suit
                    usable = shares[node - 4, other] > 0
                else:
                    usable = False
                if usable:
                    parent[other] = node
                    queue[tail] = other
                    tail += 1
                    if other >= 4 and need[other - 4] > 0:
                        end = other
                        break
        if end < 0:  # no deal fits the view: leave the seats short rather than loop
            break
        need[end - 4] -= 1
        node = end
        while parent[node] != -1:
            before = parent[node]
            if node >= 4:
                shares[node - 4, before] += 1
            else:
                shares[before - 4, node] -= 1
            node = before
        supply[node] -= 1
    return shares


@njit(cache=True, inline="always")
def load_hands(view, hands, position) -> None:
    """Set the deal of a position for this view (`load_position`, `load_trick_position`):
    `hands`, with the cards each seat has played, as dealt. Alone, it replaces the deal."""
    for seat in range(view[v.PLAYERS]):
        position[s.P_HANDS + seat] = hands[seat]
        position[s.P_DEALT + seat] = hands[seat] | view[v.PLAYED_BY + seat]


@njit(cache=True, inline="always")
def _load_trick(view, position) -> None:
    """The trick in progress as the seat deciding sees it: its leader, the cards played to
    it so far, and whether a seat able to follow suit must."""
    players = view[v.PLAYERS]
    length = view[v.POSITION]
    leader = (view[v.SEAT] - length) % players
    position[s.P_LEADER] = leader
    position[s.P_TRICK_LEN] = length
    position[s.P_MUST_FOLLOW] = view[v.FOLLOW]
    for k in range(length):
        seat = (leader + k) % players
        position[s.P_TRICK + k] = lowest(view[v.TRICK_CARDS] & view[v.PLAYED_BY + seat])


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
    _load_trick(view, position)
    position[s.P_OPENING] = view[v.DECISION] == v.OPENING
    position[s.P_LOW_TO_HOLDER] = view[v.LOW_TO_HOLDER]
    position[s.P_HIGH_LOW] = view[v.HIGH_LOW_WORTH]
    position[s.P_JACK] = view[v.JACK_WORTH]
    position[s.P_GAME_WORTH] = view[v.GAME_WORTH] + view[v.CARRY]
    position[s.P_SIDES] = view[v.SIDES]
    for seat in range(players):
        side = view[v.SIDE_OF + seat]
        position[s.P_SIDE_OF + seat] = side
        position[s.P_WON + side] |= view[v.WON + seat]
    load_hands(view, hands, position)
    position[s.P_SIDE] = position[s.P_SIDE_OF + me]
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
    _load_trick(view, position)
    position[s.P_TRICK_COUNT] = counting
    for seat in range(players):
        side = 1 - (view[v.DECLARERS] >> seat & 1)
        position[s.P_SIDE_OF + seat] = side
        position[s.P_WON + side] |= view[v.WON + seat]
    load_hands(view, hands, position)
    position[s.P_SIDE] = position[s.P_SIDE_OF + me]
