"""Runs: resolve the strategies and rules, split the deals into chunks, call the
kernels, check their errors and gather the outcome rows.

A run is a pure function of its `RunSpec`: the chunk size and the thread count change
only how fast it goes, never a row.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numba
import numpy as np
from tqdm import tqdm

from sims import __version__
from sims.cards import FULL_DECK, card_name, mask_of
from sims.engine.common import ILLEGAL_CARD, SCRIPT_EXHAUSTED
from sims.engine.phat import play_script_nb, run_phat_nb
from sims.games import phat
from sims.options import resolve as resolve_options
from sims.strategies import SeatStrategy, resolve

GAMES = {"phat": phat}
DEFAULT_CHUNK = 1 << 18


class StrategyFault(RuntimeError):
    """A strategy played a card it may not play; the run is stopped, nothing is kept."""


@dataclass(frozen=True)
class RunSpec:
    """Everything that determines a run's rows."""

    game: str
    seed: int
    count: int
    first: int = 0
    games: bool = False
    seats: tuple[str, ...] = ("greedy",) * 4
    variants: tuple[str, ...] = ()
    rules: dict[str, Any] = field(init=False)

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}; games: {', '.join(GAMES)}")
        if self.count < 0 or self.first < 0:
            raise ValueError("the number of deals and the first deal must not be negative")
        if not 0 <= self.seed < 1 << 63:
            raise ValueError("the seed must be a whole number from 0 to 2**63 - 1")
        module = GAMES[self.game]
        if len(self.seats) != module.PLAYERS:
            raise ValueError(
                f"{self.game} has {module.PLAYERS} seats, {len(self.seats)} strategies given"
            )
        object.__setattr__(self, "rules", resolve_options(self.game, module.OPTIONS, self.variants))

    @property
    def unit(self) -> str:
        return "games" if self.games else "deals"

    def metadata(self) -> dict[str, Any]:
        """What a reader needs to know, and to reproduce, the run."""
        return {
            "game": self.game,
            "rules": self.rules,
            "seats": list(self.seats),
            "seed": self.seed,
            "mode": self.unit,
            "first": self.first,
            "count": self.count,
            "version": __version__,
        }


@dataclass
class RunResult:
    """Outcome rows (one per deal, in deal order) and, when recorded, the deal logs."""

    spec: RunSpec
    table: np.ndarray
    hands: np.ndarray | None = None
    plays: np.ndarray | None = None
    winners: np.ndarray | None = None


def seat_strategies(spec: RunSpec) -> list[SeatStrategy]:
    """The resolved strategy of every seat."""
    return [resolve(label, spec.game) for label in spec.seats]


def _chunks(count: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, count, size):
        yield start, min(size, count - start)


def run(
    spec: RunSpec,
    *,
    chunk: int = DEFAULT_CHUNK,
    threads: int | None = None,
    record: bool = False,
    progress: bool = False,
) -> RunResult:
    """Play the run; raise StrategyFault (and return nothing) on any illegal play."""
    if chunk <= 0:
        raise ValueError("the chunk size must be positive")
    plans = seat_strategies(spec)
    if threads is not None:
        numba.set_num_threads(threads)
    cap = phat.max_deals_per_game(spec.rules["target"]) if spec.games else 1
    buffers = _Buffers(spec.count * cap, spec.games, record)
    bar = tqdm(
        total=spec.count,
        unit=spec.unit[:-1],
        disable=not progress,
        unit_scale=True,
        desc=f"{spec.game} {spec.unit}",
        leave=False,
    )
    with bar:
        for start, count in _chunks(spec.count, chunk):
            rows = slice(start * cap, (start + count) * cap)
            _run_chunk(spec, plans, spec.first + start, count, cap, buffers.slice(rows))
            bar.update(count)
    used = buffers.out["deal"] >= 0 if spec.games else slice(None)
    if record:
        return RunResult(
            spec, buffers.out[used], buffers.hands[used], buffers.plays[used], buffers.winners[used]
        )
    return RunResult(spec, buffers.out[used])


class _Buffers:
    """Preallocated kernel outputs for a whole run (logs only when recording)."""

    def __init__(self, rows: int, games: bool, record: bool) -> None:
        logged = rows if record else 0
        self.out = np.empty(rows, phat.OUTCOME_DTYPE)
        if games:
            self.out["deal"] = -1  # rows a game did not need stay marked unused
        self.hands = np.zeros((logged, 4), np.int64)
        self.plays = np.full((logged, 52), -1, np.int8)
        self.winners = np.full((logged, 13), -1, np.int8)

    def slice(self, rows: slice) -> tuple[np.ndarray, ...]:
        logged = rows if self.hands.shape[0] else slice(0, 0)
        return self.out[rows], self.hands[logged], self.plays[logged], self.winners[logged]


def _run_chunk(
    spec: RunSpec,
    plans: Sequence[SeatStrategy],
    first: int,
    count: int,
    cap: int,
    outputs: tuple[np.ndarray, ...],
) -> None:
    errors = np.zeros((count, 4), np.int64)
    out, hands, plays, winners = outputs
    run_phat_nb(
        spec.seed,
        first,
        count,
        spec.games,
        cap,
        spec.rules["target"],
        np.array([p.play_fid for p in plans], np.int64),
        np.array([p.lead_fid for p in plans], np.int64),
        np.stack([p.play_params for p in plans]),
        np.stack([p.lead_params for p in plans]),
        phat.CARD_VALUES,
        out,
        errors,
        hands,
        plays,
        winners,
    )
    _raise_first_error(spec, first, errors)


def _raise_first_error(spec: RunSpec, first: int, errors: np.ndarray) -> None:
    bad = np.flatnonzero(errors[:, 0])
    if bad.size == 0:
        return
    unit = int(bad[0])
    kind, deal_in_game, seat, card = (int(x) for x in errors[unit])
    where = f"game {first + unit} deal {deal_in_game}" if spec.games else f"deal {first + unit}"
    if kind == SCRIPT_EXHAUSTED:
        problem = "ran out of scripted cards"
    elif kind == ILLEGAL_CARD:
        shown = card_name(card) if 0 <= card < 52 else f"code {card}"
        problem = f"played {shown}, which it does not hold or may not play"
    else:
        problem = f"failed with error kind {kind}"
    raise StrategyFault(
        f"strategy {spec.seats[seat]!r} at seat {seat} {problem} "
        f"(game {spec.game}, seed {spec.seed}, {where}); nothing was written"
    )


class IllegalPlayError(ValueError):
    """A scripted card that breaks the rules: not held, not legal, or missing."""


def play_script(
    hands: Sequence[Sequence[int]],
    pitcher: int,
    cards: Sequence[int],
    *,
    scores: tuple[int, int] = (0, 0),
    carry_in: int = 0,
    target: int = 181,
    stop_at_target: bool = True,
) -> np.void:
    """Score one Phat deal of given hands and cards in play order (the deal loop of a run,
    cards taken from `cards` instead of strategies) and return its outcome row."""
    dealt = np.array([mask_of(hand) for hand in hands], np.int64)
    if dealt.shape != (4,) or any(len(hand) != 13 for hand in hands):
        raise ValueError("Phat needs four hands of 13 cards")
    if int(np.bitwise_or.reduce(dealt)) != FULL_DECK or len(set().union(*map(set, hands))) != 52:
        raise ValueError("the four hands must hold the 52 cards once each")
    out = np.zeros(1, phat.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    kind = play_script_nb(
        dealt,
        pitcher,
        np.array(scores, np.int64),
        carry_in,
        target,
        stop_at_target,
        np.array(cards, np.int8),
        phat.CARD_VALUES,
        out,
        error,
        np.zeros((0, 52), np.int8),
        np.zeros((0, 13), np.int8),
    )
    if kind == ILLEGAL_CARD:
        raise IllegalPlayError(
            f"seat {error[0]} may not play {card_name(int(error[1]))}: "
            "it does not hold it, or it must follow suit"
        )
    if kind == SCRIPT_EXHAUSTED:
        raise IllegalPlayError(f"the deal is incomplete: seat {error[0]} has no card to play")
    if 4 * int(out[0]["tricks_played"]) != len(cards):
        raise IllegalPlayError("cards were given after the game was won")
    return out[0]
