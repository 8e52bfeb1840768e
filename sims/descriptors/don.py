"""Nine-card Don described to the generic code (docs/rules.md section 3): Phat's deal loop
and partnership pieces with Don's data, and the captors of High, Low and Jack in its log."""

from __future__ import annotations

from typing import Any

from sims.core.games import don
from sims.descriptors import Game
from sims.descriptors.phat import (
    SIDES,
    arguments_of,
    cards_played,
    counters_of,
    no_call,
    partnership_layout,
    partnership_result,
    referee_of,
    reference_of,
    renderer,
    sides_scored,
)
from sims.engine.phat import run_phat_nb
from sims.reference import don as reference
from sims.run.deal_log import common_record, side_or_none


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the captors of High, Low and Jack (whatever the bonus variant
    scores), then the partnership result."""
    captors = {name: side_or_none(row[f"{name}_team"]) for name in ("high", "low", "jack")}
    return common_record(spec, row, hands, plays, winners, SIDES) | {
        "result": captors | partnership_result(row)
    }


GAME = Game(
    name="don",
    rules=don,
    layout=partnership_layout(don.HAND_SIZE, lambda _, cap: cap or don.DEFAULT_MAX_DEALS),
    reference_deal=reference_of(reference),
    referee=referee_of(reference, ("bonus", "game_tie")),
    kernel=run_phat_nb,
    arguments=arguments_of(don),
    record=record,
    render=renderer(
        don.CARD_VALUES,
        "card points",
        "game",
        (("9 of trumps {card}", "big_phat"), ("5 of trumps {card}", "little_phat")),
    ),
    counters=counters_of(don),
    call_problem=no_call,
    cards_played=cards_played,
    sides=sides_scored("Don points (card points + game bonus)"),
)
