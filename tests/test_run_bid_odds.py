"""The odds answer of the games whose hand bids and names trump (`sims.run.bid_odds`): the
highest bid that gains on average with its best trump, and the words that say it."""

import pandas as pd

from sims.run.bid_odds import bid_odds_report, highest_gaining_bid
from sims.run.queries import Recommendation


def estimates(changes: dict[str, list[float]]) -> pd.DataFrame:
    """Made-up estimates: per trump, the expected score change of bids 1, 2, 3, ..."""
    rows = {
        (trump, f"E[score change | bid {bid}]"): value
        for trump, values in changes.items()
        for bid, value in enumerate(values, start=1)
    }
    index = pd.MultiIndex.from_tuples(list(rows), names=["trump", "quantity"])
    return pd.DataFrame({"estimate": list(rows.values())}, index=index)


TABLE = estimates({"H": [2.0, 1.5, -0.5, -3.0], "S": [1.0, 1.8, 0.4, -2.0]})


def test_the_highest_bid_that_gains_is_kept_with_its_best_trump():
    assert highest_gaining_bid(TABLE, range(1, 5)) == Recommendation("S", 3, 0.4)
    assert highest_gaining_bid(TABLE, [1, 2]) == Recommendation("S", 2, 1.8)
    assert highest_gaining_bid(TABLE, [4]) == Recommendation("", 0, 0.0)


def test_the_report_names_the_bid_its_trump_and_its_remark_or_a_pass():
    best = highest_gaining_bid(TABLE, range(1, 5))
    report = bid_odds_report(TABLE, best, "name", 2, 4, {3: "a remark"})
    assert report.advice == (
        "recommended: bid 3 (a remark) and name S, the highest bid that gains on average "
        "(expected score change +0.400)"
    )
    assert report.recommendation == {"trump": "S", "bid": 3, "expected": 0.4}
    assert report.where == "as seat 2 of 4 (the dealer is seat 4)" and report.about == {"seat": 2}
    plain = bid_odds_report(TABLE, best, "pitch", 1, 3)
    assert plain.advice.startswith("recommended: bid 3 and pitch S, the highest bid")
    passing = bid_odds_report(TABLE, Recommendation("", 0, 0.0), "pitch", 1, 3)
    assert passing.advice.startswith("recommended: pass (every bid loses points on average")
    assert passing.recommendation["bid"] == 0
