"""Phat described to the generic code (docs/rules.md section 2), and the partnership
pieces Nine-card Don shares with it: the deal loop's arguments, the deal-log record, the
replay lines and the streaming counters of two fixed teams led by a pitcher; Phat's odds."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS, card_name, format_cards
from sims.descriptors import Counters, Game, KernelInputs, Layout, Odds, Sides, Solving
from sims.engine import solver
from sims.games.phat import rules as phat
from sims.games.phat.deal import no_conditions, run_phat
from sims.games.phat.odds import play_odds
from sims.games.phat.scripted import CONTINUATION
from sims.games.phat.training import TRAINING
from sims.run.counters import RELATIVE, Axis, Counter, at, flag, open_at, relative
from sims.run.deal_log import common_record, play_order, side_or_none, tricks_shown

SIDES = [[0, 2], [1, 3]]
POINTS_TOP = 255  # points per deal; `points_excess` keeps what lies beyond
BONUS_TOP = 127
END_CARDS = 6  # `allfours solve`: beyond this a hand's exact search outlasts a command's wait


def team_points(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and team: card points and end-of-deal bonus."""
    return np.stack([deals[f"phat_{t}"] + deals[f"bonus_{t}"] for t in range(count)], 1)


def sides_scored(result: str) -> Sides:
    """Two fixed teams (seats 0 and 2, 1 and 3) scored in points per deal."""
    return Sides(lambda rules: SIDES, team_points, lambda deals: deals["pitcher"] % 2, result)


def arguments_of(rules_module: ModuleType):
    """The deal loop's arguments for a game played by Phat's loop with `rules_module`'s
    rules array and card values."""

    def arguments(k: KernelInputs) -> tuple:
        rules = rules_module.rules_array(k.spec.rules)
        return (
            k.spec.seed,
            k.first,
            k.count,
            k.spec.games,
            k.cap,
            rules,
            k.fids,
            k.params,
            rules_module.CARD_VALUES,
            k.out,
            k.errors,
            k.hands,
            k.plays,
            k.winners,
            *no_conditions(),
        )

    return arguments


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: points, muck (Don: game value) and bonus per team."""
    return common_record(spec, row, hands, plays, winners, SIDES) | {
        "result": partnership_result(row)
    }


def partnership_result(row) -> dict[str, Any]:
    """The result fields of a deal between two teams."""
    return {
        "points": [int(row["phat_0"]), int(row["phat_1"])],
        "muck": [int(row["muck_0"]), int(row["muck_1"])],
        "bonus": [int(row["bonus_0"]), int(row["bonus_1"])],
        "carry_in": int(row["carry_in"]),
        "carry_out": int(row["carry_out"]),
        "big_phat": side_or_none(row["big_phat_team"]),
        "scores_before": [int(row["score_before_0"]), int(row["score_before_1"])],
        "scores_after": [int(row["score_after_0"]), int(row["score_after_1"])],
        "winner": side_or_none(row["winner"]),
    }


def renderer(values: np.ndarray, points: str, muck: str, cards: tuple[tuple[str, str], ...]):
    """The replay lines of a partnership deal: each trick with the points it brought and
    the running score, `points` and `muck` named as the game names them, and the fate of
    each trump card in `cards` (label with `{card}` for its name, row column prefix)."""

    def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
        pitcher, trump = int(row["pitcher"]), int(row["trump"])
        lines = [
            "",
            f"{where}: dealer {row['dealer']}, pitcher {pitcher} (team {pitcher % 2}), "
            f"trump {SUITS[trump]}, carry-in {row['carry_in']}",
        ]
        lines += [f"  seat {s} (team {s % 2}): {format_cards(int(hands[s]))}" for s in range(4)]
        score = [int(row["score_before_0"]), int(row["score_before_1"])]
        order = play_order(pitcher, plays, winners)
        for trick, shown in enumerate(tricks_shown(order, 4)):
            winner = int(winners[trick])
            won = sum(int(values[trump, card]) for _, card in order[4 * trick :][:4])
            score[winner % 2] += won
            lines.append(
                f"  trick {trick + 1:2d}: {shown}  -> seat {winner} (team {winner % 2})"
                f" +{won:<2d}  score {score[0]}-{score[1]}"
            )
        lines.append(
            f"  {points} {row['phat_0']}-{row['phat_1']}, {muck} {row['muck_0']}-"
            f"{row['muck_1']}, bonus {row['bonus_0']}-{row['bonus_1']}, "
            f"carry-out {row['carry_out']}"
        )
        for label, prefix in cards:
            rank = phat.BIG_PHAT_RANK if prefix == "big_phat" else phat.LITTLE_PHAT_RANK
            name = card_name(trump * 13 + rank)
            fate = _fate(row[f"{prefix}_holder"], row[f"{prefix}_team"])
            lines.append(f"  {label.format(card=name)}: {fate}")
        winner = f"; team {row['winner']} wins the game" if row["winner"] >= 0 else ""
        lines.append(
            f"  scores {row['score_before_0']}-{row['score_before_1']} -> "
            f"{row['score_after_0']}-{row['score_after_1']}{winner}"
        )
        return lines

    return render


def _fate(holder: int, team: int) -> str:
    """Who was dealt a card and who captured it."""
    if holder < 0:
        return "not dealt"
    captured = "nobody (its trick was not played)" if team < 0 else f"team {team}"
    return f"dealt to seat {holder}, captured by {captured}"


_CAPTOR = Axis("captor", 0, 3, RELATIVE)
_PITCHER_TRUMPS = Axis("pitcher_trumps", 0, 14)
_TEAM = Axis("team", 0, 2, RELATIVE[:2])

COUNTERS = (
    Counter(
        "trump_cards",
        (
            Axis("card", 0, 2, ("9 of trumps", "5 of trumps")),
            _PITCHER_TRUMPS,
            Axis("holder", 0, 3, RELATIVE),
            _CAPTOR,
        ),
        "the Big Phat (9 of trumps) and Little Phat (5): the side dealt it and the side that "
        "captured it (none: not dealt, not played), by the pitcher's trumps",
        each="card",
    ),
    Counter(
        "honours",
        (Axis("honour", 0, 3, ("high", "low", "jack")), _PITCHER_TRUMPS, _CAPTOR),
        "the side that captured the highest and lowest trump in play and the Jack of trumps, "
        "by the pitcher's trumps",
        each="honour",
    ),
    Counter(
        "points",
        (_TEAM, _PITCHER_TRUMPS, Axis("points", 0, POINTS_TOP + 1, open_top=True)),
        "points per deal (card points and bonus) of the pitcher's side and the defenders",
        each="team",
    ),
    Counter(
        "points_excess",
        (_TEAM, _PITCHER_TRUMPS, Axis("power", 1, 2)),
        "over the deals in the open last bin of `points`: sums of (points - top) and of "
        "(points^2 - top^2), so that means stay exact",
        sums=True,
    ),
    Counter(
        "muck",
        (
            flag("complete"),
            Axis("pitcher_muck", 0, 81),
            Axis("muck_result", 0, 3, ("pitcher's side ahead", "tie", "defenders ahead")),
        ),
        "muck (Don: game value) the pitcher's side captured and how it compared, by whether "
        "all tricks were played",
    ),
    Counter(
        "bonuses",
        (flag("carried"), Axis("bonus", 0, BONUS_TOP + 1, open_top=True)),
        "end-of-deal bonus of both sides together, by whether a carry-over came in",
    ),
)


def counters_of(rules_module: ModuleType) -> Counters:
    """The partnership counters, counted from deals of the hand size `rules_module` sets."""

    def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
        tricks = int(rules_module.rules_array(rules)[phat.R_HAND_SIZE])
        _count_nb(
            table,
            tricks,
            c["trump_cards"],
            c["honours"],
            c["points"],
            c["points_excess"],
            c["muck"],
            c["bonuses"],
        )

    return Counters(COUNTERS, lambda rules: {}, count)


@njit(cache=True, inline="always")
def _add_points(points, excess, team, trumps, value):
    """Count `value` points in the open histogram, keeping what lies past its last bin."""
    top = points.shape[2] - 1
    if value > top:
        excess[team, trumps, 0] += value - top
        excess[team, trumps, 1] += value * value - top * top
    points[team, trumps, open_at(value, top + 1)] += 1


@njit(cache=True)
def _count_nb(table, tricks, trump_cards, honours, points, excess, muck, bonuses):
    """Partnership rows (deals of `tricks` tricks) into the counters of `COUNTERS`."""
    for i in range(table.shape[0]):
        r = table[i]
        pitchers = r.pitcher % 2
        trumps = at(r.pitcher_trumps, 0, points.shape[1])
        big_holder = relative(r.big_phat_holder_team, pitchers)
        trump_cards[0, trumps, big_holder, relative(r.big_phat_team, pitchers)] += 1
        little_holder = relative(r.little_phat_holder_team, pitchers)
        trump_cards[1, trumps, little_holder, relative(r.little_phat_team, pitchers)] += 1
        honours[0, trumps, relative(r.high_team, pitchers)] += 1
        honours[1, trumps, relative(r.low_team, pitchers)] += 1
        honours[2, trumps, relative(r.jack_team, pitchers)] += 1
        points_0 = np.int64(r.phat_0) + np.int64(r.bonus_0)
        points_1 = np.int64(r.phat_1) + np.int64(r.bonus_1)
        own, other = (points_0, points_1) if pitchers == 0 else (points_1, points_0)
        _add_points(points, excess, 0, trumps, own)
        _add_points(points, excess, 1, trumps, other)
        own_muck, other_muck = (r.muck_0, r.muck_1) if pitchers == 0 else (r.muck_1, r.muck_0)
        result = 0 if own_muck > other_muck else 1 if own_muck == other_muck else 2
        complete = np.int64(r.tricks_played == tricks)
        muck[complete, at(own_muck, 0, muck.shape[1]), result] += 1
        bonus = open_at(np.int64(r.bonus_0) + np.int64(r.bonus_1), bonuses.shape[1])
        bonuses[np.int64(r.carry_in > 0), bonus] += 1


def partnership_layout(cards_per_hand: int, cap) -> Any:
    """The layout of a partnership game of `cards_per_hand` cards each, a game's deals
    bounded by `cap(rules, max_deals)`."""

    def layout(rules: dict[str, Any], max_deals: int) -> Layout:
        deals = cap(rules, max_deals)
        return Layout(4, deals, phat.OUTCOME_DTYPE, 4 * cards_per_hand, cards_per_hand, 0)

    return layout


def cards_played(spec, table: np.ndarray) -> int:
    """Four cards a trick; a game can end before the last trick."""
    return int(table["tricks_played"].sum()) * 4


def no_call(call: int) -> str:
    """A game without an auction: any call is out of place."""
    return f"made the call {call} in a game without an auction"


def phat_position(
    hands: Sequence[int],
    trump: int,
    leader: int,
    *,
    side: int | None = None,
    trick: Sequence[int] = (),
    captured: Sequence[int] | None = None,
    carry: int = 0,
) -> np.ndarray:
    """The solver's Phat position: four hands, the trick in progress (play order from
    `leader`), the cards each team (seats 0,2 and 1,3) captured and the muck bonus carried
    in; `side` maximises (default: the team of the seat to play)."""
    position = solver.new_position(
        "Phat", phat.HAND_SIZE, hands, trump, leader, [0, 1, 0, 1], side, trick, captured
    )
    position[solver.P_MUST_FOLLOW] = 1
    position[solver.P_GAME_WORTH] = phat.MUCK_BONUS + solver.checked_carry(carry)
    position[solver.P_CARD_POINTS : solver.P_CARD_POINTS + 52] = phat.CARD_VALUES[trump]
    return position


def solving(position) -> Solving:
    """`allfours solve` of a partnership game: four hands of end positions, valued for a
    team from the position to the end of the deal; `position` as `Solving.position`."""
    return Solving(
        position,
        whom="team",
        reach="from here to the end of the deal",
        seats=4,
        most_cards=END_CARDS,
    )


GAME = Game(
    training=TRAINING,
    continuation=CONTINUATION,
    name="phat",
    rules=phat,
    # Every full deal hands out at least 80 points: the cap is exact, not a choice.
    layout=partnership_layout(13, lambda rules, _: phat.max_deals_per_game(rules["target"])),
    kernel=run_phat,
    arguments=arguments_of(phat),
    record=record,
    render=renderer(phat.CARD_VALUES, "phat", "muck", (("Big Phat {card}", "big_phat"),)),
    counters=counters_of(phat),
    call_problem=no_call,
    cards_played=cards_played,
    bench_search=("pimc", "ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    bench_machinery=("fresh_process", "memory"),
    sides=sides_scored("Phat points (phat + muck bonus)"),
    odds=Odds(phat.HAND_SIZE, play_odds, no_seat="the hand pitches"),
    solve=solving(
        lambda hands, trump, leader, rules, side: phat_position(hands, trump, leader, side=side)
    ),
)
