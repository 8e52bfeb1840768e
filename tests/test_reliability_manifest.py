"""A dataset whose manifest's first line is damaged (or whose manifest is gone) keeps its
chunks: --resume rebuilds the manifest from the chunk files' own metadata, and refuses,
changing nothing, a folder whose chunk files hold another run."""

import pytest

from sims.run.backends import Embedded
from sims.run.dataset import MANIFEST, DatasetError, read_rows, write_run
from sims.run.runner import RunSpec
from tests.test_dataset import folder_bytes

PHAT = RunSpec("phat", 4, 1_200, seats=("greedy",))
GAMES = RunSpec("phat", 3, 60, games=True, variants=("target=61",))


def damage_first_line(directory):
    """Cut the manifest's first line short, as a disk error or a careless edit would."""
    manifest = directory / MANIFEST
    first, rest = manifest.read_text().split("\n", 1)
    manifest.write_text(first[: len(first) // 2] + "\n" + rest)


def stamps(directory):
    """When each chunk file was last written."""
    return {path: path.stat().st_mtime_ns for path in directory.rglob("part-*.parquet")}


@pytest.mark.parametrize(
    ("spec", "size", "aggregate"),
    [(PHAT, 400, False), (GAMES, 20, True), (GAMES, 20, False)],
    ids=["deals", "games-counters", "games-rows"],
)
def test_a_damaged_first_line_is_rebuilt_from_the_chunks(tmp_path, spec, size, aggregate):
    whole, damaged = tmp_path / "whole", tmp_path / "damaged"
    for folder in (whole, damaged):
        write_run(folder, spec, Embedded(), size=size, aggregate=aggregate)
    damage_first_line(damaged)
    if not aggregate:
        with pytest.raises(DatasetError, match="given --resume, rebuilds it"):
            read_rows(damaged)
    before = stamps(damaged)
    totals = write_run(damaged, spec, Embedded(), size=size, aggregate=aggregate, resume=True)
    assert stamps(damaged) == before  # every chunk was kept, none played again
    assert folder_bytes(damaged) == folder_bytes(whole)
    again = write_run(tmp_path / "again", spec, Embedded(), size=size, aggregate=aggregate)
    assert totals.deals == again.deals
    assert all((totals.counts[name] == again.counts[name]).all() for name in again.counts)


def test_a_lost_manifest_and_a_missing_chunk_replay_only_that_chunk(tmp_path):
    whole, damaged = tmp_path / "whole", tmp_path / "damaged"
    for folder in (whole, damaged):
        write_run(folder, PHAT, Embedded(), size=400)
    (damaged / MANIFEST).unlink()
    (damaged / "counters" / "part-000002.parquet").unlink()
    kept = {p: t for p, t in stamps(damaged).items() if "000002" not in p.name}
    write_run(damaged, PHAT, Embedded(), size=400, resume=True)
    assert {p: t for p, t in stamps(damaged).items() if p in kept} == kept
    assert folder_bytes(damaged) == folder_bytes(whole)


@pytest.mark.parametrize(
    ("other", "size", "named"),
    [
        (RunSpec("phat", 5, 1_200, seats=("greedy",)), 400, "seed 5 -> 4"),
        (PHAT, 300, "another --chunk"),
    ],
    ids=["seed", "chunk"],
)
def test_chunk_files_of_another_run_are_not_overwritten(tmp_path, other, size, named):
    directory = tmp_path / "d"
    write_run(directory, other, Embedded(), size=size)
    damage_first_line(directory)
    before = folder_bytes(directory)
    with pytest.raises(DatasetError, match=named):
        write_run(directory, PHAT, Embedded(), size=400, resume=True)
    assert folder_bytes(directory) == before


def test_a_folder_of_rows_is_not_taken_for_counters(tmp_path):
    directory = tmp_path / "d"
    write_run(directory, PHAT, Embedded(), size=400)
    damage_first_line(directory)
    before = folder_bytes(directory)
    with pytest.raises(DatasetError, match="parts \\['deals'\\]"):
        write_run(directory, PHAT, Embedded(), size=400, aggregate=True, resume=True)
    assert folder_bytes(directory) == before
