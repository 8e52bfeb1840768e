"""Every `--json` output is JSON a strict reader takes: a statistic that is undefined
(one deal has no spread) is null, never NaN."""

from __future__ import annotations

import json

import pytest

from tests.conftest import call


def _strict(text: str):
    def refuse(constant: str):
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("game", ["pitch", "phat"])
def test_simulate_json_of_one_deal_writes_undefined_intervals_null(capsys, game):
    code, out, err = call(capsys, "simulate", game, "--deals", "1", "--json")
    assert code == 0, err
    shown = _strict(out)
    assert shown["rows"] == 1
    intervals = [row[bound] for row in shown["deals"] for bound in ("low", "high")]
    assert None in intervals  # one deal: no interval to give


def test_odds_json_of_a_few_deals_is_strict_json(capsys):
    code, out, err = call(
        capsys, "odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--deals", "1", "--json"
    )
    assert code == 0, err
    _strict(out)
