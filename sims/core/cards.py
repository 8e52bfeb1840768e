"""Card codes, card masks and the text form of cards.

A card is `suit * 13 + rank`: rank 0 is the deuce and 12 the ace; suits C D H S are
0..3. A set of cards (a hand, a pile) is an int64 mask with bit `card` set; bits 52-63
are never used, so masks stay positive and numba never mixes signed and unsigned::

    bit   63 .. 52 | 51 ....... 39 | 38 ....... 26 | 25 ....... 13 | 12 ........ 0
          unused   | spades  A..2  | hearts  A..2  | diamonds A..2 | clubs   A..2

Text: `AH`, `TD`, `9S`; parsing also takes `10D`, lower case and the suit symbols
(`A♥`, `10♦`). A string of several cards is separated by spaces or commas.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numba import njit

from sims.core.options import quoted

SUITS = "CDHS"
RANKS = "23456789TJQKA"
N_RANKS = 13
N_CARDS = 52
FULL_DECK = (1 << N_CARDS) - 1
RANK_JACK = 9
RANK_ACE = 12

SUIT_SYMBOLS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S"}


class CardError(ValueError):
    """A card or a set of cards given as text is malformed or impossible."""


@njit(cache=True, inline="always")
def suit_of(card: int) -> int:
    """Suit 0..3 (C D H S) of a card code: card // 13 by multiply and shift (exact below
    64), which spares the kernels numba's signed floor-division sequence."""
    return (card * 20) >> 8


@njit(cache=True, inline="always")
def rank_of(card: int) -> int:
    """Rank 0..12 (deuce..ace) of a card code."""
    return card - 13 * ((card * 20) >> 8)


@njit(cache=True, inline="always")
def suit_mask(suit: int) -> int:
    """Mask of the 13 cards of a suit."""
    return 0x1FFF << (13 * suit)


@njit(cache=True, inline="always")
def suits_mask(suits: int) -> int:
    """Mask of the cards of the suits whose bits are set in `suits` (bit s for suit s)."""
    mask = 0
    for suit in range(4):
        mask |= suit_mask(suit) & -((suits >> suit) & 1)
    return mask


def make_card(suit: int, rank: int) -> int:
    """Card code of a suit and a rank."""
    return suit * N_RANKS + rank


def parse_card(text: str) -> int:
    """Card code of one card written as `AH`, `10h`, `t♦` ...; CardError if malformed."""
    raw = text.strip()
    if not raw:
        raise CardError("empty card: expected a rank and a suit such as 'AH' or '10D'")
    suit_char = SUIT_SYMBOLS.get(raw[-1], raw[-1].upper())
    rank_text = raw[:-1].upper()
    if rank_text == "10":
        rank_text = "T"
    if suit_char not in SUITS or len(rank_text) != 1 or rank_text not in RANKS:
        raise CardError(
            f"bad card {quoted(text)}: expected a rank from {' '.join(RANKS)} (or 10) "
            f"followed by a suit from {' '.join(SUITS)} (or a suit symbol), e.g. 'AH'"
        )
    return make_card(SUITS.index(suit_char), RANKS.index(rank_text))


def parse_cards(text: str) -> list[int]:
    """Card codes of a space- or comma-separated string; CardError on a duplicate."""
    cards: list[int] = []
    for token in text.replace(",", " ").split():
        card = parse_card(token)
        if card in cards:
            raise CardError(f"card {card_name(card)} is given twice in {quoted(text)}")
        cards.append(card)
    return cards


def card_name(card: int) -> str:
    """Two-character name of a card code, e.g. 50 -> 'AS'."""
    if not 0 <= card < N_CARDS:
        raise CardError(f"card code {card} is outside 0..51")
    return RANKS[card % N_RANKS] + SUITS[card // N_RANKS]


def mask_of(cards: Iterable[int]) -> int:
    """Mask of a collection of card codes."""
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


def cards_of(mask: int) -> list[int]:
    """Card codes in a mask, lowest code first."""
    return [card for card in range(N_CARDS) if mask >> card & 1]


def format_cards(cards: Iterable[int] | int) -> str:
    """One-line text of cards, highest suit and rank first (`AS 9S KH 2C`)."""
    codes = cards_of(cards) if isinstance(cards, int | np.integer) else list(cards)
    ordered = sorted(codes, key=lambda c: (c // N_RANKS, c % N_RANKS), reverse=True)
    return " ".join(card_name(int(c)) for c in ordered)
