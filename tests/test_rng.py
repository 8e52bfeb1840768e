"""The counter-based streams: pure functions of (seed, index, purpose), uniform draws."""

import numpy as np
from numba import njit

from sims.core.rng import below, below_from, new_state, next_u64, stream_key
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
