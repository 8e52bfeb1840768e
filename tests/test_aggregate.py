"""Runs kept as counters (--aggregate): the same counters on every backend and chunk size,
the summary of the rows, and memory that does not grow with the number of deals."""

import json
import tracemalloc

import numpy as np
import pytest

from analysis.counters import from_deals
from sims.run import progress
from sims.run.backends import DaskCluster, Embedded
from sims.run.dataset import count_run
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from tests.conftest import call

PITCH = RunSpec("pitch", 8, 5_000, seats=("threshold+greedy",), variants=("players=6",))


@pytest.mark.slow
def test_counters_are_the_same_on_every_backend_and_chunk_size_and_equal_the_rows():
    expected = from_deals(PITCH.game, PITCH.rules, run_frame(run(PITCH)))
    cluster = DaskCluster("local:2", threads=1)
    try:
        for backend, size in ((Embedded(), 1 << 18), (Embedded(1), 333), (cluster, 600)):
            totals = count_run(PITCH, backend, size=size)
            assert totals.deals == PITCH.count
            assert expected.keys() == totals.counts.keys()
            for name, array in expected.items():
                assert np.array_equal(totals.counts[name], array), name
    finally:
        cluster.close()


@pytest.mark.parametrize(
    "args",
    [
        ["pitch", "--deals", "4000", "--strategy", "threshold+greedy", "--players", "5"],
        ["phat", "--deals", "3000"],
        ["don", "--games", "60"],
        ["solowhist", "--deals", "3000"],
    ],
    ids=["pitch", "phat", "don games", "solowhist"],
)
def test_the_aggregated_summary_is_the_summary_of_the_rows(capsys, args):
    code, printed, err = call(capsys, "simulate", *args, "--seed", "4", "--json")
    assert code == 0, err
    rows = json.loads(printed)
    counted = json.loads(call(capsys, "simulate", *args, "--seed", "4", "--json", "--aggregate")[1])
    assert counted["rows"] == rows["rows"] and counted["run"] == rows["run"]
    assert ("games" in counted) == ("games" in rows)
    for table in ("deals", "games"):
        by_quantity = {row["quantity"]: row for row in rows.get(table, [])}
        for row in counted.get(table, []):
            expected = by_quantity[row["quantity"]]
            for key in ("estimate", "low", "high", "n"):
                assert row[key] == pytest.approx(expected[key], rel=1e-9, abs=1e-12)


def peak_traced_megabytes(deals: int) -> float:
    """Peak memory allocated through Python and numpy while counting `deals` Pitch deals
    (the chunk buffers, rows and counters; compiled code and libraries are not counted)."""
    spec = RunSpec("pitch", 1, deals, seats=("greedy",))
    tracemalloc.start()
    try:
        count_run(spec, Embedded(), size=1 << 16)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_an_aggregated_run_takes_no_more_memory_for_ten_times_the_deals():
    count_run(RunSpec("pitch", 1, 100, seats=("greedy",)), Embedded(), size=100)  # loaded
    small, large = peak_traced_megabytes(200_000), peak_traced_megabytes(2_000_000)
    assert large < small * 1.1 + 1, f"{small:.1f} MB for 200,000 deals, {large:.1f} MB for 2 M"


def test_progress_shows_on_request_and_stays_off_when_quiet(capsys, monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    args = ["simulate", "pitch", "--deals", "3000", "--chunk", "1000"]
    shown = call(capsys, *args, "--progress")[2]
    assert "pitch deals" in shown and "/3.00k" in shown and "deal/s" in shown
    assert call(capsys, *args)[2] == ""  # stderr is not a terminal here
    assert call(capsys, *args, "--progress", "--quiet")[2] == ""
    assert "deal/s" in call(capsys, *args, "--aggregate", "--progress")[2]
