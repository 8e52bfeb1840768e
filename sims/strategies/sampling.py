"""What a search player may assume about the cards it cannot see: deals of the unseen
cards consistent with its view, and the solver's position of such a deal.

The cards are the game's deck, as the search module passes it (`sims.core.deck`'s
`Deck.packed`): the unseen cards are the deck's less those out of play the decider knows
of (`view.DEAD`: discards, dead turn-ups), a seat void in a suit holds none of the cards
of that effective suit under the deal's trump (the row without trumps before trump is
named), and the positions carry the deck's row for their trump. Each seat holds
`hand_size` cards less those it has played: where hands change during a deal, this holds
when every seat holds the same count in play (`hand_size`) once the exchanges are made."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.deck import D_FULL, D_SUIT, D_VOIDS, MAX_CARDS, NO_TRUMP
from sims.core.rng import shuffle
from sims.engine import solver as s
from sims.strategies import view as v

REJECTIONS = 64  # uniform deals tried before the deal is built seat by seat
NOTHING_KNOWN = np.zeros(s.MAX_SEATS, np.int64)  # no seat's card known beyond the view's
DRAWS = MAX_CARDS  # where the pool's buffer keeps the shuffle's drawn indices, after the cards
GROUPS = 5  # the effective suits, then the cards that follow none (no seat is void in them)


@njit(cache=True)
def new_pool():
    """A buffer for `deal_hidden`'s shuffle of the unseen cards (and its draws)."""
    return np.empty(DRAWS + MAX_CARDS - 1, np.int64)


@njit(cache=True, inline="always")
def _hidden_cards(view, hand_size: int, known, seat: int) -> int:
    """How many cards `seat` still holds that are neither known (`known[seat]`) nor
    played: its share of the unseen cards in a deal."""
    return hand_size - popcount(view[v.PLAYED_BY + seat]) - popcount(known[seat])


@njit(cache=True, inline="always")
def deal_hidden(view, hand_size: int, rng, hands, pool, deck) -> None:
    """`deal_hidden_around` with no other seat's card known."""
    deal_hidden_around(view, hand_size, NOTHING_KNOWN, rng, hands, pool, deck)


@njit(cache=True, inline="always")
def _row(view) -> int:
    """The deck's row for the deal's trump: `NO_TRUMP` while there is none."""
    trump = view[v.TRUMP]
    return NO_TRUMP if trump < 0 else trump


@njit(cache=True, inline="always")
def deal_hidden_around(view, hand_size: int, known, rng, hands, pool, deck) -> None:
    """Fill `hands[seat]` for every seat: its own hand for the seat deciding, and for the
    others the cards `known[seat]` it is known to hold and a random share of the cards
    of `deck` (`Deck.packed`) the decider has not seen, of the right size and in no
    effective suit the seat has shown it lacks (uniform given these facts while a try
    succeeds; after `REJECTIONS` failed tries, each suit's cards shared out as
    `suit_shares` finds). A card out of play (`view.DEAD`) is dealt to no one; cards left
    over were not dealt. `pool` is a buffer from `new_pool`, so that a search dealing many
    times allocates nothing."""
    me = view[v.SEAT]
    players = view[v.PLAYERS]
    row = _row(view)
    unseen = deck[row, D_FULL] & ~view[v.HAND] & ~view[v.PLAYED] & ~view[v.DEAD]
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
            consistent &= (dealt & deck[row, D_VOIDS + view[v.VOIDS + seat]]) == 0
        if consistent:
            return
        if attempt == REJECTIONS:  # each seat takes the shares of each suit it may hold
            shares = suit_shares(view, hand_size, known, pool, count, deck)
            for seat in range(players):
                hands[seat] = view[v.HAND] if seat == me else known[seat]
            for i in range(count):  # the pool's random order within each suit
                suit = _group(deck, row, pool[i])
                for seat in range(players):
                    if shares[seat, suit] > 0:
                        hands[seat] |= 1 << pool[i]
                        shares[seat, suit] -= 1
                        break


@njit(cache=True, inline="always")
def _group(deck, row: int, card: int) -> int:
    """The group of `suit_shares` a card is shared in: its effective suit, or the last
    group (`GROUPS - 1`) for a card that follows no suit."""
    suit = deck[row, D_SUIT + card]
    return GROUPS - 1 if suit < 0 else suit


@njit(cache=True)
def suit_shares(view, hand_size: int, known, pool, count: int, deck) -> np.ndarray:
    """`shares[seat, group]`: how many of the unseen cards `pool[:count]` of each
    effective suit (under the deal's trump in `deck`, a `Deck.packed`; last, those of no
    suit) each seat but the decider takes, so that every seat gets the cards it still
    holds and none in a suit it has shown it lacks. A maximum flow from the suits to the
    seats, one card at a time along a shortest augmenting path: the real deal shows that
    one exists, where taking cards seat by seat can leave a seat short."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    row = _row(view)
    supply = np.zeros(GROUPS, np.int64)
    for i in range(count):
        supply[_group(deck, row, pool[i])] += 1
    need = np.zeros(s.MAX_SEATS, np.int64)
    for seat in range(players):
        if seat != me:
            need[seat] = _hidden_cards(view, hand_size, known, seat)
    shares = np.zeros((s.MAX_SEATS, GROUPS), np.int64)
    # Nodes: the groups 0..GROUPS - 1, then seat k at GROUPS + k.
    parent = np.zeros(GROUPS + s.MAX_SEATS, np.int64)
    queue = np.zeros(GROUPS + s.MAX_SEATS, np.int64)
    while need.sum() > 0:
        parent[:] = -2  # -2 unvisited, -1 a suit with cards to spare (a start)
        tail = 0
        for suit in range(GROUPS):
            if supply[suit] > 0:
                parent[suit] = -1
                queue[tail] = suit
                tail += 1
        head, end = 0, -1
        while head < tail and end < 0:
            node = queue[head]
            head += 1
            for other in range(GROUPS + players):
                if parent[other] != -2:
                    continue
                if node < GROUPS and other >= GROUPS:  # a suit to a seat that may hold it
                    seat = other - GROUPS
                    usable = seat != me and not view[v.VOIDS + seat] >> node & 1
                elif node >= GROUPS and other < GROUPS:  # a seat gives back a card of that suit
                    usable = shares[node - GROUPS, other] > 0
                else:
                    usable = False
                if usable:
                    parent[other] = node
                    queue[tail] = other
                    tail += 1
                    if other >= GROUPS and need[other - GROUPS] > 0:
                        end = other
                        break
        if end < 0:  # no deal fits the view: leave the seats short rather than loop
            break
        need[end - GROUPS] -= 1
        node = end
        while parent[node] != -1:
            before = parent[node]
            if node >= GROUPS:
                shares[node - GROUPS, before] += 1
            else:
                shares[before - GROUPS, node] -= 1
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
def load_position(view, hands, deck, card_points, trump: int, position) -> None:
    """Set `position` (`s.POSITION_SIZE` long) to the solver's position for the seat
    deciding, with `hands` as the deal, `trump` (the suit its opening card would name,
    when it opens), `deck` the game's (`Deck.packed`) and `card_points[trump, card]` the
    points a card scores when won (the game's card values, for as many cards as the
    table is wide; zeros where cards score none)."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    position[: s.P_DECK] = 0
    position[s.P_DECK :] = deck[trump]
    position[s.P_PLAYERS] = players
    position[s.P_TRUMP] = trump
    _load_trick(view, position)
    position[s.P_OPENING] = view[v.DECISION] == v.OPENING
    position[s.P_LOW_TO_HOLDER] = view[v.LOW_TO_HOLDER]
    position[s.P_HIGH_LOW] = view[v.HIGH_LOW_WORTH]
    position[s.P_JACK] = view[v.JACK_WORTH]
    position[s.P_GAME_WORTH] = view[v.GAME_WORTH] + view[v.CARRY]
    position[s.P_GAME_TIE] = view[v.GAME_TIE]
    position[s.P_NO_LOW] = view[v.NO_LOW]
    position[s.P_SIDES] = view[v.SIDES]
    for seat in range(players):
        side = view[v.SIDE_OF + seat]
        position[s.P_SIDE_OF + seat] = side
        position[s.P_WON + side] |= view[v.WON + seat]
    load_hands(view, hands, position)
    position[s.P_SIDE] = position[s.P_SIDE_OF + me]
    position[s.P_CARD_POINTS : s.P_CARD_POINTS + card_points.shape[1]] = card_points[trump]


@njit(cache=True, inline="always")
def load_trick_position(view, hands, deck, counting: int, position) -> None:
    """Set `position` to the solver's position of a trick-count game (Solo Whist) for the
    seat deciding, with `hands` as the deal: trump as the view says (-1 none) with its
    row of `deck` (`Deck.packed`), the declaring seats (`view[v.DECLARERS]`) one side and
    the others the other, and the tricks counted as `counting` says (`s.COUNT_TAKEN`, or
    `s.COUNT_LOST` in a misère)."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    position[: s.P_DECK] = 0
    position[s.P_DECK :] = deck[_row(view)]
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
