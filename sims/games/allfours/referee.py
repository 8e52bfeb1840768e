"""All Fours' deal-log records re-scored by its plain-Python reference (docs/rules.md
section 7), for the tests (the running program never imports this module): `referee`
re-plays a logged deal, refusing an illegal call, discard or card, and `timed_deal` plays
one random deal."""

from __future__ import annotations

import random
from typing import Any

from sims.games.allfours import reference, reference_deal
from sims.games.allfours.reference import Decision


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A log object re-scored by the reference: its hands dealt, the stock it took (the
    rest of the pack after it, in pack order), its calls, discards and cards."""
    rules = reference.Rules(**spec.rules)
    dealt = [[reference.parse_card(card) for card in hand] for hand in record["dealt"]]
    taken = [reference.parse_card(card) for card in record["stock"]]
    used = {card for hand in dealt for card in hand} | set(taken)
    stock = taken + [card for card in reference.deck() if card not in used]
    calls = [(seat, answer) for seat, answer in record["calls"]]
    discards = [(seat, reference.parse_card(card)) for seat, card in record["discards"]]
    plays = [(seat, reference.parse_card(card)) for seat, card in record["plays"]]

    def answer(decision: Decision) -> object:
        """The logged answer to `decision`; ValueError when the log has none from its seat."""
        if decision.kind == "keep":
            out = [card for seat, card in discards if seat == decision.seat]
            return [card for card in decision.pool if card not in out]
        given = plays if decision.kind == "card" else calls
        if not given or given[0][0] != decision.seat:
            raise ValueError(f"the log has no {decision.kind} of seat {decision.seat} here")
        seat, said = given.pop(0)
        if decision.kind == "bunch":
            return said == "bunch"
        return said

    result = reference_deal.play_deal_with(
        rules, record["dealer"], dealt, stock, answer, record["result"]["scores_before"]
    )
    if plays or calls:
        raise ValueError("the log holds calls or cards after the deal ended")
    sides = len(reference.sides(rules))
    earned = {award.name: award for award in result.points}

    def side(name: str) -> int | None:
        return earned[name].side if name in earned else None

    return {
        "trump": result.trump,
        "upcards": list(result.upcards),
        "begged": result.begged,
        "gift": any(award.name == "Gift" for award in result.scored),
        "runs": result.runs,
        "bunched": result.bunched,
        "kick": sum(award.value for award in result.scored if award.name == "Turn-up"),
        "high": side("High"),
        "low": side("Low"),
        "jack": side("Jack"),
        "jack_points": earned["Jack"].value if side("Jack") is not None else 0,
        "game_point": side("Game"),
        "card_points": list(result.card_points) or [0] * sides,
        "won": [a - b for a, b in zip(result.scores_after, result.scores_before, strict=True)],
        "scores_before": list(result.scores_before),
        "scores_after": list(result.scores_after),
        "winner": result.winner,
        "trick_winners": [trick.winner for trick in result.tricks],
    }


def timed_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored by the plain-Python reference: its cards."""
    rules = reference.Rules()
    hands, stock = reference_deal.random_deal(rng, rules)
    chooser = reference_deal.random_chooser(rng)
    result = reference_deal.play_deal_with(rules, index % rules.players, hands, stock, chooser)
    return sum(len(trick.plays) for trick in result.tricks)
