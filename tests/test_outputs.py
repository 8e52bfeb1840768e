"""Outputs that cannot be written: a read-only folder is refused before the run, a full
disk ends the run in one line naming the file, and no partial file is left either way.

The folders are small tmpfs mounts made in a private mount namespace of the command's own
process (`unshare`), so nothing outside the test sees them; where the system allows no
such namespace the tests are skipped and say why."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NAMESPACE = ["unshare", "--user", "--map-root-user", "--mount"]


def _namespaces_allowed() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run([*NAMESPACE, "true"], capture_output=True)
    return probe.returncode == 0


pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not _namespaces_allowed(),
        reason="needs `unshare --user --mount` to mount a small tmpfs (no user namespaces here)",
    ),
]


def on_small_disk(folder: Path, options: str, *args: str) -> tuple[int, str, list[str]]:
    """Run `allfours ARGS` with a tmpfs mounted at `folder` (mount `options`: `size=64k`,
    `ro`): (exit status, stderr, what the tmpfs holds afterwards, recursively)."""
    folder.mkdir(exist_ok=True)
    script = 'mount -t tmpfs -o "$1" tmpfs "$0" || exit 99; shift; "$@"; echo "status=$?"; '
    script += 'find "$0" -mindepth 1 | sort'
    done = subprocess.run(
        [
            *NAMESPACE,
            "bash",
            "-c",
            script,
            str(folder),
            options,
            sys.executable,
            "-m",
            "sims.tools.cli",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    status = next(line for line in lines if line.startswith("status="))
    left = lines[lines.index(status) + 1 :]
    return int(status.removeprefix("status=")), done.stderr, left


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize(
    "option, name",
    [
        ("--out", "rows.parquet"),
        ("--log", "deals.jsonl"),
        ("--chart", "chart.png"),
        ("--out", "dataset"),
        ("--out", "sub/rows.parquet"),
    ],
)
def test_an_output_in_a_read_only_folder_is_refused_before_the_run(tmp_path, option, name):
    target = tmp_path / "ro" / name
    status, err, left = on_small_disk(
        tmp_path / "ro", "ro", "simulate", "pitch", "--deals", "20000", option, str(target)
    )
    assert status == 1
    line = one_line(err)
    assert "cannot write" in line and str(tmp_path / "ro") in line
    assert "Read-only file system" in line
    assert "pitch:" not in err  # refused before the run: no summary was printed
    assert left == []


def test_a_log_that_fills_the_disk_ends_in_one_line_with_no_partial_file(tmp_path):
    log = tmp_path / "full" / "deals.jsonl"
    status, err, left = on_small_disk(
        tmp_path / "full",
        "size=64k",
        "simulate",
        "pitch",
        "--deals",
        "3000",
        "--quiet",
        "--log",
        str(log),
    )
    assert status == 1
    assert one_line(err) == f"allfours: cannot write {log}: No space left on device"
    assert left == []


def test_when_one_output_fails_none_of_the_run_s_files_is_kept(tmp_path):
    folder = tmp_path / "full"
    status, err, left = on_small_disk(
        folder,
        "size=64k",
        "simulate",
        "phat",
        "--deals",
        "3000",
        "--quiet",
        "--out",
        str(folder / "rows.parquet"),
        "--log",
        str(folder / "deals.jsonl"),
    )
    assert status == 1
    assert "No space left on device" in one_line(err)
    assert left == []


def test_a_dataset_that_fills_the_disk_stops_in_one_line_and_keeps_whole_chunks(tmp_path):
    folder = tmp_path / "full"
    dataset = folder / "d"
    status, err, left = on_small_disk(
        folder,
        "size=256k",
        "simulate",
        "pitch",
        "--deals",
        "200000",
        "--chunk",
        "2000",
        "--quiet",
        "--out",
        str(dataset),
    )
    assert status == 1
    line = one_line(err)
    assert line.startswith(f"allfours: cannot write {dataset}/") and "No space left" in line
    assert not [path for path in left if path.endswith(".tmp") or path.endswith(".lock")]
    assert any(path.endswith("part-000000.parquet") for path in left)
