"""The deal log (JSON Lines): one object per deal, as docs/design.md describes, exact enough
for a reader to re-score every deal independently."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from sims.core.cards import SUITS
from sims.core.deck import MAX_CARDS, STANDARD, Deck
from sims.descriptors import game as describe
from sims.run.output import atomic_path

if TYPE_CHECKING:
    from sims.run.runner import RunResult, RunSpec


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


def side_or_none(value: int) -> int | None:
    """A side or seat from a row, None where the row holds -1 (nobody)."""
    return None if value < 0 else int(value)


def listed(values: np.ndarray) -> list[int]:
    """A row's per-side or per-seat values as plain ints."""
    return [int(value) for value in values]


def hand_names(hands: np.ndarray, deck: Deck = STANDARD) -> list[list[str]]:
    """Every seat's dealt hand as card names, highest code first."""
    return [[deck.card_name(c) for c in reversed(_codes(int(hand)))] for hand in hands]


def _codes(mask: int) -> list[int]:
    """The card codes of a mask, lowest first."""
    return [card for card in range(MAX_CARDS) if mask >> card & 1]


def common_record(
    spec: RunSpec,
    row: np.void,
    hands: np.ndarray,
    plays: np.ndarray,
    winners: np.ndarray,
    sides: list[list[int]],
    bids: list[list[int]] | None = None,
) -> dict[str, Any]:
    """The fields of a deal's log object that games led by a pitcher share: who dealt and
    pitched, the hands, the calls (`bids`, when the game has an auction), trump, the cards
    in play order and the trick winners. The game adds its `result`."""
    players = spec.layout.players
    order = play_order(int(row["pitcher"]), plays, winners, players)
    record: dict[str, Any] = {"game": spec.game, "seed": spec.seed}
    if spec.games:
        record["game_id"] = int(row["game"])
    record |= {
        "deal": int(row["deal"]),
        "players": players,
        "dealer": int(row["dealer"]),
        "pitcher": int(row["pitcher"]),
        "rules": spec.rules,
        "strategies": list(spec.seats),
        "sides": sides,
        "hands": hand_names(hands, spec.deck),
    }
    if bids is not None:
        record["bids"] = bids
    return record | {
        "trump": SUITS[int(row["trump"])],
        "plays": [[seat, spec.deck.card_name(card)] for seat, card in order],
        "trick_winners": [int(w) for w in winners[: len(order) // players]],
    }


def deal_records(result: RunResult) -> Iterator[dict[str, Any]]:
    """One log object per deal of a recorded run, as its game writes it."""
    if result.plays is None:
        raise ValueError("the run was not recorded: run it with record=True to log deals")
    record = describe(result.spec.game).record
    logs = (result.table, result.hands, result.calls, result.plays, result.winners)
    for row, hands, calls, plays, winners in zip(*logs, strict=True):
        yield record(result.spec, row, hands, calls, plays, winners)


def write_log(path: str | Path, result: RunResult) -> None:
    """Write the log all or nothing: a temporary file renamed into place when complete."""
    with atomic_path(path) as temporary, temporary.open("w") as stream:
        for record in deal_records(result):
            stream.write(json.dumps(record, separators=(",", ":")) + "\n")


def exchange_lists(
    moves: Sequence[tuple[str, int, int]], card_name: Callable[[int], str]
) -> dict[str, list[list[Any]]]:
    """A deal's exchanges (`sims.engine.exchanges`, as (kind, seat, card)) as the log gives
    them: `discards`, `draws` (the stock's rest robbed among them) and `fills`, each as
    [seat, card name] in the order made."""
    lists: dict[str, list[list[Any]]] = {"discards": [], "draws": [], "fills": []}
    into = {"discard": "discards", "draw": "draws", "rob": "draws", "fill": "fills"}
    for kind, seat, card in moves:
        lists[into[kind]].append([seat, card_name(card)])
    return lists


def exchange_lines(
    moves: Sequence[tuple[str, int, int]], card_name: Callable[[int], str], verbs: Mapping[str, str]
) -> list[str]:
    """Replay lines of a deal's exchanges: one for each run of one seat's of one kind, in
    the order made, the kind said by its verb in `verbs`."""
    return [
        f"  seat {seat} {verbs[kind]} {' '.join(card_name(card) for *_, card in run)}"
        for (kind, seat), run in groupby(moves, key=lambda move: move[:2])
    ]


def tricks_shown(order: list[tuple[int, int]], players: int, deck: Deck = STANDARD) -> list[str]:
    """Each trick as `seat:card` in play order."""
    return [
        " ".join(f"{seat}:{deck.card_name(card)}" for seat, card in order[start : start + players])
        for start in range(0, len(order), players)
    ]


def listed_text(values: np.ndarray) -> str:
    """A row's per-side or per-seat values as `[a, b, ...]`."""
    return "[" + ", ".join(str(int(value)) for value in values) + "]"
