"""A fifth game for the descriptor test, given as data only: Phat dealt three cards a
seat (40 cards out of play), to a short target. It reuses Phat's deal loop, record, replay
lines and counters and Don's strategies (which allow cards out of play); nothing in
`sims` names it. `GAME` is registered by the test that plays it."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from sims.core.games import phat
from sims.core.options import POSITIVE, Option, positive_int
from sims.descriptors import Game
from sims.descriptors.phat import (
    arguments_of,
    cards_played,
    counters_of,
    no_call,
    partnership_layout,
    record,
    renderer,
    sides_scored,
)
from sims.engine.phat import run_phat_nb

NAME = "tiny_phat"
HAND_SIZE = 3
CARD_VALUES = phat.CARD_VALUES
OUTCOME_DTYPE = phat.OUTCOME_DTYPE
OPTIONS = {
    "target": Option(
        default=41, parse=positive_int, help="score that wins a game", allowed=POSITIVE
    ),
}


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """Phat's rules array with three cards a hand."""
    array = np.zeros(phat.RULES_SIZE, np.int64)
    array[phat.R_TARGET] = rules["target"]
    array[phat.R_HAND_SIZE] = HAND_SIZE
    array[phat.R_GAME_BONUS] = phat.MUCK_BONUS
    array[phat.R_TIE_CARRIES] = 1
    array[phat.R_VALUES] = phat.PHAT_VALUES
    return array


RULES = sys.modules[__name__]  # this module is the game's rules module

GAME = Game(
    name=NAME,
    rules=RULES,
    layout=partnership_layout(HAND_SIZE, lambda rules, cap: cap or 400),
    kernel=run_phat_nb,
    arguments=arguments_of(RULES),
    record=record,
    render=renderer(CARD_VALUES, "phat", "muck", (("Big Phat {card}", "big_phat"),)),
    counters=counters_of(RULES),
    call_problem=no_call,
    cards_played=cards_played,
    sides=sides_scored("points (phat + muck bonus)"),
    plays_as="don",
    analysis="analysis.phat",
)
