"""What the calibrated bidders of every game share: the files of their tables and the
calls chosen from a table, packed into the bidder's data.

A game's tables ship in its package beside the bidder, one per set of rules that changes
a deal, named after the options that differ from their defaults. The bidder reads only
these, so that a run stays a function of its spec wherever it plays; for rules with none,
the error names the command that fits one into the package."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from sims.strategies.registry import StrategyError

Rules = Mapping[str, Any]


def _every_option(rules: Rules, name: str) -> bool:
    return True


@dataclass(frozen=True)
class TableFiles:
    """The tables of `game`'s calibrated bidder in `folder`: one for each value of the
    rule `options` (the players first) that differs from `defaults` where `relevant`,
    each an int16 array of `shape(players)`; `joiner` stands between an option's name
    and its value in a file's name."""

    game: str
    folder: Path
    options: tuple[str, ...]
    defaults: Rules
    shape: Callable[[int], tuple[int, ...]]
    joiner: str = "="
    relevant: Callable[[Rules, str], bool] = _every_option

    def changed(self, rules: Rules) -> list[tuple[str, Any]]:
        """The options after the players whose values differ from their defaults."""
        return [
            (name, rules[name])
            for name in self.options[1:]
            if rules[name] != self.defaults[name] and self.relevant(rules, name)
        ]

    def key(self, rules: Rules) -> str:
        """The file name (without extension) of the table for `rules`: the players, then
        each changed option (`players4-partnership`)."""
        parts = [f"players{rules['players']}"]
        parts += [
            name if isinstance(value, bool) else f"{name}{self.joiner}{value}"
            for name, value in self.changed(rules)
        ]
        return "-".join(parts)

    def fitting_command(self, rules: Rules) -> str:
        """The command that fits the table for `rules` into the package."""
        words = [f"allfours calibrate {self.game}", f"--players {rules['players']}"]
        words += [
            f"--variant {name}" if isinstance(value, bool) else f"--variant {name}={value}"
            for name, value in self.changed(rules)
        ]
        return " ".join([*words, "--replace-shipped"])

    def read(self, path: Path, players: int) -> np.ndarray:
        """A table file, checked to be one of this game's for `players` players."""
        stored = np.load(path, allow_pickle=False)
        if stored.dtype != np.int16 or stored.shape != self.shape(players):
            raise StrategyError(
                f"{path.name} is not a calibrated {self.game} table for {players} players"
            )
        return stored

    def shipped(self, rules: Rules) -> np.ndarray:
        """The table for `rules` from the package; StrategyError naming the command that
        fits it where there is none."""
        path = self.folder / f"{self.key(rules)}.npy"
        if not path.exists():
            raise StrategyError(
                f"the calibrated bidder has no table for these rules ({self.key(rules)}); "
                f"fit one into the package with `{self.fitting_command(rules)}` (it reads "
                "only the package's tables)"
            )
        return self.read(path, rules["players"])


def packed_calls(calls: np.ndarray, bits: int, per_number: int) -> np.ndarray:
    """Calls (each below 2**bits) in the order of their decisions, `per_number` to a
    float64 (which holds integers below 2**53 exactly), the first in the lowest bits: a
    bidder's data, small enough to stay in cache."""
    flat = np.zeros(-(-calls.size // per_number) * per_number, np.int64)
    flat[: calls.size] = calls.ravel()
    weights = np.int64(1) << (bits * np.arange(per_number, dtype=np.int64))
    return (flat.reshape(-1, per_number) * weights).sum(1).astype(np.float64)


@njit(cache=True, inline="always")
def packed_call(numbers, start: int, decision: int, bits: int, per_number: int) -> int:
    """Call number `decision` of the calls `packed_calls` packed into `numbers[start:]`."""
    word = np.int64(numbers[start + decision // per_number])
    return (word >> (bits * (decision % per_number))) & ((1 << bits) - 1)
