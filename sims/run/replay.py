"""A logged deal's tricks replayed card by card into the view its deal loop showed at each
card decision: the trainer of the learned policies (`sims.tools.train_policy`) and the
games' own rebuilds of a deal's first view (their `training.py`) share it, each telling
what its deal loop does differently (the legal cards, who beats whom, what is dead)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

import numpy as np

from sims.core.deck import Deck
from sims.core.tricks import beats_in, legal_cards_in
from sims.strategies import view as v

# (hand, suit led or -1, trump, whether the card is the deal's first) -> the legal cards
Legal = Callable[[int, int, int, bool], int]


def in_tricks(order: list[tuple[int, int]], players: int) -> list[list[tuple[int, int]]]:
    """`play_order`'s cards cut into tricks of one card from each seat."""
    return [order[k : k + players] for k in range(0, len(order), players)]


def card_decisions(
    view: np.ndarray,
    tricks: Iterable[Sequence[tuple[int, int]]],
    hands: list[int],
    deck: Deck,
    *,
    strict: bool = False,
    legal: Legal | None = None,
    beats: Callable[[int, int, int], bool] | None = None,
    dead: Sequence[int] | None = None,
    opening: bool = True,
    taken: Callable[[np.ndarray, int, int, int], None] | None = None,
) -> Iterator[tuple[np.ndarray, int]]:
    """(a copy of the view, the card played) at each card of `tricks` (each trick's
    `(seat, card)` in play order) whose seat had more than one legal card, `view` holding
    the deal's first view and `hands` each seat's cards at the first trick (both updated
    as play goes). Trump is the view's, or named by the first card led where it is -1.
    `deck` gives the effective suits and trick ranks; a card off the suit led shows its
    seat void in it unless it is a trump and `strict` is off. `legal` (default: follow
    suit, or trump unless `strict`), `beats(card, best, trump)` (default: by the deck),
    `dead` (each seat's DEAD, where the deal loop shows one), `opening` (whether the first
    card is an OPENING decision) and `taken(view, seat, cards, trump)` (called at the end
    of each trick after its cards join the winner's WON) say what a deal loop does
    otherwise."""
    trump = int(view[v.TRUMP])
    played = 0
    for number, trick in enumerate(tricks):
        led, best, best_seat, cards = -1, -1, -1, 0
        for position, (seat, card) in enumerate(trick):
            hand = hands[seat]
            if legal is None:
                allowed = int(legal_cards_in(hand, led, trump, strict, deck.masks))
            else:
                allowed = legal(hand, led, trump, played == 0)
            view[v.DECISION] = v.OPENING if opening and played == 0 else v.PLAY
            view[v.SEAT], view[v.HAND], view[v.LEGAL] = seat, hand, allowed
            view[v.POSITION], view[v.LED_SUIT], view[v.TRICK_NO] = position, led, number
            view[v.WINNING_CARD], view[v.WINNING_SEAT] = best, best_seat
            view[v.TRICK_CARDS], view[v.PLAYED] = cards, played
            if dead is not None:
                view[v.DEAD] = dead[seat]
            if allowed & (allowed - 1):
                yield view.copy(), card
            hands[seat] = hand & ~(1 << card)
            suit = deck.effective_suit(card, trump)  # at an opening lead naming trump: its own
            if position == 0:
                led, best, best_seat = suit, card, seat
                if trump < 0:
                    trump = led
                    view[v.TRUMP] = trump
            else:
                if suit != led and (suit != trump or strict):
                    view[v.VOIDS + seat] |= 1 << led
                wins = (
                    beats(card, best, trump)
                    if beats
                    else beats_in(card, best, trump, deck.suits, deck.ranks)
                )
                if wins:
                    best, best_seat = card, seat
            cards |= 1 << card
            played |= 1 << card
            view[v.PLAYED_BY + seat] |= 1 << card
        view[v.WON + best_seat] |= cards
        if taken is not None:
            taken(view, best_seat, cards, trump)
