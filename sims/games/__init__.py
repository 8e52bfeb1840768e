"""The games, one package each: `sims/games/<game>/` holds everything of a game the
simulator needs (its rules, deal loop, strategies and their data, descriptor and
plain-Python reference). Generic code finds them here by name, never by import."""

from __future__ import annotations

import pkgutil
from pathlib import Path


def game_packages(part: str) -> tuple[str, ...]:
    """The names of the game packages that have a module or package `part` (`rules`,
    `descriptor`, `strategies`), in name order, found without importing any of them."""
    root = Path(__path__[0])
    return tuple(
        sorted(
            found.name
            for found in pkgutil.iter_modules(__path__)
            if found.ispkg
            and (
                (root / found.name / f"{part}.py").is_file()
                or (root / found.name / part / "__init__.py").is_file()
            )
        )
    )
