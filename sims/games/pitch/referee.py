"""Auction Pitch's deal-log records re-scored by its plain-Python reference, for the tests (the
running program never imports this module): `referee` re-plays a logged deal, refusing an
illegal call or card, and `timed_deal` plays one random deal, the speed the kernels are
compared with."""

from __future__ import annotations

import random
from typing import Any

from sims.games.pitch import reference


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


def timed_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored by the plain-Python reference: its cards."""
    rules = reference.Rules()
    hands, calls, plays = reference.random_deal(rng, rules, index % rules.players)
    reference.score_deal(rules, hands, index % rules.players, calls, plays, [0] * rules.players)
    return len(plays)
