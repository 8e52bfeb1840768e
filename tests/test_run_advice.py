"""The report any game's advice gives (`sims.run.advice`): the rows labelled by round and
deal, the best call with its remark and the trump it tried, and a tie told."""

from types import SimpleNamespace

import numpy as np
import pandas as pd

from sims.run.advice import advice_report, label_rounds

DEALS = np.arange(100, 140)  # the deals kept, the same in every round


def deals_of(means: dict[tuple[int, int], float]) -> pd.DataFrame:
    """Rows of an advice run: each round (call, trump tried) wins, makes and changes the
    score by its mean, one point up and down on alternate deals."""
    swing = np.where(np.arange(len(DEALS)) % 2 == 0, 1.0, -1.0)
    values = np.stack(
        [np.column_stack([np.ones(len(DEALS)), np.ones(len(DEALS)), mean + swing])
         for mean in means.values()]
    )  # fmt: skip
    frame = pd.DataFrame(values.reshape(-1, 3), columns=["won_contract", "made", "delta"])
    return label_rounds(frame, DEALS, list(means))


def test_the_rows_are_labelled_by_call_trump_tried_and_deal():
    frame = deals_of({(0, -1): 0.0, (4, 2): 3.0})
    assert list(frame.columns[:3]) == ["call", "trump", "deal"]
    assert frame["call"].tolist() == [0] * 40 + [4] * 40
    assert frame["trump"].tolist() == ["-"] * 40 + ["H"] * 40
    assert frame["deal"].tolist() == DEALS.tolist() * 2
    assert frame["delta"].tolist()[40:42] == [4.0, 2.0]


def test_the_report_names_the_best_call_its_remark_and_the_trump_it_tried():
    query = SimpleNamespace(run=SimpleNamespace(count=len(DEALS)))
    rows = deals_of({(0, -1): 0.0, (9, 2): 1.0, (10, 2): 10.0, (10, 3): 5.0})
    report = advice_report(query, rows, 7, "pitch", {10: "shooting the moon"})
    assert report.advice == (
        "recommended: bid 10 (shooting the moon) and pitch H (expected score change +10.000)"
    )
    assert report.recommendation == {
        "call": "bid 10", "trump": "H", "expected": 10.0, "told_apart": True
    }  # fmt: skip
    assert list(report.table.index) == ["bid 10", "bid 9", "pass"]
    plain = advice_report(query, deals_of({(0, -1): 0.0, (9, -1): 1.0}), 7, "name")
    assert plain.advice == "recommended: bid 9 (expected score change +1.000)"  # no trump tried


def test_two_calls_the_deals_cannot_tell_apart_are_said_to_be_tied():
    query = SimpleNamespace(run=SimpleNamespace(count=len(DEALS)))
    report = advice_report(query, deals_of({(0, -1): 0.0, (2, 1): 0.0}), 7, "name")
    assert report.advice == (
        "recommended: bid 2 and name D (expected score change +0.000); pass cannot be told "
        "apart from it at 40 deals (the interval of their paired difference holds 0)"
    )
    assert report.recommendation["told_apart"] is False
