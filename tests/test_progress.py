"""Progress of long runs: the header comes first, and the bar moves as deals finish inside
a chunk, so a slow strategy is never silent for the length of a chunk."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import numba
import pytest

from sims.run.progress import Advance
from sims.run.watchdog import Stalled, watch

SLOW = "ismcts:iterations=1000"  # about 0.06 s a Phat deal here
DEALS = 100  # one chunk that plays for seconds, well past the bar's one-second delay


@pytest.mark.slow
def test_the_watchdog_tells_of_each_new_count_of_deals_done():
    done = [0]

    def kernel() -> None:
        for _ in range(6):
            time.sleep(0.3)
            done[0] += 1

    seen: list[int] = []
    watch(kernel, (), lambda: done[0], 0.0, seen.append)
    assert seen == sorted(set(seen)) and len(seen) >= 3 and seen[-1] <= 6


def test_the_stall_clock_runs_while_the_kernel_plays_not_while_it_compiles():
    watch(lambda: None, (), lambda: 0, 0.5, prepare=lambda: time.sleep(1.2))  # no stall
    with pytest.raises(Stalled):
        watch(lambda: time.sleep(1.2), (), lambda: 0, 0.5, prepare=lambda: None)


def test_the_kernel_plays_on_as_many_threads_as_the_caller_set():
    before = numba.get_num_threads()
    seen: list[int] = []
    numba.set_num_threads(1)
    try:
        watch(lambda: seen.append(numba.get_num_threads()), (), lambda: 0, 5.0)
    finally:
        numba.set_num_threads(before)
    assert seen == [1]


class Bar:
    def __init__(self) -> None:
        self.n = 0

    def update(self, step: int) -> None:
        assert step >= 0
        self.n += step


def test_advance_counts_each_deal_once_inside_and_at_the_end_of_chunks():
    bar = Bar()
    advance = Advance(bar)
    advance.within(3)
    advance.within(7)
    assert bar.n == 7
    advance.chunk(10)
    advance.chunk(5)  # a chunk that reported nothing from inside
    advance.within(2)
    advance.chunk(4)
    assert bar.n == 19


@pytest.mark.slow
@pytest.mark.parametrize("extra", [[], ["--aggregate"]], ids=["rows", "counters"])
def test_a_slow_run_prints_its_header_first_and_its_bar_moves_inside_one_chunk(extra):
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sims.tools.cli",
            "simulate",
            "phat",
            "--deals",
            str(DEALS),
            "--strategy",
            SLOW,
            "--progress",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = process.stdout.readline()
    assert process.poll() is None, "the header came only when the run had ended"
    assert first.startswith(f"phat: {DEALS} deals, seed 0, strategies by seat: {SLOW}")
    _, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    counts = {int(n) for n in re.findall(rf"(\d+)(?:\.0)?/{DEALS}", err)}
    assert any(0 < n < DEALS for n in counts), err  # one chunk, seen part done
