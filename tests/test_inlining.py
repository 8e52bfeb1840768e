"""numba's inliner copying a callee's IR at once (sims._inlining): made where numba's
function reads as expected, left alone where it does not, and inlining as before."""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap

import pytest
from numba import njit
from numba.core import inline_closurecall

from sims import _inlining


def test_numbas_first_compile_makes_the_inliner_copy_at_once_and_guards_the_cache():
    """The extension hook registered in pyproject.toml reaches both changes in a fresh
    process, before anything compiles: no import of ours makes them."""
    script = textwrap.dedent(
        """
        import sims
        from numba import njit
        from numba.core.caching import IndexDataCacheFile
        from numba.core.inline_closurecall import InlineWorker
        before = getattr(InlineWorker.inline_ir, "copies_at_once", False)
        njit(lambda x: x + 1)(1)
        print(before, InlineWorker.inline_ir.copies_at_once, IndexDataCacheFile.load.guarded)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "True"]


def test_the_rewrite_replaces_the_block_by_block_copy_and_keeps_every_line_number():
    # numba's own source, read from its file whether or not the function was replaced
    original = textwrap.dedent(inspect.getsource(inline_closurecall.InlineWorker.inline_ir))
    changed = _inlining.rewritten(original)
    assert changed is not None, "numba's inline_ir no longer copies block by block"
    assert _inlining.BLOCK_BY_BLOCK not in changed
    assert changed.count("copy.deepcopy(the_ir.blocks)\n") == 1
    assert changed.count("\n") == original.count("\n")
    before, after = original.split(_inlining.BLOCK_BY_BLOCK)
    assert changed.startswith(before) and changed.endswith(after)


@pytest.mark.parametrize(
    "source",
    [
        "def inline_ir(self):\n    return None\n",  # rewritten upstream
        "def inline_ir(self):\n" + _inlining.BLOCK_BY_BLOCK * 2,  # twice: not ours to guess
    ],
)
def test_a_numba_whose_inliner_reads_otherwise_is_left_as_it_is(monkeypatch, source):
    class Worker:
        def inline_ir(self):
            return "numba's own"

    monkeypatch.setattr(inline_closurecall, "InlineWorker", Worker)
    monkeypatch.setattr(_inlining.inspect, "getsource", lambda function: source)
    original = Worker.inline_ir
    assert _inlining.copy_callees_at_once() is False
    assert Worker.inline_ir is original


def test_a_function_without_source_is_left_as_it_is(monkeypatch):
    class Worker:
        def inline_ir(self):
            return "numba's own"

    def no_source(function):
        raise OSError("could not get source code")

    monkeypatch.setattr(inline_closurecall, "InlineWorker", Worker)
    monkeypatch.setattr(_inlining.inspect, "getsource", no_source)
    original = Worker.inline_ir
    assert _inlining.copy_callees_at_once() is False
    assert Worker.inline_ir is original


@njit(inline="always")
def _branchy(values, limit):
    """A callee of several blocks (loops, branches, early returns) and variables that
    shadow the caller's names."""
    total = 0
    for value in values:
        if value > limit:
            return -total - 1
        elif value % 2:
            total += value
        else:
            total -= 1
    return total


@njit
def _twice(values, limit):
    total = _branchy(values, limit)
    if total < 0:
        return total
    return total * 100 + _branchy(values[::-1], limit + 1)


def _plain_branchy(values, limit):
    return _branchy.py_func(values, limit)


def _plain_twice(values, limit):
    total = _plain_branchy(values, limit)
    return total if total < 0 else total * 100 + _plain_branchy(values[::-1], limit + 1)


@pytest.mark.parametrize("limit", [0, 3, 5, 100])
def test_a_callee_inlined_twice_computes_what_python_does(limit):
    import numpy as np

    assert _inlining.copy_callees_at_once()
    values = np.array([1, 4, 3, 6, 5, 2, 9], np.int64)
    assert _twice(values, limit) == _plain_twice(values, limit)
    assert _twice(values[:3], limit) == _plain_twice(values[:3], limit)
