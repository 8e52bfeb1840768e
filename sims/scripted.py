"""Deals with given hands and given decisions (calls, cards), played and scored by the
same deal loops as runs: how the hand-worked examples reach the engine."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.cards import FULL_DECK, card_name, mask_of
from sims.engine.common import ILLEGAL_CALL, ILLEGAL_CARD, SCRIPT_EXHAUSTED
from sims.engine.phat import play_script_nb
from sims.engine.pitch import play_pitch_script_nb
from sims.games import phat, pitch


class IllegalPlayError(ValueError):
    """A scripted card or call that breaks the rules: not held, not legal, or missing."""


def _raise_for_card(kind: int, error: np.ndarray) -> None:
    if kind == ILLEGAL_CARD:
        raise IllegalPlayError(
            f"seat {error[0]} may not play {card_name(int(error[1]))}: "
            "it does not hold it, or the rules forbid it here"
        )
    if kind == SCRIPT_EXHAUSTED:
        raise IllegalPlayError(f"the deal is incomplete: seat {error[0]} has no card to play")


def play_phat_script(
    hands: Sequence[Sequence[int]],
    pitcher: int,
    cards: Sequence[int],
    *,
    scores: tuple[int, int] = (0, 0),
    carry_in: int = 0,
    target: int = 181,
    stop_at_target: bool = True,
) -> np.void:
    """Score one Phat deal of given hands and cards in play order (the deal loop of a run,
    cards taken from `cards` instead of strategies) and return its outcome row."""
    dealt = np.array([mask_of(hand) for hand in hands], np.int64)
    if dealt.shape != (4,) or any(len(hand) != 13 for hand in hands):
        raise ValueError("Phat needs four hands of 13 cards")
    if int(np.bitwise_or.reduce(dealt)) != FULL_DECK or len(set().union(*map(set, hands))) != 52:
        raise ValueError("the four hands must hold the 52 cards once each")
    out = np.zeros(1, phat.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    kind = play_script_nb(
        dealt,
        pitcher,
        np.array(scores, np.int64),
        carry_in,
        target,
        stop_at_target,
        np.array(cards, np.int8),
        phat.CARD_VALUES,
        out,
        error,
        np.zeros((0, 52), np.int8),
        np.zeros((0, 13), np.int8),
    )
    _raise_for_card(kind, error)
    if 4 * int(out[0]["tricks_played"]) != len(cards):
        raise IllegalPlayError("cards were given after the game was won")
    return out[0]


def play_pitch_script(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    scores: Sequence[int] | None = None,
) -> np.void:
    """Score one Pitch deal of given hands, calls (in order from the dealer's left) and
    cards in play order through the run's deal loop; return its outcome row."""
    players = rules["players"]
    if len(hands) != players or any(len(hand) != pitch.HAND_SIZE for hand in hands):
        raise ValueError(f"Pitch with {players} players needs {players} hands of 6 cards")
    dealt = np.array([mask_of(hand) for hand in hands], np.int64)
    if len({card for hand in hands for card in hand}) != 6 * players:
        raise ValueError("a card is dealt twice")
    before = np.zeros(pitch.MAX_PLAYERS, np.int64)
    before[: len(scores or [])] = scores or []
    out = np.zeros(1, pitch.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    kind = play_pitch_script_nb(
        dealt, dealer, before, pitch.rules_array(rules), np.array(calls, np.int8),
        np.array(cards, np.int8), out, error,
    )  # fmt: skip
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not call {error[1]} now")
    _raise_for_card(kind, error)
    if len(cards) != pitch.TRICKS * players:
        raise IllegalPlayError("cards were given after the last trick")
    return out[0]
