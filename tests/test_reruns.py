"""A rerun never loses what the run before it wrote: outputs are checked before the first
deal, an existing file is replaced only with --force, and the files of a run are moved
into place together, so a failure or a signal leaves the old ones as they were."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sims.run.output import OutputError, write_together
from sims.tools.cli import main


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


def _first_run(folder: Path) -> dict[str, bytes]:
    assert (
        main(["simulate", "phat", "--deals", "500", "--quiet", "--out", str(folder / "x.parquet")])
        == 0
    )
    return _files(folder)


def test_a_second_output_that_cannot_be_written_keeps_the_first_run_s_file(tmp_path):
    before = _first_run(tmp_path)
    (tmp_path / "d.jsonl").mkdir()
    with pytest.raises(SystemExit) as stop:
        main(
            [
                "simulate",
                "phat",
                "--deals",
                "500",
                "--seed",
                "78",
                "--force",
                "--quiet",
                "--out",
                str(tmp_path / "x.parquet"),
                "--log",
                str(tmp_path / "d.jsonl"),
            ]
        )
    assert stop.value.code == 2
    assert _files(tmp_path) == before


def test_a_writer_that_fails_late_leaves_every_old_file_and_no_temporary(tmp_path):
    old = {name: f"old {name}".encode() for name in ("a.txt", "b.txt")}
    for name, data in old.items():
        (tmp_path / name).write_bytes(data)

    def fail(path: Path) -> None:
        path.write_text("half")
        raise OSError(28, "No space left on device")

    writers = {tmp_path / "a.txt": lambda path: path.write_text("new a"), tmp_path / "b.txt": fail}
    with pytest.raises(OutputError, match="b.txt: No space left on device"):
        write_together(writers)
    assert _files(tmp_path) == old
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.txt", "b.txt"]


def test_a_move_that_fails_puts_back_the_files_already_moved(tmp_path):
    (tmp_path / "a.txt").write_text("old a")
    (tmp_path / "b").mkdir()  # a folder in the way: the second move fails
    writers = {
        tmp_path / "a.txt": lambda p: p.write_text("new a"),
        tmp_path / "b": lambda p: p.write_text("new b"),
    }
    with pytest.raises(OutputError):
        write_together(writers)
    assert (tmp_path / "a.txt").read_text() == "old a"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.txt", "b"]


def test_an_interrupt_while_writing_keeps_the_old_files(tmp_path):
    (tmp_path / "a.txt").write_text("old a")

    def interrupted(path: Path) -> None:
        path.write_text("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_together(
            {tmp_path / "new.txt": lambda p: p.write_text("new"), tmp_path / "a.txt": interrupted}
        )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.txt"]
    assert (tmp_path / "a.txt").read_text() == "old a"


@pytest.mark.parametrize(
    "option, name", [("--out", "x.parquet"), ("--log", "d.jsonl"), ("--chart", "c.png")]
)
def test_an_existing_file_is_refused_without_force(tmp_path, capsys, option, name):
    target = tmp_path / name
    target.write_text("not a run of ours")
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "phat", "--deals", "200", "--quiet", option, str(target)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"{option} {str(target)!r} exists: give --force" in err
    assert target.read_text() == "not a run of ours"
    assert (
        main(["simulate", "phat", "--deals", "200", "--quiet", "--force", option, str(target)]) == 0
    )
    assert target.read_bytes() != b"not a run of ours"


@pytest.mark.parametrize("option, name", [("--log", "d.jsonl"), ("--chart", "c.png")])
def test_a_folder_where_a_file_goes_is_refused_before_the_first_deal(
    tmp_path, capsys, option, name
):
    (tmp_path / name).mkdir()
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "phat", "--deals", "200", option, str(tmp_path / name)])
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert "is a folder: give the name of a file" in captured.err
    assert "phat:" not in captured.out  # refused before the run's header


def test_a_tilde_is_expanded_once_for_every_path(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "phat", "--deals", "200", "--quiet", "--out", "~/runs/x.parquet"]) == 0
    assert (tmp_path / "home" / "runs" / "x.parquet").is_file()
    assert not (tmp_path / "~").exists()
    assert os.listdir(tmp_path / "home" / "runs") == ["x.parquet"]


def test_a_tilde_naming_no_user_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "phat", "--deals", "10", "--out", "~nosuchuser0/x.parquet"])
    assert stop.value.code == 2
    assert "'~nosuchuser0/x.parquet': the ~ names no home folder" in capsys.readouterr().err
