"""The self-play fitting every calibrated bidder shares (`sims.run.calibration`): on
hand-made numbers, the shrinkage's groups and means, the counts summed chunk by chunk and
the change from one round's table to the next; on played deals, the auction as the
exploring seat met it."""

import dataclasses
from dataclasses import dataclass

import numpy as np
import pytest

from sims.run.calibration import (
    EXPLORER,
    PRIOR,
    Counts,
    SelfPlay,
    change,
    class_levels,
    play_explored,
    shrunk,
)
from sims.run.runner import RunSpec, run, seat_strategies, strategy_tables


def test_classes_that_agree_on_a_levels_axes_share_its_group():
    # Six classes on axes (2, 3): class k is (k // 3, k % 3).
    coarse, fine = class_levels(6, (2, 3), [(0,), (0, 1)])
    assert coarse.tolist() == [0, 0, 0, 1, 1, 1]
    assert fine.tolist() == [0, 1, 2, 3, 4, 5]
    by_second = class_levels(6, (2, 3), [(1,)])[0]
    assert by_second.tolist() == [0, 1, 2, 0, 1, 2]


def test_each_mean_is_shrunk_towards_its_groups_then_the_contexts():
    sums = np.array([[10.0, 0.0, 30.0, 0.0]])  # one context, four classes
    counts = np.array([[10.0, 0.0, 10.0, 30.0]])
    pairs = np.array([0, 0, 1, 1])  # classes 0 and 1 together, 2 and 3 together
    context = sums.sum() / counts.sum()  # 40 / 50
    group = [(10 + PRIOR * context) / (10 + PRIOR), (30 + PRIOR * context) / (40 + PRIOR)]
    expected = [
        (10 + PRIOR * group[0]) / (10 + PRIOR),
        group[0],  # no deal of its own: its group's mean
        (30 + PRIOR * group[1]) / (10 + PRIOR),
        (0 + PRIOR * group[1]) / (30 + PRIOR),
    ]
    estimate = shrunk(sums, counts, [pairs, np.arange(4)])
    assert estimate.shape == (1, 4)
    assert estimate[0] == pytest.approx(expected)


@dataclass
class _Tally(Counts):
    made: np.ndarray


def test_counts_add_field_by_field_and_keep_their_kind():
    total = _Tally(np.array([1.0, 2.0]), np.array([0.0, 1.0])) + _Tally(
        np.array([3.0, 4.0]), np.array([1.0, 1.0])
    )
    assert isinstance(total, _Tally)
    assert total.calls.tolist() == [4.0, 6.0] and total.made.tolist() == [1.0, 2.0]


def _game() -> SelfPlay:
    def best(table, min_bid):  # the call of greatest value
        return table.argmax(-1)

    return SelfPlay(None, None, None, best, 1000.0, None)


def test_the_change_weighs_each_cell_by_its_samples_and_costs_the_old_call_by_the_new():
    old = np.array([[1000, 0], [0, 2000]], np.int16)  # two cells, two calls, milli-points
    new = np.array([[0, 500], [0, 2000]], np.int16)  # cell 0's best call moves
    counts = np.array([[30.0, 10.0], [50.0, 10.0]])  # 40 and 60 samples
    moved, cost, shift = change(_game(), old, new, counts, 1)
    assert moved == pytest.approx(0.4)
    assert cost == pytest.approx(0.4 * 0.5)  # the old call 0 is worth 0.5 less by the new
    assert shift == pytest.approx((30 * 1.0 + 10 * 0.5) / 100)
    assert change(_game(), new, new, counts, 1) == (0.0, 0.0, 0.0)


@pytest.mark.parametrize("game", ["pitch", "cinch"])
def test_the_explorers_position_heard_bid_and_call_are_read_from_its_seat_in_each_auction(game):
    """Against each row's own dealer and calls (in order from the dealer's left) and the
    hands a normal run of the same deals logs."""
    spec = RunSpec(game, 5, 400, seats=("random",))
    played = play_explored(spec, 100, 300, strategy_tables(seat_strategies(spec)))
    logged = run(dataclasses.replace(spec, first=100, count=300), record=True)
    assert np.array_equal(played.out, logged.table)
    assert np.array_equal(played.hands, logged.hands)
    players = spec.layout.players
    for row, position, heard, call in zip(
        played.out, played.position, played.heard, played.call, strict=True
    ):
        assert (row["dealer"] + 1 + position) % players == EXPLORER  # seat 0 speaks there
        before = [c for c in row["call"][:position] if c > 0]
        assert heard == max(before, default=0)
        assert call == row["call"][position]
