"""Pieces every deal loop shares: error kinds, stream keys of games, dealing, lookups."""

from __future__ import annotations

from numba import njit

from sims.rng import STREAM_PLAY, below_from, next_u64

# Error kinds written by the kernels; the runner turns them into exceptions.
OK = 0
ILLEGAL_CARD = 1
SCRIPT_EXHAUSTED = 2
ILLEGAL_CALL = 3

BLOCKS = 1024  # work units of a parallel run; each reuses its scratch arrays


@njit(cache=True, inline="always")
def game_stream_nb(deal_in_game: int, purpose: int) -> int:
    """Stream purpose of deal k of a game: apart from the single-deal streams."""
    return 16 + 2 * deal_in_game + (purpose == STREAM_PLAY)


@njit(cache=True)
def deal_hands_nb(state, deck, hands, players: int, hand_size: int) -> None:
    """Shuffle by Fisher-Yates (only as far as needed) and give each seat hand_size cards.

    Each 64 random bits serve two swaps (32 bits each).
    """
    for i in range(52):
        deck[i] = i
    swaps = min(players * hand_size, 51)
    for i in range(0, swaps, 2):
        bits = next_u64(state)
        j = i + below_from((bits >> 32) & 0xFFFFFFFF, 52 - i, state)
        deck[i], deck[j] = deck[j], deck[i]
        if i + 1 < swaps:
            j = i + 1 + below_from(bits & 0xFFFFFFFF, 51 - i, state)
            deck[i + 1], deck[j] = deck[j], deck[i + 1]
    for seat in range(players):
        mask = 0
        for i in range(seat * hand_size, (seat + 1) * hand_size):
            mask |= 1 << deck[i]
        hands[seat] = mask


@njit(cache=True, inline="always")
def holder_nb(hands, card: int) -> int:
    """Seat dealt `card`, or -1 if it was not dealt."""
    for seat in range(hands.shape[0]):
        if hands[seat] >> card & 1:
            return seat
    return -1
