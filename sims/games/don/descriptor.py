"""Nine-card Don described to the generic code (docs/rules.md section 3): Phat's deal loop
and partnership pieces with Don's data, and the captors of High, Low and Jack in its log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sims.descriptors import Game, Odds
from sims.engine import solver
from sims.games.don import rules as don
from sims.games.don.odds import play_odds
from sims.games.phat.deal import run_phat
from sims.games.phat.descriptor import (
    SIDES,
    arguments_of,
    cards_played,
    counters_of,
    no_call,
    partnership_layout,
    partnership_result,
    renderer,
    sides_scored,
    solving,
)
from sims.games.phat.scripted import continuation
from sims.games.phat.training import training
from sims.run.deal_log import common_record, side_or_none


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the captors of High, Low and Jack (whatever the bonus variant
    scores), then the partnership result."""
    captors = {name: side_or_none(row[f"{name}_team"]) for name in ("high", "low", "jack")}
    return common_record(spec, row, hands, plays, winners, SIDES) | {
        "result": captors | partnership_result(row)
    }


def don_position(
    hands: Sequence[int],
    trump: int,
    leader: int,
    rules: dict[str, Any] | None = None,
    *,
    side: int | None = None,
    trick: Sequence[int] = (),
    captured: Sequence[int] | None = None,
    dealt: Sequence[int] | None = None,
    carry: int = 0,
) -> np.ndarray:
    """The solver's Nine-card Don position, as `phat_position`, under Don's `rules` (bonus
    variant and game_tie; default the game's defaults); `dealt`, if known, the cards dealt
    to each seat (default: held or in the trick), which say the cards in play."""
    rules = rules or {name: option.default for name, option in don.OPTIONS.items()}
    if carry and rules["game_tie"] != "carry":
        raise solver.PositionError("a carried-over game value needs the variant game_tie=carry")
    game, high_low, jack = don.BONUSES[rules["bonus"]]
    position = solver.new_position(
        "Don", don.HAND_SIZE, hands, trump, leader, [0, 1, 0, 1], side, trick, captured, dealt
    )
    position[solver.P_MUST_FOLLOW] = 1
    position[solver.P_HIGH_LOW] = high_low
    position[solver.P_JACK] = jack
    position[solver.P_GAME_WORTH] = game + solver.checked_carry(carry)
    position[solver.P_CARD_POINTS : solver.P_CARD_POINTS + 52] = don.CARD_VALUES[trump]
    return position


GAME = Game(
    training=training("don", 8, 24_000),
    continuation=continuation("don", 9),
    name="don",
    rules=don,
    layout=partnership_layout(don.HAND_SIZE, lambda _, cap: cap or don.DEFAULT_MAX_DEALS),
    kernel=run_phat,
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
    bench_search=("ismcts", "guided_ismcts", "learned_ismcts", "learned"),
    sides=sides_scored("Don points (card points + game bonus)"),
    solve=solving(don_position),
    odds=Odds(don.HAND_SIZE, play_odds, no_seat="the hand pitches"),
)
