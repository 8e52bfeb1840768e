"""A fifth game for the descriptor test, given as data only: Phat dealt three cards a
seat (40 cards out of play), to a short target. It reuses Phat's deal loop, record, replay
lines and counters and Don's strategies (which allow cards out of play); nothing in
`sims` names it. `GAME` is registered by the test that plays it."""

from __future__ import annotations

import math
import sys
from typing import Any

import numpy as np

from sims.core.cards import SUITS
from sims.core.options import POSITIVE, Option, positive_int
from sims.descriptors import Game
from sims.games.phat import reference
from sims.games.phat import rules as phat
from sims.games.phat.deal import run_phat_nb
from sims.games.phat.descriptor import (
    arguments_of,
    cards_played,
    counters_of,
    no_call,
    partnership_layout,
    record,
    renderer,
    sides_scored,
)

NAME = "tiny_phat"
HAND_SIZE = 3
CARD_VALUES = phat.CARD_VALUES
OUTCOME_DTYPE = phat.OUTCOME_DTYPE
OPTIONS = {
    "target": Option(
        default=41, parse=positive_int, help="score that wins a game", allowed=POSITIVE
    )
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


def _won(scores: list[int], team: int, target: float) -> bool:
    """A team at or past the target and ahead of the other wins (only with --games)."""
    return scores[team] >= target and scores[team] > scores[1 - team]


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A deal-log object re-scored in plain Python by Phat's reference rules of play
    (follow suit, trick winner, card values); the muck bonus to the larger muck, a tie
    carried over. The Phat reference itself scores only 13-card hands."""
    before = record["result"]
    held = [{reference.parse_card(card) for card in hand} for hand in record["hands"]]
    target = spec.rules["target"] if spec.games else math.inf
    scores = list(before["scores_before"])
    points, muck, winners, trick = [0, 0], [0, 0], [], []
    trump, leader, winner, big_phat = None, record["pitcher"], None, None
    for seat, name in record["plays"]:
        card, number = reference.parse_card(name), len(winners) + 1
        led = reference.suit(trick[0][1]) if trick else None
        if winner is not None or seat != (leader + len(trick)) % 4:
            raise reference.IllegalPlay(seat, card, number, "out of turn or after the game")
        if card not in reference.legal_cards(held[seat], led):
            raise reference.IllegalPlay(seat, card, number, "not held, or must follow suit")
        held[seat].remove(card)
        trump = reference.suit(card) if trump is None else trump
        trick.append((seat, card))
        if len(trick) < 4:
            continue
        leader, cards = reference.trick_winner(trick, trump), [c for _, c in trick]
        team, gained = leader % 2, reference.phat_points(cards, trump)
        points[team] += gained
        scores[team] += gained
        muck[team] += reference.muck_points(cards)
        big_phat = team if trump * 13 + reference.NINE in cards else big_phat
        winners.append(leader)
        if _won(scores, team, target):
            winner = team
        trick = []
    if winner is None and len(winners) < HAND_SIZE:
        raise reference.IllegalPlay(None, None, len(winners) + 1, "the deal is incomplete")
    bonus, carry_out = [0, 0], 0
    if winner is None:
        worth = phat.MUCK_BONUS + before["carry_in"]
        if muck[0] == muck[1]:
            carry_out = worth
        else:
            bonus[0 if muck[0] > muck[1] else 1] = worth
        scores = [score + extra for score, extra in zip(scores, bonus, strict=True)]
        winner = next((team for team in (0, 1) if _won(scores, team, target)), None)
        carry_out = 0 if winner is not None else carry_out
    return {
        "trump": SUITS[trump],
        "points": points,
        "muck": muck,
        "bonus": bonus,
        "carry_in": before["carry_in"],
        "carry_out": carry_out,
        "big_phat": big_phat,
        "scores_before": list(before["scores_before"]),
        "scores_after": scores,
        "winner": winner,
        "trick_winners": winners,
    }


GAME = Game(
    name=NAME,
    rules=RULES,
    layout=partnership_layout(HAND_SIZE, lambda rules, cap: cap or 400),
    referee=referee,
    kernel=run_phat_nb,
    arguments=arguments_of(RULES),
    record=record,
    render=renderer(CARD_VALUES, "phat", "muck", (("Big Phat {card}", "big_phat"),)),
    counters=counters_of(RULES),
    call_problem=no_call,
    cards_played=cards_played,
    sides=sides_scored("points (phat + muck bonus)"),
    plays_as="don",
    analysis="analysis.games.phat.summary",
)
