"""Streaming counters: the kernels' counts of chunked outcome rows against pandas counts of
the same deals, and the summary from counters against the summary of the deal rows."""

import itertools

import numpy as np
import pandas as pd
import pytest

from analysis import counters as pandas_counters
from analysis.games.allfours import summary as allfours
from analysis.games.cinch import summary as cinch
from analysis.games.don import summary as don
from analysis.games.phat import summary as phat
from analysis.games.pitch import summary as pitch
from analysis.games.solowhist import summary as solowhist
from sims.descriptors import game as describe
from sims.descriptors import names
from sims.games.phat.descriptor import POINTS_TOP
from sims.run import counters
from sims.run.outcomes import outcome_frame, run_frame
from sims.run.runner import RunResult, RunSpec, run

SUMMARIES = {
    "allfours": allfours.summary,
    "pitch": pitch.summary,
    "phat": phat.summary,
    "don": don.summary,
    "solowhist": solowhist.summary,
    "cinch": cinch.summary,
}
PITCH = "threshold+greedy"
SPECS = {
    "pitch 4 cutthroat": RunSpec("pitch", 3, 4000, seats=(PITCH,)),
    "pitch 6 in 3 teams": RunSpec(
        "pitch", 5, 3000, seats=(PITCH,), variants=("players=6", "partnership", "teams=3")
    ),
    "pitch 3, random bids": RunSpec(
        "pitch", 7, 3000, seats=("random_bid+greedy",), variants=("players=3",)
    ),
    "pitch games, random bids": RunSpec(
        "pitch",
        8,
        100,
        games=True,
        seats=("random_bid+greedy",),
        variants=("partnership", "smudge"),
    ),
    "phat": RunSpec("phat", 11, 3000),
    "phat games": RunSpec("phat", 31, 300, games=True, variants=("target=121",)),
    "don": RunSpec("don", 13, 3000, variants=("bonus=game5_high_low_jack",)),
    "don games carried": RunSpec("don", 17, 200, games=True, variants=("game_tie=carry",)),
    "solowhist": RunSpec("solowhist", 19, 4000),
    "allfours": RunSpec("allfours", 23, 3000, seats=("random",)),
    "allfours 4 games": RunSpec("allfours", 29, 200, games=True, variants=("players=4",)),
    "cinch": RunSpec("cinch", 23, 3000, seats=("threshold+greedy",)),
    "cinch 3, random, thrown in": RunSpec(
        "cinch", 29, 3000, seats=("random",), variants=("players=3", "all_pass=redeal_next_dealer")
    ),
    "cinch games, set-back": RunSpec(
        "cinch", 31, 200, games=True, seats=("random_bid+greedy",), variants=("scoring=setback",)
    ),
}


@pytest.fixture(scope="module")
def runs() -> dict[str, RunResult]:
    return {label: run(spec) for label, spec in SPECS.items()}


def kernel_counts(game: str, rules: dict, table: np.ndarray) -> dict[str, np.ndarray]:
    """Counters of `table` accumulated in uneven slices (one empty), each into counters of
    its own, merged."""
    cuts = [0, 1, 1, len(table) // 3, len(table) - 7, len(table)]
    total = counters.empty(game, rules)
    for start, stop in itertools.pairwise(cuts):
        part = counters.empty(game, rules)
        counters.accumulate(game, rules, table[start:stop], part)
        total = counters.merge(total, part)
    return total


def assert_same_counters(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    assert a.keys() == b.keys()
    for name in a:
        assert a[name].shape == b[name].shape, name
        assert np.array_equal(a[name], b[name]), name


def assert_same_summary(deals: pd.DataFrame, game: str, counts: dict[str, np.ndarray]) -> None:
    expected = SUMMARIES[game](deals)
    got = pandas_counters.summary(game, counts)
    pd.testing.assert_frame_equal(got, expected, check_exact=False, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("label", SPECS)
def test_kernel_counters_equal_pandas_counters_and_give_the_rows_summary(runs, label):
    result = runs[label]
    game, rules = result.spec.game, result.spec.rules
    deals = run_frame(result)
    counts = kernel_counts(game, rules, result.table)
    assert_same_counters(counts, pandas_counters.from_deals(game, rules, deals))
    for counter in counters.definitions(game, rules):
        each = {axis.name: axis.size for axis in counter.axes}.get(counter.each, 1)
        if not counter.sums:
            assert counts[counter.name].sum() == each * len(deals), counter.name
    assert_same_summary(deals, game, counts)


def test_counters_stay_small():
    rules = {"pitch": RunSpec("pitch", 0, 0, variants=("players=7",)).rules}
    for game in ("phat", "don", "solowhist"):
        rules[game] = RunSpec(game, 0, 0).rules
    for game, game_rules in rules.items():
        sizes = sum(array.nbytes for array in counters.empty(game, game_rules).values())
        assert sizes < 256 * 1024, game


def test_points_past_the_histogram_keep_means_exact(runs):
    """Deals worth more than the last bin of the points histogram (long carry-overs) land
    in its open top bin; the excess sums keep the summary's means exact."""
    table = runs["phat games"].table.copy()
    table["bonus_0"][::7] = POINTS_TOP + 40
    table["bonus_1"][3::11] = 2 * POINTS_TOP
    rules = runs["phat games"].spec.rules
    counts = kernel_counts("phat", rules, table)
    deals = outcome_frame(table)
    assert counts["points"][:, :, -1].sum() > 0 and counts["points_excess"].sum() > 0
    assert_same_counters(counts, pandas_counters.from_deals("phat", rules, deals))
    assert_same_summary(deals, "phat", counts)


def test_a_value_off_its_axis_stops_the_count(runs):
    table = runs["pitch 4 cutthroat"].table.copy()
    table["contract"][5] = 9
    rules = runs["pitch 4 cutthroat"].spec.rules
    with pytest.raises(ValueError, match="outside"):
        counters.accumulate("pitch", rules, table, counters.empty("pitch", rules))
    six = runs["pitch 6 in 3 teams"]
    frame = counters.to_frame("pitch", kernel_counts("pitch", six.spec.rules, six.table))
    with pytest.raises(ValueError, match="outside"):  # pitcher positions 5 and 6
        counters.from_frame("pitch", rules, frame)


@pytest.mark.parametrize("label", ["pitch 6 in 3 teams", "don games carried", "solowhist"])
def test_counters_survive_a_parquet_round_trip(runs, label, tmp_path):
    result = runs[label]
    game, rules = result.spec.game, result.spec.rules
    counts = kernel_counts(game, rules, result.table)
    frame = counters.to_frame(game, counts)
    assert (frame["count"] > 0).all()
    assert frame.groupby("counter", sort=False).ngroup().is_monotonic_increasing
    frame.to_parquet(tmp_path / "counters.parquet")
    back = counters.from_frame(game, rules, pd.read_parquet(tmp_path / "counters.parquet"))
    assert_same_counters(back, counts)
    pd.testing.assert_frame_equal(counters.to_frame(game, back), frame)


def test_merge_is_order_independent(runs):
    result = runs["solowhist"]
    rules = result.spec.rules
    parts = []
    for rows in np.array_split(result.table, 3):
        part = counters.empty("solowhist", rules)
        counters.accumulate("solowhist", rules, rows, part)
        parts.append(part)
    a, b, c = parts
    assert_same_counters(counters.merge(a, b), counters.merge(b, a))
    assert_same_counters(
        counters.merge(counters.merge(a, b), c), counters.merge(a, counters.merge(c, b))
    )
    with pytest.raises(ValueError):
        counters.merge(a, counters.empty("pitch", RunSpec("pitch", 0, 0).rules))


@pytest.mark.parametrize("game", names())
def test_counter_names_are_unique_within_each_game(game):
    declared = [counter.name for counter in describe(game).counters.declared]
    assert len(declared) == len(set(declared))
