"""A word while numba compiles: a game's first run of a command compiles its kernels for a
minute or two, which would otherwise look like a hang. numba signals its compiles and not
its loads from the cache, so a run whose kernels are cached says nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from numba.core import event

NOTICE_SECONDS = 2.0  # a compile this long is worth a word; most helpers compile sooner


class _CompileNotice(event.Listener):
    """Calls `say()` once, when one of numba's compiles (the outermost, with the ones it
    sets off) has lasted `after` seconds."""

    def __init__(self, say: Callable[[], None], after: float) -> None:
        self.say, self.after = say, after
        self.lock = threading.Lock()
        self.depth = 0  # compiles under way: a compile sets off its callees'
        self.timer: threading.Timer | None = None
        self.told = False

    def on_start(self, _: event.Event) -> None:
        with self.lock:
            self.depth += 1
            if self.depth == 1 and not self.told:
                self.timer = threading.Timer(self.after, self._tell)
                self.timer.daemon = True
                self.timer.start()

    def on_end(self, _: event.Event) -> None:
        with self.lock:
            self.depth -= 1
            if self.depth == 0:
                self.stop()

    def stop(self) -> None:
        """Forget the compile being timed."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _tell(self) -> None:
        with self.lock:
            if self.told or self.depth == 0:
                return
            self.told = True
        self.say()


@contextmanager
def noticing_compiles(say: Callable[[], None], enabled: bool = True) -> Iterator[None]:
    """Within the block, call `say()` once when numba has been compiling for
    NOTICE_SECONDS on end (in any thread); nothing where not `enabled`."""
    if not enabled:
        yield
        return
    notice = _CompileNotice(say, NOTICE_SECONDS)
    try:
        with event.install_listener("numba:compile", notice):
            yield
    finally:
        with notice.lock:
            notice.stop()
