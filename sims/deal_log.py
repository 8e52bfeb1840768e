"""The deal log (JSON Lines): one object per deal, as DESIGN.md describes, exact enough
for a reader to re-score every deal independently."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from sims.cards import SUITS, card_name, cards_of
from sims.runner import RunResult

SIDES = [[0, 2], [1, 3]]


def play_order(pitcher: int, plays: np.ndarray, winners: np.ndarray) -> list[tuple[int, int]]:
    """`(seat, card)` of every card played: the pitcher leads, then each trick's winner."""
    order: list[tuple[int, int]] = []
    leader = pitcher
    for trick in range(13):
        cards = plays[4 * trick : 4 * trick + 4]
        if cards[0] < 0:
            break
        order += [((leader + i) % 4, int(card)) for i, card in enumerate(cards)]
        leader = int(winners[trick])
    return order


def _side(value: int) -> int | None:
    return None if value < 0 else int(value)


def deal_records(result: RunResult) -> Iterator[dict[str, Any]]:
    """One log object per deal of a recorded run."""
    if result.plays is None:
        raise ValueError("the run was not recorded: run it with record=True to log deals")
    spec = result.spec
    for row, hands, plays, winners in zip(
        result.table, result.hands, result.plays, result.winners, strict=True
    ):
        pitcher = int(row["pitcher"])
        order = play_order(pitcher, plays, winners)
        record: dict[str, Any] = {"game": spec.game, "seed": spec.seed}
        if spec.games:
            record["game_id"] = int(row["game"])
        record |= {
            "deal": int(row["deal"]),
            "players": 4,
            "dealer": int(row["dealer"]),
            "pitcher": pitcher,
            "rules": spec.rules,
            "strategies": list(spec.seats),
            "sides": SIDES,
            "hands": [[card_name(c) for c in reversed(cards_of(int(h)))] for h in hands],
            "trump": SUITS[int(row["trump"])],
            "plays": [[seat, card_name(card)] for seat, card in order],
            "trick_winners": [int(w) for w in winners[: len(order) // 4]],
            "result": {
                "points": [int(row["phat_0"]), int(row["phat_1"])],
                "muck": [int(row["muck_0"]), int(row["muck_1"])],
                "bonus": [int(row["bonus_0"]), int(row["bonus_1"])],
                "carry_in": int(row["carry_in"]),
                "carry_out": int(row["carry_out"]),
                "big_phat": _side(row["big_phat_team"]),
                "scores_before": [int(row["score_before_0"]), int(row["score_before_1"])],
                "scores_after": [int(row["score_after_0"]), int(row["score_after_1"])],
                "winner": _side(row["winner"]),
            },
        }
        yield record


def write_log(path: str | Path, result: RunResult) -> None:
    """Write the log atomically: a temporary file renamed into place when complete."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w") as stream:
            for record in deal_records(result):
                stream.write(json.dumps(record, separators=(",", ":")) + "\n")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
