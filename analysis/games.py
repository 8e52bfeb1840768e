"""Packages of per-game modules (`analysis.odds`, `analysis.plots`): each game's functions
live in the game's own module and are offered under the package's name too, so that
generic code never lists the games."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any


def gather(package: str, path: list[str], namespace: dict[str, Any]) -> list[str]:
    """Import every module of `package` (found on `path`) and copy the names each lists in
    `__all__` into `namespace`, the package's own; returns the names copied. A name
    offered by two modules is refused."""
    names: list[str] = []
    for found in sorted(pkgutil.iter_modules(path), key=lambda module: module.name):
        module = importlib.import_module(f"{package}.{found.name}")
        for name in getattr(module, "__all__", ()):
            if name in names:
                raise ImportError(f"{package}: {name} is offered by two modules")
            namespace[name] = getattr(module, name)
            names.append(name)
    return names
