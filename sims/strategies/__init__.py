"""Strategies: every module of this package, and of each game's `strategies` package,
registers its strategies when imported.

Built-in strategies are called from cached kernels through two deciders per table of
`registry.TABLE_OF`, `dispatcher(table)` for cards and `dispatcher(table, calls=True)` for
an auction's calls, each called as `decide(fid, view, params, kind, seat, rng)`, generated
from the registry into the package's cache folder (named after a hash of the package's
sources, so it is rebuilt whenever a strategy changes).
"""

from __future__ import annotations

import dis
import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Callable
from pathlib import Path

from sims import CACHE_DIR
from sims._cache import DISPATCHER
from sims.core.discovery import GAMES, game_packages
from sims.strategies.registry import (
    TABLE_OF,
    SeatStrategy,
    Strategy,
    StrategyError,
    bids,
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
    "dispatcher",
    "register",
    "resolve",
    "strategies",
]

_INFRASTRUCTURE = {"registry", "sampling", "view"}


def _import_families() -> None:
    """Import every strategy module: those of this package, then each game's
    `strategies` package, games and modules in name order (stable ids)."""
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name not in _INFRASTRUCTURE and not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}")
    for game in game_packages("strategies"):
        package = importlib.import_module(f"{GAMES}.{game}.strategies")
        for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            importlib.import_module(f"{package.__name__}.{module.name}")


def _reads_params(function: Callable) -> bool:
    """Whether a decision function's code reads its second argument, the parameters."""
    code = function.py_func.__code__
    name = code.co_varnames[1]
    for instruction in dis.get_instructions(code):
        if instruction.opname.startswith("LOAD_FAST"):
            loaded = instruction.argval
            if name == loaded or (isinstance(loaded, tuple) and name in loaded):
                return True
    return False


def _dispatcher_source(tables: dict[str, list[Callable]]) -> str:
    """Python source of two deciders per table, `decide_TABLE` for cards and
    `decide_TABLE_calls` for the calls of an auction, each `(fid, view, params, kind, seat,
    rng)`: a test of `fid` against each function of its kind (which LLVM compiles to one
    jump through a table), inlined unless registered with inline=False. A decider holds
    only its own kind's functions: each call site of a deal loop inlines all it holds.
    Only a function that reads its parameters gets its seat's row `params[kind, seat]`: a
    slice of the table costs two reference counts per decision."""
    lines = ['"""Generated from the strategy registry: calls decision function `fid`."""']
    lines += ["import numpy as np", "from numba import njit"]
    for table, functions_ in tables.items():
        for fid, function in enumerate(functions_):
            python = function.py_func
            lines.append(f"from {python.__module__} import {python.__name__} as _{table}{fid}")
    lines += ["", "NO_PARAMS = np.zeros(0)"]
    for table, functions_ in tables.items():
        lines.append("")
        for fid, function in enumerate(functions_):
            name = f"_{table}{fid}"
            compiled = f"njit(inline='always')({name}.py_func)" if inlined(function) else name
            lines.append(f"{table}{fid} = {compiled}")
        for suffix, of_bids in (("", False), ("_calls", True)):
            lines += ["", "", "@njit(cache=True, inline='always')"]
            lines += [f"def decide_{table}{suffix}(fid, view, params, kind, seat, rng):"]
            for fid, function in enumerate(functions_):
                if bids(function) == of_bids:
                    row = "params[kind, seat]" if _reads_params(function) else "NO_PARAMS"
                    lines += [f"    if fid == {fid}:"]
                    lines += [f"        return {table}{fid}(view, {row}, rng)"]
            lines += ["    return -1", ""]
    return "\n".join(lines)


def _load_dispatchers(tables: dict[str, list[Callable]]):
    """Write the dispatcher module (only if it changed, atomically) and import it."""
    path = Path(CACHE_DIR) / DISPATCHER
    source = _dispatcher_source(tables)
    if not path.exists() or path.read_text() != source:
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(source)
        os.replace(temporary, path)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_import_families()
_dispatch = _load_dispatchers({name: functions(name) for name in dict.fromkeys(TABLE_OF.values())})


def dispatcher(table: str, calls: bool = False) -> Callable:
    """The jitted decider of a table: `decide(fid, view, params, kind, seat, rng)` calls
    decision function `fid` of the table, one that chooses cards (or, with `calls`, one
    that makes the calls of an auction); a deal loop calls its own table's."""
    return getattr(_dispatch, f"decide_{table}{'_calls' if calls else ''}")
