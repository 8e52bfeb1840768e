"""`allfours bench --against DIR`: this checkout's kernels timed against another checkout's
(an older commit, say) in alternating rounds, so that the host's drift, which moves one
build's timings by far more than a few percent from minute to minute, hits both alike.

Each build runs in its own worker process, importing its own `sims`; the workers take
turns timing the same single deals on one thread, the order swapped every round. A round
starts a fresh pair of workers: where a process's code and arrays happen to lie moves a
kernel's timing by several percent for the life of the process, so one pair for the whole
sitting would pair that luck in every round. The figure per row is the median over the
rounds of the paired ratio this / other."""

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
    times each, alternating which goes first, fresh workers each round; rows the other
    build lacks are skipped. Each row is reported once its last round is timed."""
    here = Path(__file__).resolve().parents[2]
    rows = list(rows)
    times: dict[tuple[str, str, int], tuple[list[float], list[float]]] = {}
    for round_ in range(rounds):
        order = (0, 1) if round_ % 2 == 0 else (1, 0)
        print(f"round {round_ + 1} of {rounds}", file=sys.stderr, flush=True)
        workers = _Worker(here), _Worker(other)
        try:
            for row in rows:
                game, strategy, deals = row
                # The first timing of each worker loads its kernels, and finds what it lacks.
                if any(w.seconds(game, strategy, min(deals, 1000)) is None for w in workers):
                    if round_ == 0:
                        progress(f"{game} {strategy}: not in both builds, skipped")
                    continue
                paired = times.setdefault(row, ([], []))
                for k in order:
                    paired[k].append(workers[k].seconds(game, strategy, deals))
        finally:
            for worker in workers:
                worker.close()
    done = []
    for (game, strategy, deals), paired in times.items():
        spec = RunSpec(game, 1, deals, seats=(strategy,))
        cards = spec.described.cards_played(spec, run(spec).table)
        done.append(Row(game, strategy, deals, cards, *paired))
        progress(done[-1].line())
    return done


HEADER = (
    f"{'game':<10}{'strategy':<20}{'other ns':>11}{'this ns':>11}{'change':>10}   "
    "range over the rounds"
)
