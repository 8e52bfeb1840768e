"""How a plain-Python reference deal is driven, the same for every game whose reference
plays a deal as a generator: it yields each decision (with its `seat` and `kind`) and
receives the answer. Plain Python, no game named: the references share it, nothing else."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

Steps = Generator[Any, object, Any]


def drive(steps: Steps, chooser: Callable[[Any], object]) -> Any:
    """Run `steps`, answering each decision with `chooser(decision)`; its result."""
    try:
        decision = next(steps)
        while True:
            decision = steps.send(chooser(decision))
    except StopIteration as finished:
        return finished.value


def drive_with_answers(steps: Steps, answers: Sequence[tuple[int, object]]) -> Any:
    """Run `steps` from every answer given in order as ``(seat, answer)``; ValueError if an
    answer is from the wrong seat, if answers are left over, or if the deal needs more."""
    queue = list(answers)

    def next_answer(decision: Any) -> object:
        if not queue:
            raise ValueError(f"deal incomplete: seat {decision.seat} must {decision.kind}")
        seat, answer = queue.pop(0)
        if seat != decision.seat:
            raise ValueError(
                f"seat {seat} answered out of turn: seat {decision.seat} must {decision.kind}"
            )
        return answer

    result = drive(steps, next_answer)
    if queue:
        raise ValueError(f"{len(queue)} answers left over after the deal ended: {queue[:3]}")
    return result


@dataclass(frozen=True)
class GameResult:
    """A whole game: the winning side, the final scores and every deal in order."""

    winner: int
    scores: tuple[int, ...]
    deals: tuple[Any, ...]


def play_to_the_end(
    play_deal: Callable[[int, Sequence[int]], Any],
    sides: int,
    players: int,
    first_dealer: int,
    max_deals: int,
    passes: Callable[[Any], bool] = lambda deal: True,
) -> GameResult:
    """Play deals, each `play_deal(dealer, scores before it)` (a result with `winner`, None
    while the game goes on, and `scores_after`), until one has a winner; the deal passes
    left after each deal that `passes`. RuntimeError after `max_deals` deals."""
    scores: Sequence[int] = (0,) * sides
    dealer = first_dealer
    deals: list[Any] = []
    for _ in range(max_deals):
        result = play_deal(dealer, scores)
        deals.append(result)
        scores = result.scores_after
        if result.winner is not None:
            return GameResult(result.winner, tuple(scores), tuple(deals))
        if passes(result):
            dealer = (dealer + 1) % players
    raise RuntimeError(f"no winner after {max_deals} deals")
