"""The `calibrated` Cinch bidder: its hand classes, its tables fitted reproducibly by
self-play and read back, the call it makes (the legal call its table values most), the
settlement its fitting assumes (the deal loop's own), and the command that fits it."""

import json

import numpy as np
import pytest

from sims.core.options import resolve as resolve_options
from sims.games.cinch import rules as c
from sims.games.cinch.calibrate import calibrate, contracts, maker_margin
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies.calibrated import (
    CALLS,
    CLASS_AXES,
    FILES,
    TABLES,
    hand_class,
    hand_classes,
    legal_calls,
    table_shape,
)
from sims.run.outcomes import run_frame
from sims.run.queries import CalibrationQuery
from sims.run.runner import RunSpec, run
from sims.strategies import StrategyError, resolve
from sims.strategies import view as v
from sims.strategies.registry import functions
from tests.conftest import call
from tests.test_hostile_input import assert_clear_error

SHIPPED = [["players=4"], ["players=3"], ["players=2"]]
HEARTS = 2


def _rules(variants) -> dict:
    return resolve_options(c.NAME, c.OPTIONS, variants)


def _mask(hand: str) -> int:
    return sum(1 << card for card in DECK.parse_cards(hand))


def _bid(hand: int, position: int, high: int, rules: dict) -> int:
    """The calibrated bidder's call holding `hand` (a mask) at `position` (0 first, the
    dealer last) after the high bid `high`."""
    plan = resolve("calibrated+greedy", c.NAME, rules)
    view = np.zeros(v.SIZE, np.int64)
    view[v.DECISION] = v.BID
    view[v.HAND] = hand
    view[v.PLAYERS] = rules["players"]
    view[v.SIDES] = len(c.sides(rules))
    view[v.POSITION] = position
    view[v.HIGH_BID] = high
    view[v.LEGAL] = legal_calls(high, rules["min_bid"])
    decide = functions(c.NAME)[plan.bid_fid]
    return int(decide(view, plan.bid_params, np.zeros(1, np.int64)))


@pytest.mark.parametrize(
    ("hand", "axes"),
    [
        # Hearts: six trumps with the Left Pedro (5D), both Pedros, Ace and King, Jack and
        # Low (Game missing).
        ("AH KH 5H 5D JH 2H 3C 4S 6C", (4, 2, 0, 2)),
        # Four trumps, the Ace without the King, one Pedro, Game alone.
        ("AH QH 5H TH 9C 8C 7S 6S 4D", (2, 1, 1, 1)),
        # The Queen highest, no Pedro, two trumps, nothing counting.
        ("QH 9H AC KC QC JC AS KS QS", (0, 0, 2, 0)),
        # Seven trumps, the Ten highest, Jack-less: Game, Low and a Pedro (Left).
        ("TH 9H 8H 7H 5D 3H 2H AC KS", (4, 1, 3, 2)),
    ],
)
def test_a_hand_s_class_counts_its_trumps_pedros_top_and_small_counters(hand, axes):
    assert hand_class(_mask(hand), HEARTS) == np.ravel_multi_index(axes, CLASS_AXES)


def test_a_hand_is_classed_in_the_suit_it_would_name_trump():
    hand = "AS KS 5S 5C JS 2D 3D 4H 6H"  # spades
    rules = _rules([])
    plan = resolve("calibrated+greedy", c.NAME, rules)
    view = np.zeros(v.SIZE, np.int64)
    view[v.DECISION] = v.CHOOSE_TRUMP
    view[v.HAND] = _mask(hand)
    view[v.PLAYERS], view[v.SIDES], view[v.LEGAL] = 4, 2, 0b1111
    trump = functions(c.NAME)[plan.bid_fid](view, plan.bid_params, np.zeros(1, np.int64))
    assert trump == 3
    classes = hand_classes(np.array([_mask(hand)], np.int64), True)
    assert (
        classes[0] == hand_class(_mask(hand), 3) == np.ravel_multi_index((3, 2, 0, 1), CLASS_AXES)
    )


@pytest.mark.parametrize(
    ("variants", "all_pass"),
    [
        ([], 0),
        (["failed_award=fourteen_plus_shortfall"], 0),
        (["scoring=setback"], 0),
        (["players=3"], 0),
        (["players=2", "all_pass=dealer_forced_min_bid", "min_bid=6"], 6),
    ],
)
def test_the_fitting_settles_a_maker_s_points_as_the_deal_loop_does(variants, all_pass):
    """The margin `maker_margin` gives the maker's side for the points taken is the one
    the run's rows give: its score change less the mean of the other sides'."""
    rules = _rules(variants)
    frame = run_frame(run(RunSpec(c.NAME, 4, 3000, seats=("random",), variants=variants)))
    frame = frame[frame["contract"] >= 0]
    sides = len(c.sides(rules))
    won = np.stack([frame[f"won_{s}"] for s in range(sides)], 1).astype(np.int64)
    delta = np.stack([frame[f"delta_{s}"] for s in range(sides)], 1).astype(np.float64)
    maker = frame["maker_side"].to_numpy()
    rows = np.arange(len(frame))
    points = won[rows, maker]
    expected = delta[rows, maker] - (delta.sum(1) - delta[rows, maker]) / (sides - 1)
    settled = maker_margin(points, won.sum(1) - points, frame["contract"].to_numpy(), rules)
    assert np.allclose(settled, expected)
    assert (frame["made"] == 0).sum() > 100  # set contracts were checked
    # A pass that makes (all passed) holds the dealer to the rules' contract.
    assert list(contracts(rules)) == [all_pass, *range(1, c.MAX_BID + 1)]


def test_the_calibration_is_reproducible_from_its_seed(tmp_path):
    spec = RunSpec(c.NAME, 5, 20_000, variants=("players=3",))
    reports = [
        calibrate(CalibrationQuery(spec, rounds=2, tolerance=0.0, folder=tmp_path / name))
        for name in ("a", "b")
    ]
    first, second = (np.load(report.path) for report in reports)
    assert first.shape == table_shape(3) and first.dtype == np.int16
    assert np.array_equal(first, second) and first.any()
    made = [json.loads(report.path.with_suffix(".json").read_text()) for report in reports]
    assert made[0] == made[1] and made[0]["seed"] == 5 and made[0]["game"] == c.NAME
    rounds = reports[0].rounds
    assert list(rounds["round"]) == [1, 2] and rounds["samples"].min() == 20_000
    assert 0 <= rounds["decisions_changed"].iloc[1] <= 1
    other = calibrate(
        CalibrationQuery(
            RunSpec(c.NAME, 6, 20_000, variants=("players=3",)),
            rounds=1,
            tolerance=0.0,
            folder=tmp_path / "c",
        )
    )
    assert not np.array_equal(np.load(other.path), first)


@pytest.mark.parametrize("variants", SHIPPED)
def test_the_package_ships_a_table_for_each_fitted_rule_set(variants):
    rules = _rules(variants)
    made = json.loads((TABLES / f"{FILES.key(rules)}.json").read_text())
    assert made["game"] == c.NAME and made["rules"] == rules
    assert FILES.shipped(rules).shape == table_shape(rules["players"])


@pytest.mark.parametrize("variants", SHIPPED)
def test_the_bidder_makes_the_legal_call_its_table_values_most(variants):
    """The bidder reads its choices packed; here they are chosen again from the shipped
    values, call by call, for random hands in every position and after every high bid."""
    rules = _rules(variants)
    values = FILES.shipped(rules)
    rng = np.random.default_rng(3)
    dealt = c.cards_dealt(rules)
    masks = [
        int(sum(1 << int(card) for card in rng.choice(DECK.size, dealt, False))) for _ in range(30)
    ]
    classes = hand_classes(np.array(masks, np.int64), len(c.sides(rules)) < rules["players"])
    chosen = set()
    for mask, hand_class_ in zip(masks, classes, strict=True):
        for position in range(rules["players"]):
            for high in range(c.MAX_BID + 1 if position else 1):
                legal = legal_calls(high, rules["min_bid"])
                row = values[position, high, hand_class_]
                best = max((k for k in range(CALLS) if legal >> k & 1), key=lambda k: (row[k], -k))
                assert _bid(mask, position, high, rules) == best
                chosen.add(best)
    assert len(chosen) >= 3  # passes and bids of several sizes were checked


def test_a_dealer_after_all_passed_passes_to_play_with_no_contract():
    """With `all_pass` by default a dealer who passes names trump bound to nothing: every
    bid can only score less."""
    rules = _rules([])
    rng = np.random.default_rng(1)
    for _ in range(200):
        hand = int(sum(1 << int(card) for card in rng.choice(DECK.size, 9, False)))
        assert _bid(hand, rules["players"] - 1, 0, rules) == v.PASS


def test_rules_without_a_table_are_refused_with_the_command_that_builds_one():
    with pytest.raises(
        StrategyError, match="allfours calibrate cinch --players 4 --variant scoring=setback"
    ):
        resolve("calibrated+greedy", c.NAME, _rules(["scoring=setback"]))
    with pytest.raises(StrategyError, match="--variant keep_nontrumps"):
        resolve("calibrated+greedy", c.NAME, _rules(["keep_nontrumps"]))
    with pytest.raises(StrategyError, match="needs the rules"):
        resolve("calibrated", c.NAME)
    # Options that only end a game share the table of their deals.
    assert FILES.key(_rules(["target=61", "bid14=money"])) == "players4"


def test_the_command_writes_the_table_and_refuses_what_it_cannot_do(capsys, tmp_path):
    code, out, _ = call(
        capsys,
        "calibrate",
        c.NAME,
        "--players",
        "3",
        "--deals",
        "10000",
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
        (["calibrate", c.NAME, "--deals", "9999"], "at least 10,000"),
        (
            ["simulate", c.NAME, "--players", "5", "--strategy", "calibrated+greedy"],
            "allfours calibrate cinch --players 5",
        ),
    ]:
        code, _, err = call(capsys, *args)
        assert code == 2 and message in err, err
        assert_clear_error(err)
