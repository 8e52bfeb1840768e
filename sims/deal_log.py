"""The deal log (JSON Lines): one object per deal, as docs/design.md describes, exact enough
for a reader to re-score every deal independently."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from sims.cards import SUITS, card_name, cards_of
from sims.games import pitch, solowhist
from sims.output import atomic_path
from sims.runner import RunResult

PHAT_SIDES = [[0, 2], [1, 3]]


def play_order(
    pitcher: int, plays: np.ndarray, winners: np.ndarray, players: int = 4
) -> list[tuple[int, int]]:
    """`(seat, card)` of every card played: the pitcher leads, then each trick's winner."""
    order: list[tuple[int, int]] = []
    leader = pitcher
    for trick in range(len(plays) // players):
        cards = plays[players * trick : players * (trick + 1)]
        if cards[0] < 0:
            break
        order += [((leader + i) % players, int(card)) for i, card in enumerate(cards)]
        leader = int(winners[trick])
    return order


def _side(value: int) -> int | None:
    return None if value < 0 else int(value)


def _ints(values: np.ndarray) -> list[int]:
    return [int(value) for value in values]


def _partnership_result(row: np.void, game: str) -> dict[str, Any]:
    extra = {}
    if game == "don":  # the captors of High, Low and Jack, whatever the bonus variant
        extra = {name: _side(row[f"{name}_team"]) for name in ("high", "low", "jack")}
    return extra | {
        "points": [int(row["phat_0"]), int(row["phat_1"])],
        "muck": [int(row["muck_0"]), int(row["muck_1"])],
        "bonus": [int(row["bonus_0"]), int(row["bonus_1"])],
        "carry_in": int(row["carry_in"]),
        "carry_out": int(row["carry_out"]),
        "big_phat": _side(row["big_phat_team"]),
        "scores_before": [int(row["score_before_0"]), int(row["score_before_1"])],
        "scores_after": [int(row["score_after_0"]), int(row["score_after_1"])],
        "winner": _side(row["winner"]),
    }


def _pitch_result(row: np.void, sides: int) -> dict[str, Any]:
    return {
        "high": int(row["high"]),
        "low": int(row["low"]),
        "jack": _side(row["jack"]),
        "game": _side(row["game_point"]),
        "won": _ints(row["won"][:sides]),
        "made": bool(row["made"]),
        "delta": _ints(row["delta"][:sides]),
        "scores_before": _ints(row["score_before"][:sides]),
        "scores_after": _ints(row["score_after"][:sides]),
        "winner": _side(row["winner"]),
        "smudge": bool(row["smudged"]),
    }


def deal_records(result: RunResult) -> Iterator[dict[str, Any]]:
    """One log object per deal of a recorded run."""
    if result.plays is None:
        raise ValueError("the run was not recorded: run it with record=True to log deals")
    spec = result.spec
    if spec.game == "solowhist":
        yield from _whist_records(result)
        return
    players = spec.layout.players
    sides = pitch.sides(spec.rules) if spec.game == "pitch" else PHAT_SIDES
    logs = (result.table, result.hands, result.calls, result.plays, result.winners)
    for row, hands, calls, plays, winners in zip(*logs, strict=True):
        pitcher = int(row["pitcher"])
        dealer = int(row["dealer"])
        order = play_order(pitcher, plays, winners, players)
        record: dict[str, Any] = {"game": spec.game, "seed": spec.seed}
        if spec.games:
            record["game_id"] = int(row["game"])
        record |= {
            "deal": int(row["deal"]),
            "players": players,
            "dealer": dealer,
            "pitcher": pitcher,
            "rules": spec.rules,
            "strategies": list(spec.seats),
            "sides": sides,
            "hands": [[card_name(c) for c in reversed(cards_of(int(h)))] for h in hands],
        }
        if spec.game == "pitch":
            made = [int(call) for call in calls if call >= 0]
            record["bids"] = [[(dealer + 1 + k) % players, call] for k, call in enumerate(made)]
        record |= {
            "trump": SUITS[int(row["trump"])],
            "plays": [[seat, card_name(card)] for seat, card in order],
            "trick_winners": [int(w) for w in winners[: len(order) // players]],
            "result": (
                _pitch_result(row, len(sides))
                if spec.game == "pitch"
                else _partnership_result(row, spec.game)
            ),
        }
        yield record


def _whist_records(result: RunResult) -> Iterator[dict[str, Any]]:
    """Solo Whist's log objects: the turned card, calls by name, no sides (they shift)."""
    spec = result.spec
    logs = (result.table, result.hands, result.calls, result.plays, result.winners)
    for row, hands, calls, plays, winners in zip(*logs, strict=True):
        contract = int(row["contract"])
        declarers = [int(row["declarer"])] + ([int(row["partner"])] if row["partner"] >= 0 else [])
        trump = int(row["trump"])
        order = play_order(int(row["leader"]), plays, winners) if contract else []
        yield {
            "game": spec.game,
            "seed": spec.seed,
            "deal": int(row["deal"]),
            "players": 4,
            "dealer": int(row["dealer"]),
            "rules": spec.rules,
            "strategies": list(spec.seats),
            "hands": [[card_name(c) for c in reversed(cards_of(int(h)))] for h in hands],
            "turned": card_name(int(row["turned"])),
            "bids": [[int(c) // 16, solowhist.CALL_NAMES[int(c) % 16]] for c in calls if c >= 0],
            "trump": SUITS[trump] if trump >= 0 else None,
            "plays": [[seat, card_name(card)] for seat, card in order],
            "trick_winners": [int(w) for w in winners[: len(order) // 4]],
            "result": {
                "contract": solowhist.CONTRACT_NAMES[contract],
                "declarers": sorted(declarers) if contract else [],
                "trump": SUITS[trump] if trump >= 0 else None,
                "tricks": _ints(row["tricks"]),
                "made": bool(row["made"]),
                "settlement": _ints(row["settlement"]),
            },
        }


def write_log(path: str | Path, result: RunResult) -> None:
    """Write the log all or nothing: a temporary file renamed into place when complete."""
    with atomic_path(path) as temporary, temporary.open("w") as stream:
        for record in deal_records(result):
            stream.write(json.dumps(record, separators=(",", ":")) + "\n")
