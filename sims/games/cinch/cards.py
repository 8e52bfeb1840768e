"""Cinch's deck: the 52-card pack, in which the five of the trump suit's colour partner,
the Left Pedro, is a trump, ranking between the trump five (the Right Pedro) and the trump
four."""

from __future__ import annotations

from sims.core.cards import N_RANKS
from sims.core.deck import Deck, Moved, between

FIVE = 3  # rank of the five (deuce 0)


def same_colour(suit: int) -> int:
    """The other suit of a suit's colour: clubs and spades, diamonds and hearts."""
    return 3 - suit


def left_pedro(trump: int) -> int:
    """The Left Pedro under `trump`: the five of its colour partner."""
    return same_colour(trump) * N_RANKS + FIVE


def moved(trump: int) -> list[Moved]:
    """The Left Pedro joins the trumps just below the Right Pedro."""
    return [(left_pedro(trump), between(FIVE, FIVE - 1))]


DECK = Deck("Cinch deck of 52 cards", moved=moved)
