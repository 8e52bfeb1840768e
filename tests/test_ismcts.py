"""`ismcts`: whole deals played legally in every game it is registered for, the same cards
from the same seed, and its parameters reaching the search."""

import numpy as np
import pytest

from sims.run.runner import RunSpec, run


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seats", "variants"),
    [
        ("pitch", ("ismcts:iterations=60",) * 4, ()),
        ("pitch", ("ismcts:iterations=40", "greedy", "random"), ("players=3", "must_follow")),
        ("pitch", ("ismcts:iterations=40", "greedy") * 3, ("players=6", "partnership", "teams=3")),
        ("phat", ("ismcts:iterations=40", "greedy", "random", "greedy"), ()),
        ("don", ("ismcts:iterations=40",) * 4, ("bonus=game5_high_low_jack",)),
    ],
)
def test_ismcts_plays_whole_deals_legally_and_the_same_from_the_same_seed(game, seats, variants):
    spec = RunSpec(game, 2, 30, seats=seats, variants=variants)
    first, again = run(spec, record=True), run(spec, record=True)
    assert len(first.table) == 30  # the engine checks every card: a fault would have raised
    assert np.array_equal(first.plays, again.plays)


def test_more_iterations_play_differently_from_a_single_one():
    # One descent tries a single random card: the parameter must reach the search.
    def plays(iterations: int) -> np.ndarray:
        seats = (f"ismcts:iterations={iterations}", "greedy", "greedy", "greedy")
        return run(RunSpec("pitch", 4, 60, seats=seats), record=True).plays

    few, many = plays(1), plays(400)
    assert not np.array_equal(few, many)
