"""Where compiled kernels and the generated strategy dispatcher live on disk."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba


def source_fingerprint(package_dir: Path, version: str) -> str:
    """Hash of every Python source of the package, the package version and numba's."""
    digest = hashlib.sha256(f"{version}:{numba.__version__}".encode())
    for path in sorted(package_dir.rglob("*.py")):
        digest.update(str(path.relative_to(package_dir)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def configure_numba_cache(version: str) -> Path:
    """Point numba's cache at `<cache root>/<fingerprint>` and return that folder.

    The root is `$ALLFOURS_CACHE_DIR`, else `$XDG_CACHE_HOME/allfours`, else
    `~/.cache/allfours`.
    """
    root = os.environ.get("ALLFOURS_CACHE_DIR")
    if not root:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = str(Path(xdg) / "allfours")
    folder = Path(root) / source_fingerprint(Path(__file__).parent, version)
    folder.mkdir(parents=True, exist_ok=True)
    numba.config.CACHE_DIR = str(folder)
    return folder
