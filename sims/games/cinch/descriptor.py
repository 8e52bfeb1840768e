"""Cinch described to the generic code: its layout, deal loop arguments, deal-log record,
replay lines, streaming counters and continuation (docs/rules.md section 6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS
from sims.descriptors import Advice, Counters, Game, KernelInputs, Layout, Odds, Sides, Solving
from sims.engine import solver
from sims.engine.exchanges import read_exchanges
from sims.games.cinch import rules as cinch
from sims.games.cinch.advice import play_advice
from sims.games.cinch.cards import DECK
from sims.games.cinch.deal import MAX_ENTRIES, run_cinch
from sims.games.cinch.odds import DEALT, play_odds
from sims.games.cinch.scripted import CONTINUATION
from sims.games.cinch.training import TRAINING
from sims.run.counters import RELATIVE, Axis, Counter, at, relative
from sims.run.deal_log import (
    exchange_lines,
    exchange_lists,
    hand_names,
    listed,
    listed_text,
    side_or_none,
)
from sims.run.queries import CalibrationQuery, CalibrationReport, bid_problem

DEFAULT_MAX_DEALS = 200  # cap on one game's deals with --games
EXCHANGE_VERBS = {"discard": "discards", "draw": "draws", "fill": "fills", "rob": "robs"}
MIN_DELTA = -cinch.MAX_BID
MAX_DELTA = 2 * cinch.TOTAL_POINTS  # a set bid of 14 with every point in play


def layout(rules: dict[str, Any], max_deals: int) -> Layout:
    players = rules["players"]
    calls = players + 1 + 2 * MAX_ENTRIES  # the bids, trump and the exchanges
    cap = max_deals or DEFAULT_MAX_DEALS
    return Layout(players, cap, cinch.OUTCOME_DTYPE, cinch.TRICKS * players, cinch.TRICKS, calls)


def arguments(k: KernelInputs) -> tuple:
    rules = cinch.rules_array(k.spec.rules)
    logs = (k.hands, k.calls, k.plays, k.winners)
    return (
        k.spec.seed,
        k.first,
        k.count,
        k.spec.games,
        k.cap,
        rules,
        k.fids,
        k.params,
        k.out,
        k.errors,
        *logs,
    )


def exchanges(calls: np.ndarray, players: int) -> list[tuple[str, int, int]]:
    """The logged exchanges in order as (kind, seat, card): "discard", "draw" (from the
    stock), "fill" (a face-up discard taken back) or "rob" (the stock's rest, to the
    robbing dealer); they follow the auction's calls and trump."""
    return read_exchanges(calls, players + 1)


def hands_at_play(dealt: np.ndarray, calls: np.ndarray, players: int) -> list[int]:
    """Each seat's cards at the first trick (masks): dealt, less discards, plus draws."""
    hands = [int(hand) for hand in dealt[:players]]
    for kind, seat, card in exchanges(calls, players):
        hands[seat] = hands[seat] & ~(1 << card) if kind == "discard" else hands[seat] | 1 << card
    return hands


def tricks_of(
    maker: int, held: list[int], plays: np.ndarray, winners: np.ndarray
) -> list[list[tuple[int, int]]]:
    """Each trick's `(seat, card)` plays: the maker leads, then each trick's winner; a seat
    with no card left (`stock_exhausted=play_short`) is skipped, and passes on the lead."""
    players = len(held)
    counts = [bin(hand).count("1") for hand in held]
    tricks: list[list[tuple[int, int]]] = []
    leader, k = maker, 0
    while any(counts):
        while counts[leader] == 0:
            leader = (leader + 1) % players
        trick = []
        for i in range(players):
            seat = (leader + i) % players
            if counts[seat]:
                trick.append((seat, int(plays[k])))
                counts[seat] -= 1
                k += 1
        leader = int(winners[len(tricks)])
        tricks.append(trick)
    return tricks


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the hands dealt and at play, the auction as (seat, call) pairs
    from the dealer's left, trump, the discards, draws and fills as (seat, card) in order,
    the cards played and the settlement."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    count = len(cinch.sides(spec.rules))
    bids = [[(dealer + 1 + k) % players, int(calls[k])] for k in range(players)]
    thrown = int(row["contract"]) < 0
    held = hands_at_play(hands, calls, players)
    moves = exchanges(calls, players)
    tricks = [] if thrown else tricks_of(int(row["pitcher"]), held, plays, winners)
    name = DECK.card_name
    points = {key: side_or_none(row[key]) for key in cinch.POINT_NAMES}
    logged: dict[str, Any] = {"game": spec.game, "seed": spec.seed}
    if spec.games:
        logged["game_id"] = int(row["game"])
    return logged | {
        "deal": int(row["deal"]),
        "players": players,
        "dealer": dealer,
        "rules": spec.rules,
        "strategies": list(spec.seats),
        "sides": cinch.sides(spec.rules),
        "dealt": hand_names(hands[:players], DECK),
        "bids": bids,
        "maker": side_or_none(row["pitcher"]),
        "trump": None if thrown else SUITS[int(row["trump"])],
        **exchange_lists(moves, name),
        "hands": hand_names(np.array(held, np.int64), DECK),
        "plays": [[seat, name(card)] for trick in tricks for seat, card in trick],
        "trick_winners": [int(w) for w in winners[: len(tricks)]],
        "result": {
            "contract": None if thrown else int(row["contract"]),
            "made": None if thrown else bool(row["made"]),
            **points,
            "won": listed(row["won"][:count]),
            "delta": listed(row["delta"][:count]),
            "scores_before": listed(row["score_before"][:count]),
            "scores_after": listed(row["score_after"][:count]),
            "winner": side_or_none(row["winner"]),
        },
    }


def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
    """A deal: the hands dealt, the auction and trump, the exchanges, the hands at play,
    every trick, the points and the settlement."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    count = len(cinch.sides(spec.rules))
    cards = DECK.format_cards
    lines = ["", f"{where}: dealer {dealer}, sides {cinch.sides(spec.rules)}"]
    lines += [f"  seat {s} dealt: {cards(_codes(int(hands[s])))}" for s in range(players)]
    auction = " ".join(
        f"{(dealer + 1 + k) % players}:{'pass' if calls[k] == 0 else calls[k]}"
        for k in range(players)
    )
    if row["contract"] < 0:
        return [*lines, f"  auction: {auction}  -> all pass, the deal is thrown in"]
    maker, trump = int(row["pitcher"]), int(row["trump"])
    lines.append(
        f"  auction: {auction}  -> seat {maker} makes {row['contract']}, trump {SUITS[trump]}"
    )
    lines += exchange_lines(exchanges(calls, players), DECK.card_name, EXCHANGE_VERBS)
    held = hands_at_play(hands, calls, players)
    lines += [f"  seat {s} at play: {cards(_codes(held[s]))}" for s in range(players)]
    for number, trick in enumerate(tricks_of(maker, held, plays, winners)):
        shown = " ".join(f"{seat}:{DECK.card_name(card)}" for seat, card in trick)
        lines.append(f"  trick {number + 1}: {shown}  -> seat {winners[number]}")
    named = ", ".join(f"{key} {row[key]}" for key in cinch.POINT_NAMES)
    return [
        *lines,
        f"  points to sides (-1 dead): {named}",
        f"  won {listed_text(row['won'][:count])}; {'made' if row['made'] else 'set'}; "
        f"change {listed_text(row['delta'][:count])}",
        f"  scores {listed_text(row['score_before'][:count])} -> "
        f"{listed_text(row['score_after'][:count])}"
        + (f"; side {row['winner']} wins the game" if row["winner"] >= 0 else ""),
    ]


def _codes(mask: int) -> list[int]:
    return [card for card in range(DECK.size) if mask >> card & 1]


_CONTRACT = Axis("contract", -1, cinch.MAX_BID + 2)  # -1: thrown in, 0: all passed
_MADE = Axis("made", -1, 3, ("thrown in", "set", "made"))
_CAPTOR = Axis("captor", 0, 3, RELATIVE)

COUNTERS = (
    Counter(
        "bids",
        (_CONTRACT, _MADE),
        "contracts made or set, by contract (0: all passed and no contract; -1: thrown in)",
    ),
    Counter(
        "bids_by_trumps",
        (_CONTRACT, Axis("maker_side_trumps", 0, 15), _MADE),
        "contracts made or set by contract and the trumps the maker's side holds after the draw",
    ),
    Counter(
        "captures",
        (_CONTRACT, Axis("point", 0, 6, cinch.POINT_NAMES), _CAPTOR),
        "who took High, Low, Jack, Game and the two Pedros, by contract (none: dead)",
        each="point",
    ),
    Counter(
        "left_pedro",
        (Axis("left_dealt", 0, 3, RELATIVE), _CAPTOR),
        "the Left Pedro: the side dealt it (none: in the stock) and the side that took it",
    ),
    Counter(
        "maker_delta",
        (_CONTRACT, Axis("delta", MIN_DELTA, MAX_DELTA - MIN_DELTA + 1)),
        "the maker's side's score change, by contract",
    ),
)


def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
    _count_nb(
        table, c["bids"], c["bids_by_trumps"], c["captures"], c["left_pedro"], c["maker_delta"]
    )


@njit(cache=True)
def _count_nb(table, bids, by_trumps, captures, left_pedro, deltas):
    """Cinch rows into the counters of `COUNTERS` (a deal thrown in: contract and made -1,
    every point to nobody, no score change)."""
    delta = table.delta
    for i in range(table.shape[0]):
        r = table[i]
        contract = at(r.contract, -1, bids.shape[0])
        made = at(r.made, -1, bids.shape[1])
        side = r.maker_side
        bids[contract, made] += 1
        by_trumps[contract, at(r.maker_side_trumps, 0, by_trumps.shape[1]), made] += 1
        captures[contract, 0, relative(r.high, side)] += 1
        captures[contract, 1, relative(r.low, side)] += 1
        captures[contract, 2, relative(r.jack, side)] += 1
        captures[contract, 3, relative(r.game_point, side)] += 1
        captures[contract, 4, relative(r.right_pedro, side)] += 1
        captures[contract, 5, relative(r.left_pedro, side)] += 1
        left_pedro[relative(r.left_dealt, side), relative(r.left_pedro, side)] += 1
        change = delta[i, side] if side >= 0 else 0
        deltas[contract, at(change, MIN_DELTA, deltas.shape[1])] += 1


def score_changes(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and side: the score change."""
    return np.stack([deals[f"delta_{s}"] for s in range(count)], 1).astype(np.int64)


def cinch_position(
    hands: Sequence[int], trump: int, leader: int, rules: dict[str, Any], *, side: int | None = None
) -> np.ndarray:
    """The solver's Cinch position after the draw, when no card is hidden but the dead
    ones: `hands` (masks, seat 0 first, six cards each), trump named, `leader` to lead;
    each counting trump scores for the side that takes it. `side` maximises (default: the
    leader's)."""
    cinch.check(rules)
    layout = cinch.sides(rules)
    players = rules["players"]
    if len(hands) != players:
        raise solver.PositionError(f"Cinch with {players} players needs {players} hands")
    if trump not in range(4):  # Cinch always has a trump: no play without one
        raise solver.PositionError(f"trump must be a suit 0..3 (C D H S), not {trump}")
    side_of = [
        next(t for t, seats in enumerate(layout) if seat in seats) for seat in range(len(hands))
    ]
    position = solver.new_position(
        "Cinch", cinch.HAND_SIZE, hands, trump, leader, side_of, side, names_trump=False, deck=DECK
    )
    position[solver.P_MUST_FOLLOW] = rules["follow"] == "strict"
    position[solver.P_CARD_POINTS : solver.P_CARD_POINTS + DECK.size] = cinch.CARD_POINTS[trump]
    return position


def calibrate_bidder(query: CalibrationQuery) -> CalibrationReport:
    """`allfours calibrate cinch`: the `calibrated` bidder's table fitted by self-play
    (`sims.games.cinch.calibrate`, imported here only when called)."""
    from sims.games.cinch.calibrate import calibrate

    return calibrate(query)


GAME = Game(
    name=cinch.NAME,
    rules=cinch,
    layout=layout,
    kernel=run_cinch,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {}, count),
    call_problem=bid_problem,
    cards_played=lambda spec, table: int((table["contract"] >= 0).sum()) * spec.layout.cards,
    bench=("random", "calibrated+greedy", "greedy"),
    bench_search=("pimc", "ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    frame_widths=cinch.frame_widths,
    sides=Sides(
        cinch.sides,
        score_changes,
        lambda deals: deals["maker_side"],
        "Cinch score change",
        declarer="maker",
    ),
    deck=lambda rules: DECK,
    solve=Solving(cinch_position, whom="side", reach="of the deal"),
    continuation=CONTINUATION,
    calibrate=calibrate_bidder,
    auction=True,
    odds=Odds(DEALT, play_odds),
    advice=Advice(play_advice),
    training=TRAINING,
)
