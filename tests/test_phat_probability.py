"""Statistics of the engine checked against exact probabilities."""

import math

from sims.run.runner import RunSpec, run


def hypergeometric_pmf(k: int, population: int, successes: int, draws: int) -> float:
    return (
        math.comb(successes, k)
        * math.comb(population - successes, draws - k)
        / math.comb(population, draws)
    )


def test_pitcher_holds_the_big_phat_with_probability_4_E_n2_over_169():
    # With `random`, the opening lead is uniform over the pitcher's hand, so trump is suit s
    # with probability n_s / 13, and the pitcher then holds that suit's 9 with probability
    # n_s / 13: P = sum_s E[n_s^2] / 169 = 4 E[n^2] / 169, n ~ Hypergeometric(52, 13, 13).
    second_moment = sum(k * k * hypergeometric_pmf(k, 52, 13, 13) for k in range(14))
    exact = 4 * second_moment / 169
    assert abs(exact - 0.2941) < 1e-4
    deals = 400_000
    table = run(RunSpec("phat", 77, deals, seats=("random",) * 4)).table
    rate = (table["big_phat_holder"] == table["pitcher"]).mean()
    standard_error = math.sqrt(exact * (1 - exact) / deals)
    assert abs(rate - exact) < 4 * standard_error


def test_pitcher_trump_count_matches_the_size_biased_suit_length():
    # The led suit is size-biased: P(pitcher holds k trumps) = 4 k P(n = k) / 13.
    deals = 200_000
    table = run(RunSpec("phat", 78, deals, seats=("random",) * 4)).table
    for k in (1, 3, 5):
        exact = 4 * k * hypergeometric_pmf(k, 52, 13, 13) / 13
        rate = (table["pitcher_trumps"] == k).mean()
        assert abs(rate - exact) < 4 * math.sqrt(exact * (1 - exact) / deals)


def test_every_seat_pitches_equally_often_and_the_dealer_sits_on_its_right():
    table = run(RunSpec("phat", 3, 1_000, seats=("greedy",) * 4)).table
    assert list(table["pitcher"][:8]) == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all((table["dealer"] + 1) % 4 == table["pitcher"])
