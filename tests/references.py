"""Where the tests find a game's plain-Python oracle: `sims.games.<game>.referee` for a game
of the package (its `referee` and `timed_deal`), or the module a test registered with its
own game. The running program never imports either."""

from __future__ import annotations

import importlib
from types import ModuleType

_REGISTERED: dict[str, ModuleType] = {}


def register_referee(game: str, module: ModuleType) -> None:
    """Name `module` (with `referee`, and `timed_deal` where it is timed) as the referee of
    `game`, a game a test registered."""
    _REGISTERED[game] = module


def referee_module(game: str) -> ModuleType:
    """The module holding `game`'s `referee(spec, record)`; ModuleNotFoundError when the
    game brings none."""
    if game in _REGISTERED:
        return _REGISTERED[game]
    return importlib.import_module(f"sims.games.{game}.referee")
