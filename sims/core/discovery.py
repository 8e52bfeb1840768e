"""Finding the games: the packages of `sims.games`, by what they hold, without importing
any of them, so that generic code asks this and never names a game."""

from __future__ import annotations

import importlib.util
import pkgutil
from pathlib import Path

GAMES = "sims.games"  # the package whose subpackages are the games


def game_packages(part: str) -> tuple[str, ...]:
    """The names of the game packages that have a module or package `part` (`rules`,
    `descriptor`, `strategies`), in name order."""
    root = Path(importlib.util.find_spec(GAMES).submodule_search_locations[0])
    return tuple(
        sorted(
            found.name
            for found in pkgutil.iter_modules([str(root)])
            if found.ispkg
            and (
                (root / found.name / f"{part}.py").is_file()
                or (root / found.name / part / "__init__.py").is_file()
            )
        )
    )
