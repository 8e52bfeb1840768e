"""Pitch statistics checked against exact probabilities."""

import math

import numpy as np
import pytest

from sims.core.cards import parse_card
from sims.run.runner import RunSpec, run


def hypergeometric_pmf(k: int, population: int, successes: int, draws: int) -> float:
    return (
        math.comb(successes, k)
        * math.comb(population - successes, draws - k)
        / math.comb(population, draws)
    )


def within_four_standard_errors(rate: float, exact: float, n: int) -> bool:
    return abs(rate - exact) < 4 * math.sqrt(exact * (1 - exact) / n)


def test_a_fixed_jack_is_in_play_with_probability_24_over_52_with_four_players():
    deals = 200_000
    hands = run(RunSpec("pitch", 5, deals, seats=("random",)), record=True).hands
    jack_of_clubs = 1 << parse_card("JC")
    in_play = (np.bitwise_or.reduce(hands, axis=1) & jack_of_clubs) != 0
    assert within_four_standard_errors(in_play.mean(), 24 / 52, deals)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_jack_of_trumps_is_in_play_as_the_suit_counts_predict(players):
    # `random` pitches a card uniform over its six: trump is suit s with probability k_s / 6,
    # k_s ~ Hypergeometric(52, 13, 6). The pitcher holds that suit's Jack with probability
    # k_s / 13; otherwise it lies among the 46 other cards, 6 (players - 1) of them dealt.
    dealt_elsewhere = 6 * (players - 1) / 46
    exact = sum(
        4 * hypergeometric_pmf(k, 52, 13, 6) * k / 6 * (k / 13 + (1 - k / 13) * dealt_elsewhere)
        for k in range(1, 7)
    )
    deals = 200_000
    spec = RunSpec("pitch", 11, deals, seats=("random",), variants=(f"players={players}",))
    table = run(spec).table
    assert within_four_standard_errors((table["jack"] >= 0).mean(), exact, deals)
    # With the trump fixed in advance the answer would be 6 players / 52 instead.
    assert abs(exact - 6 * players / 52) > 0.01


def test_the_pitcher_holds_as_many_trumps_as_the_size_biased_suit_length():
    deals = 200_000
    table = run(RunSpec("pitch", 12, deals, seats=("random",))).table
    for k in (1, 2, 3):
        exact = 4 * hypergeometric_pmf(k, 52, 13, 6) * k / 6
        assert within_four_standard_errors((table["hand_trumps"] == k).mean(), exact, deals)
