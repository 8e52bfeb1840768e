"""The writer's lock of a dataset folder: created without following a link, refused where
its name holds anything but an allfours lock file, and nothing written to what is there."""

import os

import pytest

from sims.run.dataset import LOCK, DatasetError, exclusive
from tests.conftest import call


def test_a_symlinked_lock_is_refused_and_its_target_kept(tmp_path, capsys):
    target = tmp_path / "precious.txt"
    target.write_text("the user's data\n")
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / LOCK).symlink_to(target)
    with pytest.raises(DatasetError, match="is a symbolic link"), exclusive(folder):
        pytest.fail("the lock was taken through a link")
    code, _, err = call(capsys, "simulate", "phat", "--deals", "10", "--out", str(folder))
    assert code == 2 and "is a symbolic link" in err and "Traceback" not in err, err
    assert target.read_text() == "the user's data\n"
    assert (folder / LOCK).is_symlink()


def test_a_dangling_link_at_the_lock_creates_nothing(tmp_path):
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / LOCK).symlink_to(tmp_path / "made.txt")
    with pytest.raises(DatasetError, match="is a symbolic link"), exclusive(folder):
        pass
    assert not (tmp_path / "made.txt").exists()


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda path: os.mkfifo(path), "a fifo"),
        (lambda path: path.mkdir(), "a folder"),
        (lambda path: os.link(path.parent.parent / "other.txt", path), "other names"),
    ],
    ids=["fifo", "folder", "hard link"],
)
def test_a_lock_name_holding_no_lock_file_is_refused_at_once(tmp_path, make, named):
    (tmp_path / "other.txt").write_text("kept\n")
    folder = tmp_path / "d"
    folder.mkdir()
    make(folder / LOCK)
    with pytest.raises(DatasetError, match=named), exclusive(folder):
        pass
    assert (tmp_path / "other.txt").read_text() == "kept\n"
    assert os.path.lexists(folder / LOCK)


def test_a_lock_left_by_a_killed_run_is_taken_over_and_removed_at_the_end(tmp_path):
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / LOCK).write_text("99999\n")
    with exclusive(folder):
        assert (folder / LOCK).read_text() == f"{os.getpid()}\n"
    assert not (folder / LOCK).exists()
    with exclusive(tmp_path / "new" / "d"):
        assert (tmp_path / "new" / "d" / LOCK).read_text() == f"{os.getpid()}\n"
    assert not (tmp_path / "new" / "d" / LOCK).exists()
