"""A plain-Python minimax over every line of play of a deal's last tricks, for the solver's
tests of the games played with the plain-Python references: the game's reference says
which cards are legal, who takes a trick and what a finished deal scores; nothing of the
package is used. Cards are the references' names ("AH", "TD", "HJ")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Play = tuple[int, str]  # (seat, card)
Trick = tuple[list[Play], int]  # the plays, leader first, and the seat that took them


@dataclass
class Referee:
    """What the minimax asks of a game's reference: `legal(hand, trick)` the cards of a hand
    that may go to a trick, `winner(trick)` the seat taking a finished trick, `awards(tricks)`
    a finished deal's points (each with `name`, `value` and `side`, None for nobody), and
    `side_of(seat)`. `scored` gathers what the deals searched awarded: each point's name
    with True where a side took it, False where nobody did."""

    legal: Callable[[list[str], list[Play]], list[str]]
    winner: Callable[[list[Play]], int]
    awards: Callable[[list[Trick]], Sequence[Any]]
    side_of: Callable[[int], int]
    scored: set[tuple[str, bool]] = field(default_factory=set)


def lead_values(
    referee: Referee, hands: list[list[str]], leader: int, side: int, before: Sequence[Trick] = ()
) -> dict[str, int]:
    """The points `side` scores in the deal after each card `leader` may lead to the next
    trick, every seat of `side` then playing for the most and every other seat for the
    least; `before` are the tricks already played (the hands hold what is left)."""
    search = _Search(referee, side, [list(hand) for hand in hands], list(before), {})
    values = {}
    for card in referee.legal(search.hands[leader], []):
        search.hands[leader].remove(card)
        values[card] = search.value([(leader, card)], leader)
        search.hands[leader].append(card)
    return values


@dataclass
class _Search:
    """The state of one minimax: the hands left, the tricks played and the values of the
    trick boundaries already searched (by the leader, the hands and each side's pile)."""

    referee: Referee
    side: int
    hands: list[list[str]]
    tricks: list[Trick]
    seen: dict

    def value(self, trick: list[Play], leader: int) -> int:
        """Minimax points of `side` from a trick in progress led by `leader`."""
        players = len(self.hands)
        referee = self.referee
        if len(trick) == players:
            self.tricks.append((trick, referee.winner(trick)))
            value = self.value([], self.tricks[-1][1])
            self.tricks.pop()
            return value
        if not trick and not any(self.hands):
            awards = referee.awards(self.tricks)
            referee.scored.update((award.name, award.side is not None) for award in awards)
            return sum(award.value for award in awards if award.side == self.side)
        key = None
        if not trick:
            piles: dict[int, set[str]] = {}
            for plays, winner in self.tricks:
                piles.setdefault(referee.side_of(winner), set()).update(c for _, c in plays)
            hands = tuple(frozenset(hand) for hand in self.hands)
            key = (leader, hands, frozenset((s, frozenset(p)) for s, p in piles.items()))
            if key in self.seen:
                return self.seen[key]
        seat = (leader + len(trick)) % players
        values = []
        for card in referee.legal(self.hands[seat], trick):
            self.hands[seat].remove(card)
            values.append(self.value([*trick, (seat, card)], leader))
            self.hands[seat].append(card)
        value = max(values) if referee.side_of(seat) == self.side else min(values)
        if key is not None:
            self.seen[key] = value
        return value
