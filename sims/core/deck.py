"""A game's deck: which cards it holds, their names, and, for each trump, each card's
effective suit and trick rank. A card printed in one suit can be a trump (Cinch's Left
Pedro, Pitch's off-jack) and an extra card (a joker) can rank among the trumps; the shared
trick rules (`sims.core.tricks`) read these tables, never the printing, when a game plays
with such a deck.

Codes 0..51 are the pack's cards as `sims.core.cards` numbers them (`suit * 13 + rank`);
a deck's extra cards take codes 52 and up (at most 64 cards in all, so a set of cards is
still one int64 mask). Tables are indexed by the trump (a suit 0..3, or `NO_TRUMP` for
none) and the card code:

- `suits[trump, card]`: its effective suit (0..3), or -1 for a card that follows no suit;
- `ranks[trump, card]`: its trick rank, higher winning within one effective suit; a
  pack card's rank is `SPACING * rank`, so a card moved between two ranks takes a value
  between theirs (`between`);
- `masks[trump, suit]`: the cards of each effective suit, as masks;
- `follows[trump, card]`: the cards that follow `card` when it is led (its effective
  suit's; none for a card of no suit, which any card may follow);
- `beaters[trump, card]`: the cards that take a trick from `card` when it is winning it
  (its effective suit's ranked above it and, unless it is a trump, the trumps). A deal
  loop that carries the winning card's `beaters` decides whether the next card wins by
  one bit test, where `sims.core.tricks.beats_in` looks up both cards' suits and ranks.

Compiled code (the double-dummy solver, the search players' sampling) reads the deck as
one int64 array, `Deck.packed`: one row per trump row, laid out by the `D_*` offsets
below, with what those hot loops need precomputed (per card the cards of its effective
suit ranked above and below it; the trumps; the cards whose opening lead names each
trump, their effective suit without trumps).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sims.core.cards import N_CARDS, N_RANKS, RANK_JACK, RANKS, SUIT_SYMBOLS, SUITS, CardError
from sims.core.options import quoted

MAX_CARDS = 64
NO_TRUMP = 4  # the tables' row for a deal without trumps
SPACING = 4  # trick ranks of the pack's cards: SPACING * rank, room for cards in between

# `Deck.packed`, per row: per card (MAX_CARDS slots each) its effective suit, trick rank,
# rank for ordering moves ((trick rank + 1) // SPACING: a pack card's own rank, 0..12 for
# any card), and the cards of its effective suit ranked above and below it (for a card of
# no suit, the others of no suit: `sims.core.tricks.beats_in` ranks them so), and the
# cards that follow it when it is led (its effective suit's; none for a card of no suit,
# which any card may follow); then the cards of each set of effective suits (by a mask of
# suits, bit s for suit s: the cards a seat void in them cannot hold), the trumps (none
# without), the trump suit (-2 without, a suit no card has), the cards an opening lead
# names this trump with (every card in the row without trumps), the Jack of trumps (-1
# without), the deck's cards and their count.
D_SUIT = 0
D_RANK = D_SUIT + MAX_CARDS
D_ORDER = D_RANK + MAX_CARDS
D_ABOVE = D_ORDER + MAX_CARDS
D_BELOW = D_ABOVE + MAX_CARDS
D_FOLLOW = D_BELOW + MAX_CARDS
D_VOIDS = D_FOLLOW + MAX_CARDS
D_TRUMPS = D_VOIDS + 16
D_TRUMP = D_TRUMPS + 1
D_NAMING = D_TRUMP + 1
D_JACK = D_NAMING + 1
D_FULL = D_JACK + 1
D_COUNT = D_FULL + 1
PACKED_WIDTH = D_COUNT + 1
NO_SUIT_TRUMP = -2  # `D_TRUMP` without trumps

# A card joining the trumps under a trump: (its code, its trick rank among the trumps).
Moved = tuple[int, int]


def between(higher: int, lower: int, place: int = 1) -> int:
    """A trick rank between two ranks of the pack (0 deuce .. 12 ace): `place` steps below
    `higher` (1 .. SPACING - 1), so several cards can sit between the same two."""
    if not 0 <= lower < higher <= N_RANKS - 1 or not 1 <= place < SPACING * (higher - lower):
        raise ValueError(f"no rank {place} below rank {higher} and above rank {lower}")
    return SPACING * higher - place


@dataclass(frozen=True)
class Deck:
    """The cards of a game and their effective suits and trick ranks under each trump.

    `extra` names the cards beyond the pack (codes 52, 53, ...); `moved(trump)` lists the
    cards that join the trumps under `trump` (a suit 0..3), with their trick ranks. An
    extra card follows no suit where it is not moved (in a deal without trumps), so a deck
    gives its extra cards a place under every trump.
    """

    name: str
    extra: tuple[str, ...] = ()
    moved: Callable[[int], Sequence[Moved]] = field(default=lambda trump: ())
    suits: np.ndarray = field(init=False, repr=False, compare=False)
    ranks: np.ndarray = field(init=False, repr=False, compare=False)
    masks: np.ndarray = field(init=False, repr=False, compare=False)
    follows: np.ndarray = field(init=False, repr=False, compare=False)
    beaters: np.ndarray = field(init=False, repr=False, compare=False)
    packed: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if N_CARDS + len(self.extra) > MAX_CARDS:
            raise ValueError(f"a deck holds at most {MAX_CARDS} cards")
        suits = np.full((NO_TRUMP + 1, MAX_CARDS), -1, np.int64)
        ranks = np.full((NO_TRUMP + 1, MAX_CARDS), -1, np.int64)
        pack = np.arange(N_CARDS)
        suits[:, :N_CARDS] = pack // N_RANKS
        ranks[:, :N_CARDS] = SPACING * (pack % N_RANKS)
        for trump in range(4):
            for card, rank in self.moved(trump):
                if not 0 <= card < self.size:
                    raise ValueError(f"{self.name}: card code {card} is not in the deck")
                suits[trump, card], ranks[trump, card] = trump, rank
        masks = np.zeros((NO_TRUMP + 1, 4), np.int64)
        for trump in range(NO_TRUMP + 1):
            for card in range(self.size):
                if suits[trump, card] >= 0:
                    masks[trump, suits[trump, card]] |= np.int64(1) << np.int64(card)
        tables = {"suits": suits, "ranks": ranks, "masks": masks}
        tables["packed"] = packed = _packed(self.size, suits, ranks, masks)
        tables["follows"] = packed[:, D_FOLLOW : D_FOLLOW + MAX_CARDS].copy()
        # Every trump beats a card of another effective suit (the NO_TRUMP row has none).
        not_trump = suits != np.arange(NO_TRUMP + 1)[:, None]
        above = packed[:, D_ABOVE : D_ABOVE + MAX_CARDS]
        tables["beaters"] = above | np.where(not_trump, packed[:, D_TRUMPS, None], 0)
        for name, table in tables.items():
            table.setflags(write=False)
            object.__setattr__(self, name, table)

    @property
    def size(self) -> int:
        """The number of cards."""
        return N_CARDS + len(self.extra)

    @property
    def full(self) -> int:
        """The mask of every card of the deck."""
        return (1 << self.size) - 1

    def row(self, trump: int) -> int:
        """The tables' row for `trump` (a suit 0..3, or -1 for none)."""
        return NO_TRUMP if trump < 0 else trump

    def effective_suit(self, card: int, trump: int) -> int:
        """The suit `card` follows under `trump` (-1: none)."""
        return int(self.suits[self.row(trump), card])

    def trick_rank(self, card: int, trump: int) -> int:
        """The trick rank of `card` under `trump`: higher wins within its effective suit."""
        return int(self.ranks[self.row(trump), card])

    def card_name(self, card: int) -> str:
        """The name of a card code: `AH`, `TD`, or an extra card's (`HJ`)."""
        if 0 <= card < N_CARDS:
            return RANKS[card % N_RANKS] + SUITS[card // N_RANKS]
        if N_CARDS <= card < self.size:
            return self.extra[card - N_CARDS]
        raise CardError(f"card code {card} is outside the {self.name} (0..{self.size - 1})")

    def parse_card(self, text: str) -> int:
        """The code of one card written as `AH`, `10h`, `t♦` or an extra card's name;
        CardError naming the deck's cards if malformed."""
        raw = text.strip()
        extras = {name.upper(): N_CARDS + k for k, name in enumerate(self.extra)}
        if raw.upper() in extras:
            return extras[raw.upper()]
        suit = SUIT_SYMBOLS.get(raw[-1:], raw[-1:].upper())
        rank = raw[:-1].upper()
        rank = "T" if rank == "10" else rank
        if suit and suit in SUITS and len(rank) == 1 and rank in RANKS:
            return SUITS.index(suit) * N_RANKS + RANKS.index(rank)
        also = f", or {' '.join(self.extra)}" if self.extra else ""
        raise CardError(
            f"bad card {quoted(text)} for the {self.name}: expected a rank from "
            f"{' '.join(RANKS)} (or 10) followed by a suit from {' '.join(SUITS)} (or a suit "
            f"symbol), e.g. 'AH'{also}"
        )

    def parse_cards(self, text: str) -> list[int]:
        """The codes of a space- or comma-separated string; CardError on a duplicate."""
        cards: list[int] = []
        for token in text.replace(",", " ").split():
            card = self.parse_card(token)
            if card in cards:
                raise CardError(f"card {self.card_name(card)} is given twice in {quoted(text)}")
            cards.append(card)
        return cards

    def format_cards(self, cards: Iterable[int]) -> str:
        """One-line text of cards: extra cards first, then by suit and rank, highest first."""
        ordered = sorted(cards, key=lambda c: (c >= N_CARDS, c // N_RANKS, c % N_RANKS))
        return " ".join(self.card_name(int(card)) for card in reversed(ordered))


def _packed(size: int, suits: np.ndarray, ranks: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """`Deck.packed` from a deck's tables (see the `D_*` offsets)."""
    packed = np.zeros((NO_TRUMP + 1, PACKED_WIDTH), np.int64)
    for row in range(NO_TRUMP + 1):
        line = packed[row]
        line[D_SUIT : D_SUIT + MAX_CARDS] = suits[row]
        line[D_RANK : D_RANK + MAX_CARDS] = ranks[row]
        line[D_ORDER : D_ORDER + MAX_CARDS] = (ranks[row] + 1) // SPACING
        for card in range(size):
            for other in range(size):
                if suits[row, other] != suits[row, card]:
                    continue
                if ranks[row, other] > ranks[row, card]:
                    line[D_ABOVE + card] |= np.int64(1) << np.int64(other)
                elif ranks[row, other] < ranks[row, card]:
                    line[D_BELOW + card] |= np.int64(1) << np.int64(other)
        for card in range(size):
            if suits[row, card] >= 0:
                line[D_FOLLOW + card] = masks[row, suits[row, card]]
        for voids in range(16):
            for suit in range(4):
                if voids >> suit & 1:
                    line[D_VOIDS + voids] |= masks[row, suit]

        trumped = row < NO_TRUMP
        line[D_TRUMPS] = masks[row, row] if trumped else 0
        line[D_TRUMP] = row if trumped else NO_SUIT_TRUMP
        line[D_NAMING] = masks[NO_TRUMP, row] if trumped else -1
        line[D_JACK] = row * N_RANKS + RANK_JACK if trumped else -1
        line[D_FULL] = (1 << size) - 1 if size < MAX_CARDS else -1
        line[D_COUNT] = size
    return packed


STANDARD = Deck("52-card pack")
