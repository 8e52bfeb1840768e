"""Replay one deal (or one game) of a run exactly, and show it trick by trick."""

from __future__ import annotations

import dataclasses

from sims.cards import SUITS, card_name, format_cards
from sims.deal_log import play_order
from sims.games import phat
from sims.runner import RunResult, RunSpec, run


def replay(spec: RunSpec, index: int) -> RunResult:
    """Re-run deal `index` (or game `index` with `spec.games`) of the run `spec`, recorded."""
    return run(dataclasses.replace(spec, first=index, count=1), record=True)


def render(result: RunResult) -> str:
    """Hands, every trick with its winner and the points it scored, and the deal's result."""
    spec = result.spec
    lines = [f"{spec.game}  seed {spec.seed}  strategies (seats 0-3): {' '.join(spec.seats)}"]
    for row, hands, plays, winners in zip(
        result.table, result.hands, result.plays, result.winners, strict=True
    ):
        pitcher, trump = int(row["pitcher"]), int(row["trump"])
        where = f"game {row['game']} deal {row['deal']}" if spec.games else f"deal {row['deal']}"
        lines += [
            "",
            f"{where}: dealer {row['dealer']}, pitcher {pitcher} (team {pitcher % 2}), "
            f"trump {SUITS[trump]}, carry-in {row['carry_in']}",
        ]
        lines += [f"  seat {s} (team {s % 2}): {format_cards(int(hands[s]))}" for s in range(4)]
        score = [int(row["score_before_0"]), int(row["score_before_1"])]
        order = play_order(pitcher, plays, winners)
        for trick in range(len(order) // 4):
            cards = order[4 * trick : 4 * trick + 4]
            winner = int(winners[trick])
            points = sum(int(phat.CARD_VALUES[trump, card]) for _, card in cards)
            score[winner % 2] += points
            shown = " ".join(f"{seat}:{card_name(card)}" for seat, card in cards)
            lines.append(
                f"  trick {trick + 1:2d}: {shown}  -> seat {winner} (team {winner % 2})"
                f" +{points:<2d}  score {score[0]}-{score[1]}"
            )
        lines.append(
            f"  phat {row['phat_0']}-{row['phat_1']}, muck {row['muck_0']}-{row['muck_1']}, "
            f"bonus {row['bonus_0']}-{row['bonus_1']}, carry-out {row['carry_out']}"
        )
        big = (
            "nobody (its trick was not played)"
            if row["big_phat_team"] < 0
            else f"team {row['big_phat_team']}"
        )
        lines.append(
            f"  Big Phat {card_name(trump * 13 + phat.BIG_PHAT_RANK)}: dealt to seat "
            f"{row['big_phat_holder']}, captured by {big}"
        )
        lines.append(
            f"  scores {row['score_before_0']}-{row['score_before_1']} -> "
            f"{row['score_after_0']}-{row['score_after_1']}"
            + (f"; team {row['winner']} wins the game" if row["winner"] >= 0 else "")
        )
    return "\n".join(lines)
