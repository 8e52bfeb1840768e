"""The dataset readers say what a folder holds: an --aggregate folder's counters are read
with `read_counters`, and `read_rows` refuses, in words, a part the folder lacks."""

import pytest

from analysis.counters import summary
from sims.run.backends import Embedded
from sims.run.dataset import DatasetError, read_counters, read_rows, write_run
from sims.run.runner import RunSpec

PHAT = RunSpec("phat", 4, 1_200, seats=("greedy",))


def test_an_aggregate_folder_says_it_holds_counters_and_reads_them(tmp_path):
    directory = tmp_path / "counts"
    totals = write_run(directory, PHAT, Embedded(), size=400, aggregate=True)
    for part in ("deals", "games"):
        with pytest.raises(DatasetError, match="holds counters only.*read_counters"):
            read_rows(directory, part)
    counters = read_counters(directory)
    assert counters.keys() == totals.counts.keys()
    assert all((counters[name] == totals.counts[name]).all() for name in counters)
    assert len(summary("phat", counters)) > 0
    assert len(read_rows(directory, "counters")) > 0


def test_a_part_a_folder_lacks_is_named(tmp_path):
    directory = tmp_path / "rows"
    totals = write_run(directory, PHAT, Embedded(), size=400)
    with pytest.raises(DatasetError, match="holds no part 'games'; its parts: deals, counters"):
        read_rows(directory, "games")
    counters = read_counters(directory)
    assert all((counters[name] == totals.counts[name]).all() for name in counters)
