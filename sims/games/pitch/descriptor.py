"""Auction Pitch described to the generic code: its layout, deal loop arguments, deal-log
record, replay lines, streaming counters and bid odds (docs/rules.md section 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS, card_name, format_cards
from sims.descriptors import Advice, Counters, Game, KernelInputs, Layout, Odds, Sides, Solving
from sims.engine import solver
from sims.games.pitch import rules as pitch
from sims.games.pitch.advice import play_advice
from sims.games.pitch.deal import no_conditions, run_pitch
from sims.games.pitch.odds import play_odds
from sims.games.pitch.scripted import CONTINUATION
from sims.games.pitch.training import TRAINING
from sims.run.counters import RELATIVE, Axis, Counter, at, flag, relative
from sims.run.deal_log import (
    common_record,
    listed,
    listed_text,
    play_order,
    side_or_none,
    tricks_shown,
)
from sims.run.queries import CalibrationQuery, CalibrationReport, bid_problem

MIN_CONTRACT = 1  # bids 1..4
DEFAULT_MAX_DEALS = 200  # cap on one game's deals with --games
MIN_POSITION = 1  # the dealer's left is position 1
MIN_DELTA = -4
MAX_HAND_GAME_POINTS = 48  # six cards: four tens and two aces


def layout(rules: dict[str, Any], max_deals: int) -> Layout:
    players = rules["players"]
    cap = max_deals or DEFAULT_MAX_DEALS
    return Layout(players, cap, pitch.OUTCOME_DTYPE, pitch.TRICKS * players, pitch.TRICKS, players)


def arguments(k: KernelInputs) -> tuple:
    rules = pitch.rules_array(k.spec.rules)
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
        k.hands,
        k.calls,
        k.plays,
        k.winners,
        *no_conditions(),
    )


def score_changes(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and side: the score change after the bid is settled."""
    return np.stack([deals[f"delta_{s}"] for s in range(count)], 1).astype(np.int64)


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the auction as (seat, call) pairs from the dealer's left."""
    players = spec.layout.players
    dealer = int(row["dealer"])
    sides = pitch.sides(spec.rules)
    made = [int(call) for call in calls if call >= 0]
    bids = [[(dealer + 1 + k) % players, call] for k, call in enumerate(made)]
    count = len(sides)
    return common_record(spec, row, hands, plays, winners, sides, bids) | {
        "result": {
            "high": int(row["high"]),
            "low": int(row["low"]),
            "jack": side_or_none(row["jack"]),
            "game": side_or_none(row["game_point"]),
            "won": listed(row["won"][:count]),
            "made": bool(row["made"]),
            "delta": listed(row["delta"][:count]),
            "scores_before": listed(row["score_before"][:count]),
            "scores_after": listed(row["score_after"][:count]),
            "winner": side_or_none(row["winner"]),
            "smudge": bool(row["smudged"]),
        }
    }


def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
    """A deal trick by trick: hands by side, the auction, the tricks and the settlement."""
    players = spec.layout.players
    sides = pitch.sides(spec.rules)
    side_of = {seat: side for side, seats in enumerate(sides) for seat in seats}
    pitcher, dealer, trump = int(row["pitcher"]), int(row["dealer"]), int(row["trump"])
    lines = ["", f"{where}: dealer {dealer}, sides {sides}"]
    lines += [
        f"  seat {s} (side {side_of[s]}): {format_cards(int(hands[s]))}" for s in range(players)
    ]
    auction = [
        f"{(dealer + 1 + k) % players}:{'pass' if call == 0 else call}"
        for k, call in enumerate(calls)
        if call >= 0
    ]
    lines.append(
        f"  auction: {' '.join(auction)}  -> seat {pitcher} bids {row['contract']}"
        + (" (dealer's steal)" if row["stolen"] else "")
        + f", pitches {card_name(int(row['lead_card']))}: trump {SUITS[trump]}"
    )
    order = play_order(pitcher, plays, winners, players)
    for trick, shown in enumerate(tricks_shown(order, players)):
        lines.append(f"  trick {trick + 1}: {shown}  -> seat {winners[trick]}")

    def named(side: int) -> str:
        return "nobody" if side < 0 else f"side {side}"

    count = len(sides)
    return [
        *lines,
        f"  High {named(row['high'])}, Low {named(row['low'])}, "
        f"Jack {named(row['jack']) if row['jack'] >= 0 else 'not dealt'}, "
        f"Game {named(row['game_point'])} (game points {listed_text(row['game_points'][:count])})",
        f"  won {listed_text(row['won'][:count])}; bid {'made' if row['made'] else 'set back'}; "
        f"change {listed_text(row['delta'][:count])}",
        f"  scores {listed_text(row['score_before'][:count])} -> "
        f"{listed_text(row['score_after'][:count])}"
        + (f"; side {row['winner']} wins the game" if row["winner"] >= 0 else "")
        + (" (smudge)" if row["smudged"] else ""),
    ]


_CONTRACT = Axis("contract", MIN_CONTRACT, 4)
_MADE = flag("made")
_CAPTOR = Axis("captor", 0, 3, RELATIVE)


def _bids_by(feature: Axis) -> Counter:
    name = feature.name.removeprefix("hand_")
    return Counter(
        f"bids_by_{name}", (_CONTRACT, feature, _MADE), f"bids made or set by contract and {name}"
    )


COUNTERS = (
    Counter(
        "bids",
        (
            _CONTRACT,
            Axis("pitcher_position", MIN_POSITION, pitch.MAX_PLAYERS),
            Axis("hand_trumps", 0, pitch.HAND_SIZE + 1),
            Axis("hand_high_trump", 0, 13),
            flag("hand_jack"),
            _MADE,
        ),
        "bids made or set by contract, the pitcher's position and its trumps: how many, the "
        "rank of the highest, whether it held the Jack",
    ),
    _bids_by(Axis("hand_low_trump", 0, 13)),
    Counter(
        "bids_by_ace_deuce",
        (_CONTRACT, flag("hand_ace"), flag("hand_deuce"), _MADE),
        "bids made or set by contract and whether the pitcher held the Ace and the Deuce",
    ),
    _bids_by(Axis("hand_game_points", 0, MAX_HAND_GAME_POINTS + 1)),
    _bids_by(Axis("trumps_in_play", 0, 14)),
    Counter(
        "steals",
        (_CONTRACT, flag("stolen"), _MADE),
        "bids made or set by contract and whether the dealer took them by a steal",
    ),
    Counter(
        "captures",
        (_CONTRACT, Axis("point", 0, 4, ("high", "low", "jack", "game")), _CAPTOR),
        "who won High, Low, Jack and Game, by contract (none: Jack not dealt, Game tied)",
        each="point",
    ),
    Counter(
        "pitcher_won",
        (_CONTRACT, Axis("won", 0, 5)),
        "points the pitcher's side won in the deal, by contract",
    ),
    Counter(
        "pitcher_delta",
        (_CONTRACT, Axis("delta", MIN_DELTA, 9)),
        "the pitcher's side's score change, by contract",
    ),
)


def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
    _count_nb(
        table,
        c["bids"],
        c["bids_by_low_trump"],
        c["bids_by_ace_deuce"],
        c["bids_by_game_points"],
        c["bids_by_trumps_in_play"],
        c["steals"],
        c["captures"],
        c["pitcher_won"],
        c["pitcher_delta"],
    )


@njit(cache=True)
def _count_nb(
    table,
    bids,
    by_low,
    by_ace_deuce,
    by_game_points,
    by_trumps_in_play,
    steals,
    captures,
    won_counts,
    delta_counts,
):
    """Pitch rows into the counters of `COUNTERS`."""
    won = table.won
    delta = table.delta
    for i in range(table.shape[0]):
        r = table[i]
        contract = at(r.contract, MIN_CONTRACT, bids.shape[0])
        made = np.int64(r.made)
        side = r.pitcher_side
        position = at(r.pitcher_position, MIN_POSITION, bids.shape[1])
        trumps = at(r.hand_trumps, 0, bids.shape[2])
        high = at(r.hand_high_trump, 0, bids.shape[3])
        bids[contract, position, trumps, high, np.int64(r.hand_jack), made] += 1
        by_low[contract, at(r.hand_low_trump, 0, by_low.shape[1]), made] += 1
        by_ace_deuce[contract, np.int64(r.hand_ace), np.int64(r.hand_deuce), made] += 1
        by_game_points[contract, at(r.hand_game_points, 0, by_game_points.shape[1]), made] += 1
        in_play = at(r.trumps_in_play, 0, by_trumps_in_play.shape[1])
        by_trumps_in_play[contract, in_play, made] += 1
        steals[contract, np.int64(r.stolen), made] += 1
        captures[contract, 0, relative(r.high, side)] += 1
        captures[contract, 1, relative(r.low, side)] += 1
        captures[contract, 2, relative(r.jack, side)] += 1
        captures[contract, 3, relative(r.game_point, side)] += 1
        won_counts[contract, at(won[i, side], 0, won_counts.shape[1])] += 1
        delta_counts[contract, at(delta[i, side], MIN_DELTA, delta_counts.shape[1])] += 1


def pitch_position(
    hands: Sequence[int],
    trump: int,
    leader: int,
    rules: dict[str, Any],
    *,
    side: int | None = None,
    trick: Sequence[int] = (),
    captured: Sequence[int] | None = None,
    dealt: Sequence[int] | None = None,
) -> np.ndarray:
    """The solver's Auction Pitch position: `hands` (masks, seat 0 first), the trick in
    progress (cards in play order from `leader`), the cards each side of `pitch.sides(rules)`
    has captured and, if known, the cards dealt to each seat (default: held or in the trick).

    `side` maximises (default: the side of the seat to play). Before any card is played
    (six cards each, nothing captured) the leader must lead a trump: it names trump.
    """
    pitch.check(rules)
    layout = pitch.sides(rules)
    if len(hands) != rules["players"]:
        raise solver.PositionError(
            f"Pitch with {rules['players']} players needs "
            f"{rules['players']} hands, not {len(hands)}"
        )
    side_of = [
        next(t for t, seats in enumerate(layout) if seat in seats) for seat in range(len(hands))
    ]
    position = solver.new_position(
        "Pitch", pitch.HAND_SIZE, hands, trump, leader, side_of, side, trick, captured, dealt
    )
    position[solver.P_MUST_FOLLOW] = rules["must_follow"]
    position[solver.P_LOW_TO_HOLDER] = rules["low_to_holder"]
    position[solver.P_HIGH_LOW] = 1
    position[solver.P_JACK] = 1
    position[solver.P_GAME_WORTH] = 1
    if rules["low_to_holder"]:
        solver.check_low_holder(position)
    return position


def calibrate_bidder(query: CalibrationQuery) -> CalibrationReport:
    """`allfours calibrate pitch`: the `calibrated` bidder's table fitted by self-play
    (`sims.games.pitch.calibrate`, imported here only when called)."""
    from sims.games.pitch.calibrate import calibrate

    return calibrate(query)


GAME = Game(
    training=TRAINING,
    continuation=CONTINUATION,
    name="pitch",
    rules=pitch,
    layout=layout,
    kernel=run_pitch,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {"pitcher_position": rules["players"]}, count),
    call_problem=bid_problem,
    cards_played=lambda spec, table: len(table) * spec.layout.cards,
    bench=("random", "calibrated+greedy", "threshold+greedy"),  # the last: the machinery's
    bench_search=("pimc", "ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    bench_machinery=("scale", "aggregate", "random_baseline"),
    frame_widths=pitch.frame_widths,
    sides=Sides(
        pitch.sides, score_changes, lambda deals: deals["pitcher_side"], "Pitch score change"
    ),
    solve=Solving(pitch_position, whom="side", reach="of the deal"),
    odds=Odds(pitch.HAND_SIZE, play_odds),
    advice=Advice(play_advice),
    calibrate=calibrate_bidder,
    auction=True,
)
