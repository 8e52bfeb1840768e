"""Game descriptors: each game's `sims/games/<game>/descriptor.py` describes it to the
generic code (runner, deal log, replay, counters and the tools on top), the way strategy
modules register strategies. A new game is a new package of `sims.games`, holding its
rules, deal loop, strategies and descriptor; no generic module names a game.

A descriptor module defines `GAME`, a `Game`. The names are read without importing the
games (nor numpy), so listing the games stays cheap; a game is imported when it is first
looked up. Games defined elsewhere (a test's small game, say) join by `register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sims.core.discovery import GAMES, game_packages

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from sims.core.deck import Deck
    from sims.run.counters import Counter
    from sims.run.queries import (
        AdviceQuery,
        AdviceReport,
        CalibrationQuery,
        CalibrationReport,
        OddsQuery,
        OddsReport,
    )
    from sims.run.runner import RunSpec


_REGISTERED: dict[str, Game] = {}


@dataclass(frozen=True)
class Layout:
    """Sizes of one game's rows and logs under a rule set."""

    players: int
    cap: int  # most deals one game may take
    dtype: np.dtype
    cards: int  # cards played in a full deal
    tricks: int
    calls: int  # calls logged per deal (0 without an auction; or a game's exchanges)


@dataclass(frozen=True)
class KernelInputs:
    """What a deal loop is given for one chunk of a run: its units, its strategy tables
    and the arrays it writes (rows, faults and, when recording, the logs)."""

    spec: RunSpec
    first: int
    count: int
    cap: int  # rows per unit: deals per game with --games, else 1
    fids: np.ndarray
    params: np.ndarray
    out: np.ndarray
    errors: np.ndarray
    hands: np.ndarray
    calls: np.ndarray
    plays: np.ndarray
    winners: np.ndarray


@dataclass(frozen=True)
class Counters:
    """A game's streaming counters: their declarations, the axis lengths its rules set
    (by axis name) and the kernel that adds outcome rows into them."""

    declared: tuple[Counter, ...]
    sizes: Callable[[dict[str, Any]], dict[str, int]]
    count: Callable[[dict[str, Any], np.ndarray, dict[str, np.ndarray]], None]


@dataclass(frozen=True)
class Sides:
    """A game's fixed sides and how a deal scores them: what `allfours compare` compares.

    `of(rules)` lists each side's seats; `results(deals, count)` gives per deal (a run's
    outcome frame) and side the deal's result, named by `result`; `pitcher(deals)` the
    side of each deal's pitcher, None where the sides are seatings that no deal's roles
    follow (Solo Whist's seats 0 and 2 against 1 and 3: its declaring side changes from
    deal to deal); `declarer` the rule book's word for that seat, as reports name its side.
    """

    of: Callable[[dict[str, Any]], list[list[int]]]
    results: Callable[[pd.DataFrame, int], np.ndarray]
    pitcher: Callable[[pd.DataFrame], np.ndarray] | None
    result: str
    declarer: str = "pitcher"


@dataclass(frozen=True)
class Solving:
    """What `allfours solve` asks of a game the double-dummy solver plays.

    `position(hands, trump, leader, rules, side=side)` is the solver's position before
    `leader` leads (hands as masks, seat 0 first; `side` maximises, None: the leader's),
    raising `sims.engine.solver.PositionError` for one that cannot arise; `seats` the hands
    it takes (0: any number, which sets the rules' `players` unless a variant does);
    `most_cards` the largest hand searched exactly (0: any); the value is printed as
    points `reach` for `whom` (a side or a team) and its number.
    """

    position: Callable[..., np.ndarray]
    whom: str
    reach: str
    seats: int = 0
    most_cards: int = 0


@dataclass(frozen=True)
class Odds:
    """What `allfours odds` asks of a game: a known hand of `hand_size` cards (a number, or
    the number under the rules, where they change it), played against random deals of the
    rest of the deck by `play(query)`, which returns what the command prints
    (`sims.run.queries.OddsQuery` and `OddsReport`).

    --seat and --trump apply unless `no_seat` or `no_trump` says why not (the reason shown
    when one is given); `turned`: the game turns a card, which --turned must give (and
    may give for no other game).
    """

    hand_size: int | Callable[[dict[str, Any]], int]
    play: Callable[[OddsQuery], OddsReport]
    no_seat: str = ""
    no_trump: str = ""
    turned: bool = False

    def size(self, rules: dict[str, Any]) -> int:
        """The cards of a hand under `rules`."""
        return self.hand_size if isinstance(self.hand_size, int) else self.hand_size(rules)


@dataclass(frozen=True)
class Advice:
    """What `allfours advise` asks of a game with an auction: `play(query)` deals the other
    hands conditioned on the calls heard, plays every call legal at the hand's turn on the
    same deals and returns what the command prints (`sims.run.queries.AdviceReport`)."""

    play: Callable[[AdviceQuery], AdviceReport]


@dataclass(frozen=True)
class Training:
    """What the trainer of the learned policies (`python -m sims.tools.train_policy`) asks
    of a game that has them: `runs()` the networks it fits, by name, each with the run
    whose logged decisions train it; `teachers` the search strategy whose choices a network
    is fitted to instead of the cards played; `folder` where the networks are read from;
    `features` the module that describes a card to them (`FEATURES`, `card_features`);
    `first_view(spec, row, rules)` the view of a deal's first card as its deal loop sets
    it (`rules` the rules array); `card_points` whether the view keeps each side's card
    points, counted by the rules module's `CARD_VALUES`; `views(result)`, where given, the
    game's own rebuild of a run's decisions, as the trainer's `decision_views` gives them,
    for a deal loop that shows more than that rebuild knows (trump made before the first
    card, each seat's own discards)."""

    runs: Callable[[], dict[str, RunSpec]]
    folder: Path
    features: ModuleType
    first_view: Callable[[RunSpec, np.void, np.ndarray], np.ndarray]
    teachers: dict[str, str] = field(default_factory=dict)
    card_points: bool = False
    views: Callable[..., Iterator[tuple[np.ndarray, int]]] | None = None


@dataclass(frozen=True)
class Continuation:
    """How a game plays on from given decisions, which the test that no decision depends on
    a card its seat cannot see asks of every game: deals of `hand_size` cards to each of
    `seats` seats (the first to act, dealer or pitcher, drawn at random); `cards(hands,
    first, played, label, seed)` the cards played after the given ones when every seat
    plays strategy `label`; in a game with an auction, `calls(hands, first, heard, label,
    seed)` the calls as (seat, call) after the given ones; `shown(hands, first)` the cards
    every seat sees (a turned card).

    A game whose hands change during a deal (discards, draws from a stock) gives `seen`:
    its `cards` (and `calls`) then take the keyword `stock`, the cards not dealt in the
    order they would be drawn, and give the card decisions after the given ones,
    discards included, in the order made; `seen(hands, first, stock, decisions)` the seat
    that makes the last of `decisions` and the cards it has seen by then besides its hand
    as dealt (its draws, discards shown, turned cards, cards played), so that the test
    exchanges only the others (other seats' cards and face-down discards, the stock's
    cards it has not drawn), and `opening(hands, first, stock, decisions)` which of a
    deal's card decisions is the opening lead (the first, unless a game says otherwise).
    Its calls, if any, come before the hands change."""

    hand_size: int
    cards: Callable[..., list[int]]
    calls: Callable[..., list[tuple[int, Any]]] | None = None
    shown: Callable[[list[list[int]], int], set[int]] = lambda hands, first: set()
    seen: Callable[[list[list[int]], int, list[int], list[int]], tuple[int, set[int]]] | None = None
    opening: Callable[[list[list[int]], int, list[int], list[int]], int] = (
        lambda hands, first, stock, decisions: 0
    )
    seats: int = 4
    cases: int = 12  # deals the test plays


def standard_deck(rules: dict[str, Any]) -> Deck:
    """The 52-card pack, the deck of a game that declares none (imported when asked: the
    registry itself stays free of numpy, which the command line starts without)."""
    from sims.core.deck import STANDARD

    return STANDARD


@dataclass(frozen=True)
class Game:
    """What generic code asks of a game.

    `rules` is its rules module (`OPTIONS`, `OUTCOME_DTYPE`, optionally `check`); `kernel`
    its deal loop, called with `arguments(inputs)`; `record` turns one recorded deal into
    its deal-log object and `render` into the lines `replay` shows; `call_problem` says
    what was wrong with a call a strategy made; `cards_played` counts the cards a table
    of rows played (the benchmark's unit); `bench` lists the strategies `allfours bench`
    times (`bench_search` the search players and learned policies, timed per card and per
    deal);
    `frame_widths` says how many slots of each multi-valued column a run uses; `sides`
    how fixed sides (or seatings) score (None where there are none); `solve` what
    `allfours solve` needs, for a game the double-dummy solver plays; `odds` what
    `allfours odds` needs, for a game that has odds; `advice` what `allfours advise` needs,
    for a game that advises a call; `calibrate(query)` fits the tables of the game's
    calibrated bidder by self-play (`allfours calibrate`); `auction` whether calls decide
    who plays the contract; `deck(rules)` its cards, their names and their effective suits
    and trick ranks under each trump (`sims.core.deck`; the 52-card pack by default);
    `continuation` how it plays on from given decisions (`Continuation`); `training` what
    the trainer of its learned policies needs (`Training`), for a game that has them.

    Beside its descriptor, a game's package holds its plain-Python reference and, in
    `referee.py`, `referee(spec, record)`: a deal-log object re-scored by the reference,
    which raises ValueError on an illegal call or card, returning every field the reference
    computes, written as the log writes them (the fields of the log's `result` by their
    names there, the others by the names of the log's other fields, `trump` and
    `trick_winners`, or of the row's columns: a list standing for columns `name_0`,
    `name_1`, ... where the row numbers them). tests/test_conformance.py checks every
    game's runs against it, so a game must bring one; the running program never imports it.
    """

    name: str
    rules: ModuleType
    layout: Callable[[dict[str, Any], int], Layout]
    kernel: Callable[..., Any]
    arguments: Callable[[KernelInputs], tuple]
    record: Callable[..., dict[str, Any]]
    render: Callable[..., list[str]]
    counters: Counters
    call_problem: Callable[[int], str]
    cards_played: Callable[[RunSpec, np.ndarray], int]
    bench: tuple[str, ...] = ("random", "greedy")
    bench_search: tuple[str, ...] = ()  # players whose cost per card bench reports
    # The run machinery's figures bench takes with this game: "fresh_process", "memory"
    # (a million-row frame), "scale" (the backends), "aggregate" (10^8 counted deals) and
    # "random_baseline" (the game whose random play per card the others' is a multiple of).
    bench_machinery: tuple[str, ...] = ()
    single_deal: bool = False  # every deal settled on its own: no --games
    sides: Sides | None = None
    solve: Solving | None = None
    odds: Odds | None = None
    advice: Advice | None = None
    calibrate: Callable[[CalibrationQuery], CalibrationReport] | None = None
    auction: bool = False
    plays_as: str = ""  # the game whose registered strategies seat it (default: its own)
    deck: Callable[[dict[str, Any]], Deck] = standard_deck  # its cards, by its rules
    continuation: Continuation | None = None
    training: Training | None = None
    analysis: str = ""  # its pandas module (default: analysis.games.<name>.summary)

    @property
    def strategy_game(self) -> str:
        """The game name its strategies are registered under."""
        return self.plays_as or self.name

    @property
    def analysis_module(self) -> str:
        """The module of its summaries, charts and counter cells."""
        return self.analysis or f"analysis.games.{self.name}.summary"

    frame_widths: Callable[[dict[str, Any]], dict[str, int]] | None = None


def names() -> tuple[str, ...]:
    """Every game's name, in name order, without importing any game: each package of
    `sims.games` with a descriptor, and the games added by `register`."""
    return tuple(sorted(set(game_packages("descriptor")) | set(_REGISTERED)))


def game(name: str) -> Game:
    """The descriptor of game `name`; ValueError naming the games when there is none."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in names():
        raise ValueError(f"unknown game {name!r}; games: {', '.join(names())}")
    module = importlib.import_module(f"{GAMES}.{name}.descriptor")
    return module.GAME


def serving(field: str) -> tuple[str, ...]:
    """The games whose descriptor has `field` (`odds`, `solve`, ...), in name order: the
    games a tool that field serves can take. Imports every game."""
    return tuple(name for name in names() if getattr(game(name), field) is not None)


def register(described: Game) -> Game:
    """Add a game defined outside this package; a name already taken is refused."""
    if described.name in names():
        raise ValueError(f"a game named {described.name!r} exists already")
    _REGISTERED[described.name] = described
    return described


def unregister(name: str) -> None:
    """Remove a game added by `register` (tests that add a game take it away again)."""
    _REGISTERED.pop(name, None)
