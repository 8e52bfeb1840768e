"""The kernel cache deletes only what it made, survives a folder it cannot use, and
compiles again an entry that does not load."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sims
from sims import _cache

FINGERPRINTS = [f"{n:016x}" for n in range(1, 8)]


def _allfours(*args: str, cache: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    environment = {**os.environ, "ALLFOURS_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "sims.tools.cli", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=timeout,
    )


def _user_folders(root: Path) -> dict[str, str]:
    """Folders that look like a user's work, some named like a build: each holds a file."""
    made = {}
    for name in [*(f"userproject{n}" for n in range(1, 9)), "0123456789abcdef", "fedcba9876543210"]:
        (root / name).mkdir()
        (root / name / "notes.txt").write_text(f"work in {name}")
        made[name] = f"work in {name}"
    (root / "deadbeefdeadbeef").symlink_to(root / "userproject1")  # a link named like a build
    return made


def _assert_untouched(root: Path, made: dict[str, str]) -> None:
    for name, text in made.items():
        assert (root / name / "notes.txt").read_text() == text, f"{name} was touched"
    assert (root / "deadbeefdeadbeef").is_symlink()


def test_the_sweep_removes_only_old_builds_of_its_own(tmp_path):
    made = _user_folders(tmp_path)
    for age, fingerprint in enumerate(FINGERPRINTS):
        folder = tmp_path / fingerprint
        folder.mkdir()
        (folder / _cache.MARKER).write_text(fingerprint)
        stamp = time.time() - 1000 * (age + 1)
        os.utime(folder, (stamp, stamp))
    built = _cache._build_folder(tmp_path, "00000000000000aa")
    assert (built / _cache.MARKER).read_text() == "00000000000000aa"
    _assert_untouched(tmp_path, made)
    kept = {path.name for path in tmp_path.iterdir() if (path / _cache.MARKER).is_file()}
    # The new build and the three most recent before it: the oldest four are gone.
    assert kept == {"00000000000000aa", *FINGERPRINTS[:3]}


def test_a_folder_named_like_a_build_but_not_ours_is_never_adopted(tmp_path):
    (tmp_path / "00000000000000aa").mkdir()
    (tmp_path / "00000000000000aa" / "thesis.tex").write_text("mine")
    with pytest.raises(FileExistsError, match="not made by allfours"):
        _cache._build_folder(tmp_path, "00000000000000aa")
    assert (tmp_path / "00000000000000aa" / "thesis.tex").read_text() == "mine"


def test_a_marker_renamed_in_by_a_process_starting_beside_this_one_is_ours(tmp_path, monkeypatch):
    # The race of processes starting together, played in order: this one finds no marker,
    # the other renames its marker into the folder, this one then lists the folder.
    folder = tmp_path / "00000000000000aa"
    folder.mkdir()
    (folder / _cache.MARKER).write_text(folder.name)  # the other process's, just renamed
    monkeypatch.setattr(_cache, "_marked", lambda path: False)  # as this one saw it
    assert _cache._build_folder(tmp_path, folder.name) == folder
    assert (folder / _cache.MARKER).read_text() == folder.name


def test_a_run_with_the_cache_in_a_users_folder_deletes_none_of_it(tmp_path):
    made = _user_folders(tmp_path)
    shutil.copytree(sims.CACHE_DIR, tmp_path / sims.CACHE_DIR.name, symlinks=True)
    done = _allfours(
        "simulate", "phat", "--deals", "1000", "--strategy", "random", "--quiet", cache=tmp_path
    )
    assert done.returncode == 0, done.stderr
    _assert_untouched(tmp_path, made)


def test_a_cache_path_that_is_a_file_costs_a_warning_not_the_run(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file")
    for args in (["--help"], ["strategies"]):
        done = _allfours(*args, cache=blocker)
        assert done.returncode == 0, done.stderr
        warnings = [line for line in done.stderr.splitlines() if "warning" in line]
        assert len(warnings) == 1 and "cannot be used" in warnings[0], done.stderr
        assert "Traceback" not in done.stderr
    assert blocker.read_text() == "a file"


@pytest.mark.parametrize("failing", ["mkdir", "write_text", "utime"])
def test_a_read_only_cache_falls_back_to_a_temporary_folder(tmp_path, monkeypatch, capsys, failing):
    """A read-only file system refuses, as the case may be, the folder (empty cache), the
    marker or the time stamp (filled cache): each costs one warning and a temporary folder."""
    monkeypatch.setenv("ALLFOURS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", os.environ.get("NUMBA_CACHE_DIR", ""))
    import numba

    monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    owner = {"mkdir": Path, "write_text": Path, "utime": os}[failing]
    monkeypatch.setattr(owner, failing, refuse)
    folder = _cache.configure_numba_cache(sims.__version__)
    monkeypatch.undo()
    assert folder.is_dir() and folder.name.startswith("allfours-kernels-")
    assert not str(folder).startswith(str(tmp_path))
    warning = capsys.readouterr().err
    assert warning.count("\n") == 1 and "Read-only file system" in warning
    shutil.rmtree(folder)


NAMESPACE = ["unshare", "--user", "--map-root-user", "--mount"]


def _namespaces_allowed() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run([*NAMESPACE, "true"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _namespaces_allowed(), reason="needs `unshare --user --mount`")
@pytest.mark.parametrize("case", ["empty cache", "filled cache", "home"])
def test_a_cache_on_a_read_only_file_system_costs_a_warning_not_the_run(tmp_path, case):
    """The folder is made read-only by a mount in a private namespace of the command."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if case == "filled cache":  # this build's folder, made before the file system is locked
        fingerprint = _cache.source_fingerprint(Path(sims.__file__).parent, sims.__version__)
        _cache._build_folder(folder, fingerprint)
    environment = {**os.environ, "HOME": str(folder), "ALLFOURS_CACHE_DIR": str(folder)}
    if case == "home":
        environment.pop("ALLFOURS_CACHE_DIR")
        environment.pop("XDG_CACHE_HOME", None)
    script = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" || exit 99; "$@"'
    done = subprocess.run(
        [
            *NAMESPACE,
            "bash",
            "-c",
            script,
            str(folder),
            sys.executable,
            "-m",
            "sims.tools.cli",
            "strategies",
        ],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "Read-only file system" in done.stderr
    assert "greedy" in done.stdout


def _corrupt_copy(root: Path, kernel: str) -> list[Path]:
    """A copy under `root` of the build the command line uses now, with the cache files of
    `kernel` garbled."""
    fingerprint = _cache.source_fingerprint(Path(sims.__file__).parent, sims.__version__)
    build = root / fingerprint
    shutil.copytree(_cache.cache_root() / fingerprint, build, symlinks=True)
    garbled = [path for path in build.rglob(f"*{kernel}*") if path.suffix in (".nbi", ".nbc")]
    for path in garbled:
        path.write_bytes(b"*" * 64)
    return garbled


@pytest.mark.slow
def test_a_corrupt_cache_entry_is_discarded_and_compiled_again(tmp_path):
    intact = _allfours(
        "simulate", "phat", "--deals", "300", "--aggregate", "--json", cache=_cache.cache_root()
    )
    assert intact.returncode == 0, intact.stderr
    # Kernels quick to compile again: the counters' (every game's; --aggregate loads Phat's).
    garbled = _corrupt_copy(tmp_path, "_count_nb")
    assert garbled, "no cache entry of the counters' kernel to garble"
    done = _allfours("simulate", "phat", "--deals", "300", "--aggregate", "--json", cache=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == intact.stdout
    notes = [line for line in done.stderr.splitlines() if "discarded" in line]
    assert notes and all("_count_nb" in line for line in notes), done.stderr
    assert "strategy" not in done.stderr
    again = _allfours("simulate", "phat", "--deals", "300", "--aggregate", "--json", cache=tmp_path)
    assert again.returncode == 0 and "discarded" not in again.stderr  # saved whole again


def test_processes_starting_together_share_the_build_without_a_warning(tmp_path):
    """Dask workers start side by side: none may find the build folder half marked and
    fall back to compiling on its own."""
    environment = {**os.environ, "ALLFOURS_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-c", "import sims"]
    for _ in range(3):  # the first round makes the folder, the later ones find it
        started = [
            subprocess.Popen(command, env=environment, stderr=subprocess.PIPE, text=True)
            for _ in range(8)
        ]
        errors = [process.communicate(timeout=120)[1] for process in started]
        assert all(process.returncode == 0 for process in started)
        assert not any(errors), errors
    assert [path.name for path in tmp_path.iterdir()] == [
        _cache.source_fingerprint(Path(sims.__file__).parent, sims.__version__)
    ]
