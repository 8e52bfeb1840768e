"""Undefined statistics (one deal has no standard error) are NaN in the tables, never a
numpy RuntimeWarning, and `null` in JSON: `sims.run.jsonout` always writes valid JSON."""

import json
import math
import warnings

import numpy as np
import pandas as pd
import pytest

from analysis.compare import difference_pairs, matrix, policy_means, policy_pairs
from sims.run.jsonout import dumps, finite
from tests.conftest import call


def strict(text: str):
    """`text` parsed as JSON proper: NaN and Infinity are refused."""

    def refuse(constant: str):
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_one_deal_gives_unknown_errors_without_a_warning():
    one = pd.DataFrame({"lead_phat": [35.0], "lead_high": [56.0]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pairs = policy_pairs(one)
        means = policy_means(one)
        differences = difference_pairs(pd.DataFrame({"a vs b": [3.0]}))
    assert pairs.loc[0, "difference"] == -21.0 and pairs.loc[0, "n"] == 1
    assert pairs[["se", "low", "high", "se_unpaired"]].isna().all(axis=None)
    assert means["se"].isna().all() and differences["se"].isna().all()


def test_the_unpaired_error_is_unchanged_from_two_deals_on():
    two = pd.DataFrame({"a": [1.0, 3.0, 2.0], "b": [0.0, 4.0, 8.0]})
    expected = math.sqrt(np.var([1, 3, 2], ddof=1) / 3 + np.var([0, 4, 8], ddof=1) / 3)
    assert policy_pairs(two).loc[0, "se_unpaired"] == pytest.approx(expected)


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_compare_on_one_deal_ends_without_a_warning(capsys):
    code, out, err = call(
        capsys, "compare", "phat", "--leads", "lead_phat,lead_high", "--deals", "1", "--quiet"
    )
    assert code == 0, err
    assert "lead_phat" in out and "Warning" not in err


def test_undefined_numbers_are_written_null():
    pairs = policy_pairs(pd.DataFrame({"x": [1.0], "y": [2.0]}))
    body = {
        "pairs": pairs.to_dict(orient="records"),
        "matrix_se": matrix(pairs, "se").to_dict(orient="index"),
        "extra": (np.float64("nan"), math.inf, -math.inf, np.int64(3), np.float32(0.5), "NaN"),
    }
    parsed = strict(dumps(body, indent=2))
    assert parsed["pairs"][0]["se"] is None and parsed["pairs"][0]["difference"] == -1.0
    assert parsed["matrix_se"] == {"x": {"x": 0.0, "y": None}, "y": {"x": None, "y": 0.0}}
    assert parsed["extra"] == [None, None, None, 3, 0.5, "NaN"]
    assert finite({"a": [1.5, float("nan")]}) == {"a": [1.5, None]}


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.parametrize(
    "policies", [["--leads", "lead_phat,lead_high"], ["--strategies", "greedy,random"]]
)
def test_compare_json_on_one_deal_is_json_with_nulls(capsys, policies):
    code, out, err = call(capsys, "compare", "phat", *policies, "--deals", "1", "--json")
    assert code == 0, err
    printed = strict(out)
    assert printed["pairs"][0]["n"] == 1 and printed["pairs"][0]["se"] is None
    assert None in printed["matrix_se"][printed["pairs"][0]["a"]].values()
