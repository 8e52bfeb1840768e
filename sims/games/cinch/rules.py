"""Cinch (Double Pedro), as written in docs/rules.md section 6 (the rule book of record,
with the family's conventions in section 6.0 and the rule book's clarifications).

Choices made there and pinned by the tests:
- Four players in two partnerships (N-S against E-W), nine cards each, the rest the stock;
  cutthroat for 2, 3, 5 or 6 players (six cards each with 5 or 6), every seat a side.
- One round of bids from the dealer's left, each above the last, 1..14 (`min_bid`); the
  highest bidder names trump. All pass (`all_pass`): the dealer names trump with no
  contract (bid 0), or is forced to the least bid, or the deal is thrown in.
- Trumps are the 13 cards of the trump suit and the Left Pedro (the five of its colour
  partner), ranked A K Q J T 9 8 7 6 5 5 4 3 2.
- Non-dealers discard every non-trump face up (`keep_nontrumps`: they may keep some), and
  keep six trumps of more (the rest dead, shown); they draw to six from the stock in turn;
  the four-handed dealer robs the pack: keeps any six of his cards and the stock, the
  trumps he leaves shown and dead. A short player fills from the face-up non-trump
  discards (`stock_exhausted`), or plays short.
- The maker leads; follow suit or trump (`follow=strict`: follow if able). High (the trump
  ace), Low (the two), Jack, Game (the ten) score 1 each, the two Pedros 5 each, to the
  side taking them (a dead card scores for nobody): 14 a deal.
- Difference scoring (`scoring`): a made contract scores the difference to the side with
  more points; a set one gives the opponents their points plus the bid (`failed_award`).
  Set-back and the cutthroat forms add each side's points, a set maker losing the bid.
  The game goes to `target`; `bid14=money` makes a bid of 14 win or lose it at once; when
  several sides reach it together the maker wins if it made its bid
  (`both_reach_target=count_order`: the first to reach it counting High, Low, Jack, Game,
  Right and Left Pedro), else the highest score, a tie playing on.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sims.core.cards import N_RANKS
from sims.core.options import OptionError, choice, switch, word
from sims.games.cinch.cards import DECK, FIVE, left_pedro

NAME = "cinch"
HAND_SIZE = 6  # cards held in play
TRICKS = HAND_SIZE
MAX_PLAYERS = 6
MAX_BID = 14
TOTAL_POINTS = 14
ACE, JACK, TEN, TWO = 12, 9, 8, 0
STOP = DECK.size  # a DISCARD answer, where discarding more is optional: keep the rest

SCORINGS = ("difference", "setback")
FAILED_AWARDS = ("opponents_points_plus_bid", "fourteen_plus_shortfall")
ALL_PASS = ("dealer_names_no_contract", "dealer_forced_min_bid", "redeal_next_dealer")
BID14 = ("normal", "money")
FOLLOWS = ("follow_or_trump", "strict")
STOCK_EXHAUSTED = ("fill_from_nontrump_discards", "play_short")
BOTH_REACH = ("maker", "count_order")

OPTIONS = {  # docs/rules.md 6.10, each default first
    "players": choice(4, (4, 2, 3, 5, 6), "seats: 4 in partnerships, else cutthroat"),
    "scoring": word("difference", SCORINGS, "difference (CIN-8.1) or set-back (CIN-8.2)"),
    "failed_award": word(
        FAILED_AWARDS[0],
        FAILED_AWARDS,
        "a set contract gives the opponents O + bid, or 14 + bid - B",
    ),
    "all_pass": word(ALL_PASS[0], ALL_PASS, "when all pass (CIN-4.4)"),
    "min_bid": choice(1, (1, 6, 7), "lowest bid"),
    "bid14": word("normal", BID14, "money: a made 14 wins the game, a set one loses it"),
    "target": choice(51, (51, 42, 61, 62), "score that wins the game"),
    "keep_nontrumps": switch("non-dealers may keep non-trumps (discarding at least 3)"),
    "follow": word("follow_or_trump", FOLLOWS, "trumping allowed when able to follow, or not"),
    "must_keep_counters": switch("trumps discarded (excess, or by the dealer) must not count"),
    "dealer_must_take_trumps": switch("the robbing dealer keeps trumps before other cards"),
    "stock_exhausted": word(
        STOCK_EXHAUSTED[0], STOCK_EXHAUSTED, "a player the stock leaves short fills or plays short"
    ),
    "widow": switch("each player is dealt a four-card widow and keeps six of ten (no draw)"),
    "both_reach_target": word("maker", BOTH_REACH, "who wins when several reach the target"),
}

# Positions in the int64 rules array the kernels read.
R_PLAYERS, R_SIDES, R_SETBACK, R_SHORTFALL, R_ALL_PASS, R_MIN_BID, R_MONEY, R_TARGET = range(8)
R_KEEP_NONTRUMPS, R_STRICT, R_KEEP_COUNTERS, R_TAKE_TRUMPS, R_PLAY_SHORT, R_WIDOW = range(8, 14)
R_COUNT_ORDER, R_DEALT, R_ROBS, R_SIDE_OF = 14, 15, 16, 17
RULES_SIZE = R_SIDE_OF + MAX_PLAYERS
NAMES_NO_CONTRACT, FORCED_MIN_BID, REDEAL = range(3)  # `all_pass`, as R_ALL_PASS holds it


def check(rules: dict[str, Any]) -> None:
    """Refuse option combinations the rule book does not define."""
    if rules["widow"] and rules["players"] > 5:
        raise OptionError("the widow form deals ten cards each: at most 5 players")
    if rules["bid14"] == "money" and rules["players"] not in (2, 4):
        raise OptionError("bid14=money names a winner only with two sides: 2 or 4 players")


def sides(rules: dict[str, Any]) -> list[list[int]]:
    """Seats of each side: two partnerships with four players, else one side per seat."""
    if rules["players"] == 4:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(rules["players"])]


def cards_dealt(rules: dict[str, Any]) -> int:
    """Cards dealt to each seat: nine (six with 5 or 6 players), ten with the widow."""
    if rules["widow"]:
        return HAND_SIZE + 4
    return 9 if rules["players"] <= 4 else HAND_SIZE


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """The rules as the int64 array the kernels read (positions R_*)."""
    array = np.full(RULES_SIZE, -1, np.int64)
    layout = sides(rules)
    array[R_PLAYERS] = rules["players"]
    array[R_SIDES] = len(layout)
    array[R_SETBACK] = rules["scoring"] == "setback"
    array[R_SHORTFALL] = rules["failed_award"] == "fourteen_plus_shortfall"
    array[R_ALL_PASS] = ALL_PASS.index(rules["all_pass"])
    array[R_MIN_BID] = rules["min_bid"]
    array[R_MONEY] = rules["bid14"] == "money"
    array[R_TARGET] = rules["target"]
    array[R_KEEP_NONTRUMPS] = rules["keep_nontrumps"]
    array[R_STRICT] = rules["follow"] == "strict"
    array[R_KEEP_COUNTERS] = rules["must_keep_counters"]
    array[R_TAKE_TRUMPS] = rules["dealer_must_take_trumps"]
    array[R_PLAY_SHORT] = rules["stock_exhausted"] == "play_short"
    array[R_WIDOW] = rules["widow"]
    array[R_COUNT_ORDER] = rules["both_reach_target"] == "count_order"
    array[R_DEALT] = cards_dealt(rules)
    array[R_ROBS] = rules["players"] == 4 and not rules["widow"]
    for side, seats in enumerate(layout):
        for seat in seats:
            array[R_SIDE_OF + seat] = side
    return array


def _counting_cards() -> np.ndarray:
    """`COUNTING[trump]`: the codes of High, Low, Jack, Game, the Right and the Left Pedro,
    in the order CIN-9.3 counts them."""
    table = np.zeros((4, 6), np.int64)
    for trump in range(4):
        base = trump * N_RANKS
        table[trump] = (
            base + ACE,
            base + TWO,
            base + JACK,
            base + TEN,
            base + FIVE,
            left_pedro(trump),
        )
    return table


COUNTING = _counting_cards()
POINT_VALUES = np.array([1, 1, 1, 1, 5, 5], np.int64)
POINT_NAMES = ("high", "low", "jack", "game_point", "right_pedro", "left_pedro")
COUNTERS_MASK = np.array([sum(1 << int(c) for c in COUNTING[t]) for t in range(4)], np.int64)
CARD_POINTS = np.zeros((4, DECK.size), np.int64)  # CARD_POINTS[trump, card]: what it counts
for _trump in range(4):
    for _card, _value in zip(COUNTING[_trump], POINT_VALUES, strict=True):
        CARD_POINTS[_trump, _card] = _value

# One row per deal. Fields per side or per caller hold 6 values; a DataFrame shows them as
# NAME_0, NAME_1, ... only for the sides or callers a table has. -1 marks "none".
PER_SIDE = ("won", "delta", "score_before", "score_after")
PER_CALLER = ("call",)
OUTCOME_COLUMNS = {  # the DataFrame of a run also starts with "seed", the run's seed
    "game": (np.int32, "game number with --games, else -1"),
    "deal": (np.int64, "deal index of the run, or the deal's number within its game"),
    "dealer": (np.int8, "seat of the dealer"),
    "call": (np.int8, "calls in order from the dealer's left: 0 pass, 1-14 a bid, -1 no call"),
    "pitcher": (np.int8, "the maker: the seat that named trump and led (-1: thrown in)"),
    "maker_side": (np.int8, "side of the maker (-1: thrown in)"),
    "maker_position": (np.int8, "maker's seat counted from the dealer's left (dealer last)"),
    "contract": (np.int8, "the contract: the bid, 0 after all passed, -1 thrown in"),
    "trump": (np.int8, "trump suit 0..3 = C D H S (-1: thrown in)"),
    "made": (np.int8, "1: the maker's side won at least its bid, 0: set, -1: thrown in"),
    "high": (np.int8, "side that took High, the trump ace (-1: dead or thrown in)"),
    "low": (np.int8, "side that took Low, the trump two (-1: dead)"),
    "jack": (np.int8, "side that took the Jack of trumps (-1: dead)"),
    "game_point": (np.int8, "side that took Game, the trump ten (-1: dead)"),
    "right_pedro": (np.int8, "side that took the Right Pedro, the trump five (-1: dead)"),
    "left_pedro": (np.int8, "side that took the Left Pedro (-1: dead)"),
    "left_dealt": (np.int8, "side dealt the Left Pedro (-1: in the stock)"),
    "maker_trumps": (np.int8, "trumps the maker was dealt"),
    "maker_side_trumps": (np.int8, "trumps the maker's side holds in play, after the draw"),
    "dealer_stock_trumps": (np.int8, "trumps the robbing dealer found in the stock"),
    "dead_points": (np.int8, "points of the counting cards out of play"),
    "short": (np.int8, "seats the stock left short of six cards"),
    "won": (np.int8, "points each side won in the deal"),
    "delta": (np.int16, "each side's score change"),
    "score_before": (np.int16, "each side's game score before the deal"),
    "score_after": (np.int16, "each side's game score after the deal"),
    "winner": (np.int8, "side that won the game in this deal, else -1"),
}
OUTCOME_DTYPE = np.dtype(
    [
        (name, kind, (MAX_PLAYERS,)) if name in PER_SIDE + PER_CALLER else (name, kind)
        for name, (kind, _) in OUTCOME_COLUMNS.items()
    ],
    align=True,
)


def frame_widths(rules: dict[str, Any]) -> dict[str, int]:
    """How many of the 6 slots of each per-side or per-caller field a run uses."""
    widths = dict.fromkeys(PER_SIDE, len(sides(rules)))
    widths["call"] = rules["players"]
    return widths
