"""Where compiled kernels and the generated strategy dispatcher live on disk.

The cache root holds one build folder per fingerprint of the sources. The package deletes
only what it can prove it made: a folder named as a fingerprint that holds the marker file
this module writes into every build folder it creates. A root that cannot be used (a file,
read-only, unreachable) costs a compile into a temporary folder, with one warning line,
never the run; a cache entry that does not load is discarded and compiled again.
"""

from __future__ import annotations

import atexit
import glob
import hashlib
import os
import re
import shutil
import sys
import tempfile
from importlib.metadata import version as installed_version
from pathlib import Path

KEEP_BUILDS = 4  # compiled builds kept, most recently used first
MARKER = ".allfours-build"  # written into each build folder; holds the folder's fingerprint
DISPATCHER = "allfours_dispatch.py"  # the generated strategy dispatcher, in the build folder
FINGERPRINT = re.compile(r"[0-9a-f]{16}")
NUMBA_FOLDER = re.compile(r"\w+_[0-9a-f]{40}")  # numba's cache folder of one source folder

# Modules no engine kernel compiles or reads constants from (paths in the package): editing
# them keeps the kernels. The tools, the run machinery and the registry of games are plain
# Python, but for `run/counters.py`, which the games' counting kernels compile; so are the
# games' plain-Python references, the referees that re-score logs by them, and the
# games' package `__init__` modules (their help texts).
PLAIN_LAYERS = {"tools", "run", "descriptors"}
COMPILED_IN_PLAIN_LAYERS = {"run/counters.py"}
PLAIN_PYTHON = {"core/options.py", "engine/threads.py", "_cache.py", "_inlining.py"}
PLAIN_FILES = (
    "games/*/reference*.py",
    "games/reference*.py",
    "games/*/referee.py",
    "games/*/__init__.py",  # what a game tells the command line's help
)


def source_fingerprint(package_dir: Path, version: str) -> str:
    """Hash of every source a kernel is compiled from or reads constants from, the package
    version and numba's version."""
    digest = hashlib.sha256(f"{version}:{installed_version('numba')}".encode())
    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir)
        name = relative.as_posix()
        plain_layer = relative.parts[0] in PLAIN_LAYERS and name not in COMPILED_IN_PLAIN_LAYERS
        if plain_layer or name in PLAIN_PYTHON or any(map(relative.match, PLAIN_FILES)):
            continue
        digest.update(str(relative).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """`$ALLFOURS_CACHE_DIR`, else `$XDG_CACHE_HOME/allfours`, else `~/.cache/allfours`."""
    root = os.environ.get("ALLFOURS_CACHE_DIR")
    if root:
        return Path(root).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "allfours"


def configure_numba_cache(version: str) -> Path:
    """Point numba's cache at the build folder of this version's sources and return it.

    numba is not imported here (it takes a second): its cache folder is set through
    `NUMBA_CACHE_DIR`, which numba reads when it is imported, so that importing the package
    stays quick and the command line can answer Ctrl-C at once.
    """
    fingerprint = source_fingerprint(Path(__file__).parent, version)
    try:
        folder = _build_folder(cache_root(), fingerprint)
    except OSError as error:
        folder = _temporary_build_folder()
        sys.stderr.write(
            f"allfours: warning: the kernel cache {_describe_root()} cannot be used "
            f"({error.strerror or error}); compiling into a temporary folder for this run "
            "(set ALLFOURS_CACHE_DIR to a writable folder to keep the compiled kernels)\n"
        )
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:  # imported before this package: set its live configuration
        sys.modules["numba"].config.CACHE_DIR = str(folder)
    return folder


def _describe_root() -> str:
    try:
        return repr(str(cache_root()))
    except RuntimeError:  # no home folder to expand
        return "folder"


def _build_folder(root: Path, fingerprint: str) -> Path:
    """The marked build folder of `fingerprint` under `root`, made if need be and proven
    writable; older builds of ours beyond the most recent few are removed."""
    folder = root / fingerprint
    folder.mkdir(parents=True, exist_ok=True)
    marker = folder / MARKER
    if not _marked(folder):
        if any(not _built_by_us(path.name) for path in folder.iterdir()):
            raise FileExistsError(f"{folder} exists and was not made by allfours")
        # Written whole under another name and renamed: a process starting beside this one
        # reads the marker as it was or as it is, never half written.
        temporary = folder / f"{MARKER}.{os.getpid()}.tmp"
        temporary.write_text(fingerprint)
        os.replace(temporary, marker)
    os.utime(folder)  # recency, for the sweep, and proof that the folder is writable
    _forget_old_builds(root)
    return folder


def _marked(folder: Path) -> bool:
    """Whether `folder` has a fingerprint's name, is no link and holds a marker file (not a
    link) that names it."""
    marker = folder / MARKER
    try:
        return (
            FINGERPRINT.fullmatch(folder.name) is not None
            and not folder.is_symlink()
            and marker.is_file()
            and not marker.is_symlink()
            and marker.read_text(errors="replace") == folder.name
        )
    except OSError:
        return False


def _is_ours(folder: Path) -> bool:
    """Whether `folder` is a build folder this module made: marked, or (a build made before
    builds were marked) a fingerprint's name holding nothing but the dispatcher and numba's
    cache files."""
    if _marked(folder):
        return True
    try:
        if FINGERPRINT.fullmatch(folder.name) is None or folder.is_symlink():
            return False
        names = [path.name for path in folder.iterdir()]
        return DISPATCHER in names and all(_built_by_us(name) for name in names)
    except OSError:
        return False


def _built_by_us(name: str) -> bool:
    """Whether a name is one a build folder of ours holds: the dispatcher, its bytecode,
    a folder of numba's cache files (named after a source folder and a hash), or a marker
    (one that a process starting beside this one renamed into place after this one looked
    for it, or one being written)."""
    return (
        name in (DISPATCHER, "__pycache__", MARKER)
        or NUMBA_FOLDER.fullmatch(name) is not None
        or name.startswith(f"{MARKER}.")
    )


def _forget_old_builds(root: Path, keep: int = KEEP_BUILDS) -> None:
    """Remove all but the `keep` most recently used of our build folders under `root`;
    anything else there is not ours and is never touched."""
    ours = [path for path in root.iterdir() if _is_ours(path)]
    ours.sort(key=lambda path: path.stat().st_mtime, reverse=True)
    for stale in ours[keep:]:
        shutil.rmtree(stale, ignore_errors=True)


def _temporary_build_folder() -> Path:
    """A build folder for this process only, removed when it exits."""
    folder = Path(tempfile.mkdtemp(prefix="allfours-kernels-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def guard_cache_loads() -> None:
    """Make a cache entry that does not load a miss: discard its files (only them), say so
    in one line, and let numba compile it again. Called by numba's extension hook
    (`sims.prepare_numba`) as numba prepares its first compile or cache load, before it
    reads any cache file."""
    from numba.core.caching import IndexDataCacheFile

    load = IndexDataCacheFile.load
    if getattr(load, "guarded", False):
        return

    def load_or_discard(self, key):
        try:
            return load(self, key)
        except Exception as error:
            name = _discard(Path(self._index_path))
            sys.stderr.write(
                f"allfours: warning: the compiled-kernel cache entry {name} could not be "
                f"loaded ({type(error).__name__}: {error}); discarded, compiling it again\n"
            )
            return None

    load_or_discard.guarded = True
    IndexDataCacheFile.load = load_or_discard


def _discard(index: Path) -> str:
    """Remove the index of a numba cache entry and its data files; returns its name."""
    base = index.name.removesuffix(".nbi")
    for path in index.parent.glob(f"{glob.escape(base)}.*"):
        if path.suffix in (".nbi", ".nbc"):
            path.unlink(missing_ok=True)
    return base
