"""Counter-based random streams: deal `i` of seed `s` draws from a stream keyed by
`(s, i, purpose)` alone, so a run gives the same deals however it is split over
threads, chunks or machines.

The generator is splitmix64 written in int64 arithmetic (multiplication wraps modulo
2**64 exactly as for uint64; logical right shifts are masked arithmetic shifts). A
stream's state is one int64 held in a length-1 array so kernels can pass it around.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GAMMA = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1 = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2 = 0x94D049BB133111EB - (1 << 64)

# Purposes keep the streams of one deal apart: the cards dealt never depend on how the
# players played, so strategies compared on the same seed see the same deals.
STREAM_DEAL = 0
STREAM_PLAY = 1
STREAM_GAME = 2
STREAM_TEACHER = 3  # the trainer's search of one rebuilt decision (sims.tools.train_policy)


@njit(cache=True, inline="always")
def _shr(x: int, k: int) -> int:
    """Logical right shift of an int64 seen as 64 unsigned bits."""
    return (x >> k) & ((1 << (64 - k)) - 1)


@njit(cache=True, inline="always")
def mix64(z: int) -> int:
    """splitmix64's finaliser: a bijective scramble of 64 bits."""
    z = (z ^ _shr(z, 30)) * _MIX1
    z = (z ^ _shr(z, 27)) * _MIX2
    return z ^ _shr(z, 31)


@njit(cache=True)
def stream_key(seed: int, index: int, purpose: int) -> int:
    """Starting state of the stream for (seed, index, purpose)."""
    return purpose_key(unit_key(seed_key(seed), index), purpose)


@njit(cache=True, inline="always")
def seed_key(seed: int) -> int:
    """What every stream of a run shares: a kernel computes it once."""
    return mix64(seed)


@njit(cache=True, inline="always")
def unit_key(seed_part: int, index: int) -> int:
    """What the streams of unit `index` share, given `seed_key(seed)`: a kernel computes
    it once per unit, and each of the unit's streams from it with `purpose_key`."""
    return mix64(seed_part ^ index)


@njit(cache=True, inline="always")
def purpose_key(unit: int, purpose: int) -> int:
    """Starting state of the stream for `purpose` of the unit whose `unit_key` is `unit`:
    `stream_key(seed, index, purpose)` without recomputing what the streams share."""
    return mix64(unit + purpose * _GAMMA)


@njit(cache=True, inline="always")
def next_u64(state) -> int:
    """Next 64 random bits (as int64) from the stream held in `state[0]`."""
    state[0] += _GAMMA
    return mix64(state[0])


@njit(cache=True, inline="always")
def u64_ahead(start: int, k: int) -> int:
    """What the (k + 1)-th call of `next_u64` on a stream whose state is `start` returns,
    without the calls: draws k apart do not wait for each other (`skip` then moves the
    state past them)."""
    return mix64(start + (k + 1) * _GAMMA)


@njit(cache=True, inline="always")
def skip(state, k: int) -> None:
    """Move the stream in `state[0]` past `k` draws of 64 bits."""
    state[0] += k * _GAMMA


@njit(cache=True, inline="always")
def below(state, n: int) -> int:
    """Uniform integer in [0, n) for 0 < n < 2**31 (Lemire's method, unbiased)."""
    while True:
        product = _shr(next_u64(state), 32) * n
        low = product & 0xFFFFFFFF
        if low >= n or low >= ((1 << 32) - n) % n:
            return product >> 32


@njit(cache=True, inline="always")
def below_from(bits32: int, n: int, state) -> int:
    """Uniform integer in [0, n) from 32 given random bits; on Lemire's (rare) rejection
    it draws afresh, so the result stays unbiased."""
    product = bits32 * n
    low = product & 0xFFFFFFFF
    if low < n and low < ((1 << 32) - n) % n:
        return below(state, n)
    return product >> 32


@njit(cache=True, inline="always")
def draw_swaps(state, items, count: int, draws: int) -> bool:
    """The draws of `shuffle` (`below(state, i + 1)` for i = count - 1 down to 1) into
    `items[draws:draws + count - 1]`, in one loop with no dependence between its steps
    (the compiler vectorises it), and `state` moved past them. False, with `state` left as
    it was, where Lemire's method might reject one (a chance of about n in 2**32): the
    caller then shuffles one draw at a time (`shuffle_slowly`)."""
    start = state[0]
    swaps = max(count - 1, 0)
    suspect = False
    for k in range(swaps):
        n = count - k
        product = _shr(u64_ahead(start, k), 32) * n
        items[draws + k] = product >> 32
        suspect |= (product & 0xFFFFFFFF) < n
    if not suspect:
        state[0] = start + swaps * _GAMMA
    return not suspect


@njit(cache=True)
def shuffle_slowly(state, items, count: int) -> None:
    """`shuffle` drawing one `below` at a time, which draws afresh where it rejects."""
    for i in range(count - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]


@njit(cache=True, inline="always")
def shuffle(state, items, count: int, draws: int) -> None:
    """Shuffle `items[:count]` exactly as Fisher-Yates drawing `below(state, i + 1)` for
    i = count - 1 down to 1 would, and leave `state` as it would: the indices are drawn
    first (`draw_swaps`, into `items[draws:draws + count - 1]`), then the items swapped."""
    if not draw_swaps(state, items, count, draws):
        shuffle_slowly(state, items, count)
        return
    for k in range(max(count - 1, 0)):
        i = count - 1 - k
        j = items[draws + k]
        items[i], items[j] = items[j], items[i]


@njit(cache=True, inline="always")
def swap_in(items, i: int, j: int) -> int:
    """One swap of a shuffle, i and j not negative: items i and j exchanged, and the item
    that comes to rest at i returned (a deal loop builds its hands from them). The indices
    are made unsigned, so numba indexes without wrapping negative ones around."""
    here, there = np.uint64(i), np.uint64(j)
    item = items[there]
    items[there] = items[here]
    items[here] = item
    return item


def new_state(seed: int, index: int, purpose: int) -> np.ndarray:
    """A fresh stream state array for Python callers."""
    return np.array([stream_key(seed, index, purpose)], np.int64)
