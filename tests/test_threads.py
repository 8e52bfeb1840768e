"""A kernel's units are shared out over numba's threads as a `prange` loop's static
schedule would: consecutive parts, each unit once, all parts at once, errors raised."""

from __future__ import annotations

import threading
import time

import numba
import numpy as np
import pytest
from numba import njit

from sims.engine.threads import UnitKernel, in_threads

two_threads = pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="one thread only")


@pytest.fixture
def threads():
    """Set numba's thread count in this thread for the test, and put it back after."""
    before = numba.get_num_threads()
    yield numba.set_num_threads
    numba.set_num_threads(before)


def parts_of(count: int) -> list[tuple[int, int, str]]:
    """The (start, stop, tag) of every call `in_threads` makes for `count` units."""
    calls: list[tuple[int, int, str]] = []
    in_threads(lambda start, stop, tag: calls.append((start, stop, tag)), count, "x")
    return sorted(calls)


@two_threads
def test_each_thread_plays_one_consecutive_part_and_every_unit_once(threads):
    threads(2)
    assert parts_of(7) == [(0, 3, "x"), (3, 7, "x")]
    assert parts_of(1) == [(0, 1, "x")]  # no thread without a unit
    threads(1)
    assert parts_of(7) == [(0, 7, "x")]


@two_threads
def test_the_parts_play_at_the_same_time(threads):
    threads(2)
    both = threading.Barrier(2, timeout=5)
    in_threads(lambda start, stop: both.wait(), 2)  # one part alone would time out


@two_threads
def test_an_error_of_a_part_is_raised_once_every_part_has_ended(threads):
    threads(2)
    ended: list[int] = []

    def block(start: int, stop: int) -> None:
        if start == 0:
            raise ValueError("no such card")
        time.sleep(0.2)
        ended.append(start)

    with pytest.raises(ValueError, match="no such card"):
        in_threads(block, 2)
    assert ended == [1]


@njit(nogil=True)
def _numbered_block(start, stop, seed, first, out):
    for u in range(start, stop):
        out[u] = seed + first + u


@two_threads
def test_a_unit_kernel_compiles_when_prepared_and_plays_its_units_when_called(threads):
    threads(2)
    kernel = UnitKernel(_numbered_block)
    out = np.zeros(5, np.int64)
    kernel.prepare((100, 10, 5, out))
    assert len(_numbered_block.signatures) == 1 and not out.any()  # compiled, nothing played
    kernel(100, 10, 5, out)
    assert out.tolist() == [110, 111, 112, 113, 114]
