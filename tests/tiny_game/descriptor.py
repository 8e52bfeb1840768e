"""Three-card Jick described to the generic code, and registered (`register_game`)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS
from sims.core.rng import STREAM_PLAY, stream_key
from sims.descriptors import Continuation, Counters, Game, KernelInputs, Layout, Sides, register
from sims.run.counters import Axis, Counter, at
from sims.run.deal_log import hand_names, listed, listed_text, play_order, tricks_shown
from sims.strategies import resolve
from sims.strategies import view as v
from tests.references import register_referee
from tests.tiny_game import HAND_SIZE, NAME, PLAYERS, referee
from tests.tiny_game import rules as jick
from tests.tiny_game.deal import play_deal_nb, run_tiny_nb
from tests.tiny_game.rules import DECK, TRICKS

MOST_POINTS = TRICKS + 3  # every trick and the largest joker bonus


def layout(rules: dict[str, Any], max_deals: int) -> Layout:
    return Layout(PLAYERS, 1, jick.OUTCOME_DTYPE, PLAYERS * HAND_SIZE, TRICKS, 2 * PLAYERS)


def arguments(k: KernelInputs) -> tuple:
    rules = jick.rules_array(k.spec.rules)
    logs = (k.hands, k.calls, k.plays, k.winners)
    return (k.spec.seed, k.first, k.count, rules, k.fids, k.params, k.out, k.errors, *logs)


def exchanges(dealer: int, calls: np.ndarray) -> list[tuple[int, int, int]]:
    """The exchanges of a deal as (seat, card discarded, card drawn), from its log of
    calls, which holds each seat's discard then its draw, from the dealer's left."""
    return [
        ((dealer + 1 + k) % PLAYERS, int(calls[2 * k]), int(calls[2 * k + 1]))
        for k in range(PLAYERS)
    ]


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the hands dealt, the turned card, the exchanges (seat, card
    discarded, card drawn), the cards played and the points."""
    leader = (int(row["dealer"]) + 1) % PLAYERS
    order = play_order(leader, plays, winners, PLAYERS)
    return {
        "game": spec.game,
        "seed": spec.seed,
        "deal": int(row["deal"]),
        "players": PLAYERS,
        "dealer": int(row["dealer"]),
        "rules": spec.rules,
        "strategies": list(spec.seats),
        "hands": hand_names(hands, DECK),
        "turned": DECK.card_name(int(row["turned"])),
        "trump": SUITS[int(row["trump"])],
        "exchanges": [
            [seat, DECK.card_name(out), DECK.card_name(drawn)]
            for seat, out, drawn in exchanges(int(row["dealer"]), calls)
        ],
        "plays": [[seat, DECK.card_name(card)] for seat, card in order],
        "trick_winners": [int(w) for w in winners[:TRICKS]],
        "result": {
            "points": listed(row["points"]),
            "joker_taker": None if row["joker_taker"] < 0 else int(row["joker_taker"]),
        },
    }


def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
    """A deal: the hands, the turned card and trump, the exchanges, every trick and the
    points."""
    lines = ["", f"{where}: dealer {row['dealer']}, turned {DECK.card_name(int(row['turned']))}"]
    lines += [f"  seat {s}: {DECK.format_cards(_codes(int(hands[s])))}" for s in range(PLAYERS)]
    lines += [
        f"  seat {seat} discards {DECK.card_name(out)}, draws {DECK.card_name(drawn)}"
        for seat, out, drawn in exchanges(int(row["dealer"]), calls)
    ]
    order = play_order((int(row["dealer"]) + 1) % PLAYERS, plays, winners, PLAYERS)
    for trick, shown in enumerate(tricks_shown(order, PLAYERS, DECK)):
        lines.append(f"  trick {trick + 1}: {shown}  -> seat {winners[trick]}")
    return [*lines, f"  points {listed_text(row['points'])}"]


def _codes(mask: int) -> list[int]:
    return [card for card in range(DECK.size) if mask >> card & 1]


COUNTERS = (
    Counter(
        "points",
        (Axis("seat", 0, PLAYERS), Axis("points", 0, MOST_POINTS + 1)),
        "points each seat scored",
        each="seat",
    ),
    Counter("joker", (Axis("joker_taker", -1, PLAYERS + 1),), "who took the joker (-1: none)"),
)


def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
    _count_nb(table, c["points"], c["joker"])


@njit(cache=True)
def _count_nb(table, points, joker):
    """Rows into the counters of `COUNTERS`."""
    scored = table.points
    for i in range(table.shape[0]):
        for seat in range(PLAYERS):
            points[seat, at(scored[i, seat], 0, points.shape[1])] += 1
        joker[at(table[i].joker_taker, -1, joker.shape[0])] += 1


def seat_points(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and seat: the points it scored."""
    return deals[[f"points_{seat}" for seat in range(PLAYERS)]].to_numpy()


def continued(
    hands: list[list[int]], dealer: int, given: list[int], label: str, seed: int, stock: list[int]
) -> list[int]:
    """The card decisions of a deal from `hands` (the dealer's last turned) and `stock`
    (top first), each seat's discard and then the cards played, after the `given` ones:
    strategy `label`'s at every seat."""
    plan = resolve(label, NAME)
    fids = np.array([[plan.bid_fid, plan.play_fid, plan.lead_fid]] * PLAYERS, np.int64).T.copy()
    params = np.zeros((3, PLAYERS, 1))
    exchanged = np.full(2 * PLAYERS, -1, np.int64)
    plays = np.full(PLAYERS * TRICKS, -1, np.int64)
    rng = np.array([stream_key(seed, 0, STREAM_PLAY)], np.int64)
    trump, seat, _ = play_deal_nb(
        np.array(hands, np.int64),
        np.array(stock[:PLAYERS], np.int64),
        dealer,
        1,
        fids,
        params,
        np.array(given, np.int64),
        rng,
        np.zeros(v.SIZE, np.int64),
        exchanged,
        plays,
        np.zeros(TRICKS, np.int64),
        np.zeros(PLAYERS, np.int64),
    )
    if trump < 0:
        raise ValueError(f"seat {seat} may not play the card given")
    return [int(card) for card in [*exchanged[::2], *plays][len(given) :] if card >= 0]


def seen(
    hands: list[list[int]], dealer: int, stock: list[int], decisions: list[int]
) -> tuple[int, set[int]]:
    """The seat that makes the last of the card `decisions` (as `continued` gives them),
    and the cards it has seen by then besides its hand dealt: the turned card, the
    discards and cards played before it, and the card it has drawn."""
    *before, card = decisions
    drawer = {stock[k]: (dealer + 1 + k) % PLAYERS for k in range(PLAYERS)}
    seat = next((s for s, hand in enumerate(hands) if card in hand), None)
    seat = drawer[card] if seat is None else seat
    drawn = {stock[k] for k in range(min(len(before), PLAYERS)) if drawer[stock[k]] == seat}
    return seat, {hands[dealer][-1], *before, *drawn}


GAME = Game(
    name=NAME,
    rules=sys.modules[jick.__name__],
    layout=layout,
    kernel=run_tiny_nb,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {}, count),
    call_problem=lambda call: f"made the call {call} in a game without an auction",
    cards_played=lambda spec, table: len(table) * PLAYERS * HAND_SIZE,
    single_deal=True,
    sides=Sides(lambda rules: [[s] for s in range(PLAYERS)], seat_points, None, "points"),
    frame_widths=jick.frame_widths,
    deck=lambda rules: DECK,
    continuation=Continuation(
        HAND_SIZE,
        continued,
        shown=lambda hands, dealer: {hands[dealer][-1]},
        seen=seen,
        opening=lambda hands, dealer, stock, decisions: PLAYERS,  # after the discards
        seats=PLAYERS,
        cases=40,
    ),
    analysis="tests.tiny_game.analysis",
)


def register_game() -> None:
    """Register the game and its referee (tests that play it take it away again)."""
    register(GAME)
    register_referee(NAME, referee)
