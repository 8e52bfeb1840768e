"""Solo Whist's deal-log records re-scored by its plain-Python reference, for the tests (the
running program never imports this module): `referee` re-plays a logged deal, refusing an
illegal call or card, and `timed_deal` plays one random deal, the speed the kernels are
compared with."""

from __future__ import annotations

import random
from typing import Any

from sims.games.solowhist import reference


def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
    """A deal-log object re-scored by the plain-Python reference, which refuses an illegal
    call or card; an Abundance declarer's trump is the logged one."""
    calls = [(seat, name) for seat, name in record["bids"]]
    contract, _ = reference.auction(record["dealer"], calls)
    scored = reference.score_deal(
        [[reference.parse_card(card) for card in hand] for hand in record["hands"]],
        record["dealer"],
        reference.parse_card(record["turned"]),
        calls,
        [(seat, reference.parse_card(card)) for seat, card in record["plays"]],
        trump_choice=reference.SUITS.index(record["trump"]) if contract == "abundance" else None,
        unit=spec.rules["unit"],
    )
    trump = scored["trump"]
    return scored | {"trump": None if trump is None else reference.SUITS[trump]}


def timed_deal(rng: random.Random, index: int) -> int:
    """One random deal played and scored by the plain-Python reference: its cards."""
    hands, turned, calls, trump, plays = reference.random_deal(rng, index % 4)
    reference.score_deal(hands, index % 4, turned, calls, plays, trump_choice=trump)
    return len(plays)
