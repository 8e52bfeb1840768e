"""A kernel's units played on numba's threads from Python: each thread calls a block
function, compiled with `nogil=True`, on its own consecutive range of the units, as the
static schedule of a `prange` loop would share them out.

A kernel made so is no parallel numba function. Compiled, a parallel function links and
optimises again all the code its loop calls (a game's deal loop, with every strategy and
search player), some 20 seconds for each such kernel; the block function is compiled
once, and starting the threads costs a millisecond or two a call.

A game's run kernel calls its block through a function that only passes the arguments on
(`run_units_nb`): LLVM then optimises the deal loop a second time, in one module with all
it calls, and the deals play about 3% faster (Cinch, `random` and `greedy`) for some 15 s
more compiling a game. The odds and advice kernels do without it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

import numba


def in_threads(block: Callable[..., Any], count: int, *arguments: Any) -> None:
    """Call `block(start, stop, *arguments)` on consecutive parts of `range(count)`, one
    part for each of the threads numba is set to use in this thread, all at once (the
    block releases the GIL), and after every part has ended raise the first error one
    raised."""
    threads = max(1, min(numba.get_num_threads(), count))
    bounds = [count * k // threads for k in range(threads + 1)]
    if threads == 1:
        block(0, count, *arguments)
        return
    failures: list[BaseException] = []

    def part(k: int) -> None:
        try:
            block(bounds[k], bounds[k + 1], *arguments)
        except BaseException as error:  # raised in the calling thread below
            failures.append(error)

    others = [threading.Thread(target=part, args=(k,), daemon=True) for k in range(1, threads)]
    for thread in others:
        thread.start()
    part(0)
    for thread in others:
        thread.join()
    if failures:
        raise failures[0]


class UnitKernel:
    """A run's kernel, `kernel(seed, first, count, *rest)`, that plays the units `first ..
    first + count` of a run of `seed` on numba's threads through `block(start, stop, seed,
    first, *rest)`, which plays the call's units `start .. stop` one after another."""

    def __init__(self, block: Callable[..., Any]) -> None:
        self.block = block

    def __call__(self, seed: int, first: int, count: int, *rest: Any) -> None:
        in_threads(self.block, count, seed, first, *rest)

    def prepare(self, arguments: Sequence[Any]) -> None:
        """Compile the block for these arguments' types, or load it from the cache, by
        playing no unit: a cold compile is not counted as the time of a deal."""
        seed, first, _, *rest = arguments
        self.block(0, 0, seed, first, *rest)
