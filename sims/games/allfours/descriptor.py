"""All Fours described to the generic code: its layout, deal loop arguments, deal-log
record, replay lines, streaming counters, solver positions and the odds of a hand
(docs/rules.md section 7)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS, card_name, format_cards
from sims.descriptors import Counters, Game, KernelInputs, Layout, Odds, Sides, Solving
from sims.engine import solver
from sims.games.allfours import rules as af
from sims.games.allfours.deal import run_allfours
from sims.games.allfours.odds import play_odds
from sims.games.allfours.scripted import CONTINUATION
from sims.games.allfours.training import TRAINING
from sims.run.counters import Axis, Counter, at, flag, relative
from sims.run.deal_log import listed, listed_text, play_order, side_or_none, tricks_shown

DEFAULT_MAX_DEALS = 200  # cap on one game's deals with --games
ELDEST = 1  # the elder hand in a solver position: the dealer is seat 0, as in the examples
MOST_WON = 14  # points one side can score in a deal: upcards 6, gift 1, High Low Jack Game 6


def layout(rules: dict[str, Any], max_deals: int) -> Layout:
    players = rules["players"]
    tricks = af.max_tricks(players)
    cap = max_deals or DEFAULT_MAX_DEALS
    return Layout(players, cap, af.OUTCOME_DTYPE, tricks * players, tricks, af.calls_size(players))


def arguments(k: KernelInputs) -> tuple:
    rules = af.rules_array(k.spec.rules)
    logs = (k.hands, k.calls, k.plays, k.winners)
    run = (k.spec.seed, k.first, k.count, k.spec.games, k.cap, rules, k.fids, k.params)
    return (*run, k.out, k.errors, *logs)


def call_problem(call: int) -> str:
    return f"answered {call}, which is not a legal answer (0 or 1) to the question asked"


def _codes(mask: int) -> list[int]:
    return [card for card in range(af.DECK_SIZE) if mask >> card & 1]


def unpacked(players: int, row: np.void, hands: np.ndarray, calls: np.ndarray) -> dict[str, Any]:
    """A deal's log arrays read back: the calls (question, seat, answer code), the cards taken from
    the stock in order, the upcards, the discards (seat, card) and the hands dealt (the
    cards held at the end less those got by running, with the discards)."""
    dealer = int(row["dealer"])
    order = [(dealer + 1 + k) % players for k in range(players)]
    asked = (order[0], dealer, order[0])
    answers = [(q, asked[q], int(c)) for q, c in enumerate(calls[: af.QUESTIONS]) if c >= 0]
    start = af.LOG_STOCK + af.stock_size(players)
    taken = [int(c) for c in calls[af.LOG_STOCK : start] if c >= 0]
    thrown = [int(c) for c in calls[start:] if c >= 0]
    runs = int(row["runs"])
    got: dict[int, set[int]] = {seat: set() for seat in range(players)}
    upcards = [taken[0]]
    for run in range(runs):
        base = 1 + run * (3 * players + 1)
        for k, seat in enumerate(order):
            got[seat] |= set(taken[base + 3 * k : base + 3 * k + 3])
        upcards.append(taken[base + 3 * players])
    per = len(thrown) // players
    discards = [(order[i // per], card) for i, card in enumerate(thrown)]
    held = [set(_codes(int(hands[seat]))) for seat in range(players)]
    dealt = [
        sorted((held[seat] | {c for s, c in discards if s == seat}) - got[seat], reverse=True)
        for seat in range(players)
    ]
    return {
        "calls": answers,
        "taken": taken,
        "upcards": upcards,
        "discards": discards,
        "dealt": dealt,
        "held": [sorted(cards, reverse=True) for cards in held],
    }


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the hands dealt, the cards taken from the stock in order (the
    upcard first), the calls, the discards, the hands at the first trick, the cards played
    and the points, as earned and as counted to the target."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    eldest = (dealer + 1) % players
    read = unpacked(players, row, hands, calls)
    trump = int(row["trump"])
    order = play_order(eldest, plays, winners, players)
    count = len(af.sides(spec.rules))
    entry: dict[str, Any] = {"game": spec.game, "seed": spec.seed}
    if spec.games:
        entry["game_id"] = int(row["game"])
    return entry | {
        "deal": int(row["deal"]),
        "players": players,
        "dealer": dealer,
        "rules": spec.rules,
        "strategies": list(spec.seats),
        "sides": af.sides(spec.rules),
        "dealt": [[card_name(c) for c in hand] for hand in read["dealt"]],
        "stock": [card_name(c) for c in read["taken"]],
        "calls": [[seat, af.CALL_WORDS[q][c]] for q, seat, c in read["calls"]],
        "discards": [[seat, card_name(c)] for seat, c in read["discards"]],
        "hands": [[card_name(c) for c in hand] for hand in read["held"]],
        "upcards": [card_name(c) for c in read["upcards"]],
        "trump": SUITS[trump] if trump >= 0 else None,
        "plays": [[seat, card_name(card)] for seat, card in order],
        "trick_winners": [int(w) for w in winners[: len(order) // players]],
        "result": {
            "begged": bool(row["begged"]),
            "gift": bool(row["gift"]),
            "runs": int(row["runs"]),
            "bunched": bool(row["bunched"]),
            "kick": int(row["kick"]),
            "high": side_or_none(row["high"]),
            "low": side_or_none(row["low"]),
            "jack": side_or_none(row["jack"]),
            "jack_points": int(row["jack_points"]),
            "game_point": side_or_none(row["game_point"]),
            "card_points": listed(row["card_points"][:count]),
            "won": listed(row["won"][:count]),
            "scores_before": listed(row["score_before"][:count]),
            "scores_after": listed(row["score_after"][:count]),
            "winner": side_or_none(row["winner"]),
        },
    }


def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
    """A deal: the hands dealt, the upcards and calls, the discards, every trick and the
    points as earned and as counted."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    read = unpacked(players, row, hands, calls)
    lines = ["", f"{where}: dealer {dealer}, sides {af.sides(spec.rules)}"]
    lines += [
        f"  seat {s} dealt: {format_cards(sum(1 << c for c in read['dealt'][s]))}"
        for s in range(players)
    ]
    upcards = " ".join(card_name(c) for c in read["upcards"])
    said = ", ".join(f"{seat} {af.CALL_WORDS[q][c]}" for q, seat, c in read["calls"])
    lines.append(f"  upcards {upcards}; calls: {said or 'none'}; runs {row['runs']}")
    if read["discards"]:
        thrown = " ".join(f"{seat}:{card_name(c)}" for seat, c in read["discards"])
        lines.append(f"  discards {thrown}")
    if row["bunched"]:
        lines.append("  bunched: the same dealer deals again")
    order = play_order((dealer + 1) % players, plays, winners, players)
    for trick, shown in enumerate(tricks_shown(order, players)):
        lines.append(f"  trick {trick + 1}: {shown}  -> seat {winners[trick]}")

    def named(side: int) -> str:
        return "nobody" if side < 0 else f"side {side}"

    count = len(af.sides(spec.rules))
    if row["tricks"]:
        lines.append(
            f"  High {named(row['high'])}, Low {named(row['low'])}, Jack {named(row['jack'])}, "
            f"Game {named(row['game_point'])} (card points "
            f"{listed_text(row['card_points'][:count])})"
        )
    return [
        *lines,
        f"  scores {listed_text(row['score_before'][:count])} -> "
        f"{listed_text(row['score_after'][:count])}"
        + (f"; side {row['winner']} wins the game" if row["winner"] >= 0 else ""),
    ]


_CAPTOR = Axis("captor", 0, 3, ("eldest's side", "other side", "none"))
COUNTERS = (
    Counter(
        "won",
        (Axis("side", 0, af.MAX_SIDES), Axis("won", 0, MOST_WON + 1)),
        "points each side scored in a deal (the sides as the rules give them)",
        each="side",
    ),
    Counter(
        "begging",
        (Axis("eldest_trumps", 0, af.HAND_SIZE + 1), flag("begged"), flag("gift")),
        "eldest's begging and the dealer's gift, by eldest's cards of the proposed trump",
    ),
    Counter(
        "runs",
        (Axis("runs", 0, 6), flag("bunched")),
        "times the cards were run, and whether the deal was bunched",
    ),
    Counter(
        "jack",
        (flag("played"), flag("jack_in_play")),
        "whether the deal was played to the first trick, and the Jack of trumps in play",
    ),
    Counter(
        "captures",
        (Axis("point", 0, 4, ("high", "low", "jack", "game")), _CAPTOR),
        "who earned High, Low, Jack and Game, relative to eldest's side",
        each="point",
    ),
)


def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
    _count_nb(table, c["won"], c["begging"], c["runs"], c["jack"], c["captures"], rules["players"])


@njit(cache=True)
def _count_nb(table, won, begging, runs, jack, captures, players):
    """Rows into the counters of `COUNTERS`."""
    scored = table.won
    for i in range(table.shape[0]):
        r = table[i]
        for side in range(won.shape[0]):
            won[side, at(scored[i, side], 0, won.shape[1])] += 1
        trumps = at(r.eldest_trumps, 0, begging.shape[0])
        begging[trumps, np.int64(r.begged), np.int64(r.gift)] += 1
        runs[at(r.runs, 0, runs.shape[0]), np.int64(r.bunched)] += 1
        jack[np.int64(r.tricks > 0), np.int64(r.jack_in_play)] += 1
        eldest = r.dealer + 1 if r.dealer + 1 < players else 0
        side = eldest % 2 if players == 4 else eldest
        captures[0, relative(r.high, side)] += 1
        captures[1, relative(r.low, side)] += 1
        captures[2, relative(r.jack, side)] += 1
        captures[3, relative(r.game_point, side)] += 1


def side_points(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and side: the points it scored."""
    return np.stack([deals[f"won_{s}"] for s in range(count)], 1).astype(np.int64)


def allfours_position(
    hands: Sequence[int], trump: int, leader: int, rules: dict[str, Any], *, side: int | None = None
) -> np.ndarray:
    """The solver's All Fours position once trump is made and the hands are known (after
    begging, and running and discarding if any): `hands` (masks, seat 0 first: the dealer,
    then the elder hand on its left), `leader` to lead. High scores 1 for the side holding
    it, which takes it; Low 1 for the side dealt it (`low_to=winner`: taking it); the Jack 1
    for the side taking it; Game 1 for the most card points, a tie for the elder hand's side
    if it is among the tied (`game_tie=none`: nobody). The upcard's points and the gift come
    before play and are not counted, nor is the target. `side` maximises (default: the
    leader's); `hang_jack`, which scores the Jack by who played it as well as who took it,
    is refused."""
    af.check(rules)
    players = rules["players"]
    if len(hands) != players:
        raise solver.PositionError(
            f"All Fours with {players} players needs {players} hands, not {len(hands)}"
        )
    if trump not in range(4):
        raise solver.PositionError(f"trump must be a suit 0..3 (C D H S), not {trump}")
    if rules["hang_jack"]:
        raise solver.PositionError(
            "the solver cannot play hang_jack: the Jack scores 3 when taken from the other side"
        )
    layout = af.sides(rules)
    side_of = [
        next(t for t, seats in enumerate(layout) if seat in seats) for seat in range(players)
    ]
    position = solver.new_position(
        "All Fours", _most_held(rules), hands, trump, leader, side_of, side, names_trump=False
    )
    position[solver.P_LOW_TO_HOLDER] = rules["low_to"] == "holder"
    position[solver.P_HIGH_LOW] = 1
    position[solver.P_JACK] = 1
    position[solver.P_GAME_WORTH] = 1
    if rules["game_tie"] == "eldest":
        position[solver.P_GAME_TIE] = side_of[ELDEST] + 1
    return position


def _most_held(rules: dict[str, Any]) -> int:
    """The most cards a hand holds at the first trick: six, or more kept after running
    (AF-4.5: nine after one run, or every card dealt)."""
    keep = rules["discard_after_run"]
    if keep == "keep_all":
        return af.max_tricks(rules["players"])
    return af.HAND_SIZE + 3 if keep == "keep_if_one_run" else af.HAND_SIZE


GAME = Game(
    name=af.NAME,
    rules=af,
    layout=layout,
    kernel=run_allfours,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {"side": len(af.sides(rules))}, count),
    call_problem=call_problem,
    cards_played=lambda spec, table: (
        int(table["tricks"].astype(np.int64).sum()) * spec.layout.players
    ),
    bench_search=("pimc", "ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    frame_widths=af.frame_widths,
    sides=Sides(af.sides, side_points, None, "points scored"),
    solve=Solving(
        allfours_position,
        whom="side",
        reach="of High, Low, Jack and Game (the upcard's and the gift's not counted)",
    ),
    continuation=CONTINUATION,
    training=TRAINING,
    odds=Odds(af.HAND_SIZE, play_odds, no_trump="the upcard proposes trump", turned=True),
)
