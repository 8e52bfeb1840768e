"""Auction Pitch described to the generic code: its layout, deal loop arguments, deal-log
record, replay lines, streaming counters and bid odds (docs/rules.md section 1)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS, card_name, format_cards, mask_of
from sims.descriptors import Advice, Counters, Game, KernelInputs, Layout, Odds, Sides, Solving
from sims.engine import solver
from sims.games.pitch import reference
from sims.games.pitch import rules as pitch
from sims.games.pitch.deal import conditions, no_conditions, run_pitch_nb
from sims.run.counters import RELATIVE, Axis, Counter, at, flag, relative
from sims.run.deal_log import common_record, listed, play_order, side_or_none
from sims.run.runner import log_arrays, seat_strategies, strategy_tables
from sims.tools.advise import AdviceError, AdviceQuery, AdviceReport, call_name, play_until_accepted
from sims.tools.calibrate import CalibrationQuery, CalibrationReport
from sims.tools.odds import (
    OddsQuery,
    OddsReport,
    OddsSpec,
    parse_trump,
    play_round_chunks,
    rest_of,
    suits_frame,
)
from sims.tools.replay import listed_text, tricks_shown

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


def call_problem(call: int) -> str:
    shown = "pass" if call == 0 else f"bid {call}"
    return f"made the call {call} ({shown}), which the auction does not allow"


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


def reference_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored by the plain-Python reference: its cards."""
    rules = reference.Rules()
    hands, calls, plays = reference.random_deal(rng, rules, index % rules.players)
    reference.score_deal(rules, hands, index % rules.players, calls, plays, [0] * rules.players)
    return len(plays)


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A deal-log object re-scored by the plain-Python reference, which refuses an illegal
    call or card; the bid under the row's name, `contract`."""
    scored = reference.score_deal(
        reference.Rules(**spec.rules),
        [[reference.parse_card(card) for card in hand] for hand in record["hands"]],
        record["dealer"],
        [(seat, call) for seat, call in record["bids"]],
        [(seat, reference.parse_card(card)) for seat, card in record["plays"]],
        record["result"]["scores_before"],
    )
    scored["contract"] = scored.pop("bid")
    return scored | {"trump": reference.SUITS[scored["trump"]]}


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


ODDS_COLUMNS = ["won", "high", "low", "jack", "game"]  # per deal, for the pitcher's side


def play_conditional(spec: OddsSpec, progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per (trump suit, deal) of the hand pitching from `spec.seat` without an
    auction: the suit's letter, the deal index, the points won by the pitcher's side and
    whether it took High, Low, Jack and Game. `progress` is called with the deals done per
    chunk. StrategyFault on an illegal play."""
    run = spec.run
    fids, params = strategy_tables(seat_strategies(run))
    seat, dealer = spec.seat - 1, run.layout.players - 1  # the dealer, seat players, bids last
    rules = pitch.rules_array(run.rules, pitcher=seat)
    side = rules[pitch.R_SIDE_OF + seat]
    suits = np.array(spec.suits, np.int64)
    no_calls = np.zeros((len(suits), 0), np.int8)
    fixed = conditions(mask_of(spec.hand), seat, dealer, rest_of(spec.hand), no_calls, 0, suits)

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_pitch_nb(
            run.seed,
            first,
            count,
            False,
            len(suits),
            rules,
            fids,
            params,
            out,
            errors,
            *log_arrays(0, run.layout),
            *fixed,
        )

    def results(rows: np.ndarray) -> np.ndarray:
        taken = [rows[name] == side for name in ("high", "low", "jack", "game_point")]
        return np.stack([rows["won"][:, side], *taken], -1)

    table = play_round_chunks(run, len(suits), kernel, results, progress)
    return suits_frame(spec, table, ODDS_COLUMNS, flags=ODDS_COLUMNS[1:])


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds pitch`: the hand at --seat pitches each suit it could (or --trump);
    the advice is the highest bid that gains on average, and its trump."""
    from analysis.odds.pitch import pitch_estimates, recommend_pitch  # it imports this module

    spec = OddsSpec(query.run, query.hand, parse_trump(query.trump, query.hand), query.seat or 1)
    deals = query.with_progress(len(spec.suits), lambda step: play_conditional(spec, step))
    estimates = pitch_estimates(deals)
    best = recommend_pitch(estimates, query.run.rules["min_bid"])
    if best.bid:
        advice = (
            f"recommended: bid {best.bid} and pitch {best.trump}, the highest bid that "
            f"gains on average (expected score change {best.expected:+.3f})"
        )
    else:
        advice = "recommended: pass (every bid loses points on average when it is the pitch)"
    players = query.run.layout.players
    return OddsReport(
        estimates,
        advice,
        {"trump": best.trump, "bid": best.bid, "expected": best.expected},
        where=f"as seat {spec.seat} of {players} (the dealer is seat {players})",
        about={"seat": spec.seat},
    )


def auction_so_far(calls: Sequence[int], seat: int, players: int, min_bid: int) -> int:
    """The calls legal at the turn of `seat` (1 = the dealer's left, `players` = the dealer)
    after `calls`, those of the seats before it, as a mask (bit 0 pass, bit b a bid of b).
    AdviceError for calls the auction cannot hear."""
    if not 1 <= seat <= players:
        raise AdviceError(f"--seat must lie in 1..{players} with {players} players")
    if len(calls) != seat - 1:
        raise AdviceError(
            f"seat {seat} speaks after {seat - 1} call(s), those of seats 1 to {seat - 1}; "
            f"--calls gives {len(calls)}"
        )
    high = 0
    for position, call in enumerate(calls, start=1):
        legal = int(pitch.legal_calls(high, False, min_bid))  # the dealer speaks last
        if not (0 <= call <= 4 and legal >> call & 1):
            allowed = ", ".join(call_name(c) for c in range(5) if legal >> c & 1)
            raise AdviceError(
                f"seat {position} may not {call_name(call)} after a high bid of {high}; "
                f"it may {allowed}"
            )
        if call == 4:
            raise AdviceError(
                f"seat {position} bid 4, which ends the auction: seat {seat} never speaks"
            )
        high = max(high, call)
    return int(pitch.legal_calls(high, seat == players, min_bid))


ADVICE_COLUMNS = ["won_contract", "made", "delta"]  # per deal, for the hand's side


def advice_deals(
    query: AdviceQuery, progress: Callable[[int], None] | None = None
) -> tuple[pd.DataFrame, int]:
    """The accepted deals of `query`, a row per (call, trump tried, deal): whether the hand
    won the contract, whether the contract was made and its side's score change; and the
    candidate deals dealt. The earlier seats' bidders must make the calls heard; then the
    hand makes each legal call (pitching each trump tried when it bids) and the later
    seats bid and everyone plays by their strategies. AdviceError for calls the auction
    cannot hear, or when fewer deals than asked fit them within `query.tries`."""
    run = query.run
    players = run.layout.players
    legal = auction_so_far(query.calls, query.seat, players, run.rules["min_bid"])
    tried = [-1] if query.trump is None else parse_trump(query.trump, query.hand)
    rounds = [
        (call, trump)
        for call in range(5)
        if legal >> call & 1
        for trump in ([-1] if call == 0 else tried)
    ]
    seat = query.seat - 1
    rules = pitch.rules_array(run.rules)
    side = rules[pitch.R_SIDE_OF + seat]
    fids, params = strategy_tables(seat_strategies(run))
    scripts = np.array([[*query.calls, call] for call, _ in rounds], np.int8)
    trumps = np.array([trump for _, trump in rounds], np.int64)
    fixed = conditions(
        mask_of(query.hand),
        seat,
        players - 1,
        rest_of(query.hand),
        scripts,
        len(query.calls),
        trumps,
    )

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_pitch_nb(
            run.seed,
            first,
            count,
            False,
            len(rounds),
            rules,
            fids,
            params,
            out,
            errors,
            *log_arrays(0, run.layout),
            *fixed,
        )

    def values(rows: np.ndarray) -> np.ndarray:
        return np.stack([rows["pitcher"] == seat, rows["made"], rows["delta"][:, side]], -1)

    found = play_until_accepted(run, len(rounds), kernel, values, query.tries, progress)
    accepted = found.values.shape[1]
    if accepted < run.count:
        raise AdviceError(
            f"only {accepted:,} of {found.tries:,} deals dealt ({accepted / found.tries:.3%}) "
            f"had the earlier seats' bidders call {', '.join(map(call_name, query.calls))}; "
            f"{run.count:,} were asked for: ask for fewer deals or give --max-tries"
        )
    frame = pd.DataFrame(found.values.reshape(-1, 3), columns=ADVICE_COLUMNS)
    frame.insert(0, "deal", np.tile(found.deals, len(rounds)))
    frame.insert(0, "trump", np.repeat([SUITS[t] if t >= 0 else "-" for _, t in rounds], accepted))
    frame.insert(0, "call", np.repeat([call for call, _ in rounds], accepted))
    return frame, found.tries


def play_advice(query: AdviceQuery) -> AdviceReport:
    """`allfours advise pitch`: the table per call and the call with the best expected
    score change, saying when the two best cannot be told apart."""
    from analysis.odds.pitch import advice_table  # it imports this module

    rows, tries = query.with_progress(lambda step: advice_deals(query, step))
    table = advice_table(rows)
    best = table.attrs["recommendation"]
    name = call_name(best.bid)
    pitched = f" and pitch {best.trump}" if best.bid and best.trump != "-" else ""
    advice = f"recommended: {name}{pitched} (expected score change {best.expected:+.3f})"
    if table.attrs["tied"]:
        advice += (
            f"; {table.index[1]} cannot be told apart from it at {query.run.count:,} deals "
            "(the interval of their paired difference holds 0)"
        )
    recommendation = {
        "call": name,
        "trump": best.trump,
        "expected": best.expected,
        "told_apart": not table.attrs["tied"],
    }
    return AdviceReport(table, advice, recommendation, query.run.count, tries)


def calibrate_bidder(query: CalibrationQuery) -> CalibrationReport:
    """`allfours calibrate pitch`: the `calibrated` bidder's table fitted by self-play
    (`sims.games.pitch.calibrate`, imported here only when called)."""
    from sims.games.pitch.calibrate import calibrate

    return calibrate(query)


GAME = Game(
    name="pitch",
    rules=pitch,
    layout=layout,
    reference_deal=reference_deal,
    referee=referee,
    kernel=run_pitch_nb,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {"pitcher_position": rules["players"]}, count),
    call_problem=call_problem,
    cards_played=lambda spec, table: len(table) * spec.layout.cards,
    bench=("random", "calibrated+greedy", "threshold+greedy"),  # the last: the machinery's
    bench_search=("pimc", "ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    bench_machinery=("scale", "aggregate"),
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
