"""Strategies: every module of this package registers its strategies when imported.

Built-in strategies are called from cached kernels through `decide(fid, view, params,
rng)`, a dispatcher generated from the registry into the package's cache folder (named
after a hash of the package's sources, so it is rebuilt whenever a strategy changes).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Callable
from pathlib import Path

from sims import CACHE_DIR
from sims.strategies.registry import (
    SeatStrategy,
    Strategy,
    StrategyError,
    functions,
    inlined,
    register,
    resolve,
    strategies,
)

__all__ = [
    "SeatStrategy",
    "Strategy",
    "StrategyError",
    "decide",
    "register",
    "resolve",
    "strategies",
]

_INFRASTRUCTURE = {"registry", "view"}


def _import_families() -> None:
    """Import every strategy module of the package, in name order (stable ids)."""
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name not in _INFRASTRUCTURE and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")


def _dispatch_tree(low: int, high: int, indent: str) -> list[str]:
    """Nested ifs that find function `fid` among ids low..high-1 by halving."""
    if high - low == 1:
        return [f"{indent}return f{low}(view, params, rng)"]
    middle = (low + high) // 2
    return [
        f"{indent}if fid < {middle}:",
        *_dispatch_tree(low, middle, indent + "    "),
        *_dispatch_tree(middle, high, indent),
    ]


def _dispatcher_source(table: list[Callable]) -> str:
    """Python source of `decide`: a binary search over the registered functions, each
    inlined (unless registered with inline=False), so a call costs a few well-predicted
    compares."""
    lines = ['"""Generated from the strategy registry: calls decision function `fid`."""']
    lines.append("from numba import njit")
    for fid, function in enumerate(table):
        python = function.py_func
        lines.append(f"from {python.__module__} import {python.__name__} as _f{fid}")
    lines.append("")
    for fid, function in enumerate(table):
        compiled = f"njit(inline='always')(_f{fid}.py_func)" if inlined(function) else f"_f{fid}"
        lines.append(f"f{fid} = {compiled}")
    lines += ["", "", "@njit(cache=True, inline='always')", "def decide(fid, view, params, rng):"]
    lines += [f"    if fid < 0 or fid >= {len(table)}:", "        return -1"]
    lines += [*_dispatch_tree(0, len(table), "    "), ""]
    return "\n".join(lines)


def _load_dispatcher(table: list[Callable]) -> Callable:
    """Write the dispatcher module (only if it changed, atomically) and import it."""
    path = Path(CACHE_DIR) / "allfours_dispatch.py"
    source = _dispatcher_source(table)
    if not path.exists() or path.read_text() != source:
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(source)
        os.replace(temporary, path)
    spec = importlib.util.spec_from_file_location("allfours_dispatch", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.decide


_import_families()
decide = _load_dispatcher(functions())
