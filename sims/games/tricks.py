"""Trick mechanics shared by the trick-taking games: legal cards and who wins a trick."""

from __future__ import annotations

from numba import njit

from sims.cards import suit_mask, suit_of


@njit(cache=True, inline="always")
def legal_must_follow(hand: int, led_suit: int) -> int:
    """Cards of `hand` that may be played: the led suit if held, else any (leading: any)."""
    if led_suit < 0:
        return hand
    same = hand & suit_mask(led_suit)
    return same if same else hand


@njit(cache=True, inline="always")
def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card` takes the trick from `best`, the card winning it so far.

    `best` is always of the led suit or a trump, so a card of another suit than `best`
    wins only by being a trump; within one suit the higher code is the higher rank.
    Written without branches: in random play the answer is a coin toss, and a
    mispredicted branch would cost more than the test itself.
    """
    suit = suit_of(card)
    same = suit == suit_of(best)
    return (same & (card > best)) | ((not same) & (suit == trump))
