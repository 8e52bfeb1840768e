"""`allfours odds`: which games have odds for a hand (`Game.odds`) and which of --seat,
--trump and --turned each takes; the conditional deals they play are
`sims.run.conditional`'s, the question and answer `sims.run.queries`'."""

from __future__ import annotations

from collections.abc import Callable
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


def odds_refusal(game: str, seat: int | None, trump: str, turned: str | None) -> str:
    """Why `game`'s odds cannot take this seat, trump or turned card, naming the games
    that do ("" where they can): the turned card is required where the game turns one and
    refused elsewhere; a seat or a trump other than "best" only where the game takes it."""
    own = odds_of(game)
    if own.turned and turned is None:
        return f"{game} needs --turned CARD, the card turned up for trump"
    if turned is not None and not own.turned:
        return f"--turned applies to {_taking(lambda odds: odds.turned)} only, not to {game}"
    if trump != "best" and own.no_trump:
        taking = _taking(lambda odds: not odds.no_trump)
        return f"--trump applies to {taking}; in {game} {own.no_trump}"
    if seat is not None and own.no_seat:
        taking = _taking(lambda odds: not odds.no_seat)
        return f"--seat applies to {taking}; in {game} {own.no_seat}"
    return ""


def _taking(takes: Callable[[Odds], bool]) -> str:
    """The games whose odds `takes` the option, named as in a sentence (`a`, `a and b`,
    `a, b and c`): looked up only for a refusal, as it imports every game."""
    names = [name for name in serving("odds") if takes(odds_of(name))]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)
