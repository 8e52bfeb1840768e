"""Shared recorded runs: played once per test session, checked by several test files."""

import sys

import pytest

from sims.run.runner import RunResult, RunSpec, run
from sims.tools import cli

DIFFERENTIAL_DEALS = 10_000


@pytest.fixture(scope="session")
def recorded_runs() -> dict[str, RunResult]:
    """Recorded independent-deal runs: 10,000 deals for each play strategy, fewer for the
    lead policies and a mixed table."""
    runs = {}
    for label in ("random", "greedy"):
        runs[label] = run(
            RunSpec("phat", 2024, DIFFERENTIAL_DEALS, seats=(label,) * 4), record=True
        )
    for label in ("greedy+lead_phat", "lead_high", "random+lead_long"):
        runs[label] = run(RunSpec("phat", 99, 2_000, seats=(label,) * 4), record=True)
    mixed = ("random", "greedy", "greedy+lead_phat", "greedy:guard_big_phat=0")
    runs["mixed"] = run(RunSpec("phat", 5, 2_000, seats=mixed), record=True)
    return runs


@pytest.fixture(scope="session")
def recorded_games() -> RunResult:
    """A recorded run of whole games (short target, so carry-overs and mid-deal ends occur)."""
    return run(
        RunSpec("phat", 31, 600, games=True, seats=("greedy",) * 4, variants=("target=121",)),
        record=True,
    )


def call(capsys, *args: str) -> tuple[int, str, str]:
    """Run `allfours ARGS` in this process: (exit status, stdout, stderr)."""
    try:
        code = cli.main(list(args))
    except SystemExit as stop:
        code = stop.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def command(*args: str) -> list[str]:
    """The command line of `allfours ARGS` in a new Python whose Ctrl-C raises
    KeyboardInterrupt, as when started from a terminal: a job a shell starts in the
    background, without job control, inherits SIGINT ignored, and Python keeps that."""
    start = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from sims.tools.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    return [sys.executable, "-c", start, *args]
