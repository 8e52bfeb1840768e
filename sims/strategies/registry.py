"""The strategy registry: names, games, descriptions, parameters and decision functions.

A strategy family is one module in `sims/strategies/` that calls `register` at import;
the package imports every such module, so adding a strategy edits nothing else. A
*play* strategy decides every card and brings its own opening lead (and, in games with
an auction, its own bidding); a *lead* policy decides only the pitcher's opening lead; a
*bid* strategy only the calls of the auction. Kinds combine with `+`
(`threshold+greedy+lead_high`); what is not named comes from the play strategy, `greedy`
when none is named.
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sims.core.discovery import GAMES, game_packages
from sims.core.options import quoted

MAX_PARAMS = 8
DEFAULT_PLAY = "greedy"


def _dispatch_tables() -> dict[str, str]:
    """The dispatch table of each game of `sims.games` (a package whose `rules` module has
    `OPTIONS`): its `DISPATCH_TABLE`, else its own name. Games that share a deal loop share
    its table, so a kernel compiles only the strategies its games can call."""
    tables = {}
    for name in game_packages("rules"):
        rules = importlib.import_module(f"{GAMES}.{name}.rules")
        if hasattr(rules, "OPTIONS"):
            tables[name] = getattr(rules, "DISPATCH_TABLE", name)
    return tables


TABLE_OF = _dispatch_tables()


class StrategyError(ValueError):
    """An unknown strategy, a bad combination or a bad parameter."""


@dataclass(frozen=True)
class Param:
    """A strategy parameter: its default and the values it takes (`whole`: integers only).
    A value outside them is refused, never clamped, so a run's label says what ran."""

    default: float
    low: float = -math.inf
    high: float = math.inf
    whole: bool = False

    def allowed(self) -> str:
        """The values taken, in words: `a whole number from 1 to 100000`."""
        kind = "a whole number" if self.whole else "a number"
        if math.isinf(self.low) and math.isinf(self.high):
            return f"{kind} (finite)"
        if math.isinf(self.high):
            return f"{kind} of at least {self.low:g}"
        if math.isinf(self.low):
            return f"{kind} of at most {self.high:g}"
        return f"{kind} from {self.low:g} to {self.high:g}"

    def takes(self, value: float) -> bool:
        """Whether `value` lies in the range (and is whole where it must be)."""
        return self.low <= value <= self.high and (not self.whole or float(value).is_integer())


# A decimal number in plain ASCII digits: `float` would also take "nan", "1_0" or "١".
NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")


@dataclass(frozen=True)
class Strategy:
    """A registered strategy of one game."""

    name: str
    game: str
    description: str
    play: Callable | None = None
    lead: Callable | None = None
    bid: Callable | None = None
    params: dict[str, Param] = field(default_factory=dict)
    data: Callable[[dict[str, Any]], np.ndarray] | None = None

    @property
    def kind(self) -> str:
        if self.play is not None:
            return "play"
        return "lead" if self.lead is not None else "bid"


@dataclass(frozen=True)
class SeatStrategy:
    """What one seat runs: ids in the dispatch table and each function's parameter row."""

    label: str
    play_fid: int
    lead_fid: int
    bid_fid: int  # -1 in games without an auction
    play_params: np.ndarray
    lead_params: np.ndarray
    bid_params: np.ndarray


_REGISTRY: dict[tuple[str, str], Strategy] = {}
_FUNCTIONS: dict[str, list[Callable]] = {table: [] for table in dict.fromkeys(TABLE_OF.values())}
_CALLED: set[Callable] = set()  # decision functions the dispatcher calls instead of inlining


def register(
    name: str,
    game: str,
    description: str,
    *,
    play: Callable | None = None,
    lead: Callable | None = None,
    bid: Callable | None = None,
    params: dict[str, float | Param] | None = None,
    data: Callable[[dict[str, Any]], np.ndarray] | None = None,
    inline: bool = True,
) -> None:
    """Register a play strategy (`play`, its own `lead` and, for auction games, `bid`), a
    lead policy (`lead` only) or a bid strategy (`bid` only). `params` gives each
    parameter's default, or a `Param` with the values it takes (a plain default: any
    finite number). `data(rules)`, where given, returns the numbers the strategy reads
    after its parameters under the rules of a run (fitted tables, say); it raises
    StrategyError where it has none for those rules.

    `inline=False` has the dispatcher call these functions rather than inline them: every
    kernel of the game's table holds its dispatcher, so a large strategy inlined there
    lengthens the compilation of them all, while a call costs a few nanoseconds per
    decision."""
    if game not in TABLE_OF:
        raise StrategyError(f"unknown game {game!r}; games: {', '.join(TABLE_OF)}")
    if (name, game) in _REGISTRY:
        raise StrategyError(f"strategy {name!r} is registered twice for {game}")
    if play is not None and lead is None:
        raise StrategyError(f"play strategy {name!r} must also give its opening lead")
    if play is None and lead is None and bid is None:
        raise StrategyError(f"strategy {name!r} registers no decision function")
    if play is None and lead is not None and bid is not None:
        raise StrategyError(f"strategy {name!r}: register a lead policy and a bidder apart")
    if len(params or {}) > MAX_PARAMS:
        raise StrategyError(f"strategy {name!r} has more than {MAX_PARAMS} parameters")
    # Each game has two deciders, one for an auction's calls and one for cards: a
    # decision function sits in one of them.
    cards = [function for function in (play, lead) if function is not None]
    if bid is not None and (bid in cards or _chooses_cards(bid)) or any(map(bids, cards)):
        raise StrategyError(f"strategy {name!r}: a function either bids or chooses cards")
    table = _FUNCTIONS[TABLE_OF[game]]
    for function in (play, lead, bid):
        if function is not None and function not in table:
            table.append(function)
        if function is not None and not inline:
            _CALLED.add(function)
    ranges = {
        key: value if isinstance(value, Param) else Param(float(value))
        for key, value in (params or {}).items()
    }
    _REGISTRY[(name, game)] = Strategy(name, game, description, play, lead, bid, ranges, data)


def add_table(game: str) -> None:
    """Give a game registered from outside `sims.games` (a test's small game, with a deal
    loop of its own) a table of its own for its strategies. Its deal loop calls them by
    their place in `functions(game)`: the built-in dispatchers, made when this package is
    imported, never hold them."""
    if game in TABLE_OF:
        raise StrategyError(f"game {game!r} has a strategy table already")
    TABLE_OF[game] = game
    _FUNCTIONS[game] = []


def functions(table: str) -> list[Callable]:
    """The decision functions of a dispatch table; a function's position is its id there."""
    return list(_FUNCTIONS[table])


def bids(function: Callable) -> bool:
    """Whether `function` makes calls of an auction (else it chooses cards)."""
    return any(strategy.bid is function for strategy in _REGISTRY.values())


def _chooses_cards(function: Callable) -> bool:
    """Whether `function` is registered as a play strategy or a lead policy."""
    return any(function in (strategy.play, strategy.lead) for strategy in _REGISTRY.values())


def inlined(function: Callable) -> bool:
    """Whether the dispatcher inlines `function` (else it calls it)."""
    return function not in _CALLED


def strategies(game: str | None = None) -> list[Strategy]:
    """Registered strategies, optionally of one game, by name."""
    found = [s for (_, g), s in _REGISTRY.items() if game is None or g == game]
    return sorted(found, key=lambda s: (s.name, s.game))


def _lookup(name: str, game: str) -> Strategy:
    if (name, game) not in _REGISTRY:
        known = ", ".join(s.name for s in strategies(game)) or "none"
        raise StrategyError(f"unknown strategy {quoted(name)} for {game}; known: {known}")
    return _REGISTRY[(name, game)]


def _split(spec: str) -> list[str]:
    """The parts of a label joined by `+`; a `+` before a digit or a point is a number's
    sign or exponent (`margin=+1`, `1e+5`), not a join."""
    return re.split(r"\+(?![0-9.])", spec)


def _settings(part: str, game: str) -> tuple[Strategy, dict[str, float]]:
    """`name` or `name:key=value:key=value` -> (strategy, every parameter's value, defaults
    for those not given). A value out of its parameter's range, not a plain finite number,
    or a parameter given twice is refused."""
    name, *settings = part.strip().split(":")
    strategy = _lookup(name.strip(), game)
    values = {key: param.default for key, param in strategy.params.items()}
    given: set[str] = set()
    for setting in settings:
        key, _, text = (piece.strip() for piece in setting.partition("="))
        param = strategy.params.get(key)
        if param is None:
            known = ", ".join(strategy.params) or "none"
            raise StrategyError(
                f"strategy {strategy.name!r} has no parameter {quoted(key)}; its parameters: "
                f"{known}"
            )
        if key in given:
            raise StrategyError(f"parameter {key!r} of {strategy.name!r} is given twice")
        given.add(key)
        value = float(text) if NUMBER.fullmatch(text) else math.nan
        if not (math.isfinite(value) and param.takes(value)):
            raise StrategyError(
                f"parameter {key!r} of {strategy.name!r} takes {param.allowed()}, not "
                f"{quoted(text)}"
            )
        values[key] = value
    return strategy, values


def _row(strategy: Strategy, values: dict[str, float], rules: dict[str, Any] | None) -> np.ndarray:
    """A strategy's parameter row: its parameters, then its data under `rules` (refused
    for a strategy with data when no rules are given)."""
    row = np.zeros(MAX_PARAMS, np.float64)
    row[: len(values)] = list(values.values())
    if strategy.data is not None:
        if rules is None:
            raise StrategyError(f"strategy {strategy.name!r} needs the rules of a run")
        row = np.concatenate([row, strategy.data(rules)])
    return row


Chosen = dict[str, tuple[Strategy, dict[str, float]]]


def _choose(spec: str, game: str) -> Chosen:
    """The strategy of each kind a label names, with its parameters: the play strategy
    always (`greedy` when none is named), a lead policy and a bidder where named."""
    chosen: Chosen = {}
    for part in _split(spec):
        if not part.strip():
            raise StrategyError(f"empty strategy name in {quoted(spec)}")
        strategy, values = _settings(part, game)
        if strategy.kind in chosen:
            raise StrategyError(
                f"{quoted(spec)} names two {strategy.kind} strategies; give at most one of each"
            )
        chosen[strategy.kind] = (strategy, values)
    if "play" not in chosen:
        chosen["play"] = _settings(DEFAULT_PLAY, game)
    return chosen


def _number(value: float) -> str:
    """A parameter's value in one written form: `1` for 1.0, 01 or +1, `0.5` for 0.50000."""
    number = float(value)
    if number.is_integer() and abs(number) < 2**53:
        return str(int(number))
    return repr(number)


def canonical(spec: str, game: str) -> str:
    """The one label of what `spec` plays in `game`: the play strategy, then the lead
    policy and the bidder named apart from it, each with every parameter (defaults too)
    in its registered order and its value in one written form. Two labels that play the
    same (`greedy`, `greedy:margin=0.0`) have the same canonical label, which `resolve`
    takes back."""
    chosen = _choose(spec, game)
    kinds = ("play", *(kind for kind in ("lead", "bid") if kind in chosen))
    return "+".join(_written(*chosen[kind]) for kind in kinds)


def _written(strategy: Strategy, values: dict[str, float]) -> str:
    """`name:key=value:...` with every parameter, in the strategy's order."""
    return ":".join([strategy.name, *(f"{key}={_number(v)}" for key, v in values.items())])


def resolve(spec: str, game: str, rules: dict[str, Any] | None = None) -> SeatStrategy:
    """Turn `greedy`, `greedy+lead_phat`, `lead_high` or `greedy:key=1` into a seat's plan
    under `rules` (the options of the run; needed by strategies with data)."""
    rows = {
        kind: (strategy, _row(strategy, values, rules))
        for kind, (strategy, values) in _choose(spec, game).items()
    }
    play, play_params = rows["play"]
    lead, lead_params = rows.get("lead", rows["play"])
    bidder, bid_params = rows.get("bid", rows["play"])
    table = _FUNCTIONS[TABLE_OF[game]]
    return SeatStrategy(
        label=spec.strip(),
        play_fid=table.index(play.play),
        lead_fid=table.index(lead.lead),
        bid_fid=table.index(bidder.bid) if bidder.bid is not None else -1,
        play_params=play_params,
        lead_params=lead_params,
        bid_params=bid_params,
    )
