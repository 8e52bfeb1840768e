"""Ten-point Pitch deals with given cards and decisions, played and scored by the run's deal
loop (docs/rules.md section 8): the worked examples of docs/examples.md, and the
continuations the hidden-card test plays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sims.core.options import resolve
from sims.core.rng import STREAM_PLAY, new_state
from sims.descriptors import Continuation
from sims.engine.common import ILLEGAL_CALL, OK
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.deal import (
    CALLS_WIDTH,
    I_ASKED,
    I_DECISIONS,
    I_EXCHANGES,
    INFO_SIZE,
    play_script_nb,
)
from sims.run.scripted import IllegalPlayError, raise_for_card, script_tables
from sims.strategies import view as v


@dataclass(frozen=True)
class Played:
    """A deal played from given decisions: its outcome row, the fault kind (OK when none;
    SCRIPT_EXHAUSTED where the decisions ran out), the deal log's calls, plays and trick
    winners, what the deal loop reported (`info`) and the view at the last decision."""

    row: np.void
    kind: int
    error: np.ndarray
    calls: np.ndarray
    plays: np.ndarray
    winners: np.ndarray
    info: np.ndarray
    view: np.ndarray


def play_given(
    rules: dict[str, Any],
    hands: Sequence[Sequence[int]],
    stock: Sequence[int],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    strategy: str | None = None,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> Played:
    """Play a deal of the hands dealt (codes, seat 0 first) and the `stock` (top first)
    from the given calls (one per seat from the dealer's left, then the trump named) and
    cards (the exchange decisions asked, then the cards played), then by `strategy` at
    every seat (None: stop where the given ones end)."""
    tp.check(rules)
    players, size = rules["players"], tp.cards_dealt(rules)
    if len(hands) != players or any(len(hand) != size for hand in hands):
        raise ValueError(f"{players} hands of {size} cards are needed")
    order = [card for hand in hands for card in hand] + list(stock)
    if sorted(order) != list(range(tp.deck_size(rules))):
        raise ValueError("the hands and the stock must hold every card of the deck once")
    before = np.zeros(tp.MAX_SIDES, np.int64)
    before[: len(scores or [])] = scores or []
    fids, params = script_tables(strategy, tp.NAME, players, rules)
    out = np.zeros(1, tp.OUTCOME_DTYPE)
    error, info, view = (
        np.zeros(2, np.int64),
        np.zeros(INFO_SIZE, np.int64),
        np.zeros(v.SIZE, np.int64),
    )
    logs = (
        np.full((1, CALLS_WIDTH), -1, np.int8),
        np.full((1, tp.MAX_PLAYERS * tp.MAX_TRICKS), -1, np.int8),
        np.full((1, tp.MAX_TRICKS), -1, np.int8),
    )
    kind = play_script_nb(
        np.array(order + [0] * (64 - len(order)), np.int64),
        dealer,
        before,
        tp.rules_array(rules),
        np.array(calls, np.int64),
        np.array(cards, np.int64),
        fids,
        params,
        new_state(seed, 0, STREAM_PLAY),
        view,
        out,
        error,
        info,
        *logs,
    )
    return Played(out[0], kind, error, logs[0][0], logs[1][0], logs[2][0], info, view)


def play_deal(
    rules: dict[str, Any],
    hands: Sequence[Sequence[int]],
    stock: Sequence[int],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    scores: Sequence[int] | None = None,
) -> Played:
    """A deal wholly given (calls and cards), played and checked: IllegalPlayError on a
    call or card the rules forbid, or on a deal left incomplete."""
    played = play_given(rules, hands, stock, dealer, calls, cards, None, scores)
    if played.kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {played.error[0]} may not call {played.error[1]} now")
    if played.kind != OK:
        raise_for_card(played.kind, played.error)
    return played


# The hidden-card test's deals: the default rules; the dealer is the first seat (see
# `_calls`).
RULES = resolve(tp.NAME, tp.OPTIONS, [])
HAND_SIZE = tp.cards_dealt(RULES)


def _calls(hands: list[list[int]], dealer: int) -> list[int]:
    """The calls of the hidden-card test's deals: the dealer's left bids the minimum, the
    others pass, and trump is the printed suit of the dealer's first card (the same after
    the test exchanges hidden cards, each for one of its suit)."""
    return [RULES["min_bid"], *[0] * (len(hands) - 1), hands[dealer][0] // 13 % 4]


def continued_cards(
    hands: list[list[int]],
    dealer: int,
    cards: list[int],
    label: str,
    seed: int,
    *,
    stock: list[int],
) -> list[int]:
    """The card decisions (exchanges asked, then cards played) after the given `cards`,
    `label`'s at every seat."""
    played = play_given(RULES, hands, stock, dealer, _calls(hands, dealer), cards, label, seed=seed)
    if played.kind != OK:
        raise ValueError(f"seat {played.error[0]} may not play the card given")
    decisions = played.info[I_DECISIONS : I_DECISIONS + played.info[I_ASKED]]
    return [int(card) for card in decisions[len(cards) :]]


def continued_calls(
    hands: list[list[int]],
    dealer: int,
    calls: list[int],
    label: str,
    seed: int,
    *,
    stock: list[int],
) -> list[tuple[int, int]]:
    """The calls (seat, call) of a deal: the given ones, then `label`'s at every seat."""
    played = play_given(RULES, hands, stock, dealer, calls, [], label, seed=seed)
    made = [int(call) for call in played.row["call"][: len(hands)]]
    return [((dealer + 1 + k) % len(hands), call) for k, call in enumerate(made)]


def seen(
    hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]
) -> tuple[int, set[int]]:
    """The seat that makes the last of the card `decisions` and the cards it has seen by
    then: its hand, the cards out of play it knows of (its discards, the trumps burned
    face up) and the cards played, as its view shows them."""
    played = play_given(RULES, hands, stock, dealer, _calls(hands, dealer), decisions[:-1])
    view = played.view
    known = int(view[v.HAND]) | int(view[v.DEAD]) | int(view[v.PLAYED])
    return int(view[v.SEAT]), {card for card in range(64) if known >> card & 1}


def opening(hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]) -> int:
    """Which of a deal's card decisions is the opening lead: the first after the exchange
    decisions asked."""
    played = play_given(RULES, hands, stock, dealer, _calls(hands, dealer), decisions)
    return int(played.info[I_EXCHANGES])


CONTINUATION = Continuation(
    HAND_SIZE,
    continued_cards,
    continued_calls,
    seen=seen,
    opening=opening,
    seats=RULES["players"],
    cases=20,
)
