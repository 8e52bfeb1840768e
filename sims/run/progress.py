"""The progress bar of long runs: deals (or games) done, their rate and the time left, on
stderr, shown only once a run has taken a second."""

from __future__ import annotations

import sys

from tqdm import tqdm

DELAY_SECONDS = 1.0  # a run that ends sooner shows no bar


def wanted(quiet: bool, forced: bool = False) -> bool:
    """Show progress unless --quiet; when stderr is not a terminal only if forced."""
    return not quiet and (forced or sys.stderr.isatty())


class Advance:
    """Moves a bar by the deals finished: inside the chunk being played, as its kernel's
    watchdog counts them, and when each chunk ends. A slow strategy's bar so moves every
    fraction of a second rather than once a chunk."""

    def __init__(self, bar: tqdm) -> None:
        self.bar = bar
        self.counted = 0  # deals of the chunk being played already shown

    def within(self, done: int) -> None:
        """`done` deals of the chunk being played have finished."""
        self.bar.update(done - self.counted)
        self.counted = done

    def chunk(self, count: int) -> None:
        """A chunk of `count` units has finished."""
        self.bar.update(count - self.counted)
        self.counted = 0


def progress_bar(total: int, unit: str, label: str, enabled: bool, done: int = 0) -> tqdm:
    """A bar over `total` units (`done` of them already finished, as on resuming)."""
    return tqdm(
        total=total,
        initial=done,
        unit=unit,
        unit_scale=True,
        desc=label,
        disable=not enabled,
        delay=DELAY_SECONDS,
        leave=False,
        file=sys.stderr,
    )


def tell_compiling(game: str | None) -> None:
    """Say, above any bar, why a command has not started: its kernels are compiling."""
    kernels = f"the kernels for {game}" if game else "the kernels"
    tqdm.write(
        f"compiling {kernels} (a game's first run compiles them, a minute or two; later "
        "runs load them from the cache)",
        file=sys.stderr,
    )
