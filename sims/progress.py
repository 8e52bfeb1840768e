"""The progress bar of long runs: deals (or games) done, their rate and the time left, on
stderr, shown only once a run has taken a second."""

from __future__ import annotations

import sys

from tqdm import tqdm

DELAY_SECONDS = 1.0  # a run that ends sooner shows no bar


def wanted(quiet: bool, forced: bool = False) -> bool:
    """Show progress unless --quiet; when stderr is not a terminal only if forced."""
    return not quiet and (forced or sys.stderr.isatty())


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
