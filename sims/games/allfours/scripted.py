"""All Fours deals with given hands, stock, calls and cards, played and scored by the run's
deal loop (docs/rules.md section 7): the worked examples of docs/examples.md, and the
continuations the hidden-card test plays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sims.core.cards import mask_of
from sims.core.options import resolve
from sims.core.rng import STREAM_PLAY, new_state
from sims.descriptors import Continuation
from sims.engine.common import ILLEGAL_CALL, OK
from sims.games.allfours import rules as r
from sims.games.allfours.deal import POINTS_SIZE, S_DISCARDS, STATE_SIZE, play_deal_nb, write_row_nb
from sims.run.scripted import IllegalPlayError, raise_for_card, script_tables
from sims.strategies import view as v


@dataclass(frozen=True)
class ScriptedDeal:
    """A deal played from given decisions: its outcome row, the cards each seat held at
    the first trick (when the deal ended, if before), its calls (Q_* order, -1 not asked),
    its discards in order, its cards in play order and its trick winners."""

    row: np.void
    hands: list[int]
    calls: list[int]
    discards: list[int]
    plays: list[int]
    winners: list[int]


def play_script(
    rules: dict[str, Any],
    hands: Sequence[Sequence[int]],
    stock: Sequence[int],
    dealer: int,
    calls: Sequence[int] = (),
    cards: Sequence[int] = (),
    scores: Sequence[int] | None = None,
    strategy: str | None = None,
    seed: int = 0,
) -> ScriptedDeal:
    """Play an All Fours deal from six-card `hands` (codes, by seat), the `stock` (the rest
    of the pack, upcard first), the given `calls` (answers in the order asked) and card
    decisions (`cards`: discards, then cards in play order), `strategy` deciding after
    them (None: the deal must end within the script); IllegalPlayError on a decision the
    rules forbid or a deal left unfinished."""
    players = rules["players"]
    if len(hands) != players or any(len(hand) != r.HAND_SIZE for hand in hands):
        raise ValueError(f"All Fours with {players} players needs {players} hands of 6 cards")
    if sorted([c for hand in hands for c in hand] + list(stock)) != list(range(r.DECK_SIZE)):
        raise ValueError("the hands and the stock must hold the 52 cards once each")
    before = np.zeros(r.MAX_SIDES, np.int64)
    before[: len(scores or [])] = scores or []
    after = before.copy()
    fids, params = script_tables(strategy, r.NAME, players, rules)
    array = r.rules_array(rules)
    out = np.zeros(1, r.OUTCOME_DTYPE)
    pack = np.array(stock, np.int64)
    held = np.array([mask_of(hand) for hand in hands], np.int64)
    played_by, won, dead_of = (np.zeros(players, np.int64) for _ in range(3))
    state, error = np.zeros(STATE_SIZE, np.int64), np.zeros(2, np.int64)
    points = np.zeros(POINTS_SIZE, np.int64)
    log_calls = np.full(r.calls_size(players), -1, np.int64)
    plays = np.full(players * r.max_tricks(players), -1, np.int64)
    winners = np.full(r.max_tricks(players), -1, np.int64)
    kind = play_deal_nb(
        pack,
        np.array([0, pack.shape[0]], np.int64),  # the stock given whole
        np.zeros(0, np.int64),
        dealer,
        after,
        array,
        fids,
        params,
        new_state(seed, 0, STREAM_PLAY),
        np.array(calls, np.int64),
        np.array(cards, np.int64),
        np.zeros(v.SIZE, np.int64),
        held,
        played_by,
        won,
        dead_of,
        state,
        error,
        log_calls,
        plays,
        winners,
        points,
    )
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not answer {error[1]} now")
    if kind != OK:
        raise_for_card(kind, error)
    write_row_nb(out, 0, pack, dealer, before, after, array, state, points)
    out[0]["deal"], out[0]["game"] = 0, -1
    start = r.LOG_STOCK + r.stock_size(players)
    return ScriptedDeal(
        out[0],
        [int(mask) for mask in held],
        [int(call) for call in log_calls[: r.QUESTIONS]],
        [int(card) for card in log_calls[start : start + state[S_DISCARDS]]],
        [int(card) for card in plays if card >= 0],
        [int(seat) for seat in winners if seat >= 0],
    )


# ----------------------------------------------------------------------------- continuations

RULES = resolve(r.NAME, r.OPTIONS, [])
PLAYERS = RULES["players"]


def runs_to_trump(stock: Sequence[int], players: int) -> int:
    """How many runs turn a suit other than the first upcard's from `stock` (upcard first);
    0 when running would bunch the deal."""
    taken = 1
    for run in range(1, r.max_runs(players) + 1):
        taken += 3 * players
        if stock[taken] // 13 != stock[0] // 13:
            return run
        taken += 1
    return 0


def script_calls(stock: Sequence[int], players: int) -> list[int]:
    """The calls of a continuation's deal: eldest begs and the dealer runs, so that the
    hands change (runs and discards), unless running would bunch; then eldest stands."""
    return [r.BEG, r.RUN] if runs_to_trump(stock, players) else [r.STAND]


def continued_cards(
    hands: list[list[int]], dealer: int, given: list[int], label: str, seed: int, stock: list[int]
) -> list[int]:
    """The card decisions (each discard, then the cards played) of a deal under the default
    rules in which eldest begs and the dealer runs (`script_calls`): the given ones, then
    `label`'s at every seat."""
    calls = script_calls(stock, len(hands))
    deal = play_script(RULES, hands, stock, dealer, calls, given, None, label, seed)
    return (deal.discards + deal.plays)[len(given) :]


def continued_calls(
    hands: list[list[int]], dealer: int, heard: list[int], label: str, seed: int, stock: list[int]
) -> list[tuple[int, int]]:
    """The calls of a deal under the default rules with their seats: the given ones, then
    `label`'s at every seat."""
    deal = play_script(RULES, hands, stock, dealer, heard, (), None, label, seed)
    eldest = (dealer + 1) % len(hands)
    seats = (eldest, dealer, eldest)
    return [(seats[q], call) for q, call in enumerate(deal.calls) if call >= 0]


def _runs_of(hands: list[list[int]], dealer: int, stock: list[int]) -> tuple[list[int], dict]:
    """The upcards of a continuation's deal and the cards each seat got by running."""
    players = len(hands)
    runs = runs_to_trump(stock, players)
    upcards, got = [stock[0]], {seat: [] for seat in range(players)}
    taken = 1
    for _ in range(runs):
        for k in range(players):
            got[(dealer + 1 + k) % players] += stock[taken : taken + 3]
            taken += 3
        upcards.append(stock[taken])
        taken += 1
    return upcards, got


def seen(
    hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]
) -> tuple[int, set[int]]:
    """The seat making the last of the card `decisions` (as `continued_cards` gives them)
    and what it has seen by then besides its hand dealt: the upcards, its cards from the
    runs, its own discards (face down: the others' stay unseen) and the cards played."""
    players = len(hands)
    upcards, got = _runs_of(hands, dealer, stock)
    per = 3 * (len(upcards) - 1)
    total = per * players
    *before, card = decisions
    order = [(dealer + 1 + k) % players for k in range(players)]
    if len(before) < total:
        seat = order[len(before) // per]
    else:
        seat = next(s for s in range(players) if card in hands[s] or card in got[s])
    own = {c for i, c in enumerate(before[:total]) if order[i // per] == seat}
    return seat, {*upcards, *got[seat], *own, *before[total:]}


def opening(hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]) -> int:
    """Which card decision is the opening lead: the first after every discard."""
    upcards, _ = _runs_of(hands, dealer, stock)
    return 3 * (len(upcards) - 1) * len(hands)


CONTINUATION = Continuation(
    r.HAND_SIZE,
    continued_cards,
    continued_calls,
    seen=seen,
    opening=opening,
    seats=PLAYERS,
    cases=30,
)
