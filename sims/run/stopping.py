"""Stopping a command by signal: SIGTERM and SIGHUP end a run as Ctrl-C does, so that what
is incomplete is removed, what is finished is kept, and the command ends in one line with
status 128 + the signal's number."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

TERMINATING = (signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Python next runs (as Ctrl-C raises
    KeyboardInterrupt), so every clean-up written for Ctrl-C serves these too."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def stop_on_termination() -> Iterator[None]:
    """While the block runs, SIGTERM and SIGHUP raise `Stopped` (in the main thread; a
    block run from another thread keeps the handlers it has)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, _raise_stopped) for signum in TERMINATING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise_stopped(signum: int, frame: object) -> None:
    for other in TERMINATING:  # a second signal must not cut the clean-up short
        signal.signal(other, signal.SIG_IGN)
    raise Stopped(signum)


def signal_number(stop: BaseException) -> int:
    """The signal that stopped the command: SIGINT for Ctrl-C."""
    return getattr(stop, "signum", signal.SIGINT)


def describe(stop: BaseException) -> str:
    """`interrupted` for Ctrl-C, `stopped by SIGTERM` (or SIGHUP) otherwise."""
    number = signal_number(stop)
    return "interrupted" if number == signal.SIGINT else f"stopped by {signal.Signals(number).name}"
