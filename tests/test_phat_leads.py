"""The lead-comparison quantities of `analysis.games.phat.leads` on hand-made tables."""

import numpy as np
import pandas as pd
import pytest

from analysis.compare import policy_pairs
from analysis.games.phat.leads import (
    SOURCES,
    differences_by,
    pitcher_side_sources,
    sources_against,
    variance_ratios,
)


def _deals(pitcher, phat_0, bonus_0, big, little) -> pd.DataFrame:
    phat_0, bonus_0 = np.array(phat_0), np.array(bonus_0)
    return pd.DataFrame(
        {
            "deal": np.arange(len(phat_0)),
            "pitcher": pitcher,
            "phat_0": phat_0,
            "phat_1": 80 - phat_0,
            "bonus_0": bonus_0,
            "bonus_1": 8 - bonus_0,
            "big_phat_team": big,
            "little_phat_team": little,
        }
    )


def test_sources_are_counted_for_the_pitchers_team_and_sum_to_its_points():
    # deal 0: team 0 pitches, takes both Phats and the bonus; deal 1: team 1 pitches
    # (seat 3) and takes only the Little Phat; deal 2: team 0 pitches and takes neither
    # Phat nor the bonus.
    deals = _deals([0, 3, 2], [60, 50, 22], [8, 8, 0], [0, 0, 1], [0, 1, 1])
    sources = pitcher_side_sources(deals)
    assert list(sources.columns) == list(SOURCES)
    assert sources.loc[0].tolist() == [18, 10, 32, 8]
    assert sources.loc[1].tolist() == [0, 10, 20, 0]
    assert sources.loc[2].tolist() == [0, 0, 22, 0]
    assert sources.sum(axis=1).tolist() == [68, 30, 22]


def test_sources_against_the_reference_sum_to_the_total_difference():
    reference = _deals([0, 1, 2, 3], [60, 40, 30, 45], [8, 0, 0, 8], [0, 1, 1, 0], [0, 0, 1, 1])
    other = _deals([0, 1, 2, 3], [50, 30, 40, 45], [0, 8, 8, 8], [1, 1, 0, 0], [0, 1, 0, 1])
    table = sources_against({"lead_long": reference, "lead_phat": other}, "lead_long")
    assert set(table.index.get_level_values("lead")) == {"lead_phat"}
    part = table.loc["lead_phat"]
    assert part.loc[list(SOURCES), "difference"].sum() == pytest.approx(
        part.loc["total", "difference"]
    )
    mine = pitcher_side_sources(other).sum(axis=1) - pitcher_side_sources(reference).sum(axis=1)
    assert part.loc["total", "difference"] == pytest.approx(mine.mean())
    # the Big Phat: lost in deal 0 (-18), still the defenders' in deal 1, won in deal 2
    assert part.loc["Big Phat", "difference"] == pytest.approx((-18 + 0 + 18 + 0) / 4)
    assert (part["low"] <= part["difference"]).all() and (part["n"] == 4).all()


def test_sources_against_refuses_different_deals():
    first = _deals([0, 1], [40, 40], [0, 8], [0, 1], [0, 1])
    second = first.assign(deal=[5, 6])
    with pytest.raises(ValueError, match="same deals"):
        sources_against({"lead_long": first, "lead_high": second}, "lead_long")


def test_differences_by_groups_the_paired_differences():
    results = pd.DataFrame(
        {"lead_long": [10, 20, 30, 40, 50, 60], "lead_high": [8, 18, 31, 37, 50, 54]}
    )
    lengths = pd.Series([4, 4, 5, 5, 5, 6], name="longest suit")
    table = differences_by(results, lengths, "lead_long")
    assert list(table.index.get_level_values(0).unique()) == ["lead_high"]
    high = table.loc["lead_high"]
    assert high["estimate"].tolist() == pytest.approx([-2, -2 / 3, -6])
    assert high["n"].tolist() == [2, 3, 1]
    assert high["share of deals"].sum() == pytest.approx(1)


def test_the_variance_ratio_matches_the_pairs_and_covers_its_true_value():
    # x and y of variance 1 and correlation 0.5: var(x) + var(y) = 2, var(x - y) = 1.
    rng = np.random.default_rng(11)
    cov = [[1, 0.5], [0.5, 1]]
    draws = rng.multivariate_normal([0, 0], cov, size=40_000)
    results = pd.DataFrame(draws, columns=["lead_long", "lead_phat"])
    ratio = variance_ratios(results).iloc[0]
    pairs = policy_pairs(results).iloc[0]
    assert ratio["estimate"] == pytest.approx((pairs["se_unpaired"] / pairs["se"]) ** 2)
    assert ratio["paired half-width"] == pytest.approx(pairs["high"] - pairs["difference"])
    assert ratio["low"] < 2 < ratio["high"]
    # its standard error is that of the estimate over repeated samples
    repeated = [
        variance_ratios(pd.DataFrame(rng.multivariate_normal([0, 0], cov, size=2_000)))
        for _ in range(200)
    ]
    spread = np.std([table["estimate"].iloc[0] for table in repeated])
    stated = np.mean([table["se"].iloc[0] for table in repeated])
    assert stated == pytest.approx(spread, rel=0.2)
