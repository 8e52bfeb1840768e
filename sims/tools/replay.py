"""Replay one deal (or one game) of a run exactly, and show it trick by trick."""

from __future__ import annotations

import dataclasses

from sims.descriptors import game as describe
from sims.run.runner import RunResult, RunSpec, run


def replay(spec: RunSpec, index: int) -> RunResult:
    """Re-run deal `index` (or game `index` with `spec.games`) of the run `spec`, recorded."""
    return run(dataclasses.replace(spec, first=index, count=1), record=True)


def render(result: RunResult) -> str:
    """Hands, the auction, every trick with its winner, and the deal's result, as each
    game shows them."""
    spec = result.spec
    lines = [f"{spec.game}  seed {spec.seed}  strategies by seat: {' '.join(spec.seats)}"]
    show = describe(spec.game).render
    logs = (result.table, result.hands, result.calls, result.plays, result.winners)
    for row, hands, calls, plays, winners in zip(*logs, strict=True):
        where = f"game {row['game']} deal {row['deal']}" if spec.games else f"deal {row['deal']}"
        lines += show(spec, where, row, hands, calls, plays, winners)
    return "\n".join(lines)
