"""The chains that deal Pitch advice's hands to fit the calls heard
(`sims.games.pitch.sampler`): the deals they give have the law rejection gives (a
two-sample test that catches per-seat rejection without weights), the same advice within
its intervals, rare auctions answered, the same answer on one thread and two, and chains
that mix within the sweeps between two kept deals."""

from __future__ import annotations

import math
from statistics import NormalDist

import numba
import numpy as np
import pytest

from sims.core.cards import mask_of, parse_cards
from sims.games.pitch.advice import (
    advice_deals,
    advice_rounds,
    chain_deals,
    chain_mixing,
    hand_features,
)
from sims.games.pitch.deal import conditions, run_pitch
from sims.run.advice import advice_table
from sims.run.chains import THIN
from sims.run.conditional import rest_of
from sims.run.queries import AdviceError, AdviceQuery
from sims.run.runner import RunSpec, log_arrays

HAND = "AS 2S 8D TD QH 4C"
LOCK = "AH KH QH JH TH 2H"
# An auction common enough for rejection (about one deal in 25 fits) in which the two
# earlier seats want the same high cards: seat 1 opens 1, seat 2 raises to 2.
COMMON = (1, 2)
DEALS = 12_000


def query(calls, deals=DEALS, seed=5, hand=HAND, sampler_name="chain", strategy="greedy"):
    run = RunSpec("pitch", seed, deals, seats=(strategy,))
    return AdviceQuery(
        run, tuple(parse_cards(hand)), len(calls) + 1, tuple(calls), sampler=sampler_name
    )


def rejected_hands(q: AdviceQuery) -> tuple[np.ndarray, np.ndarray]:
    """The hands and the per-round values of rejection's first `count` fitting deals."""
    plan = advice_rounds(q)
    run = q.run
    heard, seat = len(q.calls), q.seat - 1
    scripts = np.array([[*q.calls, call] for call, _ in plan.rounds], np.int8)
    trumps = np.array([t for _, t in plan.rounds], np.int64)
    fixed = conditions(
        mask_of(q.hand), seat, run.layout.players - 1, rest_of(q.hand), scripts, heard, trumps
    )
    rounds = len(plan.rounds)
    hands, values = [], []
    first = 0
    while sum(len(h) for h in hands) < run.count:
        count = 200_000
        out = np.zeros(count * rounds, run.layout.dtype)
        out["deal"] = -1
        logs = log_arrays(count * rounds, run.layout)
        errors = np.zeros((count, 4), np.int64)
        run_pitch(
            run.seed, first, count, False, rounds, plan.rules, plan.fids, plan.params, out,
            errors, *logs, *fixed,
        )  # fmt: skip
        kept = np.flatnonzero(out["deal"][::rounds] >= 0)
        hands.append(logs[0][kept * rounds])
        rows = out.reshape(count, rounds)[kept]
        values.append(
            np.stack([rows["pitcher"] == seat, rows["made"], rows["delta"][..., plan.side]], -1)
        )
        first += count
    return np.concatenate(hands)[: run.count], np.concatenate(values)[: run.count]


def chi_square_p(a: np.ndarray, b: np.ndarray) -> float:
    """The p-value of the two-sample chi-square test that integer samples `a` and `b` come
    from one law (values pooled into bins of at least 20 expected in each sample; the
    chi-square tail by Wilson and Hilferty's normal approximation)."""
    values = np.concatenate([a, b])
    levels, counts = np.unique(values, return_counts=True)
    bins, edges, running = [], [], 0
    for level, n in zip(levels, counts, strict=True):
        running += n
        if running >= 40:
            edges.append(level)
            running = 0
    if not edges:
        return 1.0
    edges[-1] = levels[-1]
    index_a = np.searchsorted(edges, a)
    index_b = np.searchsorted(edges, b)
    bins = len(edges)
    table = np.stack([np.bincount(index_a, minlength=bins), np.bincount(index_b, minlength=bins)])
    table = table[:, table.sum(0) > 0]
    if table.shape[1] < 2:
        return 1.0
    expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
    statistic = float(((table - expected) ** 2 / expected).sum())
    df = table.shape[1] - 1
    z = ((statistic / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 1 - NormalDist().cdf(z)


def smallest_p(hands_a, values_a, hands_b, values_b, heard) -> tuple[float, str]:
    """The smallest p-value over the earlier seats' hand features and each round's outcome
    (won the contract, made, score change as one category), and what it was of."""
    tests = {}
    for seat in range(heard):
        for name, a in hand_features(hands_a[:, seat]).items():
            tests[f"seat {seat + 1} {name}"] = (a, hand_features(hands_b[:, seat])[name])
    for k in range(values_a.shape[1]):
        a, b = ((v[:, k, 0] * 2 + v[:, k, 1]) * 16 + v[:, k, 2] + 8 for v in (values_a, values_b))
        tests[f"round {k} outcome"] = (a, b)
    found = {name: chi_square_p(a, b) for name, (a, b) in tests.items()}
    worst = min(found, key=found.get)
    return found[worst] * len(found), worst  # Bonferroni: times the tests made


@pytest.fixture(scope="module")
def rejection_sample():
    q = query(COMMON, sampler_name="rejection")
    return rejected_hands(q)


def test_the_chains_deal_as_rejection_does_and_per_seat_rejection_does_not(rejection_sample):
    hands_r, values_r = rejection_sample
    q = query(COMMON, seed=6)
    chained = chain_deals(q, hands=True)
    values_c = chained.values.transpose(1, 0, 2)
    p, what = smallest_p(chained.hands, values_c, hands_r, values_r, len(COMMON))
    assert p > 1e-3, f"the chains differ from rejection in {what} (p = {p:.2g})"
    # Per-seat rejection without weights: each seat's hand drawn in turn from what the
    # seats before it left, until its own call fits (a chain per deal, kept at its start).
    biased = chain_deals(q, hands=True, chains=DEALS, burn_in=0)
    values_b = biased.values.transpose(1, 0, 2)
    p, what = smallest_p(biased.hands, values_b, hands_r, values_r, len(COMMON))
    assert p < 1e-4, f"per-seat rejection was not told apart from rejection (p = {p:.2g})"


def test_the_chains_advice_lies_within_the_intervals_of_rejections():
    chained = advice_table(advice_deals(query(COMMON, seed=8))[0])
    rejected = advice_table(advice_deals(query(COMMON, seed=9, sampler_name="rejection"))[0])
    assert list(chained.index) == list(rejected.index)
    for column in ("E[score change]", "P(wins contract)"):
        a, b = chained[column], rejected.loc[chained.index, column]
        se = np.hypot(chained[f"{column} se"], rejected.loc[chained.index, f"{column} se"])
        assert (np.abs(a - b) <= 4 * se + 1e-9).all(), (column, a - b, se)


def test_the_helps_dealer_after_three_passes_answers_in_seconds():
    q = query((0, 0, 0), deals=4000, hand=LOCK, seed=0)
    table = advice_table(advice_deals(q)[0])
    assert "pass" not in table.index and table.index[0] == "bid 4"
    # Rejection needs about 4,300 deals dealt per deal that fits here.
    with pytest.raises(AdviceError, match="only"):
        advice_deals(query((0, 0, 0), deals=4000, hand=LOCK, sampler_name="rejection"))


@pytest.mark.parametrize("calls", [(1, 2, 3), (3, 0, 0), (0, 2, 3)])
def test_rare_auctions_are_answered(calls):
    rows, draws = advice_deals(query(calls, deals=640))
    assert len(rows) == 640 * rows["call"].nunique() and draws > 0


def test_calls_the_bidders_never_make_are_refused_in_a_sentence():
    q = query((0, 2), deals=64, strategy="pass_unless_forced+greedy")
    with pytest.raises(AdviceError, match=r"seat 2's bidder .* made no bid 2 with any of"):
        chain_deals(q, chains=2)


def test_a_seed_gives_the_same_deals_on_one_thread_and_two():
    q = query((0, 2), deals=3000, seed=4)
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = chain_deals(q, hands=True)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = chain_deals(q, hands=True)
    finally:
        numba.set_num_threads(threads)
    assert np.array_equal(one.hands, two.hands) and np.array_equal(one.values, two.values)
    again = chain_deals(query((0, 2), deals=1000, seed=4), hands=True)
    assert np.array_equal(again.hands, one.hands[:1000])  # chunks and counts change nothing
    other = chain_deals(query((0, 2), deals=1000, seed=5), hands=True)
    assert not np.array_equal(other.hands, again.hands)


def test_the_chains_mix_within_the_sweeps_between_kept_deals():
    # Two bids that want the same high cards, kept after every sweep: the autocorrelation
    # at lag THIN is what advice's deals have (about 0.01 is noise at this size).
    q = query((2, 3), deals=64 * 60, seed=1)
    mixing = chain_mixing(q, lags=THIN)
    features = mixing[mixing["feature"] != "cards changed"]
    assert (features[f"lag {THIN}"].abs() < 0.08).all(), features
    changed = mixing[mixing["feature"] == "cards changed"]["lag 1"]
    assert (changed > 0.5).all()  # a sweep replaces most of a seat's cards
    # The outcome of each call along a chain: what the intervals assume independent.
    values = chain_deals(q, thin=1).values[:, :, 2].astype(float)  # round, deal
    x = values.reshape(len(values), -1, 64).transpose(0, 2, 1)  # round, chain, step
    x -= x.mean(axis=(1, 2), keepdims=True)
    lag = THIN
    correlation = (x[:, :, lag:] * x[:, :, :-lag]).mean(axis=(1, 2)) / (x * x).mean(axis=(1, 2))
    assert (np.abs(correlation) < 0.05).all(), correlation
