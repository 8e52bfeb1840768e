"""Phat's deal-log records re-scored by its plain-Python reference, for the tests (the
running program never imports this module): `referee` re-plays a logged deal, refusing an
illegal card, and `timed_deal` plays one random deal, the speed the kernels are compared
with. Don, played by Phat's deal loop, builds its own from the same two functions."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from sims.games.phat import reference


def referee_of(module: ModuleType, options: tuple[str, ...] = ()):
    """The referee of a partnership game: its plain-Python reference `module` re-scores a
    deal-log object from the logged scores and carry-over before it (the rules `options`
    passed by name; single deals never stop at the target), refusing an illegal card."""

    def referee(spec, record: dict[str, Any]) -> dict[str, Any]:
        before = record["result"]
        scored = module.score_deal(
            [[module.parse_card(card) for card in hand] for hand in record["hands"]],
            record["pitcher"],
            [(seat, module.parse_card(card)) for seat, card in record["plays"]],
            scores_before=before["scores_before"],
            carry_in=before["carry_in"],
            target=spec.rules["target"] if spec.games else 10**9,
            **{name: spec.rules[name] for name in options},
        )
        scored["little_phat_team"] = scored.pop("little_phat")  # the row's name
        return scored | {"trump": module.SUITS[scored["trump"]]}

    return referee


def timed_deal_of(module: ModuleType):
    """One random deal of a partnership game played and scored by its plain-Python
    reference `module`: its cards."""

    def timed_deal(rng: random.Random, index: int) -> int:
        hands, plays = module.random_deal(rng, index % 4)
        module.score_deal(hands, index % 4, plays, target=10**9)
        return len(plays)

    return timed_deal


referee = referee_of(reference)
timed_deal = timed_deal_of(reference)
