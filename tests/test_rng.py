"""The counter-based streams: pure functions of (seed, index, purpose), uniform draws."""

import numpy as np
from numba import njit

from sims.core.rng import (
    _GAMMA,
    _shr,
    below,
    below_from,
    mix64,
    new_state,
    next_u64,
    purpose_key,
    seed_key,
    shuffle,
    stream_key,
    swap_in,
    unit_key,
)
from sims.engine.common import DECK_SCRATCH, deal_hands_nb


def test_streams_depend_only_on_their_key():
    assert stream_key(7, 12345, 0) == stream_key(7, 12345, 0)
    keys = {
        stream_key(seed, index, purpose)
        for seed in range(3)
        for index in range(50)
        for purpose in range(3)
    }
    assert len(keys) == 3 * 50 * 3


def test_a_kernels_stream_keys_built_from_shared_parts_equal_the_plain_key():
    for seed in (0, 7, -3, 2**62):
        for index in (0, 1, 999, 2**40):
            unit = unit_key(seed_key(seed), index)
            for purpose in (0, 1, 2, 17, 40):
                assert purpose_key(unit, purpose) == stream_key(seed, index, purpose)


@njit
def _draws(seed, n, bound):
    state = np.zeros(1, np.int64)
    state[0] = stream_key(seed, 0, 0)
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = below(state, bound)
    return out


def test_below_is_uniform_by_a_chi_square_test():
    draws = _draws(3, 520_000, 52)
    assert draws.min() == 0 and draws.max() == 51
    counts = np.bincount(draws, minlength=52)
    expected = len(draws) / 52
    chi_square = ((counts - expected) ** 2 / expected).sum()
    # 51 degrees of freedom: the 99.99% quantile is about 96.
    assert chi_square < 96


def test_below_from_uses_the_given_bits_and_redraws_on_rejection():
    state = new_state(1, 0, 0)
    assert below_from(1 << 20, 52, state) == 0
    assert below_from(0xFFFFFFFF, 52, state) == 51
    assert below_from((1 << 31) + 1, 52, state) == 26
    # Zero bits fall in Lemire's rejection zone: the answer is a fresh draw from the stream.
    assert below_from(0, 52, new_state(1, 0, 0)) == below(new_state(1, 0, 0), 52)
    assert next_u64(new_state(1, 0, 0)) == next_u64(new_state(1, 0, 0))


def test_a_deal_gives_each_seat_thirteen_distinct_cards():
    state = new_state(5, 9, 0)
    deck = np.zeros(DECK_SCRATCH, np.int64)
    hands = np.zeros(4, np.int64)
    deal_hands_nb(state, deck, hands, 4, 13)
    assert [bin(int(h)).count("1") for h in hands] == [13, 13, 13, 13]
    assert int(np.bitwise_or.reduce(hands)) == (1 << 52) - 1


@njit
def _deal_one_draw_at_a_time(state, players, hand_size):
    """The deal `deal_hands_nb` must equal: Fisher-Yates from the top of the deck, each 64
    random bits serving two swaps (the high 32 bits, then the low), a rejected draw redrawn
    from the stream; returns the deck, seat s holding cards s * hand_size onwards."""
    deck = np.arange(52)
    swaps = min(players * hand_size, 51)
    for i in range(0, swaps, 2):
        bits = next_u64(state)
        j = i + below_from((bits >> 32) & 0xFFFFFFFF, 52 - i, state)
        deck[i], deck[j] = deck[j], deck[i]
        if i + 1 < swaps:
            j = i + 1 + below_from(bits & 0xFFFFFFFF, 51 - i, state)
            deck[i + 1], deck[j] = deck[j], deck[i + 1]
    return deck


@njit
def _rejecting_deal_state(swaps, start):
    """A stream state whose deal meets a draw that Lemire's method rejects."""
    state = start
    while True:
        state += 7919
        for i in range(0, swaps, 2):
            bits = mix64(state + (i // 2 + 1) * _GAMMA)
            for k, part in ((i, _shr(bits, 32)), (i + 1, bits & 0xFFFFFFFF)):
                n = 52 - k
                low = (part * n) & 0xFFFFFFFF
                if k < swaps and low < n and low < ((1 << 32) - n) % n:
                    return state


def test_a_deal_draws_and_swaps_as_one_draw_at_a_time_and_leaves_the_stream_as_it_would():
    # Every table: Pitch with 3, 4 and 6 players (18, 24, 36 swaps), Phat (4 x 9), Solo
    # Whist (51).
    for players, hand_size in ((4, 6), (6, 6), (4, 9), (4, 13), (3, 6)):
        swaps = min(players * hand_size, 51)
        rejecting = _rejecting_deal_state(swaps, 12345)
        for key in [stream_key(3, index, 0) for index in range(300)] + [rejecting]:
            expected_state = np.array([key])
            expected = _deal_one_draw_at_a_time(expected_state, players, hand_size)
            state, deck = np.array([key]), np.zeros(DECK_SCRATCH, np.int64)
            hands = np.zeros(players, np.int64)
            deal_hands_nb(state, deck, hands, players, hand_size)
            assert deck[:52].tolist() == expected.tolist()
            assert state[0] == expected_state[0]
            for seat in range(players):
                cards = expected[seat * hand_size : (seat + 1) * hand_size]
                assert hands[seat] == sum(1 << int(card) for card in cards)
        # The rejecting state draws once more than its pairs of swaps: the stream shows it.
        state = np.array([rejecting])
        deal_hands_nb(state, np.zeros(DECK_SCRATCH, np.int64), hands, players, hand_size)
        pairs = (swaps + 1) // 2
        assert state[0] == (rejecting + (pairs + 1) * _GAMMA + (1 << 63)) % (1 << 64) - (1 << 63)


@njit
def _fisher_yates(state, items, count):
    """The shuffle `shuffle` must equal: one draw per swap, from the top."""
    for i in range(count - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


@njit
def _shuffled(state, items, count):
    buffer = np.empty(2 * len(items), np.int64)
    buffer[: len(items)] = items
    shuffle(state, buffer, count, len(items))
    return buffer[: len(items)]


@njit
def _rejecting_state(count, start):
    """A stream state whose Fisher-Yates of `count` items meets a draw that Lemire's
    method rejects (a draw below n is rejected with a chance of about n in 2**32)."""
    state = start
    while True:
        state += 7919
        for k in range(count - 1):
            n = count - k
            low = (_shr(mix64(state + (k + 1) * _GAMMA), 32) * n) & 0xFFFFFFFF
            if low < n and low < ((1 << 32) - n) % n:
                return state


def test_the_shuffle_draws_and_swaps_as_fisher_yates_and_leaves_the_stream_as_it_would():
    rejecting = _rejecting_state(45, 12345)
    states = [stream_key(3, index, 1) for index in range(200)] + [rejecting]
    for key in states:
        for count in (0, 1, 2, 13, 45, 52):
            items = np.arange(52, dtype=np.int64) * 3
            expected, state = items.copy(), np.array([key])
            _fisher_yates(state, expected, count)
            got = np.array([key])
            assert _shuffled(got, items, count).tolist() == expected.tolist()
            assert got[0] == state[0]
    # The rejecting state draws one number more than its swaps: the stream shows it.
    state = np.array([rejecting])
    _shuffled(state, np.arange(52, dtype=np.int64), 45)
    assert state[0] == (rejecting + 45 * _GAMMA + (1 << 63)) % (1 << 64) - (1 << 63)


@njit(cache=True)
def _swapped(items, i, j):
    return swap_in(items, i, j)


def test_a_swap_exchanges_two_items_and_returns_the_one_come_to_rest():
    items = np.arange(10, dtype=np.int64) * 7
    assert _swapped(items, 2, 9) == 63
    assert items.tolist() == [0, 7, 63, 21, 28, 35, 42, 49, 56, 14]
    assert _swapped(items, 4, 4) == 28  # a card swapped with itself stays
    assert items[4] == 28
