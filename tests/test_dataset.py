"""Runs written chunk by chunk: the dataset equals the in-memory run, survives `kill -9`
and Ctrl-C, detects damaged chunks, and refuses to mix runs."""

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pandas as pd
import pytest

from sims.run.backends import Embedded
from sims.run.dataset import MANIFEST, DatasetError, read_manifest, read_rows, write_run
from sims.run.outcomes import game_frame, run_frame
from sims.run.runner import RunSpec, run
from tests.conftest import call, command

PITCH = RunSpec("pitch", 5, 3_000, seats=("threshold+greedy",))
RUN_ARGS = ["simulate", "pitch", "--deals", "3000", "--seed", "5", "--strategy", "threshold+greedy"]


def parts(directory: Path) -> dict[str, bytes]:
    """Every chunk file of a dataset, by path, with its bytes."""
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("part-*.parquet"))
    }


def test_the_dataset_holds_the_rows_of_the_in_memory_run(tmp_path):
    write_run(tmp_path / "d", PITCH, Embedded(), size=700)
    expected = run_frame(run(PITCH))
    pd.testing.assert_frame_equal(read_rows(tmp_path / "d"), expected)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "d" / "deals"), expected)
    manifest = read_manifest(tmp_path / "d")
    assert manifest.header["chunks"] == 5 and sorted(manifest.finished) == [0, 1, 2, 3, 4]


def test_a_games_dataset_holds_deals_and_games(tmp_path):
    spec = RunSpec("phat", 3, 120, games=True, variants=("target=61",))
    write_run(tmp_path / "g", spec, Embedded(), size=50)
    deals = run_frame(run(spec))
    pd.testing.assert_frame_equal(read_rows(tmp_path / "g"), deals)
    pd.testing.assert_frame_equal(read_rows(tmp_path / "g", "games"), game_frame(deals))


def test_the_same_run_gives_the_same_bytes(tmp_path):
    write_run(tmp_path / "a", PITCH, Embedded(1), size=700)
    write_run(tmp_path / "b", PITCH, Embedded(2), size=700)
    assert parts(tmp_path / "a") == parts(tmp_path / "b")


def test_a_damaged_or_unrecorded_chunk_is_played_again_and_others_are_kept(tmp_path):
    directory = tmp_path / "d"
    write_run(directory, PITCH, Embedded(), size=700)
    clean = parts(directory)
    deals = directory / "deals"
    truncated = deals / "part-000001.parquet"
    truncated.write_bytes(truncated.read_bytes()[:100])
    flipped = deals / "part-000003.parquet"
    data = bytearray(flipped.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, other bytes: the hash tells
    flipped.write_bytes(bytes(data))
    (directory / "counters" / "part-000004.parquet").unlink()
    kept = (deals / "part-000000.parquet").stat().st_mtime_ns
    with pytest.raises(DatasetError, match="incomplete or damaged"):
        read_rows(directory)
    write_run(directory, PITCH, Embedded(), size=700, resume=True)
    assert parts(directory) == clean
    assert (deals / "part-000000.parquet").stat().st_mtime_ns == kept


def test_a_record_cut_short_is_ignored_and_its_chunk_redone(tmp_path):
    directory = tmp_path / "d"
    write_run(directory, PITCH, Embedded(), size=700)
    clean = parts(directory)
    lines = (directory / MANIFEST).read_text().splitlines()
    (directory / MANIFEST).write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:30])
    assert len(read_manifest(directory).finished) == 4
    write_run(directory, PITCH, Embedded(), size=700, resume=True)
    assert parts(directory) == clean and len(read_manifest(directory).finished) == 5


def allfours(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def wait_for_chunks(directory: Path, process: subprocess.Popen, count: int) -> None:
    """Wait until `count` chunks are recorded in the manifest."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        manifest = directory / MANIFEST
        if manifest.exists() and len(manifest.read_text().splitlines()) > count:
            return
        time.sleep(0.005)
    raise AssertionError("the run ended or stalled before the chunks were written")


# 60 chunks of about 65 ms each: a window of seconds for the signal, which a loaded
# machine may deliver a second or more after the third chunk is seen.
INTERRUPTED_ARGS = [*RUN_ARGS[:3], "600000", *RUN_ARGS[4:], "--chunk", "10000", "--quiet"]


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> Path:
    """The dataset of INTERRUPTED_ARGS written in one go: what every resumed run must equal."""
    whole = tmp_path_factory.mktemp("uninterrupted") / "whole"
    done = subprocess.run(
        command(*INTERRUPTED_ARGS, "--out", str(whole)), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return whole


@pytest.mark.slow
@pytest.mark.parametrize(
    "stop", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM], ids=["kill -9", "Ctrl-C", "SIGTERM"]
)
def test_an_interrupted_run_resumes_to_the_uninterrupted_dataset(
    tmp_path, capsys, stop, uninterrupted
):
    args, whole, broken = INTERRUPTED_ARGS, uninterrupted, tmp_path / "broken"
    process = allfours(*args, "--out", str(broken))
    wait_for_chunks(broken, process, 3)
    process.send_signal(stop)
    _, err = process.communicate(timeout=60)
    finished = len(read_manifest(broken).finished)
    assert 3 <= finished < 60, "the run was not stopped in the middle"
    if stop != signal.SIGKILL:
        assert process.returncode == 128 + stop
        how = "interrupted" if stop == signal.SIGINT else "stopped by SIGTERM"
        assert f"allfours: {how}: {finished} of 60 chunks are written in {broken}" in err
        assert "--resume" in err and "Traceback" not in err
    code, printed, _ = call(capsys, *args, "--out", str(broken), "--resume")
    assert code == 0
    assert parts(broken) == parts(whole)
    pd.testing.assert_frame_equal(read_rows(broken), read_rows(whole))


def test_a_folder_in_use_is_refused_without_resume_and_another_run_with_it(tmp_path, capsys):
    directory = tmp_path / "d"
    assert call(capsys, *RUN_ARGS, "--out", str(directory), "--chunk", "1000")[0] == 0
    before = parts(directory)
    code, _, err = call(capsys, *RUN_ARGS, "--out", str(directory))
    assert code == 2 and "is not empty: give --resume" in err
    for change, named in (
        (["--seed", "6"], "seed 5 -> 6"),
        (["--variant", "min_bid=2"], "min_bid"),
        (["--strategy", "random"], "seats"),
        (["--chunk", "500"], "chunk 1000 -> 500"),
    ):
        changed = [*RUN_ARGS, "--chunk", "1000", *change]
        code, _, err = call(capsys, *changed, "--out", str(directory), "--resume")
        assert code == 2 and "holds another run" in err and named in err, err
    code, _, err = call(capsys, *RUN_ARGS, "--out", str(tmp_path / "none"), "--resume")
    assert code == 2 and "holds no run to resume" in err
    assert parts(directory) == before and not (tmp_path / "none").exists()


def test_resuming_a_finished_run_plays_nothing_and_prints_its_summary(tmp_path, capsys):
    directory = tmp_path / "d"
    args = [*RUN_ARGS, "--out", str(directory), "--chunk", "1000", "--json"]
    first = json.loads(call(capsys, *args)[1])
    stamps = {p: p.stat().st_mtime_ns for p in directory.rglob("part-*")}
    again = json.loads(call(capsys, *args, "--resume")[1])
    assert again == first
    assert {p: p.stat().st_mtime_ns for p in directory.rglob("part-*")} == stamps


def test_dataset_options_that_cannot_work_are_refused(tmp_path, capsys):
    for extra, message in (
        (["--resume"], "--resume finishes a dataset"),
        (["--out", str(tmp_path / "d"), "--log", str(tmp_path / "l.jsonl")], "--log and --chart"),
        (["--aggregate", "--chart", str(tmp_path / "c.png")], "--log and --chart"),
        (["--aggregate", "--out", str(tmp_path / "x.parquet")], "give --out FOLDER"),
        (["--cluster", "local:zero"], "--cluster"),
    ):
        code, _, err = call(capsys, *RUN_ARGS, *extra)
        assert code == 2 and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_files_are_written_under_a_temporary_name_first(tmp_path, monkeypatch):
    seen = []
    original = os.replace

    def replace(source, target):
        seen.append((Path(source).name, Path(target).name))
        original(source, target)

    monkeypatch.setattr(os, "replace", replace)
    write_run(tmp_path / "d", PITCH, Embedded(), size=3_000)
    assert all(src.startswith(".") and src.endswith(".tmp") for src, _ in seen)
    assert {target for _, target in seen} == {MANIFEST, "part-000000.parquet"}


def folder_bytes(directory: Path) -> dict[str, bytes]:
    """Every file of a folder, by path, with its bytes."""
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


@pytest.mark.slow
def test_a_second_writer_is_refused_naming_the_first_which_finishes(tmp_path, capsys):
    args = [*RUN_ARGS[:3], "60000", *RUN_ARGS[4:], "--chunk", "1000", "--quiet"]
    whole, shared = tmp_path / "whole", tmp_path / "shared"
    assert call(capsys, *args, "--out", str(whole))[0] == 0
    first = allfours(*args, "--out", str(shared))
    wait_for_chunks(shared, first, 2)
    code, _, err = call(capsys, *args, "--out", str(shared), "--resume")
    assert code == 2, err
    assert f"being written by another allfours process (process id {first.pid})" in err
    assert len(err.strip().splitlines()) == 1
    _, first_err = first.communicate(timeout=120)
    assert first.returncode == 0, first_err
    assert folder_bytes(shared) == folder_bytes(whole)


@pytest.mark.slow
def test_two_writers_started_together_write_each_chunk_once(tmp_path, capsys):
    args = [*RUN_ARGS[:3], "60000", *RUN_ARGS[4:], "--chunk", "1000", "--quiet"]
    whole, shared = tmp_path / "whole", tmp_path / "shared"
    assert call(capsys, *args, "--out", str(whole))[0] == 0
    interrupted = allfours(*args, "--out", str(shared))
    wait_for_chunks(shared, interrupted, 2)
    interrupted.kill()
    interrupted.wait()
    pair = [allfours(*args, "--out", str(shared), "--resume") for _ in range(2)]
    outcomes = sorted((p.wait(timeout=120), p.stderr.read()) for p in pair)
    assert outcomes[0] == (0, ""), outcomes
    # The other was refused, or started only after the first had finished everything.
    refused = outcomes[1][0] == 2 and "being written by another allfours process" in outcomes[1][1]
    assert refused or outcomes[1] == (0, ""), outcomes
    assert folder_bytes(shared) == folder_bytes(whole)
    assert len((shared / MANIFEST).read_text().splitlines()) == 1 + 60


def test_a_repaired_folder_and_one_written_out_of_order_are_byte_identical(tmp_path):
    write_run(tmp_path / "whole", PITCH, Embedded(), size=700)
    repaired = tmp_path / "repaired"
    write_run(repaired, PITCH, Embedded(), size=700)
    (repaired / "deals" / "part-000001.parquet").unlink()
    write_run(repaired, PITCH, Embedded(), size=700, resume=True)
    assert folder_bytes(repaired) == folder_bytes(tmp_path / "whole")

    class LastFirst(Embedded):
        """Chunks finishing in the reverse order, as on a cluster."""

        def imap(self, function, spec, pieces, *args):
            yield from super().imap(function, spec, list(reversed(pieces)), *args)

    write_run(tmp_path / "reversed", PITCH, LastFirst(), size=700)
    assert folder_bytes(tmp_path / "reversed") == folder_bytes(tmp_path / "whole")


def test_the_documented_readers_refuse_a_damaged_folder_and_ignore_stray_files(tmp_path):
    from analysis.tables import MANIFEST as MARK
    from analysis.tables import load

    assert MARK == MANIFEST
    directory = tmp_path / "d"
    write_run(directory, PITCH, Embedded(), size=700)
    clean = read_rows(directory)
    stray = directory / "deals" / "part-000099.parquet"
    stray.write_bytes((directory / "deals" / "part-000000.parquet").read_bytes())
    pd.testing.assert_frame_equal(read_rows(directory), clean)
    for folder in (directory, directory / "deals"):
        assert len(load(folder)) == len(clean) == PITCH.count
    flipped = directory / "deals" / "part-000002.parquet"
    data = bytearray(flipped.read_bytes())
    data[len(data) // 2] ^= 0x01
    flipped.write_bytes(bytes(data))
    for reader in (read_rows, load):
        with pytest.raises(DatasetError, match="incomplete or damaged"):
            reader(directory)
    flipped.unlink()
    with pytest.raises(DatasetError, match="incomplete or damaged"):
        load(directory / "deals")
