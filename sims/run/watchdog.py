"""Running a kernel beside a watchdog, so that a chunk in which no deal finishes for too
long (a strategy that loops) stops the run with an error instead of hanging it, so that
Ctrl-C is answered while a long chunk plays, and so that progress shows inside a chunk."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numba

POLL_SECONDS = 0.25


class Stalled(RuntimeError):
    """No deal finished within the allowed time. The kernel's thread cannot be stopped and
    keeps its buffers: the process should report this and exit."""


def watch(
    kernel: Callable[..., Any],
    arguments: Sequence[Any],
    finished: Callable[[], int],
    stall: float,
    progress: Callable[[int], None] | None = None,
    prepare: Callable[[], None] | None = None,
) -> None:
    """Call `prepare()` (compiling the kernel, say), then `kernel(*arguments)`; with
    `stall` > 0 or a `progress` listener both run in a thread of their own (the kernels
    release the GIL) while this thread polls `finished()`, the count of deals done, tells
    `progress` of each new count, and raises Stalled when it has not grown for `stall`
    seconds of the kernel's own time: the time `prepare` takes is not counted. The kernel
    plays on as many threads as numba is set to use here (a count numba keeps per thread)."""
    if stall <= 0 and progress is None:
        if prepare is not None:
            prepare()
        kernel(*arguments)
        return
    failure: list[BaseException] = []
    playing = threading.Event()
    threads = numba.get_num_threads()

    def play() -> None:
        try:
            numba.set_num_threads(threads)
            if prepare is not None:
                prepare()
            playing.set()
            kernel(*arguments)
        except BaseException as error:  # handed to the calling thread below
            failure.append(error)

    thread = threading.Thread(target=play, name="allfours-kernel", daemon=True)
    thread.start()
    done, since = finished(), time.monotonic()
    while thread.is_alive():
        thread.join(POLL_SECONDS)
        now = finished()
        if not playing.is_set():
            since = time.monotonic()  # still preparing: the stall clock waits
        elif now != done:
            done, since = now, time.monotonic()
            if progress is not None:
                progress(done)
        elif stall > 0 and thread.is_alive() and time.monotonic() - since > stall:
            raise Stalled(f"no deal finished for {stall:g} s")
    if failure:
        raise failure[0]
