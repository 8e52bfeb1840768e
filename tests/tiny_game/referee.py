"""Three-card Jick's deal-log records re-scored by its reference (`referee`), and one random
deal by it (`timed_deal`), as every game's referee module gives them."""

from __future__ import annotations

import random
from typing import Any

from tests.tiny_game import reference


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A log object re-scored: ValueError (IllegalPlay) on a card the rules forbid."""
    scored = reference.score(
        record["hands"],
        record["dealer"],
        record["turned"],
        [(seat, out, drawn) for seat, out, drawn in record["exchanges"]],
        [(seat, card) for seat, card in record["plays"]],
        spec.rules["joker_bonus"],
    )
    return scored


def timed_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored: its cards."""
    hands, exchanges, plays = reference.random_deal(rng, index % 3)
    reference.score(hands, index % 3, hands[index % 3][-1], exchanges, plays, 1)
    return len(plays)
