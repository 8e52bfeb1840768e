"""`allfours advise`: which games give call advice (`Game.advice`); a game plays its own
deals conditioned on the calls heard (`sims.run.conditional`), the question and answer are
`sims.run.queries`'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sims.descriptors import game as describe
from sims.descriptors import serving

if TYPE_CHECKING:
    from sims.descriptors import Advice


def advice_of(game: str) -> Advice:
    """The advice `game` declares; ValueError naming the games that give it if none."""
    declared = describe(game).advice
    if declared is None:
        games = ", ".join(serving("advice"))
        raise ValueError(f"{game} gives no call advice; games that do: {games}")
    return declared
