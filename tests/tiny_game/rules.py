"""Three-card Jick's rules as data: options, deck, outcome columns and the rules array (the
rules themselves, the exchange with the stock included, are in the package's docstring)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sims.core.cards import N_CARDS, N_RANKS
from sims.core.deck import SPACING, Deck, Moved, between
from sims.core.options import choice
from tests.tiny_game import HAND_SIZE, PLAYERS

JOKER = N_CARDS  # code 52
JACK, TEN = 9, 8
TRICKS = HAND_SIZE
OPTIONS = {"joker_bonus": choice(1, (0, 1, 2, 3), "points for the trick holding the joker")}


def jick(trump: int) -> int:
    """The Jick under `trump`: the jack of its colour partner."""
    return (3 - trump) * N_RANKS + JACK


def moved(trump: int) -> list[Moved]:
    """The joker above every trump, the Jick just below the trump jack."""
    return [(JOKER, SPACING * N_RANKS), (jick(trump), between(JACK, TEN))]


DECK = Deck("53-card Jick deck", extra=("JK",), moved=moved)

OUTCOME_COLUMNS = {
    "deal": (np.int64, "deal index of the run"),
    "dealer": (np.int8, "seat of the dealer (deal i: seat i % 3)"),
    "turned": (np.int8, "code of the turned card (the dealer's last), naming trump"),
    "trump": (np.int8, "trump suit 0..3 = C D H S"),
    "joker_taker": (np.int8, "seat that won the trick holding the joker (-1: not played)"),
    "points": (np.int8, "points each seat scored"),
}
OUTCOME_DTYPE = np.dtype(
    [
        (name, kind, (PLAYERS,)) if name == "points" else (name, kind)
        for name, (kind, _) in OUTCOME_COLUMNS.items()
    ],
    align=True,
)


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """The rules as the int64 array the deal loop reads: the joker's bonus."""
    return np.array([rules["joker_bonus"]], np.int64)


def frame_widths(rules: dict[str, Any]) -> dict[str, int]:
    """Slots of the per-seat columns a run uses."""
    return {"points": PLAYERS}
