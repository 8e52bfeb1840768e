"""Finding the games: the packages of `sims.games`, by what they hold, without importing
any of them, so that generic code asks this and never names a game."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from pathlib import Path
from typing import Any

GAMES = "sims.games"  # the package whose subpackages are the games


@cache
def game_packages(part: str) -> tuple[str, ...]:
    """The names of the game packages that have a module or package `part` (`rules`,
    `descriptor`, `strategies`), in name order; read once a process (generic code asks
    for every deal it logs)."""
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


def told(attribute: str) -> dict[str, Any]:
    """What each game's package says of itself in its `__init__` (`TITLE`, `EXAMPLES`,
    `NOTES`: the words of the command line's help), by game, for the games with a
    descriptor; a game that says nothing is left out. Only the packages' `__init__`
    modules are imported, which hold no code, so the help stays quick to build."""
    found = {}
    for name in game_packages("descriptor"):
        package = importlib.import_module(f"{GAMES}.{name}")
        if hasattr(package, attribute):
            found[name] = getattr(package, attribute)
    return found
