"""Runs: resolve the strategies and rules, split the deals into chunks, call the
kernels, check their errors and gather the outcome rows.

A run is a pure function of its `RunSpec`: the chunk size, the thread count and the
backend (this process or Dask workers) change only how fast it goes, never a row.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numba
import numpy as np

from sims import __version__
from sims.core.deck import Deck
from sims.core.options import resolve as resolve_options
from sims.descriptors import Game, KernelInputs, Layout, names
from sims.descriptors import game as describe
from sims.engine.common import ILLEGAL_CALL, ILLEGAL_CARD
from sims.run.backends import Backend, default_backend
from sims.run.progress import Advance, progress_bar
from sims.run.watchdog import Stalled, watch
from sims.strategies import SeatStrategy, resolve
from sims.strategies.registry import canonical

DEFAULT_CHUNK = 1 << 18
GAME_ROWS_PER_CHUNK = 1 << 18  # bounds the rows a chunk of whole games may allocate
MAX_INDEX = 1 << 62  # deal and game indices stay below this, in the kernels' int64


class StrategyFault(RuntimeError):
    """A strategy played a card or call it may not, raised an error or looped: the run is
    stopped and nothing of the chunk it was in is kept."""


class Interrupted(Exception):
    """A run written chunk by chunk was stopped (Ctrl-C, or `stop` a `sims.run.stopping.Stopped`)
    after `done` of `total` chunks."""

    def __init__(self, directory: Path, done: int, total: int, stop: BaseException) -> None:
        super().__init__(f"{done} of {total} chunks written in {directory}")
        self.directory, self.done, self.total, self.stop = directory, done, total, stop


@dataclass(frozen=True)
class RunSpec:
    """Everything that determines a run's rows. One strategy label serves every seat."""

    game: str
    seed: int
    count: int
    first: int = 0
    games: bool = False
    seats: tuple[str, ...] = ("greedy",)
    variants: tuple[str, ...] = ()
    max_deals: int = 0  # cap on the deals of one game (0: the game's default)
    rules: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        if self.game not in names():
            raise ValueError(f"unknown game {self.game!r}; games: {', '.join(names())}")
        if self.count < 0 or self.first < 0 or self.max_deals < 0:
            raise ValueError("counts and the first deal must not be negative")
        if not 0 <= self.seed < 1 << 63:
            raise ValueError("the seed must be a whole number from 0 to 2**63 - 1")
        if self.first + self.count > MAX_INDEX:
            last = self.first + max(self.count, 1) - 1
            raise ValueError(
                f"deal and game indices must stay below 2**62 ({MAX_INDEX:,}); the last here "
                f"would be {last:,}"
            )
        if self.games and self.described.single_deal:
            raise ValueError(
                f"{self.game} settles every deal on its own: play --deals, not --games"
            )
        module = self.described.rules
        rules = resolve_options(self.game, module.OPTIONS, self.variants)
        if hasattr(module, "check"):
            module.check(rules)
        object.__setattr__(self, "rules", rules)
        players = self.layout.players
        if len(self.seats) == 1:
            object.__setattr__(self, "seats", tuple(self.seats) * players)
        if len(self.seats) != players:
            raise ValueError(f"{self.game} has {players} seats, {len(self.seats)} strategies given")

    @property
    def described(self) -> Game:
        """The game's descriptor."""
        return describe(self.game)

    @property
    def deck(self) -> Deck:
        """The cards of the run's game under its rules."""
        return self.described.deck(self.rules)

    @property
    def layout(self) -> Layout:
        return self.described.layout(self.rules, self.max_deals)

    @property
    def unit(self) -> str:
        return "games" if self.games else "deals"

    def metadata(self) -> dict[str, Any]:
        """What a reader needs to know, and to reproduce, the run: each seat's strategy as
        given and in canonical form (every parameter, defaults too, each number written
        one way), which is what decides whether two runs are the same."""
        meta = {
            "game": self.game,
            "rules": self.rules,
            "seats": list(self.seats),
            "strategies": canonical_seats(self.seats, self.described.strategy_game),
            "seed": self.seed,
            "mode": self.unit,
            "first": self.first,
            "count": self.count,
            "version": __version__,
        }
        if self.games:
            meta["max_deals"] = self.layout.cap
        return meta


def canonical_seats(seats: Sequence[str], game: str) -> list[str]:
    """Each seat's strategy label in canonical form (`sims.strategies.registry.canonical`)."""
    return [canonical(label, game) for label in seats]


@dataclass
class RunResult:
    """Outcome rows (one per deal, in deal order) and, when recorded, the deal logs:
    dealt hands, calls in order, cards in play order and trick winners (-1 pads)."""

    spec: RunSpec
    table: np.ndarray
    hands: np.ndarray | None = None
    calls: np.ndarray | None = None
    plays: np.ndarray | None = None
    winners: np.ndarray | None = None


def seat_strategies(spec: RunSpec) -> list[SeatStrategy]:
    """The resolved strategy of every seat."""
    return [resolve(label, spec.described.strategy_game, spec.rules) for label in spec.seats]


def strategy_tables(plans: Sequence[SeatStrategy]) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' strategy tables `fids[kind, seat]` and `params[kind, seat, :]`, kinds
    in the rows BID, PLAY, LEAD; rows shorter than the longest (no data) end in zeros."""
    fids = np.array([[p.bid_fid, p.play_fid, p.lead_fid] for p in plans], np.int64).T.copy()
    rows = [[p.bid_params, p.play_params, p.lead_params] for p in plans]
    params = np.zeros((3, len(plans), max(len(row) for seat in rows for row in seat)))
    for seat, kinds in enumerate(rows):
        for kind, row in enumerate(kinds):
            params[kind, seat, : len(row)] = row
    return fids, params


def log_arrays(logged: int, layout: Layout) -> tuple[np.ndarray, ...]:
    """The deal log's arrays for `logged` rows (hands dealt, calls, cards played, trick
    winners; -1 until written), as every run kernel takes them: no rows, nothing logged."""
    return (
        np.zeros((logged, layout.players), np.int64),
        np.full((logged, max(layout.calls, 1)), -1, np.int8),
        np.full((logged, layout.cards), -1, np.int8),
        np.full((logged, layout.tricks), -1, np.int8),
    )


class _Buffers:
    """Kernel outputs for `rows` rows (logs only when recording); every row starts marked
    unused (deal -1), so the rows a kernel has finished can be counted while it runs."""

    def __init__(self, rows: int, layout: Layout, record: bool) -> None:
        logged = rows if record else 0
        self.out = np.zeros(rows, layout.dtype)  # slots a rule set leaves unused read 0
        self.out["deal"] = -1
        self.hands, self.calls, self.plays, self.winners = log_arrays(logged, layout)

    def arrays(self, rows: slice | np.ndarray = slice(None)) -> tuple[np.ndarray, ...]:
        logs = (self.hands, self.calls, self.plays, self.winners)
        if self.hands.shape[0] == 0:
            return (self.out[rows], *logs)
        return (self.out[rows], *(log[rows] for log in logs))


@dataclass(frozen=True)
class Chunk:
    """Units (deals, or games with --games) `first .. first + count` of a run, the `index`th
    piece of it. A unit depends only on the seed and its own index, so a run's rows are
    the same however it is cut into chunks and wherever the chunks are played."""

    index: int
    first: int
    count: int


def chunk_size(spec: RunSpec, size: int = DEFAULT_CHUNK) -> int:
    """Units per chunk: `size`, fewer with --games so a chunk's rows stay bounded."""
    if size <= 0:
        raise ValueError("the chunk size must be positive")
    if spec.games:
        return max(1, min(size, GAME_ROWS_PER_CHUNK // spec.layout.cap))
    return size


def spread_chunk(count: int, players: int, per_player: int = 4) -> int:
    """A chunk size that gives each of `players` (workers playing at once) about
    `per_player` chunks of a run of `count` units, so that none waits while another plays
    the last big chunk; never more than DEFAULT_CHUNK."""
    if players <= 1:
        return DEFAULT_CHUNK
    return max(1, min(DEFAULT_CHUNK, -(-count // (players * per_player))))


def chunks(spec: RunSpec, size: int = DEFAULT_CHUNK) -> list[Chunk]:
    """The run cut into chunks of `chunk_size(spec, size)` units, in order."""
    step = chunk_size(spec, size)
    return [
        Chunk(index, spec.first + start, min(step, spec.count - start))
        for index, start in enumerate(range(0, spec.count, step))
    ]


def play_chunk(
    spec: RunSpec,
    chunk: Chunk,
    record: bool = False,
    stall: float = 0.0,
    progress: Callable[[int], None] | None = None,
) -> RunResult:
    """The rows (and, when recording, logs) of one chunk of the run: a pure function of
    the spec and the chunk, run by every backend. `stall` > 0 stops a chunk in which no
    deal finishes for that many seconds (a strategy that loops); `progress` hears the
    count of the chunk's deals done while it plays (independent deals only)."""
    layout = spec.layout
    cap = layout.cap if spec.games else 1
    buffers = _Buffers(chunk.count * cap, layout, record)
    plans = seat_strategies(spec)
    listener = None if spec.games else progress  # rows count deals, the bar counts games
    _run_chunk(spec, plans, chunk.first, chunk.count, cap, buffers.arrays(), stall, listener)
    used = buffers.out["deal"] >= 0 if spec.games else slice(None)
    table, *logs = buffers.arrays(used)
    part = dataclasses.replace(spec, first=chunk.first, count=chunk.count)
    return RunResult(part, table, *logs) if record else RunResult(part, table)


def run(
    spec: RunSpec,
    *,
    chunk: int | None = None,
    threads: int | None = None,
    record: bool = False,
    progress: bool = False,
    backend: Backend | None = None,
    stall: float = 0.0,
) -> RunResult:
    """Play the run and return its rows in unit order; raise StrategyFault (and return
    nothing) on any fault. The backend (default: this process's threads, or the cluster
    $ALLFOURS_CLUSTER names) and the chunk size change only where and how fast the chunks
    are played; with no `chunk` given, a cluster gets several chunks per worker."""
    backend = backend or default_backend(threads)
    size = spread_chunk(spec.count, backend.players()) if chunk is None else chunk
    pieces = chunks(spec, size)
    parts: dict[int, RunResult] = {}
    label = f"{spec.game} {spec.unit}"
    with progress_bar(spec.count, spec.unit[:-1], label, progress) as bar:
        advance = Advance(bar)
        inside = advance.within if progress and backend.in_process else None
        for piece, part in backend.imap(play_chunk, spec, pieces, record, stall, inside):
            parts[piece.index] = part
            advance.chunk(piece.count)
    if not parts:
        return play_chunk(spec, Chunk(0, spec.first, 0), record)
    ordered = [parts[piece.index] for piece in pieces]
    columns = ("table", "hands", "calls", "plays", "winners") if record else ("table",)
    joined = {name: _joined([getattr(p, name) for p in ordered]) for name in columns}
    return RunResult(spec, **joined)


def _joined(parts: Sequence[np.ndarray]) -> np.ndarray:
    """`parts` end to end in zeroed memory: numpy copies records field by field, and in
    memory of its own would leave the bytes between fields (the outcome row's padding) as
    they were, so that equal runs' tables differed byte for byte."""
    rows = sum(len(part) for part in parts)
    return np.concatenate(parts, out=np.zeros((rows, *parts[0].shape[1:]), parts[0].dtype))


def _run_chunk(
    spec: RunSpec,
    plans: Sequence[SeatStrategy],
    first: int,
    count: int,
    cap: int,
    outputs: tuple[np.ndarray, ...],
    stall: float = 0.0,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Play units `first .. first + count` into `outputs` (rows, then the logs), telling
    `progress` of the deals done as they finish; raise StrategyFault on a fault."""
    errors = np.zeros((count, 4), np.int64)
    out = outputs[0]
    fids, params = strategy_tables(plans)
    kernel = spec.described.kernel
    inputs = KernelInputs(spec, first, count, cap, fids, params, out, errors, *outputs[1:])
    arguments = spec.described.arguments(inputs)

    def finished() -> int:
        return int(np.count_nonzero(out["deal"] >= 0))

    try:
        watch(kernel, arguments, finished, stall, progress, partial(_compile, kernel, arguments))
    except Stalled:
        where = f"{spec.unit[:-1]} {first + _first_unfinished(out, cap)}"
        raise StrategyFault(
            f"no deal finished for {stall:g} s: a strategy among {', '.join(spec.seats)} "
            f"seems to loop (game {spec.game}, seed {spec.seed}, {where} unfinished); "
            "nothing was written for its chunk"
        ) from None
    except Exception as error:  # a strategy raised inside the kernel
        where = f"{spec.unit[:-1]} {first + _failing_unit(kernel, arguments, out, cap, stall)}"
        raise StrategyFault(
            f"a strategy among {', '.join(spec.seats)} raised an error ({error}) in game "
            f"{spec.game}, seed {spec.seed}, {where}; nothing was written for its chunk"
        ) from None
    raise_first_error(spec, first, errors)


def _compile(kernel: Any, arguments: tuple) -> None:
    """Compile `kernel` for these arguments' types, or load it from the cache, before it
    plays: on a busy machine a cold compile can take minutes, which is not a stall."""
    if hasattr(kernel, "typeof_pyval"):  # a numba dispatcher
        kernel.compile(tuple(kernel.typeof_pyval(value) for value in arguments))
    elif hasattr(kernel, "prepare"):  # a kernel of block functions (sims.engine.threads)
        kernel.prepare(arguments)


def _failing_unit(kernel, arguments: tuple, out: np.ndarray, cap: int, stall: float) -> int:
    """Index in the chunk of the unit a kernel raised in: the chunk is played again on one
    thread, which plays the units in order and stops at the failing one."""
    threads = numba.get_num_threads()
    out["deal"] = -1
    numba.set_num_threads(1)
    try:
        watch(kernel, arguments, lambda: 0, stall)
    except Exception:  # the same failure, now at a known place
        pass
    finally:
        numba.set_num_threads(threads)
    return _first_unfinished(out, cap)


def _first_unfinished(out: np.ndarray, cap: int) -> int:
    """Index in the chunk of the first unit not finished. Each thread plays its units in
    order, so this is the unit the first stuck thread is playing."""
    deals = out["deal"].reshape(-1, cap)
    if cap == 1:
        return int(np.argmax(deals[:, 0] < 0))
    ended = (out["winner"].reshape(-1, cap) >= 0).any(axis=1) | (deals[:, -1] >= 0)
    return int(np.argmax(~ended))


def raise_first_error(spec: RunSpec, first: int, errors: np.ndarray) -> None:
    """Raise StrategyFault for the first unit whose row of `errors` (kind, deal in unit,
    seat, card or call) records a fault."""
    bad = np.flatnonzero(errors[:, 0])
    if bad.size == 0:
        return
    unit = int(bad[0])
    kind, deal_in_game, seat, card = (int(x) for x in errors[unit])
    where = f"game {first + unit} deal {deal_in_game}" if spec.games else f"deal {first + unit}"
    if kind == ILLEGAL_CALL:
        problem = spec.described.call_problem(card)
    elif kind == ILLEGAL_CARD and 0 <= card < spec.deck.size:
        problem = f"played {spec.deck.card_name(card)}, which it does not hold or may not play"
    elif kind == ILLEGAL_CARD:
        problem = f"returned {card}, which is not a card"
    else:
        problem = f"failed with error kind {kind}"
    raise StrategyFault(
        f"strategy {spec.seats[seat]!r} at seat {seat} {problem} "
        f"(game {spec.game}, seed {spec.seed}, {where}); nothing was written"
    )


def kernel_seconds(spec: RunSpec, threads: int, chunk: int = DEFAULT_CHUNK) -> float:
    """Wall time of the kernels alone playing the single deals of `spec` into output rows
    already in memory: the engine's speed, without the first touch of fresh pages (which
    costs about 1 ns per byte of rows on a virtual machine) or any Python around it."""
    if spec.games:
        raise ValueError("kernel_seconds times single deals")
    plans = seat_strategies(spec)
    numba.set_num_threads(threads)
    buffers = _Buffers(spec.count, spec.layout, record=False)
    buffers.out.view(np.uint8)[:] = 0
    started = time.perf_counter()
    for start in range(0, spec.count, chunk):
        count = min(chunk, spec.count - start)
        outputs = buffers.arrays(slice(start, start + count))
        _run_chunk(spec, plans, spec.first + start, count, 1, outputs)
    return time.perf_counter() - started
