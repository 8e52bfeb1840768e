"""`allfours odds`: which games have odds for a hand (`Game.odds`); the conditional deals
they play are `sims.run.conditional`'s, the question and answer `sims.run.queries`'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sims.descriptors import game as describe
from sims.descriptors import serving

if TYPE_CHECKING:
    from sims.descriptors import Odds


def odds_of(game: str) -> Odds:
    """The odds `game` declares; ValueError naming the games that have them if none."""
    declared = describe(game).odds
    if declared is None:
        raise ValueError(f"{game} has no odds; games with odds: {', '.join(serving('odds'))}")
    return declared
