"""`allfours solve`: read a position given as text, solve it double dummy, print the result.

Hands are written seat 0 first, seats separated by `/` or `|`, cards as `sims.core.cards`
reads them: `"AH JH 5H / KS 3C 2D / ..."`. Trump is a suit letter (C D H S) or symbol.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from sims import descriptors
from sims.core.cards import SUITS, card_name, mask_of, parse_card, parse_cards
from sims.core.options import resolve
from sims.descriptors import Solving
from sims.engine.solver import Solution, solve_position


class DealError(ValueError):
    """A position given as text that names no game, no suit or the wrong number of hands."""


def solving(name: str) -> Solving:
    """How game `name` is solved; DealError for a game the solver does not play."""
    solvable = descriptors.serving("solve")
    if name not in solvable:
        raise DealError(f"unknown game {name!r}: the solver plays {', '.join(solvable)}")
    return descriptors.game(name).solve


def parse_deal(
    game: str,
    hands_text: str,
    trump_text: str,
    leader: int,
    variants: Sequence[str] = (),
    side: int | None = None,
) -> np.ndarray:
    """The solver's position for hands given as text, seat 0 first, before the first card
    of the trick `leader` leads; `side` maximises (default: the leader's).

    Raises a ValueError naming the problem: DealError (game, trump, number of hands),
    CardError (a bad card, or one given twice in a hand), OptionError (a variant) or
    PositionError (a card held twice, unequal or oversized hands, a bad leader or side).
    A game taking any number of hands (Pitch) takes its `players` from them unless a
    `players=N` variant says.
    """
    how = solving(game)
    hands = [mask_of(parse_cards(text)) for text in re.split(r"[/|]", hands_text)]
    trump = _parse_trump(trump_text)
    given = any(item.partition("=")[0].strip() == "players" for item in variants)
    if not how.seats and not given:
        variants = [f"players={len(hands)}", *variants]
    rules = resolve(game, descriptors.game(game).rules.OPTIONS, variants)
    if how.seats and len(hands) != how.seats:
        raise DealError(
            f"{game} is played by {how.seats} seats: give {how.seats} hands, not {len(hands)}"
        )
    if how.most_cards and max(bin(hand).count("1") for hand in hands) > how.most_cards:
        raise DealError(
            f"{game}: exact search takes end positions of at most {how.most_cards} cards a hand"
        )
    return how.position(hands, trump, leader, rules, side=side)


def _parse_trump(text: str) -> int:
    """Suit 0..3 of a trump written as a letter or a suit symbol."""
    try:
        return parse_card("2" + text.strip()) // 13
    except ValueError:
        raise DealError(
            f"bad trump {text!r}: expected a suit from {' '.join(SUITS)} (or a suit symbol)"
        ) from None


def render(solution: Solution, game: str) -> str:
    """The value, the best cards and every legal card's value, one item a line."""
    how = solving(game)
    lines = [
        f"{solution.value} points {how.reach} for {how.whom} {solution.side}, "
        f"seat {solution.seat} to play"
    ]
    if not solution.values:
        lines.append("the deal is over: no card to play")
    else:
        lines.append("best: " + " ".join(card_name(card) for card in _ordered(solution.best)))
        by_value = sorted(_ordered(solution.values), key=solution.values.get, reverse=True)
        lines.append("  ".join(f"{card_name(card)} {solution.values[card]}" for card in by_value))
    lines.append(f"{solution.nodes:,} nodes searched")
    return "\n".join(lines)


def _ordered(cards) -> list[int]:
    """Cards highest suit and rank first, as `sims.core.cards.format_cards` prints them."""
    return sorted(cards, key=lambda card: (card // 13, card % 13), reverse=True)


def main_solve(
    game: str,
    hands: str,
    trump: str,
    leader: int,
    variants: Sequence[str] = (),
    side: int | None = None,
) -> str:
    """What `allfours solve GAME --hands ... --trump ... --leader N` prints."""
    return render(solve_position(parse_deal(game, hands, trump, leader, variants, side)), game)
