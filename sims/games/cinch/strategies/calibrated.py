"""`calibrated`: a Cinch bidder whose calls come from tables the simulator fitted itself.

A table holds, for each position in the auction, high bid so far, hand class and call,
the caller's expected margin (its side's score change less the mean of the other sides')
when the other seats bid by the same table and everyone plays `greedy` (`allfours
calibrate cinch` builds it by self-play; see `sims.games.cinch.calibrate`). The bidder
makes the legal call worth most. The legal calls follow from the high bid, so that call is
chosen once, when the table is read, and the bidder reads only its choice (`best_calls`,
`packed`). As the maker it names the suit `threshold` names.

A hand's class describes the cards dealt (nine, with up to four players) in that suit,
trumps with its Left Pedro (the draw comes after the bid): how many, how many Pedros, its
top trumps and how many of Jack, Game and Low. The tables ship in `calibrated_tables/`
beside this module, one file per set of rules that changes a deal's auction, play or
score; `target`, `bid14` and `both_reach_target` change only when a game ends and share
the tables of their deals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.core.bits import nth_bit, popcount
from sims.core.cards import N_RANKS
from sims.core.rng import below
from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies.bidding import best_trump
from sims.strategies import view as v
from sims.strategies.calibrated_tables import TableFiles, packed_call, packed_calls
from sims.strategies.registry import MAX_PARAMS, register

TABLES = Path(__file__).parent / "calibrated_tables"
MASKS = DECK.masks
KING, QUEEN = c.ACE - 1, c.ACE - 2
# A hand class: trumps 0-2, 3, 4, 5, 6+; Pedros 0, 1, 2; top trumps the Ace and King, the
# Ace alone, the King or Queen highest, lower; Jack, Game and Low held 0, 1, 2+. The class
# index runs over these axes in this order.
LENGTHS, PEDROS, TOPS, SMALL = 5, 3, 4, 3
CLASS_AXES = (LENGTHS, PEDROS, TOPS, SMALL)
CLASSES = LENGTHS * PEDROS * TOPS * SMALL
HIGHS = c.MAX_BID + 1  # high bid so far: 0 (none) to 14
CALLS = c.MAX_BID + 1  # pass, then bids 1 to 14
# The bidder's data: its call per position, high bid and class, PACKED calls of CALL_BITS
# to a number (a float64 holds integers below 2**53 exactly). The call EXPLORE, never in a
# fitted table, is a call uniform over the legal ones: the fitting's exploring seat.
CALL_BITS = 4
PACKED = 13
EXPLORE = (1 << CALL_BITS) - 1
MILLIPOINTS = 1000.0  # the files hold each expected margin in int16 milli-points
# The rule options a table depends on (each changes a deal's auction, play or score).
TABLE_OPTIONS = (
    "players",
    "scoring",
    "failed_award",
    "all_pass",
    "min_bid",
    "keep_nontrumps",
    "follow",
    "must_keep_counters",
    "dealer_must_take_trumps",
    "stock_exhausted",
    "widow",
)


@njit(cache=True, inline="always")
def hand_class(hand: int, trump: int) -> int:
    """The class of `hand` (the cards dealt) with `trump` trumps, 0 .. CLASSES - 1."""
    held = hand & MASKS[trump, trump]
    length = min(max(popcount(held) - 2, 0), LENGTHS - 1)
    pedros = (held >> c.COUNTING[trump, 4] & 1) + (held >> c.COUNTING[trump, 5] & 1)
    ace = held >> c.COUNTING[trump, 0] & 1
    king = held >> (trump * N_RANKS + KING) & 1
    queen = held >> (trump * N_RANKS + QUEEN) & 1
    top = (0 if king else 1) if ace else (2 if king or queen else 3)
    small = 0
    for i in (1, 2, 3):  # Low, Jack, Game
        small += held >> c.COUNTING[trump, i] & 1
    return ((length * PEDROS + pedros) * TOPS + top) * SMALL + min(small, SMALL - 1)


@njit(cache=True)
def hand_classes(hands: np.ndarray, partnered: bool) -> np.ndarray:
    """The class of each hand (a mask) in the suit it would name trump."""
    classes = np.empty(hands.shape[0], np.int64)
    for i in range(hands.shape[0]):
        trump, _ = best_trump(hands[i], partnered)
        classes[i] = hand_class(hands[i], trump)
    return classes


@njit(cache=True, inline="always")
def decision_index(position, high, hand):
    """The decision for class `hand` at `position` (0 first to speak) with the high bid
    `high`, counted over the table's first three axes; elementwise on arrays."""
    return (position * HIGHS + high) * CLASSES + hand


@njit(cache=True, inline="always")
def table_index(position, high, hand, call):
    """Where a table (flattened) holds the value of `call` for class `hand` at `position`
    with the high bid `high`; elementwise on arrays."""
    return decision_index(position, high, hand) * CALLS + call


def legal_calls(high: int, min_bid: int) -> int:
    """The calls open after the high bid `high` (bit k: call k): a pass, or a bid from
    `min_bid` up, above `high`."""
    lowest_bid = max(min_bid, high + 1)
    return 1 | ((1 << CALLS) - 1) & ~((1 << lowest_bid) - 1)


def best_calls(table: np.ndarray, min_bid: int) -> np.ndarray:
    """The call the bidder makes in each (position, high bid, class) of `table` (values
    of shape `table_shape`): the legal call worth most, the smaller on a tie."""
    values = table.astype(np.float64)
    for high in range(HIGHS):
        legal = legal_calls(high, min_bid)
        for call in range(CALLS):
            if not legal >> call & 1:
                values[:, high, :, call] = -np.inf
    return values.argmax(-1)


@njit(cache=True)
def calibrated_bid(view, params, rng):
    """The call the table chose for this position, high bid and hand class (packed after
    the parameters; EXPLORE: a legal call at random); as the maker, its best suit."""
    hand = view[v.HAND]
    trump, _ = best_trump(hand, view[v.SIDES] < view[v.PLAYERS])
    if view[v.DECISION] == v.CHOOSE_TRUMP:
        return trump
    decision = decision_index(view[v.POSITION], view[v.HIGH_BID], hand_class(hand, trump))
    call = packed_call(params, MAX_PARAMS, decision, CALL_BITS, PACKED)
    if call == EXPLORE:
        legal = view[v.LEGAL]
        return nth_bit(legal, below(rng, popcount(legal)))
    return call


def table_shape(players: int) -> tuple[int, int, int, int]:
    """A table's axes: position, high bid so far, hand class, call."""
    return (players, HIGHS, CLASSES, CALLS)


FILES = TableFiles(
    c.NAME,
    TABLES,
    TABLE_OPTIONS,
    {name: c.OPTIONS[name].default for name in TABLE_OPTIONS},
    table_shape,
)


def packed(calls: np.ndarray) -> np.ndarray:
    """`calls` (in `decision_index` order) packed as the bidder reads them from its data."""
    return packed_calls(calls, CALL_BITS, PACKED)


def shipped_calls(rules: dict[str, Any]) -> np.ndarray:
    """The bidder's data under `rules`: the calls of the shipped table, packed."""
    return packed(best_calls(FILES.shipped(rules), rules["min_bid"]))


register(
    "calibrated",
    c.NAME,
    "bidding: the call with the best expected margin in tables fitted by self-play "
    "(allfours calibrate cinch); names trump as threshold does",
    bid=calibrated_bid,
    data=shipped_calls,
)
