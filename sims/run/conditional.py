"""Conditional deals on one known hand: the other hands are dealt at random from the rest
of the deck and the hand plays each deal once per round (a trump suit it could pitch, a
contract it could declare, or a call it could make). A game's odds and advice play their
rounds through its run kernel; this module holds what they share: reading the hand and
the trump, the chunked loops over a conditional run (every deal, or until enough deals
fit the calls heard) and the frame of their results.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from sims.core.cards import SUIT_SYMBOLS, SUITS, CardError, mask_of, suit_mask
from sims.core.deck import STANDARD, Deck
from sims.core.options import quoted, resolve
from sims.descriptors import game as describe
from sims.run.runner import RunSpec, raise_first_error

ROUND_ROWS = 1 << 18  # outcome rows per call of a run kernel playing rounds

# A run kernel's call on one chunk of a conditional run: (first deal, deals, rows, errors).
RoundsKernel = Callable[[int, int, np.ndarray, np.ndarray], None]


def parse_hand(
    text: str | Sequence[int], game: str, rules: dict[str, Any] | None = None
) -> tuple[int, ...]:
    """The card codes of a hand given as text (`"AH JH 5H KS 3C 2D"`) or codes, in the deck
    of `game` under `rules` (default: its default rules); CardError for a malformed or
    repeated card, one not in that deck, or the wrong number of cards for `game`."""
    described = describe(game)
    if rules is None:
        rules = resolve(game, described.rules.OPTIONS, [])
    deck = described.deck(rules)
    cards = deck.parse_cards(text) if isinstance(text, str) else [int(c) for c in text]
    if len(set(cards)) != len(cards):
        raise CardError(f"a card is given twice in {deck.format_cards(cards)}")
    if any(not 0 <= card < deck.size for card in cards):
        raise CardError(f"card codes of the {deck.name} lie in 0..{deck.size - 1}")
    odds = described.odds
    if odds is None:
        raise ValueError(f"{game} has no odds for a hand")
    size = odds.size(rules)
    if len(cards) != size:
        raise CardError(f"a hand in {game} has {size} cards; {len(cards)} given")
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
        raise CardError(f"the hand cannot name {name} trump: it holds no card of that suit")
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
        parse_hand(self.hand, self.run.game, self.run.rules)
        if not 1 <= self.seat <= players:
            raise ValueError(f"--seat must lie in 1..{players} with {players} players")
        if not self.suits or any(not mask_of(self.hand) & suit_mask(s) for s in self.suits):
            raise ValueError("every trump suit must be one the hand holds")


def rest_of(cards: Collection[int], deck: Deck = STANDARD) -> np.ndarray:
    """The cards of `deck` outside `cards`, which the other hands are dealt from."""
    return np.array([card for card in range(deck.size) if card not in cards], np.int64)


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
    row. `progress` is called with the deals done per chunk. StrategyFault on a fault;
    ValueError for a run of no deals, which would estimate nothing."""
    if run.count < 1:
        raise ValueError("a hand's odds need at least one deal, not 0")
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
class Accepted:
    """The values of the accepted deals, `(round, deal, value)`, their candidate indexes,
    and how many candidates were dealt to find them."""

    values: np.ndarray
    deals: np.ndarray
    tries: int


def play_until_accepted(
    run: RunSpec,
    rounds: int,
    kernel: RoundsKernel,
    values: Callable[[np.ndarray], np.ndarray],
    max_tries: int,
    progress: Callable[[int], None] | None = None,
) -> Accepted:
    """Play candidate deals `run.first, run.first + 1, ...` in chunks, each once per round
    (a row each, deal-major), until `run.count` are accepted or `max_tries` are dealt; the
    first `run.count` accepted (by index) are kept, so the result depends on the seed only.
    Each chunk deals as many candidates as the share accepted so far says are still needed,
    and a fifth more. `values(rows)` gives a chunk's values per row. StrategyFault on a
    fault."""
    chunk = max(1, ROUND_ROWS // rounds)
    kept: list[np.ndarray] = []
    indexes: list[np.ndarray] = []
    found, tried = 0, 0
    while found < run.count and tried < max_tries:
        needed = run.count - found
        expected = needed if tried == 0 else 6 * needed * tried // (5 * max(found, 1)) + 1
        count = min(chunk, max_tries - tried, expected)
        first = run.first + tried
        rows = round_rows(run, first, count, rounds, kernel)
        accepted = rows["deal"][::rounds] >= 0
        take = np.flatnonzero(accepted)[: run.count - found]
        kept.append(values(rows).reshape(count, rounds, -1)[take])
        indexes.append(first + take)
        found += len(take)
        tried += count
        if progress is not None:
            progress(len(take))
    table = np.concatenate(kept).transpose(1, 0, 2)
    return Accepted(table, np.concatenate(indexes), tried)
