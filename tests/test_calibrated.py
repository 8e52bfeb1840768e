"""The `calibrated` Pitch bidder: its tables are fitted reproducibly by self-play, it bids
4 with a lock hand, steals or passes as play on the same deals says it should, and never
passes where the rules forbid; the command that fits it, and its refusals."""

import json

import numpy as np
import pandas as pd
import pytest

from analysis.games.pitch.summary import bidder_call
from analysis.odds import pitch_advice
from sims.core.options import resolve as resolve_options
from sims.games.pitch import rules as pitch
from sims.games.pitch.calibrate import calibrate
from sims.games.pitch.strategies.calibrated import FILES, TABLES, hand_classes, table_shape
from sims.run.outcomes import run_frame
from sims.run.queries import CalibrationQuery, CalibrationReport
from sims.run.runner import RunSpec, run
from sims.strategies import StrategyError, resolve
from tests.conftest import call
from tests.test_hostile_input import assert_clear_error

LOCK = "AH KH QH JH TH 2H"
SHIPPED = [[f"players={n}"] for n in (3, 4, 5, 6)] + [["players=4", "partnership"]]


def _rules(variants) -> dict:
    return resolve_options("pitch", pitch.OPTIONS, variants)


def _bid(hand: str, position: int, high: int, variants) -> int:
    """The calibrated bidder's call with `hand` at `position` (0 first, players - 1 the
    dealer) after the high bid `high`."""
    return bidder_call("calibrated", hand, position=position + 1, high=high, variants=variants)


def test_the_calibration_is_reproducible_from_its_seed(tmp_path):
    spec = RunSpec("pitch", 5, 40_000, variants=("players=3",))
    reports = [
        calibrate(CalibrationQuery(spec, rounds=2, tolerance=0.0, folder=tmp_path / name))
        for name in ("a", "b")
    ]
    first, second = (np.load(report.path) for report in reports)
    assert first.shape == table_shape(3) and first.dtype == np.int16
    assert np.array_equal(first, second) and first.any()
    made = [json.loads(report.path.with_suffix(".json").read_text()) for report in reports]
    assert made[0] == made[1] and made[0]["seed"] == 5
    rounds = reports[0].rounds
    assert list(rounds["round"]) == [1, 2] and rounds["samples"].min() > 30_000
    assert 0 <= rounds["decisions_changed"].iloc[1] <= 1
    # Another seed plays other deals: another table.
    other = calibrate(
        CalibrationQuery(
            RunSpec("pitch", 6, 40_000, variants=("players=3",)),
            rounds=1,
            tolerance=0.0,
            folder=tmp_path / "c",
        )
    )
    assert not np.array_equal(np.load(other.path), first)


@pytest.mark.parametrize("variants", SHIPPED)
def test_the_package_ships_a_table_for_each_evidenced_rule_set(variants):
    rules = _rules(variants)
    assert (TABLES / f"{FILES.key(rules)}.npy").exists()
    made = json.loads((TABLES / f"{FILES.key(rules)}.json").read_text())
    assert made["rules"]["players"] == rules["players"]
    assert made["rules"]["partnership"] == rules["partnership"]
    assert FILES.shipped(rules).size == np.prod(table_shape(rules["players"]))


@pytest.mark.parametrize("variants", [["players=3"], ["players=4", "partnership"]])
def test_the_bidder_makes_the_legal_call_its_table_values_most(variants):
    """The bidder reads its choices packed; here they are chosen again from the shipped
    values, call by call, for random hands in every position and after every high bid."""
    rules = _rules(variants)
    players = rules["players"]
    values = FILES.shipped(rules)
    rng = np.random.default_rng(3)
    hands = [[int(card) for card in rng.choice(52, 6, replace=False)] for _ in range(40)]
    masks = np.array([sum(1 << card for card in hand) for hand in hands], np.int64)
    classes = hand_classes(masks, players, len(pitch.sides(rules)))
    chosen = set()
    for hand, hand_class in zip(hands, classes, strict=True):
        for position in range(players):
            for high in range(4 if position else 1):
                legal = pitch.legal_calls(high, position == players - 1, rules["min_bid"])
                row = values[position, high, hand_class]
                best = max((c for c in range(5) if legal >> c & 1), key=lambda c: (row[c], -c))
                assert _bid(hand, position, high, variants) == best
                chosen.add(best)
    assert len(chosen) >= 3  # passes and bids of several sizes were checked


def test_rules_without_a_table_are_refused_with_the_command_that_builds_one():
    with pytest.raises(StrategyError, match="allfours calibrate pitch --players 7"):
        resolve("calibrated+greedy", "pitch", _rules(["players=7"]))
    with pytest.raises(StrategyError, match="needs the rules"):
        resolve("calibrated", "pitch")


@pytest.mark.parametrize("variants", SHIPPED)
def test_the_lock_hand_bids_four_wherever_four_is_best(variants):
    """Before the dealer a 4 is best: any smaller bid may be outbid or stolen. The dealer
    speaks last and takes every point with any bid, so its bids tie: it must take the
    contract."""
    rules = _rules(variants)
    dealer = rules["players"] - 1
    for position in range(rules["players"]):
        for high in range(4 if position else 1):
            made = _bid(LOCK, position, high, variants)
            assert made == 4 if position < dealer else made > 0


def test_a_dealer_facing_passes_bids_and_a_real_run_bids_four():
    rng = np.random.default_rng(1)
    for _ in range(300):
        hand = [int(card) for card in rng.choice(52, 6, replace=False)]
        assert _bid(hand, 3, 0, []) >= 2  # pass is not legal: the kernel would refuse it
    frame = run_frame(run(RunSpec("pitch", 2, 20_000, seats=("calibrated+greedy",))))
    assert (frame["contract"] == 4).sum() > 20  # `threshold` never bids 4
    assert (frame["contract"] >= 1).all()


# The dealer after "pass,2,pass": a strong hand should take the contract, a weak one pass;
# advice played on the same deals (every seat bidding `calibrated`) says the same.
STRONG = "AS KS JS 3S TD 9H"
WEAK = "3C 5D 7H 9S 4D 6C"


@pytest.mark.parametrize(("hand", "takes"), [(STRONG, True), (WEAK, False)])
def test_the_dealer_steals_when_it_pays_and_passes_when_every_bid_loses(hand, takes):
    call_made = _bid(hand, 3, 2, [])
    assert (call_made > 0) == takes
    table = pitch_advice(
        hand, seat=4, calls="pass,2,pass", deals=3000, seed=9, strategy="calibrated+greedy"
    )
    best = table.attrs["recommendation"].bid
    assert (best > 0) == takes
    if not takes:  # every bid loses against passing, clearly
        bids = [name for name in table.index if name != "pass"]
        assert (table.loc[bids, "difference from best high"] < 0).all()


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_first_round_shows_a_dash_for_the_change_no_table_before_it_measures(rounds):
    changes = ("decisions_changed", "points_at_stake", "mean_change")
    rows = [{"round": 1, "deals": 10_000, "samples": 9_990} | dict.fromkeys(changes)]
    rows += [{"round": 2, "deals": 10_000, "samples": 9_995} | dict.fromkeys(changes, 0.25)]
    text = CalibrationReport(pd.DataFrame(rows[:rounds]), "t.npy", {}).text()
    lines = text.splitlines()
    assert lines[0].split() == ["round", "deals", "samples", *changes]
    assert lines[1].split() == ["1", "10000", "9990", "-", "-", "-"]
    assert rounds == 1 or lines[2].split()[3:] == ["0.2500"] * 3
    assert lines[-1] == "table written to t.npy"


def test_the_command_writes_the_table_and_refuses_what_it_cannot_do(capsys, tmp_path):
    code, out, _ = call(
        capsys,
        "calibrate",
        "pitch",
        "--players",
        "3",
        "--deals",
        "20000",
        "--rounds",
        "2",
        "--tolerance",
        "0",
        "--out",
        str(tmp_path),
        "--quiet",
        "--json",
    )
    assert code == 0
    shown = json.loads(out)
    assert [row["round"] for row in shown["rounds"]] == [1, 2] and shown["seed"] == 0
    assert shown["path"] == str(tmp_path / "players3.npy")
    assert np.load(shown["path"]).shape == table_shape(3)
    for args, message in [
        (["calibrate", "phat"], "calibrate serves cinch, pitch, not phat"),
        (["calibrate", "pitch", "--tolerance", "1.5"], "--tolerance must lie in [0, 1)"),
        (["calibrate", "pitch", "--tolerance", "nan"], "--tolerance must lie in [0, 1)"),
        (["calibrate", "pitch", "--rounds", "0"], "--rounds"),
        (
            ["calibrate", "pitch", "--deals", "1"],
            "--deals 1 is too few to fit a table: at least 10,000",
        ),
        (["calibrate", "pitch", "--deals", "9999"], "at least 10,000"),
        (["calibrate", "pitch", "--replace-shipped", "--out", str(tmp_path)], "not allowed"),
        (
            ["simulate", "pitch", "--players", "7", "--strategy", "calibrated+greedy"],
            "allfours calibrate pitch --players 7",
        ),
    ]:
        code, _, err = call(capsys, *args)
        assert code == 2 and message in err, err
        assert_clear_error(err)


def test_the_command_writes_into_the_user_s_data_and_never_into_the_package(
    capsys, tmp_path, monkeypatch
):
    shipped = {path.name: path.read_bytes() for path in TABLES.iterdir()}
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = call(
        capsys,
        "calibrate",
        "pitch",
        "--players",
        "3",
        "--deals",
        "10000",
        "--rounds",
        "1",
        "--quiet",
        "--json",
    )
    assert code == 0
    written = tmp_path / "allfours" / "calibrated" / "pitch" / "players3.npy"
    assert json.loads(out)["path"] == str(written)
    assert np.load(written).shape == table_shape(3)
    assert {path.name: path.read_bytes() for path in TABLES.iterdir()} == shipped
