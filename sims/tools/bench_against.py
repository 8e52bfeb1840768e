"""`allfours bench --against DIR`: this checkout's kernels timed against another checkout's
(an older commit, say) in alternating rounds, so that the host's drift, which moves one
build's timings by far more than a few percent from minute to minute, hits both alike.

Each build runs in its own worker process, importing its own `sims`; the workers take
turns timing the same single deals on one thread, the order swapped every round. The
figure per row is the median over the rounds of the paired ratio this / other."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from sims.run.runner import RunSpec, run

# The worker: reads `[game, strategy, deals]` lines, answers the kernels' seconds (or
# null when its build lacks the strategy). Older layouts kept the runner at sims.runner.
WORKER = """
import json, sys
try:
    from sims.run.runner import RunSpec, kernel_seconds
except ImportError:
    from sims.runner import RunSpec, kernel_seconds
for line in sys.stdin:
    game, strategy, deals = json.loads(line)
    try:
        seconds = kernel_seconds(RunSpec(game, 1, deals, seats=(strategy,)), 1)
    except Exception:
        seconds = None
    print(json.dumps(seconds), flush=True)
"""


class _Worker:
    """A process of one build that times kernels on request."""

    def __init__(self, checkout: Path) -> None:
        environment = {**os.environ, "PYTHONPATH": str(checkout), "NUMBA_NUM_THREADS": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=checkout,
        )

    def seconds(self, game: str, strategy: str, deals: int) -> float | None:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps([game, strategy, deals]) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the worker timing {game} {strategy} ended")
        return json.loads(answer)

    def close(self) -> None:
        self.process.communicate()


@dataclass(frozen=True)
class Row:
    """One strategy's timings under both builds: seconds per round, paired by round."""

    game: str
    strategy: str
    deals: int
    cards: int
    this: list[float]
    other: list[float]

    @property
    def ratios(self) -> list[float]:
        return [a / b for a, b in zip(self.this, self.other, strict=True)]

    def line(self) -> str:
        """This row of the report: best ns per card of each build, the median ratio and
        the ratios' range over the rounds."""
        best_this, best_other = (min(t) / self.cards * 1e9 for t in (self.this, self.other))
        ratios = self.ratios
        return (
            f"{self.game:<10}{self.strategy:<20}{best_other:>11.2f}{best_this:>11.2f}"
            f"{statistics.median(ratios) - 1:>+10.1%}   "
            f"{min(ratios) - 1:+.1%} to {max(ratios) - 1:+.1%}"
        )


def compare(
    other: Path,
    rows: Iterable[tuple[str, str, int]],
    rounds: int,
    progress: Callable[[str], object] = print,
) -> list[Row]:
    """Time each (game, strategy, deals) under this checkout and under `other`, `rounds`
    times each, alternating which goes first; rows the other build lacks are skipped."""
    here = Path(__file__).resolve().parents[2]
    workers = _Worker(here), _Worker(other)
    done = []
    try:
        for game, strategy, deals in rows:
            if any(w.seconds(game, strategy, min(deals, 1000)) is None for w in workers):
                progress(f"{game} {strategy}: not in both builds, skipped")
                continue  # the first timing of each build also loaded its kernels
            spec = RunSpec(game, 1, deals, seats=(strategy,))
            cards = spec.described.cards_played(spec, run(spec).table)
            times: tuple[list[float], list[float]] = ([], [])
            for round_ in range(rounds):
                order = (0, 1) if round_ % 2 == 0 else (1, 0)
                for k in order:
                    times[k].append(workers[k].seconds(game, strategy, deals))
            row = Row(game, strategy, deals, cards, *times)
            progress(row.line())
            done.append(row)
    finally:
        for worker in workers:
            worker.close()
    return done


HEADER = (
    f"{'game':<10}{'strategy':<20}{'other ns':>11}{'this ns':>11}{'change':>10}   "
    "range over the rounds"
)
