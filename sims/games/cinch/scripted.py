"""Cinch deals with given hands, stock, calls and card decisions, played and scored by the
run's deal loop: the worked examples of docs/examples.md, and the continuations the
test that no decision depends on a hidden card plays."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.core.options import resolve
from sims.core.rng import STREAM_PLAY, new_state
from sims.descriptors import Continuation
from sims.engine.common import ILLEGAL_CALL, ILLEGAL_CARD, SCRIPT_EXHAUSTED
from sims.games.cinch import rules as c
from sims.games.cinch.deal import (
    MAX_ENTRIES,
    TRACE_CARD,
    TRACE_PLAY,
    TRACE_SEAT,
    TRACE_SEEN,
    TRACE_WIDTH,
    play_cinch_deal_nb,
)
from sims.run.scripted import IllegalPlayError, script_tables
from sims.strategies import view as v


def cinch_deal(
    rules: dict,
    hands: Sequence[Sequence[int]],
    stock: Sequence[int],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    strategy: str | None = None,
    *,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> tuple[np.void, np.ndarray, np.ndarray]:
    """Play a Cinch deal of the hands dealt and the stock (top first) from the given calls
    (bids from the dealer's left, then the maker's trump) and card decisions (discards
    chosen, then cards played), by `strategy` at every seat after them (None: the deal
    ends there, IllegalPlayError). Returns the outcome row, the card decisions made
    (-1 after the last) and each one's trace (seat, cards seen, whether a card played)."""
    players, size = rules["players"], c.cards_dealt(rules)
    if len(hands) != players or any(len(hand) != size for hand in hands):
        raise ValueError(f"Cinch with these rules needs {players} hands of {size} cards")
    order = np.array([*[card for hand in hands for card in hand], *stock], np.int64)
    if sorted(order.tolist()) != list(range(52)):
        raise ValueError("the hands and the stock must hold the 52 cards once each")
    before = np.zeros(c.MAX_PLAYERS, np.int64)
    before[: len(scores or [])] = scores or []
    fids, params = script_tables(strategy, c.NAME, players, rules)
    out = np.zeros(1, c.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    decisions = 2 * MAX_ENTRIES + c.TRICKS * players
    trace = np.full((decisions, TRACE_WIDTH), -1, np.int64)
    plays = np.full((1, c.TRICKS * players), -1, np.int8)
    script = np.array(cards, np.int8)
    kind = play_cinch_deal_nb(
        order,
        dealer,
        before,
        c.rules_array(rules),
        fids,
        params,
        new_state(seed, 0, STREAM_PLAY),
        np.array(calls, np.int8),
        script,
        np.zeros(v.SIZE, np.int64),
        out,
        0,
        error,
        np.full((1, players + 1 + 2 * MAX_ENTRIES), -1, np.int8),
        plays,
        np.full((1, c.TRICKS), -1, np.int8),
        trace,
    )
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not call {error[1]} now")
    if kind == ILLEGAL_CARD:
        raise IllegalPlayError(f"seat {error[0]} may not discard or play card {error[1]} now")
    if kind == SCRIPT_EXHAUSTED:
        raise IllegalPlayError(f"the deal is incomplete: seat {error[0]} has a decision to make")
    count = int((trace[:, TRACE_SEAT] >= 0).sum())
    return out[0], trace[:count, TRACE_CARD], trace[:count]


RULES = resolve(c.NAME, c.OPTIONS, [])
HEARTS = 2
MADE = [5, 0, 0, 0, HEARTS]  # the dealer's left bids 5 and names hearts


def continued_cards(
    hands: list[list[int]], dealer: int, given: list[int], label: str, seed: int, stock: list[int]
) -> list[int]:
    """The card decisions of a deal the dealer's left makes at 5 in hearts (the discards
    chosen, then the cards played) after the given ones, by `label` at every seat."""
    _, decided, _ = cinch_deal(RULES, hands, stock, dealer, MADE, given, label, seed=seed)
    return [int(card) for card in decided[len(given) :]]


def continued_calls(
    hands: list[list[int]], dealer: int, heard: list[int], label: str, seed: int, stock: list[int]
) -> list[tuple[int, int]]:
    """The calls of a deal under the default rules, with their seats: the given ones, then
    `label`'s at every seat; the maker's trump last."""
    row, _, _ = cinch_deal(RULES, hands, stock, dealer, heard, [], label, seed=seed)
    players = len(hands)
    calls = [((dealer + 1 + k) % players, int(row["call"][k])) for k in range(players)]
    return [*calls, (int(row["pitcher"]), int(row["trump"]))]


def seen(
    hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]
) -> tuple[int, set[int]]:
    """The seat making the last of the card `decisions` (as `continued_cards` gives them)
    and the cards it has seen by then besides its hand dealt: the discards shown, its own,
    its draws (the robbing dealer's whole stock) and the cards played."""
    *given, _ = decisions
    trace = _trace_of(hands, dealer, stock, given)
    k = len(given)
    shown = int(trace[k, TRACE_SEEN])
    cards = {card for card in range(52) if shown >> card & 1}
    return int(trace[k, TRACE_SEAT]), cards


def _trace_of(
    hands: list[list[int]], dealer: int, stock: list[int], given: list[int]
) -> np.ndarray:
    """The trace of the deal up to the decision after `given`, played on by `random`."""
    _, _, trace = cinch_deal(RULES, hands, stock, dealer, MADE, given, "random", seed=0)
    return trace


def opening(hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]) -> int:
    """Which of a deal's card decisions is the opening lead: the first card played."""
    trace = _trace_of(hands, dealer, stock, decisions)
    return int(np.flatnonzero(trace[:, TRACE_PLAY] == 1)[0])


CONTINUATION = Continuation(
    9, continued_cards, continued_calls, seen=seen, opening=opening, seats=4, cases=20
)
