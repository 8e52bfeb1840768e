"""All Fours (Seven-Up) as written in docs/rules.md section 7 (the rule book of record),
with the family's conventions of section 6.0; its options are those of sections 7.8 and
7.10, default first.

- 2 or 3 players each for himself, or 4 in partnerships (seats 0 and 2 against 1 and 3);
  six cards each, then an upcard that proposes trump and is dead (AF-3.1). The dealer
  scores a Jack turned (AF-3.2), or under `kick_points` Ace 1, Six 2, Jack 3 (AF-3.3).
- Eldest stands or begs; the dealer gives one (never the point that puts a side out) or
  runs the cards: three more each and a new upcard, until a suit other than the first
  upcard's is turned, or fewer than 3 x players + 1 cards are left and the deal is bunched
  (dealt again by the same dealer). After running the hands go back to six
  (`discard_after_run`), unless the players agree to bunch (`bunch_by_agreement`).
- Follow suit or trump; High to the holder of the highest trump in play, Low to its holder
  (`low_to=winner`: its captor), Jack to its captor (3 under `hang_jack` when captured
  from the other side), Game to the most card points (a tie to eldest's side under
  `game_tie=eldest`). Points count in the order they arise and the first side to reach
  the target wins at once (AF-7.2).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.options import (
    MAX_NUMBER,
    POSITIVE,
    Option,
    OptionError,
    choice,
    parse_whole,
    switch,
    word,
)

NAME = "allfours"
HAND_SIZE = 6
MAX_PLAYERS = 4
MAX_SIDES = 3
DECK_SIZE = 52
JACK, ACE, SIX = 9, 12, 4  # ranks 0..12 = 2..A

GAME_TIES = ("eldest", "none")
LOW_TO = ("holder", "winner")
DISCARDS_AFTER_RUN = ("to_six", "keep_if_one_run", "keep_all")
TO_SIX, KEEP_IF_ONE_RUN, KEEP_ALL = range(3)

OPTIONS = {
    "players": choice(
        2, (2, 3, 4), "two or three players each for himself, or four in partnerships (AF-1.1)"
    ),
    "target": Option(
        7,
        parse_whole,
        "score that wins (AF-7.1)",
        check=lambda v: 1 <= v <= MAX_NUMBER,
        allowed=POSITIVE,
    ),
    "game_tie": word("eldest", GAME_TIES, "who scores Game on a tie: eldest's side or nobody"),
    "low_to": word("holder", LOW_TO, "who scores Low: its holder or the side that captured it"),
    "discard_after_run": word(
        "to_six", DISCARDS_AFTER_RUN, "the hands after running the cards (AF-4.5)"
    ),
    "bunch_by_agreement": switch("two players may agree to bunch once running made trump"),
    "hang_jack": switch("the Jack captured from the other side scores 3 (AF-6.5)"),
    "kick_points": switch("the upcard scores the dealer Ace 1, Six 2, Jack 3 (AF-3.3)"),
}

# Positions in the int64 rules array the kernels read.
R_PLAYERS, R_SIDES, R_TARGET, R_GAME_TIE, R_LOW_TO_WINNER, R_DISCARD = range(6)
R_BUNCH, R_HANG_JACK, R_KICK_POINTS, R_SIDE_OF = 6, 7, 8, 9
RULES_SIZE = R_SIDE_OF + MAX_PLAYERS

# The calls of a deal, asked in this order (the view's POSITION says which is asked):
# eldest's beg, the dealer's answer, and (bunch_by_agreement) eldest's agreement to bunch.
Q_BEG, Q_GIVE, Q_BUNCH = 0, 1, 2
STAND, BEG = 0, 1
GIVE, RUN = 0, 1
PLAY_ON, BUNCH = 0, 1
CALL_WORDS = (("stand", "beg"), ("give", "run"), ("play on", "bunch"))
QUESTIONS = 3


def check(rules: dict[str, Any]) -> None:
    """Refuse option combinations the rules do not define."""
    if rules["bunch_by_agreement"] and rules["players"] != 2:
        raise OptionError("bunch_by_agreement is a two-player option (AF-4.6)")


def sides(rules: dict[str, Any]) -> list[list[int]]:
    """Seats of each side: partnerships with four players, else one side per seat."""
    if rules["players"] == 4:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(rules["players"])]


@njit(cache=True)
def max_runs(players: int) -> int:
    """The most runs a deal can hold: each takes 3 x players + 1 of the cards left after
    the first upcard (AF-4.3: five with two players, three with three, two with four)."""
    return (DECK_SIZE - HAND_SIZE * players - 1) // (3 * players + 1)


@njit(cache=True)
def max_tricks(players: int) -> int:
    """The most tricks a deal can hold: every card kept after the most runs (keep_all)."""
    return HAND_SIZE + 3 * max_runs(players)


@njit(cache=True)
def stock_size(players: int) -> int:
    """Cards left after the deal of six each: the upcard first, then the stock."""
    return DECK_SIZE - HAND_SIZE * players


@njit(cache=True)
def calls_size(players: int) -> int:
    """Slots of a deal's log of calls: the three calls, the cards taken from the stock in
    order, and every discard (see `LOG_*`)."""
    return QUESTIONS + stock_size(players) + players * 3 * max_runs(players)


LOG_CALLS, LOG_STOCK = 0, QUESTIONS  # the calls, then the stock's cards taken; then discards


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """The rules as the int64 array the kernels read (positions R_*)."""
    array = np.zeros(RULES_SIZE, np.int64)
    layout = sides(rules)
    array[R_PLAYERS] = rules["players"]
    array[R_SIDES] = len(layout)
    array[R_TARGET] = rules["target"]
    array[R_GAME_TIE] = rules["game_tie"] == "eldest"
    array[R_LOW_TO_WINNER] = rules["low_to"] == "winner"
    array[R_DISCARD] = DISCARDS_AFTER_RUN.index(rules["discard_after_run"])
    array[R_BUNCH] = rules["bunch_by_agreement"]
    array[R_HANG_JACK] = rules["hang_jack"]
    array[R_KICK_POINTS] = rules["kick_points"]
    for side, seats in enumerate(layout):
        for seat in seats:
            array[R_SIDE_OF + seat] = side
    return array


# One row per deal; a bunched deal is a row too. Fields per side hold 3 values (sides as
# in `sides`); a DataFrame shows them as NAME_0, NAME_1, ... for the sides a run has.
# -1 marks "none".
PER_SIDE = ("card_points", "won", "score_before", "score_after")
OUTCOME_COLUMNS = {  # the DataFrame of a run also starts with "seed", the run's seed
    "game": (np.int32, "game number with --games, else -1"),
    "deal": (np.int64, "deal index of the run, or the deal's number within its game"),
    "dealer": (np.int8, "seat of the dealer (eldest is the seat on its left)"),
    "pitcher": (np.int8, "seat that leads the first trick: eldest, the dealer's left"),
    "upcard": (np.int8, "code of the first upcard, which proposes trump"),
    "turned": (np.int8, "code of the upcard that made trump (-1: bunched)"),
    "trump": (np.int8, "trump suit 0..3 = C D H S (-1: bunched)"),
    "begged": (np.bool_, "eldest begged"),
    "gift": (np.bool_, "the dealer gave one"),
    "runs": (np.int8, "times the cards were run"),
    "bunched": (np.bool_, "the deal was bunched (dealt again by the same dealer)"),
    "kick": (np.int8, "points the dealer scored for upcards"),
    "tricks": (np.int8, "tricks played (0: the deal ended before play)"),
    "eldest_trumps": (np.int8, "cards of the first upcard's suit in eldest's dealt hand"),
    "dealer_trumps": (np.int8, "cards of the first upcard's suit in the dealer's dealt hand"),
    "trumps_in_play": (np.int8, "trumps held when the first trick began"),
    "jack_in_play": (np.bool_, "the Jack of trumps was held when the first trick began"),
    "high": (np.int8, "side that earned High (-1: no trump in play or no play)"),
    "low": (np.int8, "side that earned Low"),
    "jack": (np.int8, "side that earned Jack (-1: the Jack of trumps not in play)"),
    "jack_points": (np.int8, "what the Jack earned: 1, or 3 hanged (0: nobody)"),
    "game_point": (np.int8, "side that earned Game (-1: nobody)"),
    "card_points": (np.int8, "card points each side won in tricks"),
    "won": (np.int8, "points each side scored in the deal, as counted to the target"),
    "score_before": (np.int32, "each side's game score before the deal"),
    "score_after": (np.int32, "each side's game score after the deal"),
    "winner": (np.int8, "side that won the game in this deal, else -1"),
}
OUTCOME_DTYPE = np.dtype(
    [
        (name, kind, (MAX_SIDES,)) if name in PER_SIDE else (name, kind)
        for name, (kind, _) in OUTCOME_COLUMNS.items()
    ],
    align=True,
)


def frame_widths(rules: dict[str, Any]) -> dict[str, int]:
    """How many of the 3 slots of each per-side field a run uses."""
    return dict.fromkeys(PER_SIDE, len(sides(rules)))


@njit(cache=True, inline="always")
def turn_up_points(card: int, kick_points: bool) -> int:
    """Points the dealer scores for turning `card` up: a Jack 1 (AF-3.2); under
    `kick_points` Ace 1, Six 2, Jack 3 (AF-3.3)."""
    rank = card % 13
    if kick_points:
        return 1 if rank == ACE else 2 if rank == SIX else 3 if rank == JACK else 0
    return 1 if rank == JACK else 0
