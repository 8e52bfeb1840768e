"""Where compiled kernels and the generated strategy dispatcher live on disk."""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from importlib.metadata import version as installed_version
from pathlib import Path

KEEP_BUILDS = 4  # compiled builds kept, most recently used first

# Modules no engine kernel compiles or reads constants from (paths in the package): editing
# them keeps the kernels. The tools and the run machinery are plain Python, but for
# `run/counters.py`, which the games' counting kernels compile.
PLAIN_LAYERS = {"tools", "run", "reference"}
COMPILED_IN_PLAIN_LAYERS = {"run/counters.py"}
PLAIN_PYTHON = {"core/options.py", "_cache.py"}


def source_fingerprint(package_dir: Path, version: str) -> str:
    """Hash of every source a kernel is compiled from or reads constants from, the package
    version and numba's version."""
    digest = hashlib.sha256(f"{version}:{installed_version('numba')}".encode())
    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir)
        name = relative.as_posix()
        plain_layer = relative.parts[0] in PLAIN_LAYERS and name not in COMPILED_IN_PLAIN_LAYERS
        if plain_layer or name in PLAIN_PYTHON:
            continue
        digest.update(str(relative).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def configure_numba_cache(version: str) -> Path:
    """Point numba's cache at `<cache root>/<fingerprint>` and return that folder.

    The root is `$ALLFOURS_CACHE_DIR`, else `$XDG_CACHE_HOME/allfours`, else
    `~/.cache/allfours`. numba is not imported here (it takes a second): its cache folder
    is set through `NUMBA_CACHE_DIR`, which numba reads when it is imported, so that
    importing the package stays quick and the command line can answer Ctrl-C at once.
    """
    root = os.environ.get("ALLFOURS_CACHE_DIR")
    if not root:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = str(Path(xdg) / "allfours")
    folder = Path(root) / source_fingerprint(Path(__file__).parent, version)
    folder.mkdir(parents=True, exist_ok=True)
    os.utime(folder)
    _forget_old_builds(folder.parent)
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:  # imported before this package: set its live configuration
        sys.modules["numba"].config.CACHE_DIR = str(folder)
    return folder


def _forget_old_builds(root: Path, keep: int = KEEP_BUILDS) -> None:
    """Remove all but the `keep` most recently used fingerprint folders."""
    folders = sorted(
        (path for path in root.iterdir() if path.is_dir()),
        key=lambda path: path.stat().st_mtime,
        reverse=True,
    )
    for stale in folders[keep:]:
        shutil.rmtree(stale, ignore_errors=True)
