"""Deals with given hands and given decisions (calls, cards), played and scored by the
same deal loops as runs: how the hand-worked examples reach the engine. A continuation
plays on from the given decisions with a strategy at every seat.

This module holds what every game's scripted deals share; each game's own are in its
package's `scripted.py` (Don's with Phat's, whose deal loop it shares)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sims.core.cards import card_name
from sims.engine.common import ILLEGAL_CARD, SCRIPT_EXHAUSTED
from sims.run.runner import strategy_tables
from sims.strategies import resolve as resolve_strategy


class IllegalPlayError(ValueError):
    """A scripted card or call that breaks the rules: not held, not legal, or missing."""


def raise_for_card(kind: int, error: np.ndarray) -> None:
    """Raise IllegalPlayError for a deal loop's card fault `kind` (seat, card in `error`)."""
    if kind == ILLEGAL_CARD:
        raise IllegalPlayError(
            f"seat {error[0]} may not play {card_name(int(error[1]))}: "
            "it does not hold it, or the rules forbid it here"
        )
    if kind == SCRIPT_EXHAUSTED:
        raise IllegalPlayError(f"the deal is incomplete: seat {error[0]} has no card to play")


def script_tables(
    strategy: str | None, game: str, players: int, rules: dict[str, Any] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Strategy tables with `strategy` at every seat (under `rules`, for strategies with
    data), or none (fid -1) to end at the script."""
    if strategy is None:
        return np.full((3, players), -1, np.int64), np.zeros((3, players, 1), np.float64)
    return strategy_tables([resolve_strategy(strategy, game, rules)] * players)
