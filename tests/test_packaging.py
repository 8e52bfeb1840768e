"""The package data: every file beside the code that the code reads (pages, networks,
fitted tables) is named by pyproject's package-data, so a wheel carries it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _packages() -> list[Path]:
    """The folders setuptools installs as packages (`packages.find`: sims and analysis)."""
    return sorted(
        init.parent for top in ("sims", "analysis") for init in ROOT.glob(f"{top}/**/__init__.py")
    )


def _shipped() -> set[Path]:
    """The files the package-data patterns match, each under its package's folder ("*"
    names every package)."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    patterns = settings["tool"]["setuptools"]["package-data"]
    found: set[Path] = set()
    for folder in _packages():
        name = ".".join(folder.relative_to(ROOT).parts)
        for key in ("*", name):
            for pattern in patterns.get(key, []):
                found |= {path for path in folder.glob(pattern) if path.is_file()}
    return found


def _data_files() -> set[Path]:
    """Every file in the packages' folders that is not Python source or bytecode."""
    return {
        path
        for folder in _packages()
        for path in folder.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }


def test_every_data_file_of_the_packages_ships_in_the_wheel():
    data = _data_files()
    assert {path.parent.name for path in data} >= {"networks", "calibrated_tables", "static"}
    missing = sorted(str(path.relative_to(ROOT)) for path in data - _shipped())
    assert missing == []
