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
    shuffle,
    stream_key,
)
from sims.engine.common import deal_hands_nb


def test_streams_depend_only_on_their_key():
    assert stream_key(7, 12345, 0) == stream_key(7, 12345, 0)
    keys = {
        stream_key(seed, index, purpose)
        for seed in range(3)
        for index in range(50)
        for purpose in range(3)
    }
    assert len(keys) == 3 * 50 * 3


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
    deck = np.zeros(52, np.int64)
    hands = np.zeros(4, np.int64)
    deal_hands_nb(state, deck, hands, 4, 13)
    assert [bin(int(h)).count("1") for h in hands] == [13, 13, 13, 13]
    assert int(np.bitwise_or.reduce(hands)) == (1 << 52) - 1


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
