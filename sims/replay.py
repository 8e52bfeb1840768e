"""Replay one deal (or one game) of a run exactly, and show it trick by trick."""

from __future__ import annotations

import dataclasses

import numpy as np

from sims.cards import SUITS, card_name, format_cards
from sims.deal_log import play_order
from sims.games import don, phat, pitch, solowhist
from sims.runner import RunResult, RunSpec, run


def replay(spec: RunSpec, index: int) -> RunResult:
    """Re-run deal `index` (or game `index` with `spec.games`) of the run `spec`, recorded."""
    return run(dataclasses.replace(spec, first=index, count=1), record=True)


def render(result: RunResult) -> str:
    """Hands, the auction, every trick with its winner, and the deal's result."""
    spec = result.spec
    lines = [f"{spec.game}  seed {spec.seed}  strategies by seat: {' '.join(spec.seats)}"]
    logs = (result.table, result.hands, result.calls, result.plays, result.winners)
    for row, hands, calls, plays, winners in zip(*logs, strict=True):
        where = f"game {row['game']} deal {row['deal']}" if spec.games else f"deal {row['deal']}"
        if spec.game == "pitch":
            lines += _pitch_deal(spec, where, row, hands, calls, plays, winners)
        elif spec.game == "solowhist":
            lines += _whist_deal(where, row, hands, calls, plays, winners)
        else:
            lines += _partnership_deal(spec.game, where, row, hands, plays, winners)
    return "\n".join(lines)


def _tricks(order: list[tuple[int, int]], players: int) -> list[str]:
    return [
        " ".join(f"{seat}:{card_name(card)}" for seat, card in order[start : start + players])
        for start in range(0, len(order), players)
    ]


def _partnership_deal(game: str, where: str, row, hands, plays, winners) -> list[str]:
    values = don.CARD_VALUES if game == "don" else phat.CARD_VALUES
    pitcher, trump = int(row["pitcher"]), int(row["trump"])
    lines = [
        "",
        f"{where}: dealer {row['dealer']}, pitcher {pitcher} (team {pitcher % 2}), "
        f"trump {SUITS[trump]}, carry-in {row['carry_in']}",
    ]
    lines += [f"  seat {s} (team {s % 2}): {format_cards(int(hands[s]))}" for s in range(4)]
    score = [int(row["score_before_0"]), int(row["score_before_1"])]
    order = play_order(pitcher, plays, winners)
    for trick, shown in enumerate(_tricks(order, 4)):
        winner = int(winners[trick])
        points = sum(int(values[trump, card]) for _, card in order[4 * trick :][:4])
        score[winner % 2] += points
        lines.append(
            f"  trick {trick + 1:2d}: {shown}  -> seat {winner} (team {winner % 2})"
            f" +{points:<2d}  score {score[0]}-{score[1]}"
        )
    winner = f"; team {row['winner']} wins the game" if row["winner"] >= 0 else ""
    points, muck = ("phat", "muck") if game == "phat" else ("card points", "game")
    lines += [
        f"  {points} {row['phat_0']}-{row['phat_1']}, {muck} {row['muck_0']}-{row['muck_1']}, "
        f"bonus {row['bonus_0']}-{row['bonus_1']}, carry-out {row['carry_out']}",
    ]
    for label, rank, prefix in [("Big Phat", phat.BIG_PHAT_RANK, "big_phat")] + (
        [("Little Phat", phat.LITTLE_PHAT_RANK, "little_phat")] if game == "don" else []
    ):
        name = card_name(trump * 13 + rank)
        if game == "don":
            label = f"{rank + 2} of trumps"
        lines.append(f"  {label} {name}: {_fate(row[f'{prefix}_holder'], row[f'{prefix}_team'])}")
    lines.append(
        f"  scores {row['score_before_0']}-{row['score_before_1']} -> "
        f"{row['score_after_0']}-{row['score_after_1']}{winner}"
    )
    return lines


def _fate(holder: int, team: int) -> str:
    """Who was dealt a card and who captured it."""
    if holder < 0:
        return "not dealt"
    captured = "nobody (its trick was not played)" if team < 0 else f"team {team}"
    return f"dealt to seat {holder}, captured by {captured}"


def _pitch_deal(spec: RunSpec, where: str, row, hands, calls, plays, winners) -> list[str]:
    players = spec.layout.players
    sides = pitch.sides(spec.rules)
    side_of = {seat: side for side, seats in enumerate(sides) for seat in seats}
    pitcher, dealer, trump = int(row["pitcher"]), int(row["dealer"]), int(row["trump"])
    lines = ["", f"{where}: dealer {dealer}, sides {sides}"]
    lines += [
        f"  seat {s} (side {side_of[s]}): {format_cards(int(hands[s]))}" for s in range(players)
    ]
    auction = [
        f"{(dealer + 1 + k) % players}:{'pass' if call == 0 else call}"
        for k, call in enumerate(calls)
        if call >= 0
    ]
    lines.append(
        f"  auction: {' '.join(auction)}  -> seat {pitcher} bids {row['contract']}"
        + (" (dealer's steal)" if row["stolen"] else "")
        + f", pitches {card_name(int(row['lead_card']))}: trump {SUITS[trump]}"
    )
    order = play_order(pitcher, plays, winners, players)
    for trick, shown in enumerate(_tricks(order, players)):
        lines.append(f"  trick {trick + 1}: {shown}  -> seat {winners[trick]}")

    def named(side: int) -> str:
        return "nobody" if side < 0 else f"side {side}"

    count = len(sides)
    lines += [
        f"  High {named(row['high'])}, Low {named(row['low'])}, "
        f"Jack {named(row['jack']) if row['jack'] >= 0 else 'not dealt'}, "
        f"Game {named(row['game_point'])} (game points {_listed(row['game_points'][:count])})",
        f"  won {_listed(row['won'][:count])}; bid {'made' if row['made'] else 'set back'}; "
        f"change {_listed(row['delta'][:count])}",
        f"  scores {_listed(row['score_before'][:count])} -> {_listed(row['score_after'][:count])}"
        + (f"; side {row['winner']} wins the game" if row["winner"] >= 0 else "")
        + (" (smudge)" if row["smudged"] else ""),
    ]
    return lines


def _whist_deal(where: str, row, hands, calls, plays, winners) -> list[str]:
    contract = int(row["contract"])
    lines = ["", f"{where}: dealer {row['dealer']}, turned {card_name(int(row['turned']))}"]
    lines += [f"  seat {s}: {format_cards(int(hands[s]))}" for s in range(4)]
    auction = [f"{c // 16}:{solowhist.CALL_NAMES[c % 16]}" for c in calls if c >= 0]
    lines.append(f"  auction: {' '.join(auction)}")
    if contract == solowhist.PASS:
        return [*lines, "  passed out: no play, no settlement"]
    declarers = f"seat {row['declarer']}" + (
        f" and seat {row['partner']}" if row["partner"] >= 0 else ""
    )
    trump = SUITS[int(row["trump"])] if row["trump"] >= 0 else "none"
    lines.append(
        f"  contract {solowhist.CONTRACT_NAMES[contract]} by {declarers}, trump {trump}, "
        f"seat {row['leader']} leads"
    )
    order = play_order(int(row["leader"]), plays, winners)
    for trick, shown in enumerate(_tricks(order, 4)):
        lines.append(f"  trick {trick + 1:2d}: {shown}  -> seat {winners[trick]}")
    return [
        *lines,
        f"  tricks {_listed(row['tricks'])}: {'made' if row['made'] else 'failed'}; "
        f"settlement {_listed(row['settlement'])}",
    ]


def _listed(values: np.ndarray) -> str:
    return "[" + ", ".join(str(int(value)) for value in values) + "]"
