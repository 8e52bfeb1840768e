"""Ten-point Pitch's deal-log records re-scored by its plain-Python reference, for the tests
(the running program never imports this module): `referee` re-plays a logged deal from the
cards dealt, the stock and every decision, refusing an illegal one, and `timed_deal` plays
one random deal, the speed the kernels are compared with."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import replace
from typing import Any

from sims.games.tenpoint import reference
from sims.games.tenpoint.reference_deal import play_deal_with, random_chooser, random_deal

# The reference's point names, by the log's.
POINTS = {
    "High": "high",
    "Low": "low",
    "Jack": "jack",
    "Off-Jack": "off_jack",
    "Game": "game",
    "Ten": "ten",
    "Trey": "trey",
}
JOKERS = {"HJ": "high_joker", "JK": "high_joker", "LJ": "low_joker"}
EXCHANGES = ("discards", "draws", "fills")


def reference_rules(rules: dict[str, Any]) -> reference.Rules:
    """The reference's rules for a run's options: under `smear`, the reference's Smear
    profile (`smear_rules`) with every option changed from its default."""
    options = {key: value for key, value in rules.items() if key != "smear"}
    if not rules["smear"]:
        return reference.Rules(**options)
    default = reference.Rules()
    changed = {
        key: value
        for key, value in options.items()
        if key != "deal" and value != getattr(default, key)
    }
    return replace(reference.smear_rules(), **changed)


def _chooser(record: dict[str, Any]):
    """Answers to the reference's decisions from the log: the calls, trump, the discards
    (each keep decision keeps its pool less the next discards), the cards taken back and
    the cards played, each refused when the log gives it to another seat."""
    bids = deque(record["bids"])
    discards = deque(record["discards"])
    fills = deque(record["fills"])
    plays = deque(record["plays"])

    def take(queue: deque, what: str) -> Any:
        if not queue:
            raise ValueError(f"the log has no {what} left")
        return queue.popleft()

    def take_own(queue: deque, what: str, seat: int) -> str:
        owner, card = take(queue, what)
        if owner != seat:
            raise ValueError(f"the log gives seat {owner} the {what} {card} of seat {seat}")
        return card

    def choose(decision: reference.Decision) -> object:
        if decision.kind == "bid":
            seat, call = take(bids, "call")
            if seat != decision.seat:
                raise ValueError(f"seat {seat} called out of turn")
            return call
        if decision.kind == "trump":
            return record["trump"]
        if decision.kind == "keep":
            count = len(decision.pool) - decision.sizes[0]
            gone = [take_own(discards, "discard", decision.seat) for _ in range(count)]
            if any(card not in decision.pool for card in gone):
                raise ValueError(f"seat {decision.seat} may not discard {gone}")
            return [card for card in decision.pool if card not in gone]
        if decision.kind == "fill":
            count = decision.sizes[0]
            return [take_own(fills, "card taken back", decision.seat) for _ in range(count)]
        seat, card = take(plays, "card")
        if seat != decision.seat:
            raise ValueError(f"seat {seat} played out of turn")
        return card

    return choose, (bids, discards, fills, plays)


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A deal-log object re-scored by the plain-Python reference, which refuses an illegal
    call, discard or card; the fields as the log and the row name them."""
    rules = reference_rules(spec.rules)
    choose, left = _chooser(record)
    result = play_deal_with(
        rules,
        record["dealer"],
        record["dealt"],
        record["stock"],
        choose,
        record["result"]["scores_before"],
    )
    if any(left):
        raise ValueError("the log holds decisions the deal never asked for")
    _check_draws(record, result.hands_at_play)
    scored = dict.fromkeys([*POINTS.values(), *JOKERS.values()])
    for point in result.points:
        key = POINTS[point.name] if point.name in POINTS else JOKERS[point.card]
        scored[key] = point.side
    return scored | {
        "pitcher": result.pitcher,
        "trump": result.trump,
        "contract": result.bid or 0,
        "stuck": result.pitcher is not None and all(call == 0 for _, call in result.calls),
        "card_points": list(result.card_points),
        "won": list(result.won),
        "made": bool(result.made),
        "delta": list(result.delta),
        "scores_before": list(result.scores_before),
        "scores_after": list(result.scores_after),
        "winner": result.winner,
        "trick_winners": [trick.winner for trick in result.tricks],
    }


def _check_draws(record: dict[str, Any], at_play: tuple[tuple[str, ...], ...]) -> None:
    """Refuse a log whose draws are not the stock from the top, or whose exchanges do not
    turn each seat's cards dealt into the reference's hand at play."""
    drawn = [card for _, card in record["draws"]]
    if drawn != record["stock"][: len(drawn)]:
        raise ValueError(f"the log's draws {drawn} are not the stock from the top")
    for seat, dealt in enumerate(record["dealt"]):
        mine = {kind: {c for s, c in record[kind] if s == seat} for kind in EXCHANGES}
        held = (set(dealt) | mine["draws"] | mine["fills"]) - (mine["discards"] - mine["fills"])
        if at_play and held != set(at_play[seat]):
            raise ValueError(f"seat {seat}'s exchanges in the log do not give its hand at play")


def timed_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored by the plain-Python reference: its cards."""
    rules = reference.Rules()
    hands, stock = random_deal(rng, rules)
    result = play_deal_with(rules, index % rules.players, hands, stock, random_chooser(rng))
    return sum(len(trick.plays) for trick in result.tricks)
