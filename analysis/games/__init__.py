"""Each game's analysis is a package of its own, `analysis.games.<game>`: its summaries
(`summary`), odds for a hand (`odds`), figures (`plots`, `<topic>_plots`) and its house
style (`STYLE` in the package's `__init__`). Generic modules find them by listing this
package, never by naming a game."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any


def packages() -> list[str]:
    """The games with an analysis package, in name order."""
    return sorted(found.name for found in pkgutil.iter_modules(__path__) if found.ispkg)


def modules(part: str) -> list[ModuleType]:
    """Every game's module named `part` or `<topic>_<part>` (`plots`, `leads_plots`), in
    game and name order."""
    found = []
    for game in packages():
        package = importlib.import_module(f"{__name__}.{game}")
        for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if module.name == part or module.name.endswith(f"_{part}"):
                found.append(importlib.import_module(f"{package.__name__}.{module.name}"))
    return found


def gather(sources: list[ModuleType], namespace: dict[str, Any]) -> list[str]:
    """Copy the names each module of `sources` lists in `__all__` into `namespace` (a
    package's own), so that they are offered under the package's name too; returns the
    names copied. A name offered by two modules is refused."""
    names: list[str] = []
    for module in sources:
        for name in getattr(module, "__all__", ()):
            if name in names:
                raise ImportError(f"{name} is offered by two modules (one is {module.__name__})")
            namespace[name] = getattr(module, name)
            names.append(name)
    return names
