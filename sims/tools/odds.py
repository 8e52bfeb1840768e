"""Conditional simulation on one known hand: the other hands are dealt at random from the
rest of the deck and the hand plays each deal once per trump suit it could pitch (or the
one asked for), or per contract it could declare.

Each game that has odds says so in its descriptor (`Game.odds`) and plays the rounds (a
trump suit or contract each) through its run kernel; this module holds what they share:
reading the hand and the trump, the chunked loop over a conditional run, the frame of its
results and what `allfours odds` asks and prints.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from tqdm import tqdm

from sims.core.cards import (
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    format_cards,
    mask_of,
    parse_cards,
    suit_mask,
)
from sims.core.options import quoted
from sims.descriptors import game as describe
from sims.descriptors import serving
from sims.run.runner import RunSpec, raise_first_error

if TYPE_CHECKING:
    from sims.descriptors import Odds

ROUND_ROWS = 1 << 18  # outcome rows per call of a run kernel playing rounds
# A run kernel's call on one chunk of a conditional run: (first deal, deals, rows, errors).
RoundsKernel = Callable[[int, int, np.ndarray, np.ndarray], None]


def odds_of(game: str) -> Odds:
    """The odds `game` declares; ValueError naming the games that have them if none."""
    declared = describe(game).odds
    if declared is None:
        raise ValueError(f"{game} has no odds; games with odds: {', '.join(serving('odds'))}")
    return declared


def parse_hand(text: str | Sequence[int], game: str) -> tuple[int, ...]:
    """The card codes of a hand given as text (`"AH JH 5H KS 3C 2D"`) or codes; CardError
    for a malformed or repeated card or the wrong number of cards for `game`."""
    cards = parse_cards(text) if isinstance(text, str) else [int(c) for c in text]
    if len(set(cards)) != len(cards):
        raise CardError(f"a card is given twice in {format_cards(cards)}")
    if any(not 0 <= card < 52 for card in cards):
        raise CardError("card codes lie in 0..51")
    size = odds_of(game).hand_size
    if len(cards) != size:
        raise CardError(f"a {game} hand has {size} cards; {len(cards)} given")
    return tuple(cards)


def parse_trump(text: str, hand: Sequence[int]) -> tuple[int, ...]:
    """Suits to pitch: every suit the hand holds for `best`, else the one named (C D H S or
    a suit symbol), which the hand must hold."""
    held = [suit for suit in range(4) if mask_of(hand) & suit_mask(suit)]
    if text.strip().lower() == "best":
        return tuple(held)
    name = text.strip()
    name = SUIT_SYMBOLS.get(name, name.upper())
    if len(name) != 1 or name not in SUITS:
        raise CardError(f"bad trump {quoted(text)}: give one of C D H S, or best")
    suit = SUITS.index(name)
    if suit not in held:
        raise CardError(f"the hand cannot pitch {name}: it holds no card of that suit")
    return (suit,)


@dataclass(frozen=True)
class OddsSpec:
    """A conditional run in which the hand pitches each of `suits`: `run` gives the game,
    rules, strategies, seed and deal count; the hand sits at `seat` from the dealer's left
    (1 .. players, the dealer), where the game seats it."""

    run: RunSpec
    hand: tuple[int, ...]
    suits: tuple[int, ...]
    seat: int = 1

    def __post_init__(self) -> None:
        players = self.run.layout.players
        if self.run.games:
            raise ValueError("odds are taken over single deals, not games")
        parse_hand(self.hand, self.run.game)
        if not 1 <= self.seat <= players:
            raise ValueError(f"--seat must lie in 1..{players} with {players} players")
        if not self.suits or any(not mask_of(self.hand) & suit_mask(s) for s in self.suits):
            raise ValueError("every trump suit must be one the hand holds")


def rest_of(cards: Collection[int]) -> np.ndarray:
    """The cards of the deck outside `cards`, which the other hands are dealt from."""
    return np.array([card for card in range(52) if card not in cards], np.int64)


def round_rows(
    run: RunSpec, first: int, count: int, rounds: int, kernel: RoundsKernel
) -> np.ndarray:
    """The outcome rows of deals `first .. first + count` played once per round by a run
    kernel, deal-major (a rejected deal's rows keep deal = -1). StrategyFault on a fault."""
    rows = np.zeros(count * rounds, run.layout.dtype)
    rows["deal"] = -1
    errors = np.zeros((count, 4), np.int64)
    kernel(first, count, rows, errors)
    raise_first_error(run, first, errors)
    return rows


def play_round_chunks(
    run: RunSpec,
    rounds: int,
    kernel: RoundsKernel,
    results: Callable[[np.ndarray], np.ndarray],
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """The results (round, deal, value) of a run kernel playing each deal of a conditional
    run once per round, a row each (deal-major): `results(rows)` gives a chunk's values per
    row. `progress` is called with the deals done per chunk. StrategyFault on a fault."""
    chunk = max(1, ROUND_ROWS // rounds)
    parts = []
    for start in range(0, run.count, chunk):
        count = min(chunk, run.count - start)
        rows = round_rows(run, run.first + start, count, rounds, kernel)
        parts.append(results(rows).reshape(count, rounds, -1).astype(np.int16))
        if progress is not None:
            progress(count)
    return np.concatenate(parts).transpose(1, 0, 2)


def rounds_frame(
    run: RunSpec,
    results: np.ndarray,
    key: str,
    labels: Sequence[str],
    columns: Sequence[str],
    flags: Collection[str] = (),
    categories: Sequence[str] | None = None,
) -> pd.DataFrame:
    """One row per (round, deal) of `play_round_chunks` results: the round's label under `key` (a
    categorical of `categories`, default `labels`), the deal index, then `columns`, those
    in `flags` as booleans."""
    frame = pd.DataFrame(results.reshape(-1, len(columns)), columns=list(columns))
    for column in flags:
        frame[column] = frame[column].astype(bool)
    frame.insert(0, "deal", np.tile(np.arange(run.first, run.first + run.count), len(labels)))
    kinds = list(labels if categories is None else categories)
    frame.insert(0, key, pd.Categorical(list(labels), categories=kinds).repeat(run.count))
    return frame


def suits_frame(
    spec: OddsSpec, results: np.ndarray, columns: Sequence[str], flags: Collection[str] = ()
) -> pd.DataFrame:
    """`rounds_frame` of a run over the trump suits of `spec`: the suit's letter as `trump`."""
    labels = [SUITS[suit] for suit in spec.suits]
    return rounds_frame(spec.run, results, "trump", labels, columns, flags, list(SUITS))


@dataclass(frozen=True)
class OddsQuery:
    """One `allfours odds` command as a game's `Odds.play` gets it: the run (deals per trump
    or contract), the hand, and --seat, --trump and --turned as given (each checked to
    apply to the game); `show` asks for a progress bar."""

    run: RunSpec
    hand: tuple[int, ...]
    seat: int | None
    trump: str
    turned: str | None
    show: bool = False

    def with_progress(
        self, rounds: int, play: Callable[[Callable[[int], None]], pd.DataFrame]
    ) -> pd.DataFrame:
        """`play(progress)` under a bar of the run's deals over `rounds` trumps or contracts;
        `progress` takes the deals done per chunk."""
        total = self.run.count * rounds
        with tqdm(
            total=total, unit="deal", unit_scale=True, disable=not self.show, leave=False
        ) as bar:
            return play(lambda done: bar.update(done * rounds))


@dataclass(frozen=True)
class OddsReport:
    """What `allfours odds` prints of a game's conditional deals: the estimates (indexed by
    trump or contract, then quantity), the advice line and its JSON, and where the hand
    sat, as the header says it (`where`: "as the pitcher") and as JSON fields (`about`)."""

    estimates: pd.DataFrame
    advice: str
    recommendation: dict[str, Any]
    where: str
    about: dict[str, Any]
