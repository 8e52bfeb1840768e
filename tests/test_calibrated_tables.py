"""The calibrated bidders' tables as every game keeps them (sims.strategies.calibrated_tables):
their names, the files refused, the calls packed and unpacked, and the command a missing
table's error names, which fits the table the bidder then reads."""

from __future__ import annotations

import dataclasses
import shlex

import numpy as np
import pytest
from numba import njit

from sims.core.options import resolve as resolve_options
from sims.games.cinch import calibrate as cinch_calibrate
from sims.games.cinch import rules as c
from sims.games.cinch.strategies import calibrated as cinch_calibrated
from sims.games.pitch import rules as pitch
from sims.games.pitch.strategies import calibrated as pitch_calibrated
from sims.strategies.calibrated_tables import packed_call, packed_calls
from sims.strategies.registry import StrategyError
from tests.conftest import call


@pytest.mark.parametrize(
    ("game", "rules", "bidder", "variants", "key", "command"),
    [
        ("pitch", pitch, pitch_calibrated, ["players=4"], "players4", "--players 4"),
        (
            "pitch",
            pitch,
            pitch_calibrated,
            ["players=6", "partnership", "teams=3", "min_bid=2"],
            "players6-partnership-teams3-min_bid2",
            "--players 6 --variant partnership --variant teams=3 --variant min_bid=2",
        ),
        ("pitch", pitch, pitch_calibrated, ["players=6", "teams=3"], "players6", "--players 6"),
        (
            "cinch",
            c,
            cinch_calibrated,
            ["players=4", "min_bid=6", "widow", "target=61"],
            "players4-min_bid=6-widow",
            "--players 4 --variant min_bid=6 --variant widow",
        ),
    ],
    ids=["pitch default", "pitch changed", "pitch teams without partnership", "cinch changed"],
)
def test_a_tables_name_and_fitting_command_follow_the_options_that_change_a_deal(
    game, rules, bidder, variants, key, command
):
    resolved = resolve_options(game, rules.OPTIONS, variants)
    assert bidder.FILES.key(resolved) == key
    fitting = f"allfours calibrate {game} {command} --replace-shipped"
    assert bidder.FILES.fitting_command(resolved) == fitting


def test_a_file_of_the_wrong_shape_or_kind_is_refused_by_name(tmp_path):
    files = cinch_calibrated.FILES
    for name, table in [
        ("shape.npy", np.zeros((4, 2), np.int16)),
        ("kind.npy", np.zeros(files.shape(4), np.float64)),
    ]:
        np.save(tmp_path / name, table)
        with pytest.raises(StrategyError, match=f"^{name} is not a calibrated cinch table for 4"):
            files.read(tmp_path / name, 4)


@njit(cache=False)
def _unpacked(numbers, start, count, bits, per_number):
    calls = np.empty(count, np.int64)
    for decision in range(count):
        calls[decision] = packed_call(numbers, start, decision, bits, per_number)
    return calls


@pytest.mark.parametrize(("bits", "per_number"), [(3, 16), (4, 13)], ids=["pitch", "cinch"])
def test_calls_packed_come_back_as_they_were_and_fit_a_float64_exactly(bits, per_number):
    calls = np.random.default_rng(bits).integers(0, 1 << bits, 1001)
    numbers = packed_calls(calls, bits, per_number)
    assert len(numbers) == -(-len(calls) // per_number)
    assert np.all(numbers < 2.0**53)  # each an integer a float64 holds exactly
    data = np.concatenate([np.full(5, 9.0), numbers])  # after a strategy's parameters
    assert np.array_equal(_unpacked(data, 5, len(calls), bits, per_number), calls)


def test_the_command_a_missing_tables_error_names_fits_the_table_the_bidder_then_reads(
    monkeypatch, capsys, tmp_path
):
    files = dataclasses.replace(cinch_calibrated.FILES, folder=tmp_path)  # not the package's
    monkeypatch.setattr(cinch_calibrated, "FILES", files)
    monkeypatch.setattr(
        cinch_calibrate, "SELF_PLAY", dataclasses.replace(cinch_calibrate.SELF_PLAY, files=files)
    )
    simulate = ["simulate", "cinch", "--strategy", "calibrated+greedy", "--deals", "200"]
    simulate += ["--variant", "min_bid=6", "--quiet"]
    code, _, err = call(capsys, *simulate)
    assert code == 2
    named = err.split("`")[1]
    assert named.startswith("allfours calibrate cinch --players 4 --variant min_bid=6")
    code, out, err = call(capsys, *shlex.split(named)[1:], "--deals", "20000", "--rounds", "1")
    assert code == 0, err
    assert f"table written to {tmp_path / 'players4-min_bid=6.npy'}" in out
    code, out, err = call(capsys, *simulate)
    assert code == 0, err
