"""Strategies: every module of this package registers its strategies when imported.

Built-in strategies are called from cached kernels through a dispatcher per table of
`registry.TABLE_OF`, `decide_pitch(fid, view, params, rng)` and its kin, generated from the
registry into the package's cache folder (named after a hash of the package's sources, so
it is rebuilt whenever a strategy changes).
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
    TABLE_OF,
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
    "decide_phat",
    "decide_pitch",
    "decide_solowhist",
    "register",
    "resolve",
    "strategies",
]

_INFRASTRUCTURE = {"registry", "sampling", "view"}


def _import_families() -> None:
    """Import every strategy module of the package, in name order (stable ids)."""
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name not in _INFRASTRUCTURE and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")


def _dispatch_tree(prefix: str, low: int, high: int, indent: str) -> list[str]:
    """Nested ifs that find function `fid` among ids low..high-1 by halving."""
    if high - low == 1:
        return [f"{indent}return {prefix}{low}(view, params, rng)"]
    middle = (low + high) // 2
    return [
        f"{indent}if fid < {middle}:",
        *_dispatch_tree(prefix, low, middle, indent + "    "),
        *_dispatch_tree(prefix, middle, high, indent),
    ]


def _dispatcher_source(tables: dict[str, list[Callable]]) -> str:
    """Python source of one `decide_TABLE` per table: a binary search over its functions,
    each inlined (unless registered with inline=False), so a call costs a few
    well-predicted compares."""
    lines = ['"""Generated from the strategy registry: calls decision function `fid`."""']
    lines.append("from numba import njit")
    for table, functions_ in tables.items():
        for fid, function in enumerate(functions_):
            python = function.py_func
            lines.append(f"from {python.__module__} import {python.__name__} as _{table}{fid}")
    for table, functions_ in tables.items():
        lines.append("")
        for fid, function in enumerate(functions_):
            name = f"_{table}{fid}"
            compiled = f"njit(inline='always')({name}.py_func)" if inlined(function) else name
            lines.append(f"{table}{fid} = {compiled}")
        lines += ["", "", "@njit(cache=True, inline='always')"]
        lines += [f"def decide_{table}(fid, view, params, rng):"]
        lines += [f"    if fid < 0 or fid >= {len(functions_)}:", "        return -1"]
        lines += [*_dispatch_tree(table, 0, len(functions_), "    "), ""]
    return "\n".join(lines)


def _load_dispatchers(tables: dict[str, list[Callable]]):
    """Write the dispatcher module (only if it changed, atomically) and import it."""
    path = Path(CACHE_DIR) / "allfours_dispatch.py"
    source = _dispatcher_source(tables)
    if not path.exists() or path.read_text() != source:
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(source)
        os.replace(temporary, path)
    spec = importlib.util.spec_from_file_location("allfours_dispatch", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_import_families()
_dispatch = _load_dispatchers({name: functions(name) for name in dict.fromkeys(TABLE_OF.values())})
decide_pitch = _dispatch.decide_pitch
decide_phat = _dispatch.decide_phat
decide_solowhist = _dispatch.decide_solowhist
