"""Phat, as written in docs/rules.md section 2 (the rule book of record).

Choices made there and pinned by the tests:
- 4 seats, team of seat s is s % 2; all 52 cards dealt, 13 each; must follow suit.
- The pitcher's first card fixes trump. Phat points (9 of trumps 18, 5 of trumps 10,
  A K Q J of trumps 4 3 2 1, other nines 9, other fives 5) score the moment the trick is
  won; the muck (A 4, K 3, Q 2, J 1, T 10 in every suit, trumps included) after the deal.
- Muck over 40 scores the bonus of 8 plus any carry-over; a 40-40 tie carries it over.
- A team reaching the target (default 181) wins at once, even mid-deal: play stops, no
  muck bonus is scored and a pending carry-over is lost. Independent deals (not
  `--games`) are single deals from 0-0 and never stop early.

Card values, hand size and the end-of-deal bonus are data (the rules array below), so
Nine-card Don (`sims.games.don.rules`) is played by the same deal loop.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.options import POSITIVE, Option, positive_int
from sims.core.tricks import honour_cards, takes_game

NAME = "phat"
PLAYERS = 4
HAND_SIZE = 13
MUCK_BONUS = 8
MUCK_TOTAL = 80

#                        2  3  4  5  6  7  8  9  T  J  Q  K  A
TRUMP_VALUES = np.array([0, 0, 0, 10, 0, 0, 0, 18, 0, 1, 2, 3, 4], np.int64)
PLAIN_VALUES = np.array([0, 0, 0, 5, 0, 0, 0, 9, 0, 0, 0, 0, 0], np.int64)
BIG_PHAT_RANK = 7
LITTLE_PHAT_RANK = 3

# The rules array the partnership deal loop reads (Phat and Don), positions R_*:
# the target; cards per hand (= tricks); the game bonus (Phat's muck bonus); whether the
# captors of the highest and lowest trump in play score 1 each at the end, and the captor
# of the Jack of trumps; whether a tied game carries its bonus over; whose card values
# (PHAT_VALUES or DON_VALUES, also shown to strategies).
R_TARGET, R_HAND_SIZE, R_GAME_BONUS, R_HIGH_LOW, R_JACK, R_TIE_CARRIES, R_VALUES = range(7)
RULES_SIZE = 7
PHAT_VALUES, DON_VALUES = 0, 1

OPTIONS = {
    "target": Option(
        default=181,
        parse=positive_int,
        help="score that wins a game played with --games (e.g. 121 or 91 for shorter games)",
        allowed=POSITIVE,
    )
}

# One row per deal. Per-team columns end in _0 (seats 0 and 2) and _1 (seats 1 and 3).
# Seats and teams are -1 where they do not apply (e.g. a trick never played).
OUTCOME_COLUMNS = {  # the DataFrame of a run also starts with "seed", the run's seed
    "game": (np.int32, "game number with --games, else -1"),
    "deal": (np.int64, "deal index of the run, or the deal's number within its game"),
    "dealer": (np.int8, "seat of the dealer (on the pitcher's right)"),
    "pitcher": (np.int8, "seat that led the first card and so chose trump"),
    "trump": (np.int8, "trump suit 0..3 = C D H S"),
    "lead_card": (np.int8, "code of the opening lead"),
    "pitcher_trumps": (np.int8, "trumps in the pitcher's dealt hand"),
    "phat_0": (np.int16, "phat points scored during play by team 0"),
    "phat_1": (np.int16, "phat points scored during play by team 1"),
    "muck_0": (np.int16, "muck value captured by team 0"),
    "muck_1": (np.int16, "muck value captured by team 1"),
    "bonus_0": (np.int16, "end-of-deal muck bonus scored by team 0"),
    "bonus_1": (np.int16, "end-of-deal muck bonus scored by team 1"),
    "carry_in": (np.int16, "muck bonus carried into this deal by earlier ties"),
    "carry_out": (np.int16, "muck bonus carried out of this deal (ties only)"),
    "big_phat_holder": (np.int8, "seat dealt the 9 of trumps"),
    "big_phat_holder_team": (np.int8, "team dealt the 9 of trumps"),
    "big_phat_team": (np.int8, "team that captured the 9 of trumps (-1: not played)"),
    "little_phat_holder": (np.int8, "seat dealt the 5 of trumps"),
    "little_phat_holder_team": (np.int8, "team dealt the 5 of trumps"),
    "little_phat_team": (np.int8, "team that captured the 5 of trumps (-1: not played)"),
    "high_team": (np.int8, "team that captured the highest trump in play (-1: not played)"),
    "low_team": (np.int8, "team that captured the lowest trump in play (-1: not played)"),
    "jack_team": (np.int8, "team that captured the Jack of trumps (-1: not dealt or played)"),
    "tricks_0": (np.int8, "tricks won by team 0"),
    "tricks_1": (np.int8, "tricks won by team 1"),
    "tricks_played": (np.int8, "tricks played: all unless the game ended in mid-deal"),
    "score_before_0": (np.int16, "team 0's game score before the deal"),
    "score_before_1": (np.int16, "team 1's game score before the deal"),
    "score_after_0": (np.int16, "team 0's game score after the deal"),
    "score_after_1": (np.int16, "team 1's game score after the deal"),
    "winner": (np.int8, "team that won the game in this deal, else -1"),
}
OUTCOME_DTYPE = np.dtype([(name, kind) for name, (kind, _) in OUTCOME_COLUMNS.items()], align=True)


def max_deals_per_game(target: int) -> int:
    """Upper bound on the deals of one game: every full deal hands out at least 80 points,
    so after k deals one team holds at least 40k; the +1 covers a game won in its last deal."""
    return (2 * target - 1) // MUCK_TOTAL + 1


def value_table(trump_values: np.ndarray, plain_values: np.ndarray) -> np.ndarray:
    """`table[trump, card]`: points a card scores at once for the team capturing it."""
    table = np.empty((4, 52), np.int64)
    for trump in range(4):
        for card in range(52):
            values = trump_values if card // 13 == trump else plain_values
            table[trump, card] = values[card % 13]
    return table


CARD_VALUES = value_table(TRUMP_VALUES, PLAIN_VALUES)


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """Phat's rules as the int64 array the deal loop reads (positions R_*)."""
    array = np.zeros(RULES_SIZE, np.int64)
    array[R_TARGET] = rules["target"]
    array[R_HAND_SIZE] = HAND_SIZE
    array[R_GAME_BONUS] = MUCK_BONUS
    array[R_TIE_CARRIES] = 1
    array[R_VALUES] = PHAT_VALUES
    return array


@njit(cache=True, inline="always")
def game_bonus(game_0: int, game_1: int, carry_in: int, bonus: int, tie_carries: bool):
    """(bonus to team 0, bonus to team 1, carry-over out) for the game (Phat: muck) values
    each team captured: the larger scores `bonus` plus the carry-over; a tie scores nothing
    and, if ties carry, adds `bonus` to the carry-over (else the carry-over stays 0).
    Products, not branches: in random play who has more is a toss."""
    worth = bonus + carry_in
    to_0 = takes_game(game_0 - game_1)
    to_1 = takes_game(game_1 - game_0)
    tied = (not to_0) & (not to_1) & tie_carries
    return worth * to_0, worth * to_1, worth * tied


@njit(cache=True, inline="always")
def captor(won_0: int, won_1: int, card: int) -> int:
    """Team whose captured pile holds `card`, or -1 (also for -1, no card). Sums, not
    branches, as in random play the captor is a toss; a card lies in one pile at most."""
    card_bit = (1 << (card & 63)) if 0 <= card <= 51 else 0
    return -1 + ((won_0 & card_bit) != 0) + 2 * ((won_1 & card_bit) != 0)


@njit(cache=True, inline="always")
def honour_captors(in_play: int, trump: int, won_0: int, won_1: int) -> tuple[int, int, int]:
    """Teams that captured the highest trump in play, the lowest, and the Jack of trumps
    (-1 each where nobody did, or the Jack was not dealt)."""
    high, low, jack = honour_cards(in_play, trump)
    return captor(won_0, won_1, high), captor(won_0, won_1, low), captor(won_0, won_1, jack)


@njit(cache=True, inline="always")
def end_bonus(rules, game_0: int, game_1: int, carry_in: int, high: int, low: int, jack: int):
    """(bonus to team 0, bonus to team 1, carry-over out) after the last trick: the game
    bonus, then 1 point each for High and Low, and for the Jack, where the rules give them."""
    bonus = game_bonus(game_0, game_1, carry_in, rules[R_GAME_BONUS], rules[R_TIE_CARRIES] != 0)
    bonus_0, bonus_1, carry_out = bonus
    if rules[R_HIGH_LOW]:
        bonus_0 += (high == 0) + (low == 0)
        bonus_1 += (high == 1) + (low == 1)
    if rules[R_JACK]:
        bonus_0 += jack == 0
        bonus_1 += jack == 1
    return bonus_0, bonus_1, carry_out
