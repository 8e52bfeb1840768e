"""Views without an owner (`sims.core.memory.unowned`): they reach the arrays' own memory,
and the compiled code counts no references to them where it counts them for the arrays."""

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from sims.core.memory import unowned


@njit(inline="always")
def _sum_bits(values, mask):
    """A helper with a loop of its own: inlined into a branch of a loop, numba counts a
    reference to each array it is given, on every call."""
    total = 0
    while mask:
        total += values[mask & 7]
        mask &= mask - 1
    return total


@njit(inline="always")
def _loop(a, b, n):
    total = 0
    for i in range(n):
        total += _sum_bits(a, i) if total & 1 else _sum_bits(b, i)
    return total


@njit
def counted(a, b, n):
    return _loop(a, b, n)


@njit
def uncounted(a, b, n):
    a, b = unowned((a, b))
    return _loop(a, b, n)


@njit
def write_through(a, b, c):
    view = unowned(a)
    view[0] = 7
    first, second = unowned((b, c))
    first[1] = 8
    second[0, 1] = 9


def _calls(function, name: str) -> int:
    code = next(iter(function.inspect_llvm().values()))
    start = code.index("define")
    return code[start : code.index("\n}", start)].count(f"call void @{name}")


def test_views_write_to_the_arrays_memory():
    a, b, c = np.zeros(3, np.int64), np.zeros(3, np.float64), np.zeros((2, 2), np.int32)
    write_through(a, b, c)
    assert a[0] == 7 and b[1] == 8.0 and c[0, 1] == 9


def test_no_reference_counting_on_views_where_the_arrays_are_counted():
    a, b = np.arange(8), np.arange(8) * 3
    assert counted(a, b, 200) == uncounted(a, b, 200)
    assert _calls(counted, "NRT_incref") > 0  # what the views are for
    assert _calls(uncounted, "NRT_incref") == 0
    assert _calls(uncounted, "NRT_decref") == 0


def test_only_arrays_have_views():
    with pytest.raises(TypingError):
        njit(lambda x: unowned(x))(3)
    with pytest.raises(TypingError):
        njit(lambda x, y: unowned((x, y)))(np.zeros(2), 3)
