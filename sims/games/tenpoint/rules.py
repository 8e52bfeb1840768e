"""Ten-point Pitch, with Smear as a profile of it, as written in docs/rules.md section 8 (its
sources' disagreements and the choices made are in 8.13).

Every option of section 8.10 (and the Smear profile of 8.11), default first:
- `players` 4 (3 to 6); `partnership` on (4 seats in two teams, 6 seats in `teams` 2 or
  3); off, each seat is a side (cut-throat).
- `jokers` distinct (HJ above LJ), first_wins / second_wins (equal jokers, the first or
  the second played to a trick ranks higher), one (below the deuce), none; `off_jack`.
- `min_bid` 4 (2 to 5), bids to 10 (shooting the moon); `all_pass` dealer_stuck or redeal.
- `deal` draw (nine each, discard the non-trumps, burn trumps past six, draw to six, the
  rest of the stock to the robber `rob`: pitcher, dealer or none) or smear (ten each, no
  stock, keep six with every trump one can); six players: eight each, no discard.
  `burn_nonpoint_first`: a point-carrying trump is discarded only when all kept carry one.
- `first_lead_trump`; `follow` follow_or_trump, strict or trump_only (players without a
  trump fold).
- Points: High, Low (`low_to` holder or winner; `fixed_high_low`: the Ace and the Deuce
  only), Jack, Off-Jack, each joker (`joker_points_to` winner or holder), Game
  (`game_card` card_points, or the ten of trumps), Trey 3 (`trey`).
- `moon` normal, win_or_lose_game, double; `target` 52; `both_reach_target`
  pitching_side, higher_score (tie: the pitching side), must_pitch_to_win.
- `smear` (section 8.11): the ten-card deal, equal jokers of which the second played wins
  (where `jokers` is left at its default) and, both at the target, the higher score
  (where `both_reach_target` is left at its default).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from sims.core.cards import N_CARDS
from sims.core.deck import Deck
from sims.core.options import (
    POSITIVE,
    Option,
    OptionError,
    choice,
    parse_whole,
    positive_int,
    switch,
    word,
)
from sims.games.tenpoint.cards import JOKER_NAMES, deck

NAME = "tenpoint"
MAX_PLAYERS = 6
MAX_SIDES = 6
KEEP = 6  # cards each seat plays with after the discard (PIT-5.3)
MAX_BID = 10  # the moon
MAX_TRICKS = 8  # six players play eight cards each
TOTAL_POINTS = 10
TREY_POINTS = 3  # the Trey's worth to its captor, where it scores (PIT-7)
# The view's decision (beside `sims.strategies.view`'s) for a short player taking a card
# back from the discards (PIT-5.5, 8.E.6): LEGAL holds those it may take.
FILL = 5

DEALS = ("draw", "smear")
JOKERS = ("distinct", "first_wins", "second_wins", "one", "none")
ALL_PASS = ("dealer_stuck", "redeal")
ROBS = ("pitcher", "dealer", "none")
FOLLOWS = ("follow_or_trump", "strict", "trump_only")
LOW_TO = ("holder", "winner")
GAME_CARDS = ("card_points", "ten_of_trumps")
JOKER_POINTS_TO = ("winner", "holder")
MOONS = ("normal", "win_or_lose_game", "double")
BOTH_REACH = ("pitching_side", "higher_score", "must_pitch_to_win")

OPTIONS = {
    "players": Option(
        4, parse_whole, "number of seats, 3 to 6", check=lambda v: 3 <= v <= 6, allowed="3 to 6"
    ),
    "partnership": replace(
        switch("fixed teams (4 seats in two, 6 in `teams`); false: cut-throat"), default=True
    ),
    "teams": choice(2, (2, 3), "6-seat partnership: 2 teams of three or 3 teams of two"),
    "smear": switch("the Smear profile (8.11): ten cards each, equal jokers, higher score"),
    "deal": word("draw", DEALS, "draw: nine each, discard and draw; smear: ten each, keep six"),
    "jokers": word("distinct", JOKERS, "the jokers: HJ > LJ, equal, one, or none"),
    "off_jack": replace(switch("the jack of trump's colour is a trump (off: not)"), default=True),
    "min_bid": choice(4, (2, 3, 4, 5), "the lowest bid"),
    "all_pass": word("dealer_stuck", ALL_PASS, "all pass: the dealer bids the minimum, or redeal"),
    "rob": word("pitcher", ROBS, "who takes the rest of the stock after the draw"),
    "burn_nonpoint_first": switch("a point-carrying trump goes only if all kept carry points"),
    "first_lead_trump": switch("the pitcher must lead a trump to the first trick if he can"),
    "follow": word("follow_or_trump", FOLLOWS, "following: follow or trump, strict, trumps only"),
    "low_to": word("holder", LOW_TO, "Low scores for the side that held it, or that took it"),
    "fixed_high_low": switch("High and Low are the Ace and the Deuce of trumps only"),
    "game_card": word("card_points", GAME_CARDS, "Game by card points, or the ten of trumps"),
    "trey": replace(
        switch("the three of trumps scores 3 to its taker (off: a 7-point game)"), default=True
    ),
    "joker_points_to": word("winner", JOKER_POINTS_TO, "a joker's point to its taker or holder"),
    "moon": word("normal", MOONS, "a bid of 10: scored as any bid, wins or loses the game, ±20"),
    "target": Option(52, positive_int, "score that wins a game", allowed=POSITIVE),
    "both_reach_target": word("pitching_side", BOTH_REACH, "several sides at the target"),
}

# Positions in the int64 rules array the kernels read.
(
    R_PLAYERS, R_SIDES, R_DECK, R_JOKERS, R_OFF_JACK, R_DEAL, R_MIN_BID, R_ALL_PASS, R_ROB,
    R_BURN_NONPOINT, R_FIRST_LEAD_TRUMP, R_FOLLOW, R_LOW_TO, R_FIXED_HIGH_LOW, R_GAME_CARD,
    R_TREY, R_JOKER_POINTS_TO, R_MOON, R_TARGET, R_BOTH, R_DEALT, R_STOCK, R_SIDE_OF,
) = range(23)  # fmt: skip
RULES_SIZE = R_SIDE_OF + MAX_PLAYERS


def effective(rules: dict[str, Any]) -> dict[str, Any]:
    """The options as played: the Smear profile sets the deal, and the jokers and the
    rule for several sides at the target where those are left at their defaults."""
    played = dict(rules)
    if rules["smear"]:
        played["deal"] = "smear"
        if rules["jokers"] == "distinct":
            played["jokers"] = "second_wins"
        if rules["both_reach_target"] == "pitching_side":
            played["both_reach_target"] = "higher_score"
    return played


def check(rules: dict[str, Any]) -> None:
    """Refuse option combinations the rules do not define."""
    played = effective(rules)
    players = rules["players"]
    if rules["partnership"] and players not in (4, 6):
        raise OptionError(
            f"partnership needs 4 or 6 players, not {players} (cut-throat: partnership=false)"
        )
    if rules["teams"] == 3 and not (rules["partnership"] and players == 6):
        raise OptionError("teams=3 is the 6-player partnership layout: players=6, partnership")
    if played["deal"] == "smear" and players > 5:
        raise OptionError("the Smear deal gives ten cards each: at most 5 players")
    if played["moon"] == "win_or_lose_game" and len(sides(rules)) != 2:
        raise OptionError("moon=win_or_lose_game needs two sides")


def sides(rules: dict[str, Any]) -> list[list[int]]:
    """Seats of each side: teams `seat % count` in partnership, else one side per seat."""
    players = rules["players"]
    if not rules["partnership"]:
        return [[seat] for seat in range(players)]
    count = rules["teams"] if players == 6 else 2
    return [[seat for seat in range(players) if seat % count == side] for side in range(count)]


def cards_dealt(rules: dict[str, Any]) -> int:
    """Cards each seat is dealt: nine (PIT-3.1), ten in the Smear deal, eight with six."""
    if rules["players"] == 6:
        return 8
    return 10 if effective(rules)["deal"] == "smear" else 9


def cards_at_play(rules: dict[str, Any]) -> int:
    """Cards each seat holds at the first trick: six, or the eight of six players."""
    return 8 if rules["players"] == 6 else KEEP


def deck_index(rules: dict[str, Any]) -> int:
    """The deck's place in `DECKS` (by the jokers and the off-jack)."""
    played = effective(rules)
    return 2 * JOKERS.index(played["jokers"]) + int(played["off_jack"])


DECKS = tuple(deck(jokers, off_jack) for jokers in JOKERS for off_jack in (False, True))
# The decks' tables stacked, for compiled code: [deck, trump row, card].
SUITS = np.stack([d.suits for d in DECKS])
RANKS = np.stack([d.ranks for d in DECKS])
MASKS = np.stack([d.masks for d in DECKS])
FOLLOW_CARDS = np.stack([d.follows for d in DECKS])


def _beater_cards() -> np.ndarray:
    """Each deck's `beaters`; of two equal jokers under second_wins, each also takes the
    trick from the other, as the second played wins."""
    tables = np.stack([d.beaters for d in DECKS])
    jokers = np.int64(3) << N_CARDS
    second_wins = 2 * JOKERS.index("second_wins")  # its decks' places, as deck_index has them
    for index in (second_wins, second_wins + 1):
        for joker in (N_CARDS, N_CARDS + 1):
            tables[index, :4, joker] |= jokers & ~(np.int64(1) << joker)
    return tables


BEATER_CARDS = _beater_cards()
FULL = np.array([d.full for d in DECKS], np.int64)
NEVER_LOW = FULL & ~((1 << N_CARDS) - 1)  # each deck's jokers: never Low (PIT-7.3)


def game_deck(rules: dict[str, Any]) -> Deck:
    """The deck of a run's rules."""
    return DECKS[deck_index(rules)]


def deck_size(rules: dict[str, Any]) -> int:
    """Cards in the pack: 52 and the jokers."""
    jokers = effective(rules)["jokers"]
    return N_CARDS + len(
        JOKER_NAMES["distinct" if jokers in ("first_wins", "second_wins") else jokers]
    )


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """The rules as the int64 array the kernels read (positions R_*)."""
    played = effective(rules)
    array = np.full(RULES_SIZE, -1, np.int64)
    layout = sides(rules)
    array[R_PLAYERS] = rules["players"]
    array[R_SIDES] = len(layout)
    array[R_DECK] = deck_index(rules)
    array[R_JOKERS] = JOKERS.index(played["jokers"])
    array[R_OFF_JACK] = played["off_jack"]
    array[R_DEAL] = DEALS.index(played["deal"])
    array[R_MIN_BID] = played["min_bid"]
    array[R_ALL_PASS] = ALL_PASS.index(played["all_pass"])
    array[R_ROB] = ROBS.index(played["rob"])
    array[R_BURN_NONPOINT] = played["burn_nonpoint_first"]
    array[R_FIRST_LEAD_TRUMP] = played["first_lead_trump"]
    array[R_FOLLOW] = FOLLOWS.index(played["follow"])
    array[R_LOW_TO] = LOW_TO.index(played["low_to"])
    array[R_FIXED_HIGH_LOW] = played["fixed_high_low"]
    array[R_GAME_CARD] = GAME_CARDS.index(played["game_card"])
    array[R_TREY] = played["trey"]
    array[R_JOKER_POINTS_TO] = JOKER_POINTS_TO.index(played["joker_points_to"])
    array[R_MOON] = MOONS.index(played["moon"])
    array[R_TARGET] = played["target"]
    array[R_BOTH] = BOTH_REACH.index(played["both_reach_target"])
    array[R_DEALT] = cards_dealt(rules)
    array[R_STOCK] = deck_size(rules) - rules["players"] * cards_dealt(rules)
    for side, seats in enumerate(layout):
        for seat in seats:
            array[R_SIDE_OF + seat] = side
    return array


# One row per deal. Fields per side or per caller hold 6 values (sides as in `sides`,
# callers from the dealer's left); a DataFrame shows them as NAME_0, NAME_1, ... only for
# the sides or callers a table has. -1 marks "none" (a point nobody scored, a deal thrown
# in). The point columns name the side that scored the point.
PER_SIDE = ("won", "delta", "card_points", "score_before", "score_after")
PER_CALLER = ("call",)
POINTS = ("high", "low", "jack", "off_jack", "high_joker", "low_joker", "game_point", "ten", "trey")
OUTCOME_COLUMNS = {  # the DataFrame of a run also starts with "seed", the run's seed
    "game": (np.int32, "game number with --games, else -1"),
    "deal": (np.int64, "deal index of the run, or the deal's number within its game"),
    "dealer": (np.int8, "seat of the dealer"),
    "call": (np.int8, "calls in order from the dealer's left: 0 pass, 2-10 a bid, -1 none"),
    "pitcher": (np.int8, "seat that won the auction and named trump (-1: thrown in)"),
    "pitcher_side": (np.int8, "side of the pitcher (-1: thrown in)"),
    "pitcher_position": (np.int8, "pitcher's seat counted from the dealer's left (dealer last)"),
    "contract": (np.int8, "the bid (10: shooting the moon; 0: thrown in)"),
    "stuck": (np.bool_, "all passed and the dealer is stuck with the minimum bid"),
    "trump": (np.int8, "trump suit 0..3 = C D H S (-1: thrown in)"),
    "made": (np.bool_, "the pitcher's side won at least its bid"),
    "high": (np.int8, "side that scored High"),
    "low": (np.int8, "side that scored Low"),
    "jack": (np.int8, "side that took the Jack of trumps (-1: not in play)"),
    "off_jack": (np.int8, "side that took the Off-Jack (-1: not in play or no off-jack)"),
    "high_joker": (np.int8, "side that scored the High Joker (or the one joker)"),
    "low_joker": (np.int8, "side that scored the Low Joker (the second of equal jokers)"),
    "game_point": (np.int8, "side that scored Game (-1: tied, or game_card=ten_of_trumps)"),
    "ten": (np.int8, "side that took the ten of trumps under game_card=ten_of_trumps"),
    "trey": (np.int8, "side that took the Trey, 3 points (-1: not in play, or no trey)"),
    "won": (np.int8, "points each side won in the deal"),
    "delta": (np.int8, "each side's score change after the bid is settled"),
    "card_points": (np.int16, "card points (6.0.5) each side took"),
    "score_before": (np.int16, "each side's game score before the deal"),
    "score_after": (np.int16, "each side's game score after the deal"),
    "winner": (np.int8, "side that won the game in this deal, else -1"),
    "trumps_in_play": (np.int8, "trumps in the hands at the first trick"),
    "burned": (np.int8, "trumps discarded (burned) before play, out of play"),
    "hand_trumps": (np.int8, "trumps (jokers, off-jack included) in the pitcher's hand dealt"),
    "hand_jokers": (np.int8, "jokers in the pitcher's hand dealt"),
    "pitcher_trumps": (np.int8, "trumps in the pitcher's hand at the first trick"),
}
OUTCOME_DTYPE = np.dtype(
    [
        (name, kind, (MAX_SIDES,)) if name in PER_SIDE + PER_CALLER else (name, kind)
        for name, (kind, _) in OUTCOME_COLUMNS.items()
    ],
    align=True,
)


def frame_widths(rules: dict[str, Any]) -> dict[str, int]:
    """How many of the 6 slots of each per-side or per-caller field a run uses."""
    widths = dict.fromkeys(PER_SIDE, len(sides(rules)))
    widths["call"] = rules["players"]
    return widths
