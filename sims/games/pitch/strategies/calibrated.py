"""`calibrated`: a Pitch bidder whose calls come from tables the simulator fitted itself.

A table holds, for each position in the auction, high bid so far, hand class and call,
the caller's expected score change when the other seats bid by the same table and
everyone plays `greedy` (`allfours calibrate pitch` builds it by self-play; see
`sims.games.pitch.calibrate`). The bidder makes the legal call worth most. The legal calls
follow from the position and the high bid, so that call is chosen once, when the table is
read, and the bidder reads only its choice (`best_calls`, `packed`).

A hand's class describes the suit it would pitch (the one `lead_best` pitches): its
length, its top trumps, whether it holds the Jack, its lowest trump, and the game points
of the whole hand. The tables ship in `calibrated/` beside this module, one file
per set of rules that changes a deal's score; the target, `smudge` and `win_needs_made`
change only when a game ends and share the tables of their deals.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import RANK_ACE, RANK_JACK, suit_mask
from sims.core.tricks import game_points
from sims.games.pitch import rules as pitch
from sims.games.pitch.strategies.evaluation import best_suit
from sims.strategies import view as v
from sims.strategies.calibrated_tables import TableFiles, packed_call, packed_calls
from sims.strategies.registry import MAX_PARAMS, register

TABLES = Path(__file__).parent / "calibrated_tables"
# A hand class: trumps 1, 2, 3, 4, 5+; top trumps A-K-Q-J, A-K-Q, A-K, the Ace alone, else
# the King, the Queen or lower highest; the Jack or not; lowest 2, 3, 4-5, 6+; game
# points in hand 0-3, 4-9, 10+. The class index runs over these axes in this order.
LENGTHS, TOPS, JACKS, LOWS, GAME_POINTS = 5, 7, 2, 4, 3
CLASS_AXES = (LENGTHS, TOPS, JACKS, LOWS, GAME_POINTS)
CLASSES = LENGTHS * TOPS * JACKS * LOWS * GAME_POINTS
HIGHS = 4  # high bid so far: 0 (none) to 3; a bid of 4 ends the auction
CALLS = 5  # pass, then bids 1 to 4 (the dealer's steal is the bid equal to the high bid)
MILLIPOINTS = 1000.0  # the files hold each expected score change in int16 milli-points
# The bidder's data: its call (0..4, three bits) per position, high bid and class, PACKED
# calls to a number. A float64 holds integers below 2**53 exactly. Packed, a 4-player
# table's calls take 7 KB a seat, where the values they are chosen from take 540 KB, so
# the four seats' data stays in cache and a bid no longer waits on memory.
CALL_BITS = 3
PACKED = 16
# The rule options a table depends on (each changes the score of a deal).
TABLE_OPTIONS = ("players", "partnership", "teams", "min_bid", "must_follow", "low_to_holder")


@njit(cache=True, inline="always")
def hand_class(hand: int, suit: int) -> int:
    """The class of `hand` pitching `suit` (a suit it holds), 0 .. CLASSES - 1."""
    base = 13 * suit
    trumps = hand & suit_mask(suit)
    length = min(popcount(trumps), LENGTHS) - 1
    run = 0  # trumps held in sequence from the Ace down, up to 4
    while run < 4 and trumps >> (base + RANK_ACE - run) & 1:
        run += 1
    below_ace = min(RANK_ACE - (highest(trumps) - base), 3)  # 1 King, 2 Queen, 3 lower
    top = 4 - run if run else 3 + below_ace
    jack = (trumps >> (base + RANK_JACK)) & 1
    bottom = lowest(trumps) - base
    low = bottom if bottom < 2 else (2 if bottom < 4 else 3)
    points = game_points(hand)
    game = 0 if points < 4 else (1 if points < 10 else 2)
    return (((length * TOPS + top) * JACKS + jack) * LOWS + low) * GAME_POINTS + game


@njit(cache=True)
def hand_classes(hands: np.ndarray, players: int, sides: int) -> np.ndarray:
    """The class of each hand (a mask) by the suit `lead_best` would pitch."""
    classes = np.empty(hands.shape[0], np.int64)
    for i in range(hands.shape[0]):
        suit, _ = best_suit(hands[i], players, sides, hands[i])
        classes[i] = hand_class(hands[i], suit)
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


def best_calls(table: np.ndarray, min_bid: int) -> np.ndarray:
    """The call the bidder makes in each (position, high bid, class) of `table` (values
    of shape `table_shape`): the legal call worth most, the smaller on a tie."""
    players = table.shape[0]
    values = table.astype(np.float64)
    for position in range(players):
        for high in range(HIGHS):
            legal = pitch.legal_calls(high, position == players - 1, min_bid)
            for call in range(CALLS):
                if not legal >> call & 1:
                    values[position, high, :, call] = -np.inf
    return values.argmax(-1)


@njit(cache=True)
def calibrated_bid(view, params, rng):
    """The call the table chose for this position, high bid and hand class: the legal call
    with the largest expected score change (the smaller on a tie), packed after the
    parameters."""
    hand = view[v.HAND]
    suit, _ = best_suit(hand, view[v.PLAYERS], view[v.SIDES], hand)
    decision = decision_index(view[v.POSITION], view[v.HIGH_BID], hand_class(hand, suit))
    return packed_call(params, MAX_PARAMS, decision, CALL_BITS, PACKED)


def table_shape(players: int) -> tuple[int, int, int, int]:
    """A table's axes: position, high bid so far, hand class, call."""
    return (players, HIGHS, CLASSES, CALLS)


FILES = TableFiles(
    "pitch",
    TABLES,
    TABLE_OPTIONS,
    {name: pitch.OPTIONS[name].default for name in TABLE_OPTIONS},
    table_shape,
    joiner="",
    relevant=lambda rules, name: name != "teams" or rules["partnership"],  # 2 teams otherwise
)


def packed(calls: np.ndarray) -> np.ndarray:
    """`calls` (in `decision_index` order) packed as the bidder reads them from its data."""
    return packed_calls(calls, CALL_BITS, PACKED)


def shipped_calls(rules: dict[str, Any]) -> np.ndarray:
    """The bidder's data under `rules`: the calls of the shipped table, packed."""
    return packed(best_calls(FILES.shipped(rules), rules["min_bid"]))


register(
    "calibrated",
    "pitch",
    "bidding: the call with the best expected score change in tables fitted by self-play "
    "(allfours calibrate pitch)",
    bid=calibrated_bid,
    data=shipped_calls,
)
