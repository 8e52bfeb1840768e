"""Nine-card Don, as written in docs/rules.md section 3: Phat's deal loop with other data.

Choices made there and pinned by the tests:
- 4 seats in Phat's partnerships; 9 cards each, the other 16 out of play; the pitcher (the
  dealer's left) leads and fixes trump; must follow suit.
- Scored at once by the trick's winner: 5 of trumps 10, 9 of trumps 9, A K Q J of trumps
  4 3 2 1, non-trump fives 5; non-trump nines nothing.
- After the last trick the team with the larger game value (A 4, K 3, Q 2, J 1, T 10, all
  suits) scores the game: 8, or 6 plus High and Low, or 5 plus High, Low and Jack (option
  `bonus`). A tie scores nothing; `game_tie=carry` carries the game's value over.
- A team wins at once on reaching the target (121, or 91) ahead of the other; when the end
  of a deal takes both past it the higher total wins, and on equal totals play goes on
  until one is ahead. The same rule gives Phat's, where only one team scores at a time.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sims.core.options import POSITIVE, Option, positive_int, word
from sims.games.phat import rules as phat

NAME = "don"
PLAYERS = 4
HAND_SIZE = 9
DEFAULT_MAX_DEALS = 100  # cap on one game's deals: a deal may score nothing at all

#                        2  3  4  5  6  7  8  9  T  J  Q  K  A
TRUMP_VALUES = np.array([0, 0, 0, 10, 0, 0, 0, 9, 0, 1, 2, 3, 4], np.int64)
PLAIN_VALUES = np.array([0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0], np.int64)
CARD_VALUES = phat.value_table(TRUMP_VALUES, PLAIN_VALUES)
NINE_RANK = phat.BIG_PHAT_RANK
FIVE_RANK = phat.LITTLE_PHAT_RANK

# Bonus variant -> (game value, High and Low scored, Jack scored).
BONUSES = {
    "game8": (8, False, False),
    "game6_high_low": (6, True, False),
    "game5_high_low_jack": (5, True, True),
}
GAME_TIES = ("none", "carry")


DISPATCH_TABLE = "phat"  # played by Phat's deal loop, with its strategies

OPTIONS = {
    "target": Option(
        default=121,
        parse=positive_int,
        help="score that wins a game played with --games (e.g. 91 for a shorter game)",
        allowed=POSITIVE,
    ),
    "bonus": word(
        "game8",
        tuple(BONUSES),
        "end-of-deal points: game8 (game 8), game6_high_low (game 6, High 1, Low 1) or "
        "game5_high_low_jack (game 5, High, Low and Jack 1 each)",
    ),
    "game_tie": word(
        "none",
        GAME_TIES,
        "a tied game value: none (nobody scores the game) or carry (its value is carried "
        "over to the next deal, as Phat's muck bonus)",
    ),
}

# The outcome rows are Phat's (one deal loop plays both): `phat_*` holds Don's card points,
# `muck_*` the game value captured, `bonus_*` the game with High, Low and Jack, and
# `big_phat_*` / `little_phat_*` the 9 and the 5 of trumps, with holder -1 when not dealt.
OUTCOME_COLUMNS = phat.OUTCOME_COLUMNS
OUTCOME_DTYPE = phat.OUTCOME_DTYPE


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """Don's rules as the int64 array the partnership deal loop reads (positions R_*)."""
    game, high_low, jack = BONUSES[rules["bonus"]]
    array = np.zeros(phat.RULES_SIZE, np.int64)
    array[phat.R_TARGET] = rules["target"]
    array[phat.R_HAND_SIZE] = HAND_SIZE
    array[phat.R_GAME_BONUS] = game
    array[phat.R_HIGH_LOW] = high_low
    array[phat.R_JACK] = jack
    array[phat.R_TIE_CARRIES] = rules["game_tie"] == "carry"
    array[phat.R_VALUES] = phat.DON_VALUES
    return array
