"""Auction Pitch (Setback), as written in docs/rules.md section 1 (the rule book of record).

Choices made there and pinned by the tests:
- 2 to 7 seats, six cards each, the rest out of play; cutthroat unless `partnership`
  (4 seats in two teams; 6 seats in `teams` = 2 alternating or 3 opposite pairs).
- One call each from the dealer's left, dealer last: pass or a bid above the high bid
  (1..4; `min_bid=2` drops 1). A 4 ends the auction (the pitcher pitches at once). If all
  others passed the dealer must bid at least 2; the dealer may steal a 1..3 by matching it.
- The pitcher's first card fixes trump. A player able to follow may follow or trump
  (`must_follow`: must follow); unable to follow, any card. Six tricks.
- High and Low go to whoever captures the highest and lowest trump in play (`low_to_holder`:
  Low to whoever was dealt it); Jack to its captor, nobody if not dealt; Game to the sole
  largest total of game points captured (T 10, A 4, K 3, Q 2, J 1), nobody on a tie.
- The pitcher's side adds what it won if it won at least its bid, else loses the bid;
  the others add what they won. Only the pitcher's side can win, at the end of its deal,
  at or above the target (`win_needs_made`: only if it also made the bid); `smudge`: a bid
  of 4 taking all four points wins outright unless the side stood below zero before.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.options import Option, OptionError, choice, parse_whole, switch

NAME = "pitch"
HAND_SIZE = 6
TRICKS = 6
MAX_PLAYERS = 7

OPTIONS = {
    "players": Option(
        4, parse_whole, "number of seats, 2 to 7", check=lambda v: 2 <= v <= 7, allowed="2 to 7"
    ),
    "partnership": switch("fixed teams: 4 seats in two teams, or 6 seats (see teams)"),
    "teams": choice(2, (2, 3), "6-seat partnership: 2 teams of three or 3 teams of two"),
    "low_to_holder": switch("Low goes to whoever was dealt the lowest trump"),
    "must_follow": switch("a player able to follow suit must (no trumping instead)"),
    "min_bid": choice(1, (1, 2), "lowest bid: 1, or 2 as is common in the wild"),
    "target": choice(7, (7, 11, 15, 21), "score the pitcher's side must reach to win"),
    "smudge": switch("a bid of 4 that takes all four points wins the game outright"),
    "win_needs_made": switch("the pitcher wins at the target only if it made its bid"),
}

# Positions in the int64 rules array the kernels read.
R_PLAYERS, R_SIDES, R_MUST_FOLLOW, R_LOW_TO_HOLDER, R_MIN_BID, R_TARGET = 0, 1, 2, 3, 4, 5
R_SMUDGE, R_WIN_NEEDS_MADE = 6, 7
# Conditional play (bid odds, advice): the seat that pitches without an auction, and the
# suit seat R_TRUMP_SEAT must pitch if it pitches; -1 in a normal run.
R_FIXED_PITCHER, R_FIXED_TRUMP, R_TRUMP_SEAT, R_SIDE_OF = 8, 9, 10, 11
RULES_SIZE = R_SIDE_OF + MAX_PLAYERS


def check(rules: dict[str, Any]) -> None:
    """Refuse option combinations the rules do not define."""
    players = rules["players"]
    if rules["partnership"] and players not in (4, 6):
        raise OptionError(f"partnership needs 4 or 6 players, not {players}")
    if rules["teams"] == 3 and not (rules["partnership"] and players == 6):
        raise OptionError(
            "teams=3 is the 6-player partnership layout: give players=6 and partnership"
        )


def sides(rules: dict[str, Any]) -> list[list[int]]:
    """Seats of each side: one per seat cutthroat, teams in partnership."""
    players = rules["players"]
    if not rules["partnership"]:
        return [[seat] for seat in range(players)]
    count = rules["teams"] if players == 6 else 2
    return [[seat for seat in range(players) if seat % count == side] for side in range(count)]


def rules_array(rules: dict[str, Any], pitcher: int = -1) -> np.ndarray:
    """The rules as the int64 array the kernels read (positions R_*); `pitcher` skips the
    auction and fixes who pitches (conditional play for bid odds; a conditional run sets
    the fixed trump round by round)."""
    array = np.full(RULES_SIZE, -1, np.int64)
    layout = sides(rules)
    array[R_PLAYERS] = rules["players"]
    array[R_SIDES] = len(layout)
    array[R_MUST_FOLLOW] = rules["must_follow"]
    array[R_LOW_TO_HOLDER] = rules["low_to_holder"]
    array[R_MIN_BID] = rules["min_bid"]
    array[R_TARGET] = rules["target"]
    array[R_SMUDGE] = rules["smudge"]
    array[R_WIN_NEEDS_MADE] = rules["win_needs_made"]
    array[R_FIXED_PITCHER] = pitcher
    for side, seats in enumerate(layout):
        for seat in seats:
            array[R_SIDE_OF + seat] = side
    return array


# One row per deal. Fields marked per side or per caller hold 7 values (sides as in
# `sides`, callers from the dealer's left); a DataFrame shows them as NAME_0, NAME_1, ...
# only for the sides or callers a table has. -1 marks "none".
PER_SIDE = ("won", "delta", "game_points", "score_before", "score_after")
PER_CALLER = ("call",)
OUTCOME_COLUMNS = {  # the DataFrame of a run also starts with "seed", the run's seed
    "game": (np.int32, "game number with --games, else -1"),
    "deal": (np.int64, "deal index of the run, or the deal's number within its game"),
    "dealer": (np.int8, "seat of the dealer"),
    "call": (np.int8, "calls in order from the dealer's left: 0 pass, 1-4 a bid, -1 no call"),
    "pitcher": (np.int8, "seat that won the auction and led"),
    "pitcher_side": (np.int8, "side of the pitcher"),
    "pitcher_position": (np.int8, "pitcher's seat counted from the dealer's left (dealer last)"),
    "contract": (np.int8, "the winning bid, 1-4"),
    "stolen": (np.bool_, "the dealer took the contract by matching the high bid"),
    "trump": (np.int8, "trump suit 0..3 = C D H S"),
    "lead_card": (np.int8, "code of the pitched card"),
    "made": (np.bool_, "the pitcher's side won at least its bid"),
    "high": (np.int8, "side that won High"),
    "low": (np.int8, "side that won Low"),
    "jack": (np.int8, "side that won the Jack (-1: the Jack of trumps was not dealt)"),
    "game_point": (np.int8, "side that won Game (-1: tied)"),
    "trumps_in_play": (np.int8, "trumps dealt to all seats"),
    "won": (np.int8, "points each side won in the deal"),
    "delta": (np.int8, "each side's score change after the bid is settled"),
    "game_points": (np.int8, "game points each side captured"),
    "score_before": (np.int16, "each side's game score before the deal"),
    "score_after": (np.int16, "each side's game score after the deal"),
    "winner": (np.int8, "side that won the game in this deal, else -1"),
    "smudged": (np.bool_, "the game was won by a smudge in this deal"),
    "hand_trumps": (np.int8, "trumps in the pitcher's dealt hand"),
    "hand_high_trump": (np.int8, "rank 0..12 of the pitcher's highest trump"),
    "hand_low_trump": (np.int8, "rank 0..12 of the pitcher's lowest trump"),
    "hand_jack": (np.bool_, "the pitcher was dealt the Jack of trumps"),
    "hand_ace": (np.bool_, "the pitcher was dealt the Ace of trumps"),
    "hand_deuce": (np.bool_, "the pitcher was dealt the Deuce of trumps"),
    "hand_game_points": (np.int8, "game points in the pitcher's dealt hand"),
}
OUTCOME_DTYPE = np.dtype(
    [
        (name, kind, (MAX_PLAYERS,)) if name in PER_SIDE + PER_CALLER else (name, kind)
        for name, (kind, _) in OUTCOME_COLUMNS.items()
    ],
    align=True,
)


def frame_widths(rules: dict[str, Any]) -> dict[str, int]:
    """How many of the 7 slots of each per-side or per-caller field a run uses."""
    widths = dict.fromkeys(PER_SIDE, len(sides(rules)))
    widths["call"] = rules["players"]
    return widths


@njit(cache=True, inline="always")
def legal_calls(high: int, is_dealer: bool, min_bid: int) -> int:
    """Mask of legal calls (bit 0 pass, bit b a bid of b) for the next caller, by selects:
    in random bidding whether all passed is a toss."""
    lowest_bid = max(high + (not is_dealer), min_bid)  # the dealer may steal by matching
    open_calls = 1 | (0b11110 & ~((1 << lowest_bid) - 1))
    return 0b11100 if is_dealer & (high == 0) else open_calls  # all passed: 2 or more
