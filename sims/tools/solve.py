"""`allfours solve`: read a position given as text, solve it double dummy, print the result.

Hands are written seat 0 first, seats separated by `/` or `|`, cards as the game's deck
reads them under the rules given (`sims.core.deck`; a joker by its name):
`"AH JH 5H / KS 3C 2D / ..."`. Trump is a suit letter (C D H S) or symbol.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from sims import descriptors
from sims.core.cards import N_CARDS, N_RANKS, SUITS, mask_of, parse_card
from sims.core.deck import STANDARD, Deck
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
    CardError (a card not in the game's deck, or one given twice in a hand), OptionError
    (a variant) or PositionError (a card held twice, unequal or oversized hands, a bad
    leader or side, an option the solver cannot play). A game taking any number of hands
    (Pitch) takes its `players` from them unless a `players=N` variant says.
    """
    return _parsed(game, hands_text, trump_text, leader, variants, side)[0]


def _parsed(
    game: str,
    hands_text: str,
    trump_text: str,
    leader: int,
    variants: Sequence[str],
    side: int | None,
) -> tuple[np.ndarray, Deck]:
    """`parse_deal`'s position, and the game's deck under the rules given."""
    how = solving(game)
    texts = re.split(r"[/|]", hands_text)
    rules, deck = _rules_and_deck(game, len(texts), variants)
    hands = [mask_of(deck.parse_cards(text)) for text in texts]
    trump = _parse_trump(trump_text)
    if how.seats and len(hands) != how.seats:
        raise DealError(
            f"{game} is played by {how.seats} seats: give {how.seats} hands, not {len(hands)}"
        )
    if how.most_cards and max(bin(hand).count("1") for hand in hands) > how.most_cards:
        raise DealError(
            f"{game}: exact search takes end positions of at most {how.most_cards} cards a hand"
        )
    return how.position(hands, trump, leader, rules, side=side), deck


def _rules_and_deck(game: str, count: int, variants: Sequence[str]) -> tuple[dict, Deck]:
    """The rules of `game` for `count` hands and `variants` (the hands set `players` where
    the number of seats varies and no variant says), and the game's deck under them."""
    given = any(item.partition("=")[0].strip() == "players" for item in variants)
    described = descriptors.game(game)
    if not solving(game).seats and not given:
        players = described.rules.OPTIONS["players"]
        if not players.check(count):
            counts = sorted(players.values)
            taken = (
                f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}" if counts else players.allowed
            )
            raise DealError(
                f"{game} is played by {taken} players: give a hand for each, separated by "
                f"'/', not {count}"
            )
        variants = [f"players={count}", *variants]
    rules = resolve(game, described.rules.OPTIONS, variants)
    return rules, described.deck(rules)


def _parse_trump(text: str) -> int:
    """Suit 0..3 of a trump written as a letter or a suit symbol."""
    try:
        return parse_card("2" + text.strip()) // 13
    except ValueError:
        raise DealError(
            f"bad trump {text!r}: expected a suit from {' '.join(SUITS)} (or a suit symbol)"
        ) from None


def render(solution: Solution, game: str, deck: Deck = STANDARD) -> str:
    """The value, the best cards and every legal card's value, one item a line; cards by
    their names in `deck`."""
    how = solving(game)
    name = deck.card_name
    lines = [
        f"{solution.value} points {how.reach} for {how.whom} {solution.side}, "
        f"seat {solution.seat} to play"
    ]
    if not solution.values:
        lines.append("the deal is over: no card to play")
    else:
        lines.append("best: " + " ".join(name(card) for card in _ordered(solution.best)))
        by_value = sorted(_ordered(solution.values), key=solution.values.get, reverse=True)
        lines.append("  ".join(f"{name(card)} {solution.values[card]}" for card in by_value))
    lines.append(f"{solution.nodes:,} nodes searched")
    return "\n".join(lines)


def _ordered(cards) -> list[int]:
    """Cards as `Deck.format_cards` prints them: extra cards (jokers) first, then highest
    suit and rank first."""
    return sorted(
        cards, key=lambda card: (card >= N_CARDS, card // N_RANKS, card % N_RANKS), reverse=True
    )


def main_solve(
    game: str,
    hands: str,
    trump: str,
    leader: int,
    variants: Sequence[str] = (),
    side: int | None = None,
) -> str:
    """What `allfours solve GAME --hands ... --trump ... --leader N` prints."""
    position, deck = _parsed(game, hands, trump, leader, variants, side)
    return render(solve_position(position), game, deck)
