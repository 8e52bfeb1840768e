"""Conditional runs whose deals come from a sampler rather than from rejection: a game's
sampler draws the hidden hands of each chunk of deals (for advice, hands that fit the
calls heard), then its run kernel plays every deal once per round. This module holds the
chunked loop they share, which reports progress after every chunk, so a caller can follow
a run and stop it between two chunks (its `progress` raising)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sims.run.runner import RunSpec, raise_first_error

SAMPLED_CHUNK = 2048  # deals per chunk: a fraction of a second of play, for steady progress

# A game's sampler for one chunk: (first deal, deals) -> what its kernel plays.
Sampler = Callable[[int, int], np.ndarray]
# Its kernel on one chunk: (first deal, deals, sampled, rows, errors).
SampledKernel = Callable[[int, int, np.ndarray, np.ndarray, np.ndarray], None]


def play_sampled_chunks(
    run: RunSpec,
    rounds: int,
    sample: Sampler,
    kernel: SampledKernel,
    values: Callable[[np.ndarray], np.ndarray],
    progress: Callable[[int], None] | None = None,
    chunk: int = SAMPLED_CHUNK,
) -> np.ndarray:
    """The values (round, deal, value) of deals `run.first .. run.first + run.count`, each
    drawn by `sample` and played once per round by `kernel`, a row each (deal-major):
    `values(rows)` gives a chunk's values per row. Chunks of `chunk` deals are sampled in
    order (a sampler may carry state from one to the next); `progress` is called with the
    deals done after each. StrategyFault on a fault."""
    parts = []
    for start in range(0, run.count, chunk):
        count = min(chunk, run.count - start)
        first = run.first + start
        drawn = sample(first, count)
        rows = np.zeros(count * rounds, run.layout.dtype)
        rows["deal"] = -1
        errors = np.zeros((count, 4), np.int64)
        kernel(first, count, drawn, rows, errors)
        raise_first_error(run, first, errors)
        parts.append(values(rows).reshape(count, rounds, -1).astype(np.int16))
        if progress is not None:
            progress(count)
    if not parts:
        return np.zeros((rounds, 0, 0), np.int16)
    return np.concatenate(parts).transpose(1, 0, 2)
