"""The strategy registry: names, games, descriptions, parameters and decision functions.

A strategy family is one module in `sims/strategies/` that calls `register` at import;
the package imports every such module, so adding a strategy edits nothing else. A
*play* strategy decides every card and brings its own opening lead; a *lead* policy
decides only the pitcher's opening lead and is combined with a play strategy
(`greedy+lead_phat`; a lead policy alone plays the rest with `greedy`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

MAX_PARAMS = 8
DEFAULT_PLAY = "greedy"


class StrategyError(ValueError):
    """An unknown strategy, a bad combination or a bad parameter."""


@dataclass(frozen=True)
class Strategy:
    """A registered strategy of one game."""

    name: str
    game: str
    description: str
    play: Callable | None = None
    lead: Callable | None = None
    params: dict[str, float] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return "play" if self.play is not None else "lead"


@dataclass(frozen=True)
class SeatStrategy:
    """What one seat runs: function ids in the dispatch table and the parameter row."""

    label: str
    play_fid: int
    lead_fid: int
    params: np.ndarray


_REGISTRY: dict[tuple[str, str], Strategy] = {}
_FUNCTIONS: list[Callable] = []


def register(
    name: str,
    game: str,
    description: str,
    *,
    play: Callable | None = None,
    lead: Callable | None = None,
    params: dict[str, float] | None = None,
) -> None:
    """Register a strategy (`play` and its own `lead`) or a lead policy (`lead` only)."""
    if (name, game) in _REGISTRY:
        raise StrategyError(f"strategy {name!r} is registered twice for {game}")
    if play is not None and lead is None:
        raise StrategyError(f"play strategy {name!r} must also give its opening lead")
    if play is None and lead is None:
        raise StrategyError(f"strategy {name!r} registers no decision function")
    if len(params or {}) > MAX_PARAMS:
        raise StrategyError(f"strategy {name!r} has more than {MAX_PARAMS} parameters")
    for function in (play, lead):
        if function is not None and function not in _FUNCTIONS:
            _FUNCTIONS.append(function)
    _REGISTRY[(name, game)] = Strategy(name, game, description, play, lead, dict(params or {}))


def functions() -> list[Callable]:
    """Every registered decision function; its position is its id in the dispatcher."""
    return list(_FUNCTIONS)


def strategies(game: str | None = None) -> list[Strategy]:
    """Registered strategies, optionally of one game, by name."""
    found = [s for (_, g), s in _REGISTRY.items() if game is None or g == game]
    return sorted(found, key=lambda s: (s.name, s.game))


def _lookup(name: str, game: str) -> Strategy:
    if (name, game) not in _REGISTRY:
        known = ", ".join(s.name for s in strategies(game)) or "none"
        raise StrategyError(f"unknown strategy {name!r} for {game}; known: {known}")
    return _REGISTRY[(name, game)]


def _parse_part(part: str, game: str) -> tuple[Strategy, dict[str, float]]:
    """`name` or `name:key=value:key=value` -> (strategy, parameter overrides)."""
    name, *settings = part.strip().split(":")
    strategy = _lookup(name.strip(), game)
    overrides: dict[str, float] = {}
    for setting in settings:
        key, sep, text = setting.partition("=")
        key = key.strip()
        if key not in strategy.params:
            known = ", ".join(strategy.params) or "none"
            raise StrategyError(
                f"strategy {strategy.name!r} has no parameter {key!r}; its parameters: {known}"
            )
        try:
            overrides[key] = float(text) if sep else float("nan")
        except ValueError:
            overrides[key] = float("nan")
        if overrides[key] != overrides[key]:
            raise StrategyError(
                f"parameter {key!r} of {strategy.name!r} needs a number: {key}=VALUE"
            )
    return strategy, overrides


def resolve(spec: str, game: str) -> SeatStrategy:
    """Turn `greedy`, `greedy+lead_phat`, `lead_high` or `greedy:key=1` into a seat's plan."""
    play: tuple[Strategy, dict[str, float]] | None = None
    lead: tuple[Strategy, dict[str, float]] | None = None
    for part in spec.split("+"):
        if not part.strip():
            raise StrategyError(f"empty strategy name in {spec!r}")
        strategy, overrides = _parse_part(part, game)
        slot = play if strategy.kind == "play" else lead
        if slot is not None:
            raise StrategyError(
                f"{spec!r} names two {strategy.kind} strategies; give at most one of each"
            )
        if strategy.kind == "play":
            play = (strategy, overrides)
        else:
            lead = (strategy, overrides)
    if play is None:
        play = (_lookup(DEFAULT_PLAY, game), {})
    values = {**play[0].params, **play[1]}
    if lead is not None:
        values.update({**lead[0].params, **lead[1]})
    params = np.zeros(MAX_PARAMS, np.float64)
    names = list(play[0].params) + (
        [k for k in lead[0].params if k not in play[0].params] if lead else []
    )
    if len(names) > MAX_PARAMS:
        raise StrategyError(f"{spec!r} has more than {MAX_PARAMS} parameters in all")
    for slot_index, key in enumerate(names):
        params[slot_index] = values[key]
    lead_function = lead[0].lead if lead else play[0].lead
    return SeatStrategy(
        label=spec.strip(),
        play_fid=_FUNCTIONS.index(play[0].play),
        lead_fid=_FUNCTIONS.index(lead_function),
        params=params,
    )
