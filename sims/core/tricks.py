"""Trick mechanics shared by the trick-taking games: legal cards, the opening lead that
names trump and who wins a trick; and what the All Fours games (Pitch, Phat, Don) score:
game points and the cards of High, Low and Jack. The deal loops, the double-dummy solver
and the search players all call these: one copy of each rule."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import N_CARDS, N_RANKS, RANK_JACK, suit_mask, suit_of
from sims.core.deck import MAX_CARDS

# Game points (Pitch's Game, Phat's muck, Don's game) by rank 2..A: T 10, A 4, K 3, Q 2, J 1.
GAME_POINT_VALUES = np.array([0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4], np.int64)
# The same by card code, for every code a deck may use: extra cards (jokers) take none.
CARD_GAME_POINTS = np.zeros(MAX_CARDS, np.int64)
CARD_GAME_POINTS[:N_CARDS] = GAME_POINT_VALUES[np.arange(N_CARDS) % N_RANKS]


@njit(cache=True, inline="always")
def legal_cards(hand: int, led: int, trump: int, must_follow: bool) -> int:
    """Cards of `hand` that may be played to a trick whose led suit is `led` (-1: leading):
    anything when leading or void in the led suit; else the led suit, or (unless
    `must_follow`) a trump instead. Masks, not branches, on whether the player can follow:
    in random play that is unpredictable, and LLVM compiles a conditional expression here
    to a branch."""
    if led < 0:
        return hand
    follow = hand & suit_mask(led)
    extra = 0 if must_follow else hand & suit_mask(trump)
    can = -np.int64(follow != 0)  # all ones if it can follow, else zero
    return ((follow | extra) & can) | (hand & ~can)


@njit(cache=True, inline="always")
def legal_cards_in(hand: int, led: int, trump: int, must_follow: bool, masks: np.ndarray) -> int:
    """`legal_cards` by a deck's effective suits (`masks`: a `sims.core.deck.Deck`'s), for
    a game whose trumps include cards printed in another suit or extra cards: `led` is the
    effective suit of the card led."""
    if led < 0:
        return hand
    row = 4 if trump < 0 else trump
    follow = hand & masks[row, led]
    extra = 0 if must_follow or trump < 0 else hand & masks[row, trump]
    can = -np.int64(follow != 0)
    return ((follow | extra) & can) | (hand & ~can)


@njit(cache=True, inline="always")
def legal_following(hand: int, suit_led: int, instead: int) -> int:
    """`legal_cards_in` by the cards of the led card's effective suit, `suit_led` (a
    `Deck.follows` entry; 0 while leading, or after a card of no suit: any card): those
    of `hand`, or of `instead` (the trumps where a player may trump rather than follow,
    else 0); any card where it holds none of the suit led."""
    follow = hand & suit_led
    can = -np.int64(follow != 0)
    return ((follow | (hand & instead)) & can) | (hand & ~can)


@njit(cache=True, inline="always")
def legal_must_follow(hand: int, led_suit: int) -> int:
    """`legal_cards` where a player able to follow suit must (trump plays no part)."""
    return legal_cards(hand, led_suit, 0, True)


@njit(cache=True, inline="always")
def opening_cards(trump: int) -> int:
    """Mask of the cards the opening lead may be: the lead names trump, so with trump fixed
    in advance (a suit 0..3) only its trumps; -1 (any card) while trump is open (-1)."""
    return -1 if trump < 0 else suit_mask(trump)


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


@njit(cache=True, inline="always")
def beats_in(card: int, best: int, trump: int, suits: np.ndarray, ranks: np.ndarray) -> bool:
    """`beats` by a deck's effective suits and trick ranks (`suits`, `ranks`: a
    `sims.core.deck.Deck`'s): within one effective suit the higher trick rank wins, and a
    card of another effective suit only by being a trump."""
    row = 4 if trump < 0 else trump
    suit = suits[row, card]
    same = suit == suits[row, best]
    return (same & (ranks[row, card] > ranks[row, best])) | (
        (not same) & (trump >= 0) & (suit == trump)
    )


@njit(cache=True)
def trump_extremes_in(
    cards: int, trump: int, masks: np.ndarray, ranks: np.ndarray
) -> tuple[int, int]:
    """The highest and the lowest trump among `cards` by a deck's trick ranks (High and
    Low of the All Fours games), -1 each when there is none."""
    trumps = cards & masks[trump, trump] if trump >= 0 else 0
    high, low = -1, -1
    while trumps:
        card = lowest(trumps)
        trumps &= trumps - 1
        if high < 0 or ranks[trump, card] > ranks[trump, high]:
            high = card
        if low < 0 or ranks[trump, card] < ranks[trump, low]:
            low = card
    return high, low


@njit(cache=True, inline="always")
def game_points(pile: int) -> int:
    """Game points of a pile, rank by rank: a popcount of each valued rank across suits."""
    total = 0
    for rank in range(8, 13):
        across = (1 << rank) | (1 << (rank + 13)) | (1 << (rank + 26)) | (1 << (rank + 39))
        total += GAME_POINT_VALUES[rank] * popcount(pile & across)
    return total


@njit(cache=True, inline="always")
def takes_game(lead: int) -> bool:
    """Whether a side takes Game (Pitch's Game point, Phat's and Don's game bonus), given
    its `lead`: its game points minus the most that any other side captured. Only a side
    ahead of every other takes it; a tie for the most gives it to nobody."""
    return lead >= 1


@njit(cache=True, inline="always")
def honour_cards(in_play: int, trump: int) -> tuple[int, int, int]:
    """The cards whose captors score High, Low and Jack: the highest and the lowest trump
    of the cards `in_play` (-1 each when no trump is), and the Jack of trumps (a Jack not
    dealt is captured by nobody, so scores for nobody)."""
    trumps = in_play & suit_mask(trump)
    return highest(trumps), lowest(trumps) if trumps else -1, trump * 13 + RANK_JACK
