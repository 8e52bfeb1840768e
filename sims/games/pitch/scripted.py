"""Pitch deals with given hands, calls and cards, played and scored by the run's deal
loop: the worked examples of docs/examples.md, and continuations."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.core.cards import mask_of
from sims.core.options import resolve
from sims.core.rng import STREAM_PLAY, new_state
from sims.descriptors import Continuation
from sims.engine.common import ILLEGAL_CALL
from sims.games.pitch import rules as pitch
from sims.games.pitch.deal import play_pitch_script_nb
from sims.run.scripted import IllegalPlayError, raise_for_card, script_tables


def play_pitch_script(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    scores: Sequence[int] | None = None,
) -> np.void:
    """Score one Pitch deal of given hands, calls (in order from the dealer's left) and
    cards in play order through the run's deal loop; return its outcome row."""
    row, _ = pitch_deal(rules, hands, dealer, calls, cards, scores, None, 0)
    if len(cards) != pitch.TRICKS * rules["players"]:
        raise IllegalPlayError("cards were given after the last trick")
    return row


def pitch_continuation(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    strategy: str,
    *,
    seed: int = 0,
) -> list[int]:
    """The cards `strategy`, at every seat, plays after the given calls and `cards` of a
    Pitch deal, to the end of the deal, its random stream keyed by `seed`."""
    _, plays = pitch_deal(rules, hands, dealer, calls, cards, None, strategy, seed)
    return [int(card) for card in plays[len(cards) :] if card >= 0]


def pitch_deal(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    scores: Sequence[int] | None,
    strategy: str | None,
    seed: int,
) -> tuple[np.void, np.ndarray]:
    """Play a Pitch deal from `calls` and `cards` on, by `strategy` after them: (outcome
    row, cards in play order, -1 after the last)."""
    players = rules["players"]
    if len(hands) != players or any(len(hand) != pitch.HAND_SIZE for hand in hands):
        raise ValueError(f"Pitch with {players} players needs {players} hands of 6 cards")
    dealt = np.array([mask_of(hand) for hand in hands], np.int64)
    if len({card for hand in hands for card in hand}) != 6 * players:
        raise ValueError("a card is dealt twice")
    before = np.zeros(pitch.MAX_PLAYERS, np.int64)
    before[: len(scores or [])] = scores or []
    fids, params = script_tables(strategy, "pitch", players, rules)
    out = np.zeros(1, pitch.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    plays = np.full((1, pitch.TRICKS * players), -1, np.int8)
    kind = play_pitch_script_nb(
        dealt,
        dealer,
        before,
        pitch.rules_array(rules),
        np.array(calls, np.int8),
        np.array(cards, np.int8),
        fids,
        params,
        new_state(seed, 0, STREAM_PLAY),
        out,
        error,
        np.zeros((1, pitch.MAX_PLAYERS), np.int8),
        plays,
        np.zeros((1, pitch.TRICKS), np.int8),
    )
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not call {error[1]} now")
    raise_for_card(kind, error)
    return out[0], plays[0]


RULES = resolve("pitch", pitch.OPTIONS, [])
PITCHED = [2, 0, 0, 0]  # the dealer's left bids 2, the others pass: it pitches


def continued_calls(
    hands: list[list[int]], dealer: int, calls: list[int], label: str, seed: int
) -> list[tuple[int, int]]:
    """The calls of a deal under the default rules, with their seats: the given ones, then
    `label`'s at every seat."""
    row, _ = pitch_deal(RULES, hands, dealer, calls, [], None, label, seed)
    made = [int(call) for call in row["call"] if call >= 0]
    return [((dealer + 1 + k) % len(hands), call) for k, call in enumerate(made)]


def continued_cards(
    hands: list[list[int]], dealer: int, cards: list[int], label: str, seed: int
) -> list[int]:
    """The cards of a deal the dealer's left pitches at 2: the given ones, then `label`'s."""
    return pitch_continuation(RULES, hands, dealer, PITCHED, cards, label, seed=seed)


CONTINUATION = Continuation(pitch.HAND_SIZE, continued_cards, continued_calls, cases=25)
