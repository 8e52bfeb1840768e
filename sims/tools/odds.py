"""Conditional simulation on one known hand: the other hands are dealt at random from the
rest of the deck and the hand pitches each suit it could (or the one asked for).

Pitch: the hand sits at `seat` counted from the dealer's left (the dealer, seat `players`,
bids last) and pitches without an auction, so each deal's points hold for every bid at
once: a bid of k is made when the pitcher's side wins at least k points. Phat: the hand
is the pitcher (4 players, 13 cards each). Solo Whist: the hand sits at `seat` from the
dealer's left (4 = the dealer, who holds the turned card) and declares each contract in
turn without an auction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sims.core.cards import (
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    card_name,
    format_cards,
    mask_of,
    parse_cards,
    suit_mask,
)
from sims.core.games import phat, pitch, solowhist
from sims.engine import odds as kernels
from sims.run.runner import RunSpec, raise_first_error, seat_strategies, strategy_tables

HAND_SIZES = {"pitch": pitch.HAND_SIZE, "phat": 13, "solowhist": 13}
# Contracts a Solo Whist hand is tried in: all but Prop and Cop, whose result depends on
# which player accepts.
WHIST_CONTRACTS = tuple(range(solowhist.SOLO, solowhist.ABUNDANCE_DECLARED + 1))
CHUNK = 1 << 16  # deals per kernel call
# Per-deal columns of `play_conditional`, in the kernels' result order.
COLUMNS = {
    "pitch": ["won", "high", "low", "jack", "game"],
    "phat": ["points", "big_phat_ours", "big_phat_kept", "muck"],
}


def parse_hand(text: str | Sequence[int], game: str) -> tuple[int, ...]:
    """The card codes of a hand given as text (`"AH JH 5H KS 3C 2D"`) or codes; CardError
    for a malformed or repeated card or the wrong number of cards for `game`."""
    cards = parse_cards(text) if isinstance(text, str) else [int(c) for c in text]
    if len(set(cards)) != len(cards):
        raise CardError(f"a card is given twice in {format_cards(cards)}")
    if any(not 0 <= card < 52 for card in cards):
        raise CardError("card codes lie in 0..51")
    size = HAND_SIZES[game]
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
        raise CardError(f"bad trump {text!r}: give one of C D H S, or best")
    suit = SUITS.index(name)
    if suit not in held:
        raise CardError(f"the hand cannot pitch {name}: it holds no card of that suit")
    return (suit,)


@dataclass(frozen=True)
class OddsSpec:
    """A conditional run: `run` gives the game, rules, strategies, seed and deal count;
    the hand sits at `seat` (Pitch: 1 = the dealer's left .. players = the dealer)."""

    run: RunSpec
    hand: tuple[int, ...]
    suits: tuple[int, ...]
    seat: int = 1
    pitcher: int = field(init=False)  # seat index in the kernels
    dealer: int = field(init=False)

    def __post_init__(self) -> None:
        game, players = self.run.game, self.run.layout.players
        if self.run.games:
            raise ValueError("odds are taken over single deals, not games")
        parse_hand(self.hand, game)
        if not 1 <= self.seat <= players:
            raise ValueError(f"--seat must lie in 1..{players} with {players} players")
        if not self.suits or any(not mask_of(self.hand) & suit_mask(s) for s in self.suits):
            raise ValueError("every trump suit must be one the hand holds")
        # Pitch: the dealer is the last seat, so seat k from its left is index k - 1.
        object.__setattr__(self, "dealer", players - 1 if game == "pitch" else 3)
        object.__setattr__(self, "pitcher", self.seat - 1 if game == "pitch" else 0)


def play_conditional(spec: OddsSpec, progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per (trump suit, deal): the suit's letter, the deal index and the game's
    per-deal results (Pitch: points won by the pitcher's side and whether it took High,
    Low, Jack, Game; Phat: its points, whether it took the Big Phat, whether the side dealt
    the Big Phat kept it, and its muck). `progress` is called with the deals done per
    chunk. StrategyFault on an illegal play."""
    run, game = spec.run, spec.run.game
    fids, params = strategy_tables(seat_strategies(run))
    hand = mask_of(spec.hand)
    rest = np.array([card for card in range(52) if card not in spec.hand], np.int64)
    suits = np.array(spec.suits, np.int64)
    width = len(COLUMNS[game])
    results = np.zeros((len(suits), run.count, width), np.int16)
    for start in range(0, run.count, CHUNK):
        count = min(CHUNK, run.count - start)
        errors = np.zeros((count, 4), np.int64)
        scratch = np.zeros(kernels.BLOCKS, run.layout.dtype)
        part = np.zeros((len(suits), count, width), np.int16)
        first = run.first + start
        if game == "pitch":
            rules = pitch.rules_array(run.rules, pitcher=spec.pitcher)
            kernels.pitch_odds_nb(
                run.seed, first, count, hand, rest, spec.pitcher, spec.dealer, suits, rules,
                fids, params, scratch, part, errors,
            )  # fmt: skip
        else:
            kernels.phat_odds_nb(
                run.seed, first, count, hand, rest, suits, phat.rules_array(run.rules), fids,
                params, phat.CARD_VALUES, scratch, part, errors,
            )  # fmt: skip
        raise_first_error(run, first, errors)
        results[:, start : start + count] = part
        if progress is not None:
            progress(count)
    frame = pd.DataFrame(results.reshape(-1, width), columns=COLUMNS[game])
    frame.insert(0, "deal", np.tile(np.arange(run.first, run.first + run.count), len(suits)))
    trumps = pd.Categorical([SUITS[s] for s in spec.suits], categories=list(SUITS))
    frame.insert(0, "trump", trumps.repeat(run.count))
    for column in COLUMNS[game][1:]:
        if column != "muck":
            frame[column] = frame[column].astype(bool)
    return frame


def whist_seat(hand: Sequence[int], turned: int, seat: int | None) -> int:
    """The hand's seat from the dealer's left (1..4, 4 the dealer): the dealer when the hand
    holds the turned card, else `seat` (default 1, the eldest); ValueError where the seat
    and the turned card contradict each other."""
    holds = turned in hand
    if seat is None:
        return 4 if holds else 1
    if not 1 <= seat <= 4:
        raise ValueError("--seat must lie in 1..4 (4 is the dealer)")
    if holds and seat != 4:
        raise ValueError(f"the hand holds the turned {card_name(turned)}, so it is the dealer's")
    if not holds and seat == 4:
        raise ValueError(f"the dealer holds the turned {card_name(turned)}; this hand lacks it")
    return seat


def play_whist_conditional(
    run: RunSpec,
    hand: Sequence[int],
    turned: int,
    seat: int,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """One row per (contract, deal) of Solo Whist with `hand` at `seat` (1..4 from the
    dealer's left) declaring the contract: contract name, deal index, made, the declarer's
    settlement and tricks, and the trump played (-1: none). StrategyFault on a bad play."""
    fids, params = strategy_tables(seat_strategies(run))
    rest = np.array([c for c in range(52) if c not in hand and c != turned], np.int64)
    contracts = np.array(WHIST_CONTRACTS, np.int64)
    results = np.zeros((len(contracts), run.count, 4), np.int16)
    rules = solowhist.rules_array(run.rules)
    for start in range(0, run.count, CHUNK):
        count = min(CHUNK, run.count - start)
        errors = np.zeros((count, 4), np.int64)
        scratch = np.zeros(kernels.BLOCKS, solowhist.OUTCOME_DTYPE)
        part = np.zeros((len(contracts), count, 4), np.int16)
        first = run.first + start
        kernels.whist_odds_nb(
            run.seed, first, count, mask_of(hand), rest, seat - 1, 3, turned, contracts,
            rules, fids, params, scratch, part, errors,
        )  # fmt: skip
        raise_first_error(run, first, errors)
        results[:, start : start + count] = part
        if progress is not None:
            progress(count)
    frame = pd.DataFrame(results.reshape(-1, 4), columns=["made", "settlement", "tricks", "trump"])
    frame["made"] = frame["made"].astype(bool)
    frame.insert(0, "deal", np.tile(np.arange(run.first, run.first + run.count), len(contracts)))
    names = [solowhist.CONTRACT_NAMES[c] for c in WHIST_CONTRACTS]
    frame.insert(0, "contract", pd.Categorical(names, categories=names).repeat(run.count))
    return frame
