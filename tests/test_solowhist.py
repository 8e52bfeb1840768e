"""Solo Whist on the engine: settlement as docs/examples.md works it, hand-built whole deals,
and the auction checked call by call against the plain-Python reference."""

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sims.games.solowhist import reference
from sims.games.solowhist import rules as w
from sims.games.solowhist.scripted import play_whist_script
from sims.run.deal_log import deal_records
from sims.run.runner import RunSpec, run
from sims.run.scripted import IllegalPlayError
from tests.conftest import call
from tests.whist_examples import (
    ABUNDANCE_CALLS,
    ABUNDANCE_TRICKS,
    MISERE_CALLS,
    MISERE_TRICKS,
    MISERE_WINNERS,
    H,
    card,
    hands_of,
    no_trump_plays,
    tricks_to_plays,
)


def _settle(contract, declarer, partner, tricks, unit=5):
    settlement = np.zeros(4, np.int64)
    made, extra = w.settle_nb(contract, declarer, partner, np.array(tricks), unit, settlement)
    return bool(made), int(extra), settlement.tolist()


@pytest.mark.parametrize(
    ("example", "contract", "declarer", "partner", "tricks", "expected"),
    [
        ("Whist 1", w.SOLO, 0, -1, [7, 1, 3, 2], (True, 2, [21, -7, -7, -7])),
        ("Whist 2", w.SOLO, 1, -1, [1, 2, 6, 4], (False, 2, [7, -21, 7, 7])),
        ("Whist 3", w.MISERE, 2, -1, [1, 7, 2, 3], (False, 0, [10, 10, -30, 10])),
        ("Whist 4", w.COP, 0, 3, [1, 4, 3, 5], (False, 1, [-6, 6, 6, -6])),
        ("Whist 4, 10 tricks", w.COP, 0, 3, [5, 1, 2, 5], (True, 2, [7, -7, -7, 7])),
        ("Solo, exactly 5", w.SOLO, 0, -1, [5, 3, 3, 2], (True, 0, [15, -5, -5, -5])),
        ("Solo, 4 tricks", w.SOLO, 1, -1, [3, 4, 3, 3], (False, 0, [5, -15, 5, 5])),
    ],
)
def test_settlement_as_the_examples_work_it(example, contract, declarer, partner, tricks, expected):
    assert _settle(contract, declarer, partner, tricks) == expected
    names = [w.CONTRACT_NAMES[contract]]
    declarers = [declarer] + ([partner] if partner >= 0 else [])
    made, settlement = reference.settle(names[0], declarers, tricks)
    assert (made, settlement) == (expected[0], expected[2])


def test_every_contract_settles_like_the_reference_and_sums_to_zero():
    rng = random.Random(5)
    for _ in range(2_000):
        contract = rng.choice([w.COP, *range(w.SOLO, w.ABUNDANCE_DECLARED + 1)])
        seats = rng.sample(range(4), 2)
        partner = seats[1] if contract == w.COP else -1
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        unit = rng.randint(1, 10)
        made, _, settlement = _settle(contract, seats[0], partner, tricks, unit)
        declarers = seats if contract == w.COP else seats[:1]
        assert (made, settlement) == reference.settle(
            w.CONTRACT_NAMES[contract], declarers, tricks, unit
        )
        assert sum(settlement) == 0


def _play(tricks_text, dealer, turned, calls, **kwargs):
    plays = tricks_to_plays(tricks_text)
    return play_whist_script(
        hands_of(plays),
        dealer,
        card(turned),
        [c for _, c in calls],
        [c for _, c in plays],
        **kwargs,
    )


def test_misere_is_lost_by_the_one_trick_the_declarer_is_forced_to_win():
    row = _play(MISERE_TRICKS, 0, "QC", MISERE_CALLS)
    assert (row["contract"], row["declarer"], row["trump"], row["leader"]) == (w.MISERE, 2, -1, 1)
    assert row["tricks"].tolist() == [3, 4, 1, 5]
    assert (bool(row["made"]), row["settlement"].tolist()) == (False, [10, 10, -30, 10])
    assert row["declarer_tricks"] == 1 and row["hand_trumps"] == -1
    assert MISERE_WINNERS[0] == 2
    overcalled = [(1, "pass"), (2, "solo"), (3, "misere_ouverte"), (0, "pass"), (2, "pass")]
    row = _play(MISERE_TRICKS, 0, "QC", overcalled)
    assert (row["contract"], row["declarer"]) == (w.MISERE_OUVERTE, 3)
    assert row["settlement"].tolist() == [20, 20, 20, -60]


def test_abundance_plays_the_declarers_trump_and_solo_the_turned_suit():
    row = _play(ABUNDANCE_TRICKS, 1, "TC", ABUNDANCE_CALLS, trump_choice=H)
    assert (row["contract"], row["trump"], row["leader"]) == (w.ABUNDANCE, H, 2)
    assert row["tricks"].tolist() == [0, 0, 2, 11]
    assert (bool(row["made"]), row["over_under"]) == (True, 2)
    assert row["settlement"].tolist() == [-19, -19, -19, 57]
    # With the turned clubs as trump the 7H would not win trick 3: seat 3 leads out of turn.
    with pytest.raises(IllegalPlayError, match="may not play"):
        _play(ABUNDANCE_TRICKS, 1, "TC", ABUNDANCE_CALLS, trump_choice=0)
    solo = [(2, "pass"), (3, "solo"), (0, "pass"), (1, "pass")]
    row = _play(ABUNDANCE_TRICKS, 1, "6H", solo)
    assert (row["contract"], row["trump"], row["settlement"].tolist()) == (
        w.SOLO,
        H,
        [-11, -11, -11, 33],
    )


def test_abundance_declared_is_led_by_the_declarer_without_trumps():
    top = [card(r + s) for s in "CDHS" for r in "AKQ"] + [card("JS")]
    rest = [c for c in range(52) if c not in top]
    hands = [rest[0:13], rest[13:26], top, rest[26:39]]
    calls = ["pass", "abundance_declared", "pass", "pass"]
    plays = [c for _, c in no_trump_plays(hands, 2, 2)]
    row = play_whist_script(hands, 0, hands[0][-1], calls, plays)
    assert (row["contract"], row["leader"], row["trump"]) == (w.ABUNDANCE_DECLARED, 2, -1)
    assert row["settlement"].tolist() == [-30, -30, 90, -30]
    with pytest.raises(IllegalPlayError, match="may not play"):
        play_whist_script(
            hands, 0, hands[0][-1], calls, [c for _, c in no_trump_plays(hands, 1, 2)]
        )


def test_a_passed_out_hand_and_a_lone_prop_that_passes_play_nothing():
    deck = list(range(52))
    hands = [deck[13 * s : 13 * s + 13] for s in range(4)]
    row = play_whist_script(hands, 3, hands[3][0], ["pass"] * 4, [])
    assert (row["contract"], row["declarer"], row["calls"]) == (w.PASS, -1, 4)
    assert row["settlement"].tolist() == [0, 0, 0, 0]
    # Seat 1 props; the rest pass; the eldest (seat 0) declines its late Cop; seat 1 passes.
    calls = ["pass", "prop", "pass", "pass", "pass", "pass"]
    row = play_whist_script(hands, 3, hands[3][0], calls, [])
    assert (row["contract"], row["calls"]) == (w.PASS, 6)
    with pytest.raises(ValueError, match="not in the dealer's hand"):
        play_whist_script(hands, 3, hands[0][0], ["pass"] * 4, [])
    with pytest.raises(IllegalPlayError, match="after the auction ended"):
        play_whist_script(hands, 3, hands[3][0], ["pass"] * 5, [])
    with pytest.raises(IllegalPlayError, match="auction is incomplete"):
        play_whist_script(hands, 3, hands[3][0], ["pass"] * 3, [])


def _reference_walk(dealer, calls):
    """("illegal", k) for the first call the reference refuses, ("open", None) when the
    calls run out first, ("done", contract) when the auction ends exactly at the last."""
    made = []
    for k, name in enumerate(calls):
        if reference.next_to_call(dealer, made) is None:
            return "extra", None
        if name not in reference.legal_calls(dealer, made):
            return "illegal", k
        made.append((reference.next_to_call(dealer, made), name))
    if reference.next_to_call(dealer, made) is not None:
        return "open", None
    return "done", reference.auction(dealer, made)


@settings(max_examples=500, deadline=None)
@given(
    dealer=st.integers(0, 3),
    calls=st.lists(
        st.sampled_from(["pass"] * 6 + list(reference.CALLS[1:])), min_size=1, max_size=10
    ),
)
def test_the_engine_accepts_a_call_exactly_when_the_reference_does(dealer, calls):
    deck = list(range(52))
    hands = [deck[13 * s : 13 * s + 13] for s in range(4)]
    status, detail = _reference_walk(dealer, calls)
    try:
        row = play_whist_script(hands, dealer, hands[dealer][0], calls, [], trump_choice=2)
        message = ""
    except IllegalPlayError as error:
        row, message = None, str(error)
    if status == "illegal":
        assert "may not make the call" in message
        assert f"{w.CALL_NAMES.index(calls[detail])} now" in message
    elif status == "open":
        assert "auction is incomplete" in message
    elif status == "extra":
        assert "after the auction ended" in message
    elif detail[0] == "pass":
        assert row is not None and row["contract"] == w.PASS
    else:  # the auction is over and a contract stands: the script has no cards for it
        assert "incomplete" in message and "no card" in message


# --- the command line -----------------------------------------------------------------


def test_simulate_solowhist_logs_named_calls_and_the_result(capsys, tmp_path):
    log, chart = tmp_path / "whist.jsonl", tmp_path / "whist.png"
    code, out, _ = call(
        capsys,
        "simulate",
        "solowhist",
        "--deals",
        "400",
        "--variant",
        "unit=2",
        "--log",
        str(log),
        "--chart",
        str(chart),
        "--json",
    )
    assert code == 0 and json.loads(out)["rows"] == 400 and chart.stat().st_size > 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(records) == 400 and records[0]["rules"] == {"unit": 2}
    played = [r for r in records if r["result"]["contract"] != "pass"]
    assert played and len(played) < 400
    for record in played[:50]:
        result = record["result"]
        assert record["turned"] in record["hands"][record["dealer"]]
        assert all(name in reference.CALLS for _, name in record["bids"])
        assert len(record["plays"]) == 52 and sum(result["tricks"]) == 13
        assert sum(result["settlement"]) == 0 and record["trump"] == result["trump"]


def test_replay_solowhist_shows_the_logged_deal(capsys):
    record = next(deal_records(run(RunSpec("solowhist", 3, 3, seats=("greedy",)), record=True)))
    code, out, _ = call(capsys, "replay", "solowhist", "--seed", "3", "--deal", "0")
    assert code == 0
    shown = " ".join(f"{seat}:{name}" for seat, name in record["bids"])
    assert f"auction: {shown}" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "5"], "--deals, not --games"),
        (["--variant", "unit=0"], "bad value '0' for variant 'unit'"),
        (["--variant", "target=7"], "no variant 'target'"),
        (["--strategy", "threshold"], "unknown strategy 'threshold' for solowhist"),
        (["--players", "3"], "solowhist has a fixed table"),
    ],
)
def test_simulate_solowhist_refuses_bad_input_and_writes_nothing(capsys, tmp_path, args, message):
    out_file = tmp_path / "w.parquet"
    code, out, err = call(capsys, "simulate", "solowhist", *args, "--out", str(out_file))
    assert code == 2 and out == "" and message in err and not out_file.exists()
