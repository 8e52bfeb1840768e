"""Cinch's deal-log records re-scored by its plain-Python reference, for the tests (the
running program never imports this module): `referee` re-plays a logged deal from its
hands dealt, auction, trump, discards, draws, fills and cards, refusing an illegal one,
and `timed_deal` plays one random deal, the speed the kernels are compared with."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from sims.games.cinch import reference, reference_deal
from sims.games.cinch.reference import Decision


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A deal-log object re-scored by the reference, which refuses an illegal call, keep,
    fill or card (ValueError); the fields as the log and the row name them."""
    rules = reference.Rules(**spec.rules)
    dealt = [list(hand) for hand in record["dealt"]]
    held = {card for hand in dealt for card in hand}
    drawn = [card for _, card in record["draws"]]
    stock = drawn + sorted(card for card in reference.deck() if card not in held | set(drawn))
    discards: dict[int, set[str]] = defaultdict(set)
    for seat, card in record["discards"]:
        discards[seat].add(card)
    fills: dict[int, list[str]] = defaultdict(list)
    for seat, card in record["fills"]:
        fills[seat].append(card)
    calls = iter([*record["bids"], [None, record["trump"]]])
    plays = iter(record["plays"])

    def chooser(decision: Decision) -> object:
        if decision.kind in ("bid", "trump"):
            seat, call = next(calls)
            if seat is not None and seat != decision.seat:
                raise ValueError(f"seat {seat} called out of turn")
            return call
        if decision.kind == "keep":
            return [card for card in decision.pool if card not in discards[decision.seat]]
        if decision.kind == "fill":
            return fills[decision.seat]
        seat, card = next(plays, (None, None))
        if seat != decision.seat:
            raise ValueError(f"seat {seat} played out of turn (seat {decision.seat} is to play)")
        return card

    result = reference_deal.play_deal_with(
        rules, record["dealer"], dealt, stock, chooser, record["result"]["scores_before"]
    )
    if next(plays, None) is not None:
        raise ValueError("cards were played after the last trick")
    return _fields(result)


POINTS = ("high", "low", "jack", "game_point", "right_pedro", "left_pedro")  # the row's names
ORDER = {card: code for code, card in enumerate(reference.deck())}  # the kernels' card codes


def _fields(result: reference_deal.DealResult) -> dict[str, Any]:
    """The reference's result under the log's names (hands as the log lists them, highest
    card code first)."""
    fields = {
        "maker": result.maker,
        "trump": result.trump,
        "contract": result.bid,
        "made": result.made,
        "trick_winners": [trick.winner for trick in result.tricks],
        "won": list(result.won),
        "delta": list(result.delta),
        "scores_before": list(result.scores_before),
        "scores_after": list(result.scores_after),
        "winner": result.winner,
    }
    if result.hands_at_play:
        fields |= {name: point.side for name, point in zip(POINTS, result.points, strict=True)}
        fields["hands"] = [
            sorted(hand, key=ORDER.__getitem__, reverse=True) for hand in result.hands_at_play
        ]
    else:  # thrown in: nothing scored
        fields |= dict.fromkeys(POINTS)
    return fields


def timed_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored by the reference: its cards played."""
    rules = reference.Rules()
    hands, stock = reference_deal.random_deal(rng, rules)
    result = reference_deal.play_deal_with(
        rules, index % rules.players, hands, stock, reference_deal.random_chooser(rng)
    )
    return sum(len(trick.plays) for trick in result.tricks)
