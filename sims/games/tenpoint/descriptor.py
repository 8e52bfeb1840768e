"""Ten-point Pitch described to the generic code: its layout, deal loop arguments, deal-log
record, replay lines, streaming counters, bid odds, call advice and solver positions
(docs/rules.md section 8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import N_CARDS, SUITS
from sims.descriptors import Advice, Counters, Game, KernelInputs, Layout, Odds, Sides, Solving
from sims.engine import solver
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.advice import play_advice
from sims.games.tenpoint.cards import EQUAL_JOKERS, card_points
from sims.games.tenpoint.deal import (
    C_AT_PLAY,
    C_SEATS,
    C_SIZES,
    C_STOCK,
    C_TRUMP,
    CALLS_WIDTH,
    exchanges,
    run_tenpoint,
)
from sims.games.tenpoint.odds import play_odds
from sims.games.tenpoint.scripted import CONTINUATION
from sims.games.tenpoint.training import TRAINING
from sims.run.counters import RELATIVE, Axis, Counter, at, flag, relative
from sims.run.deal_log import (
    exchange_lines,
    exchange_lists,
    hand_names,
    listed,
    listed_text,
    side_or_none,
)
from sims.run.queries import bid_problem

DEFAULT_MAX_DEALS = 200  # cap on one game's deals with --games
EXCHANGE_VERBS = {"discard": "discards", "draw": "draws", "fill": "takes back", "rob": "robs"}
MIN_BID = 2
BIDS = tp.MAX_BID - MIN_BID + 1
MIN_DELTA = -2 * tp.MAX_BID  # a moon set under moon=double
POINT_NAMES = ("high", "low", "jack", "off_jack", "high_joker", "low_joker", "game", "ten", "trey")


def layout(rules: dict[str, Any], max_deals: int) -> Layout:
    players, at_play = rules["players"], tp.cards_at_play(rules)
    cap = max_deals or DEFAULT_MAX_DEALS
    return Layout(players, cap, tp.OUTCOME_DTYPE, players * at_play, at_play, CALLS_WIDTH)


def arguments(k: KernelInputs) -> tuple:
    rules = tp.rules_array(k.spec.rules)
    logs = (k.hands, k.calls, k.plays, k.winners)
    return (k.spec.seed, k.first, k.count, k.spec.games, k.cap, rules, k.fids, k.params, k.out,
            k.errors, *logs)  # fmt: skip


def score_changes(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and side: the score change after the bid is settled."""
    return np.stack([deals[f"delta_{s}"] for s in range(count)], 1).astype(np.int64)


def logged(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """What a deal's log arrays hold, as names: the cards dealt, the stock in drawing order,
    the calls from the dealer's left, trump, the discards, draws (the robber's rest among
    them) and cards a short player took back as (seat, card) in order, the hands at the
    first trick, the plays (seat, card) and the trick winners."""
    rules, deck = spec.rules, spec.deck
    players, dealer = rules["players"], int(row["dealer"])
    stock = tp.deck_size(rules) - players * tp.cards_dealt(rules)
    name = deck.card_name
    played = [int(card) for card in plays if card >= 0]
    return {
        "dealt": hand_names(hands, deck),
        "stock": [name(int(card)) for card in calls[C_STOCK : C_STOCK + stock]],
        "bids": [
            [(dealer + 1 + k) % players, int(calls[k])] for k in range(players) if calls[k] >= 0
        ],
        "trump": SUITS[int(calls[C_TRUMP])] if calls[C_TRUMP] >= 0 else None,
        **exchange_lists(exchanges(calls), name),
        "hands": [
            [
                name(int(c))
                for c in calls[C_AT_PLAY + s * tp.MAX_TRICKS : C_AT_PLAY + (s + 1) * tp.MAX_TRICKS]
                if c >= 0
            ]
            for s in range(players)
        ]
        if calls[C_TRUMP] >= 0
        else [[] for _ in range(players)],
        "plays": [[int(calls[C_SEATS + i]), name(card)] for i, card in enumerate(played)],
        "trick_winners": [int(w) for w in winners if w >= 0],
    }


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the deal as `logged` gives it, and its result."""
    sides = tp.sides(spec.rules)
    count = len(sides)
    found: dict[str, Any] = {"game": spec.game, "seed": spec.seed}
    if spec.games:
        found["game_id"] = int(row["game"])
    found |= {
        "deal": int(row["deal"]),
        "players": spec.rules["players"],
        "dealer": int(row["dealer"]),
        "pitcher": side_or_none(row["pitcher"]),
        "rules": spec.rules,
        "strategies": list(spec.seats),
        "sides": sides,
    }
    found |= logged(spec, row, hands, calls, plays, winners)
    points = {
        key: side_or_none(row[column]) for key, column in zip(POINT_NAMES, CAPTURED, strict=True)
    }
    return found | {
        "result": points
        | {
            "contract": int(row["contract"]),
            "stuck": bool(row["stuck"]),
            "card_points": listed(row["card_points"][:count]),
            "won": listed(row["won"][:count]),
            "made": bool(row["made"]),
            "delta": listed(row["delta"][:count]),
            "scores_before": listed(row["score_before"][:count]),
            "scores_after": listed(row["score_after"][:count]),
            "winner": side_or_none(row["winner"]),
        }
    }


def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
    """A deal: the hands dealt, the auction and trump, the exchanges, the hands at play,
    every trick, the points and the settlement."""
    deal = logged(spec, row, hands, calls, plays, winners)
    sides = tp.sides(spec.rules)
    count = len(sides)
    lines = ["", f"{where}: dealer {row['dealer']}, sides {sides}"]
    lines += [f"  seat {s} dealt: {' '.join(hand)}" for s, hand in enumerate(deal["dealt"])]
    auction = " ".join(f"{seat}:{'pass' if call == 0 else call}" for seat, call in deal["bids"])
    if deal["trump"] is None:
        return [*lines, f"  auction: {auction}  -> all passed, thrown in"]
    stuck = " (the dealer is stuck)" if row["stuck"] else ""
    lines.append(
        f"  auction: {auction}  -> seat {row['pitcher']} bids {row['contract']}{stuck}, "
        f"trump {deal['trump']}"
    )
    lines += exchange_lines(exchanges(calls), spec.deck.card_name, EXCHANGE_VERBS)
    lines += [f"  seat {s} plays with: {' '.join(hand)}" for s, hand in enumerate(deal["hands"])]
    start = 0
    for trick, winner in enumerate(deal["trick_winners"]):
        size = int(calls[C_SIZES + trick])
        shown = " ".join(f"{seat}:{card}" for seat, card in deal["plays"][start : start + size])
        lines.append(f"  trick {trick + 1}: {shown}  -> seat {winner}")
        start += size
    scored = {
        key: side_or_none(row[column]) for key, column in zip(POINT_NAMES, CAPTURED, strict=True)
    }
    points = " ".join(f"{key} {'-' if side is None else side}" for key, side in scored.items())
    return [
        *lines,
        f"  points to sides: {points}",
        f"  card points {listed_text(row['card_points'][:count])}; won "
        f"{listed_text(row['won'][:count])}; bid {'made' if row['made'] else 'set back'}; "
        f"change {listed_text(row['delta'][:count])}",
        f"  scores {listed_text(row['score_before'][:count])} -> "
        f"{listed_text(row['score_after'][:count])}"
        + (f"; side {row['winner']} wins the game" if row["winner"] >= 0 else ""),
    ]


_CONTRACT = Axis("contract", MIN_BID, BIDS)
_MADE = flag("made")
_CAPTOR = Axis("captor", 0, 3, RELATIVE)
CAPTURED = (
    "high",
    "low",
    "jack",
    "off_jack",
    "high_joker",
    "low_joker",
    "game_point",
    "ten",
    "trey",
)

COUNTERS = (
    Counter("bids", (_CONTRACT, _MADE), "bids made or set, by bid"),
    Counter(
        "bids_by_trumps",
        (_CONTRACT, Axis("hand_trumps", 0, 11), _MADE),
        "bids made or set by bid and the trumps (jokers, off-jack) in the pitcher's hand dealt",
    ),
    Counter(
        "bids_by_jokers",
        (_CONTRACT, Axis("hand_jokers", 0, 3), _MADE),
        "bids made or set by bid and the jokers in the pitcher's hand dealt",
    ),
    Counter(
        "stuck", (_CONTRACT, flag("stuck"), _MADE), "bids made or set, the dealer stuck or not"
    ),
    Counter(
        "captures",
        (_CONTRACT, Axis("point", 0, len(CAPTURED), CAPTURED), _CAPTOR),
        "who scored each point, by bid (none: not in play, tied, or not played for)",
        each="point",
    ),
    Counter(
        "pitcher_won",
        (_CONTRACT, Axis("won", 0, tp.TOTAL_POINTS + 1)),
        "points the pitcher's side won in the deal, by bid",
    ),
    Counter(
        "pitcher_delta",
        (_CONTRACT, Axis("delta", MIN_DELTA, 4 * tp.MAX_BID + 1)),
        "the pitcher's side's score change, by bid",
    ),
    Counter(
        "thrown_in", (flag("thrown_in"),), "deals thrown in after all passed (all_pass=redeal)"
    ),
)


def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
    _count_nb(
        table,
        c["bids"],
        c["bids_by_trumps"],
        c["bids_by_jokers"],
        c["stuck"],
        c["captures"],
        c["pitcher_won"],
        c["pitcher_delta"],
        c["thrown_in"],
    )


@njit(cache=True)
def _count_nb(table, bids, by_trumps, by_jokers, stuck, captures, won_counts, delta_counts, thrown):
    """Ten-point rows into the counters of `COUNTERS`."""
    won = table.won
    delta = table.delta
    for i in range(table.shape[0]):
        r = table[i]
        if r.pitcher < 0:
            thrown[1] += 1
            continue
        thrown[0] += 1
        contract = at(r.contract, MIN_BID, bids.shape[0])
        made = np.int64(r.made)
        side = r.pitcher_side
        bids[contract, made] += 1
        by_trumps[contract, at(r.hand_trumps, 0, by_trumps.shape[1]), made] += 1
        by_jokers[contract, at(r.hand_jokers, 0, by_jokers.shape[1]), made] += 1
        stuck[contract, np.int64(r.stuck), made] += 1
        captures[contract, 0, relative(r.high, side)] += 1
        captures[contract, 1, relative(r.low, side)] += 1
        captures[contract, 2, relative(r.jack, side)] += 1
        captures[contract, 3, relative(r.off_jack, side)] += 1
        captures[contract, 4, relative(r.high_joker, side)] += 1
        captures[contract, 5, relative(r.low_joker, side)] += 1
        captures[contract, 6, relative(r.game_point, side)] += 1
        captures[contract, 7, relative(r.ten, side)] += 1
        captures[contract, 8, relative(r.trey, side)] += 1
        won_counts[contract, at(won[i, side], 0, won_counts.shape[1])] += 1
        delta_counts[contract, at(delta[i, side], MIN_DELTA, delta_counts.shape[1])] += 1


def cards_played(spec, table: np.ndarray) -> int:
    """The cards a table of rows played (a deal thrown in plays none)."""
    return int((table["pitcher"] >= 0).sum()) * spec.layout.cards


def tenpoint_position(
    hands: Sequence[int], trump: int, leader: int, rules: dict[str, Any], *, side: int | None = None
) -> np.ndarray:
    """The solver's Ten-point Pitch position once trump is named and the hands are known
    (after the discard, the draw and the rob): `hands` (masks of the rules' deck, seat 0
    first), `leader` to lead. High scores 1 for the side holding it, which takes it; Low 1
    for the side dealt it (`low_to=winner`: taking it), never a joker; the Jack, the Off-Jack
    and each joker 1 and the Trey 3 for the side taking them; Game 1 for the most card
    points, a tie for nobody (`game_card=ten_of_trumps`: the ten of trumps 1 for its taker
    instead). `side` maximises (default: the leader's). Options the solver cannot play
    exactly are refused, by name."""
    tp.check(rules)
    played = tp.effective(rules)
    players = rules["players"]
    if len(hands) != players:
        raise solver.PositionError(
            f"Ten-point Pitch with {players} players needs {players} hands, not {len(hands)}"
        )
    if trump not in range(4):
        raise solver.PositionError(f"trump must be a suit 0..3 (C D H S), not {trump}")
    full = tp.cards_at_play(rules)
    opening = max(bin(hand).count("1") for hand in hands) == full
    refused = _unsolvable(played, opening)
    if refused:
        raise solver.PositionError(f"the solver cannot play {refused}")
    layout = tp.sides(rules)
    side_of = [
        next(t for t, seats in enumerate(layout) if seat in seats) for seat in range(players)
    ]
    deck = tp.game_deck(rules)
    position = solver.new_position(
        "Ten-point Pitch", full, hands, trump, leader, side_of, side, names_trump=False, deck=deck
    )
    position[solver.P_MUST_FOLLOW] = played["follow"] == "strict"
    position[solver.P_LOW_TO_HOLDER] = played["low_to"] == "holder"
    position[solver.P_HIGH_LOW] = 1
    position[solver.P_JACK] = 1
    position[solver.P_GAME_WORTH] = played["game_card"] == "card_points"
    position[solver.P_NO_LOW] = deck.full & ~((1 << N_CARDS) - 1)  # the jokers
    ten_of_trumps = played["game_card"] == "ten_of_trumps"
    points = card_points(deck, trump, trey=played["trey"], ten_of_trumps=ten_of_trumps)
    position[solver.P_CARD_POINTS : solver.P_CARD_POINTS + len(points)] = points
    return position


def _unsolvable(played: dict[str, Any], opening: bool) -> str:
    """The option (as played, `tp.effective`) that the solver cannot score or play exactly,
    and why; "" if none. `opening`: the hands are full, the pitcher to lead the first card."""
    if played["jokers"] in EQUAL_JOKERS:
        return f"jokers={played['jokers']}: equal jokers, whose order the play decides"
    if played["follow"] == "trump_only":
        return "follow=trump_only: a player with no trump folds"
    if played["fixed_high_low"]:
        return "fixed_high_low: High and Low only for the Ace and the Deuce"
    if played["joker_points_to"] == "holder":
        return "joker_points_to=holder: a joker scores for the side holding it"
    if played["first_lead_trump"] and opening:
        return "first_lead_trump: the opening lead must be a trump where the pitcher holds one"
    return ""


GAME = Game(
    name=tp.NAME,
    rules=tp,
    layout=layout,
    kernel=run_tenpoint,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {}, count),
    call_problem=bid_problem,
    cards_played=cards_played,
    bench=("random", "greedy"),
    bench_search=("pimc", "ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    frame_widths=tp.frame_widths,
    sides=Sides(
        tp.sides, score_changes, lambda deals: deals["pitcher_side"], "Ten-point score change"
    ),
    odds=Odds(tp.cards_dealt, play_odds),
    advice=Advice(play_advice),
    auction=True,
    deck=tp.game_deck,
    solve=Solving(tenpoint_position, whom="side", reach="of the deal"),
    continuation=CONTINUATION,
    training=TRAINING,
)
