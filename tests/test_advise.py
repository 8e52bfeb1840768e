"""Advice for a call in a real auction: deals conditioned on the calls heard (checked from
the deal log and against the reference's auction), every legal call played on the same
deals, clear refusals, and reproducible, paired estimates."""

import json
import math
from itertools import combinations

import numpy as np
import pytest

from analysis.odds import pitch_advice
from sims.core.cards import mask_of, parse_cards
from sims.descriptors import game
from sims.games.pitch.advice import advice_deals, auction_so_far
from sims.games.pitch.deal import conditions, run_pitch
from sims.run.conditional import rest_of
from sims.run.deal_log import deal_records
from sims.run.queries import AdviceError, AdviceQuery, parse_calls
from sims.run.runner import RunResult, RunSpec, log_arrays, seat_strategies, strategy_tables
from tests.conftest import call
from tests.references import referee_module
from tests.test_hostile_input import assert_clear_error

HAND = "AS 2S 8D TD QH 4C"
LOCK = "AH KH QH JH TH 2H"


def _logged_advice_run(spec: RunSpec, hand: str, seat: int, heard: tuple[int, ...]) -> RunResult:
    """Candidate deals of an advice run for the hand at `seat` after `heard`, played once
    with each legal call, through the run kernel with the deal log kept."""
    cards = parse_cards(hand)
    players = spec.layout.players
    legal = auction_so_far(heard, seat, players, spec.rules["min_bid"])
    own = [c for c in range(5) if legal >> c & 1]
    scripts = np.array([[*heard, c] for c in own], np.int8)
    trumps = np.full(len(own), -1, np.int64)
    fixed = conditions(
        mask_of(cards), seat - 1, players - 1, rest_of(cards), scripts, len(heard), trumps
    )
    rows = spec.count * len(own)
    out = np.zeros(rows, spec.layout.dtype)
    out["deal"] = -1
    logs = log_arrays(rows, spec.layout)
    errors = np.zeros((spec.count, 4), np.int64)
    fids, params = strategy_tables(seat_strategies(spec))
    rules = game("pitch").rules.rules_array(spec.rules)
    run_pitch(
        spec.seed, 0, spec.count, False, len(own), rules, fids, params, out, errors, *logs, *fixed
    )
    assert not errors[:, 0].any()
    kept = out["deal"] >= 0
    return RunResult(spec, out[kept], *(log[kept] for log in logs))


@pytest.mark.parametrize(("seat", "heard"), [(3, (0, 2)), (4, (1, 0, 2)), (2, (0,))])
def test_every_kept_deal_heard_the_given_calls_and_the_reference_agrees(seat, heard):
    spec = RunSpec("pitch", 11, 3000, seats=("greedy",))
    result = _logged_advice_run(spec, HAND, seat, heard)
    assert 0 < len(result.table) < 3000 * 5  # some deals were kept, not all
    assert (result.calls[:, : len(heard)] == heard).all()
    assert (result.hands[:, seat - 1] == mask_of(parse_cards(HAND))).all()
    referee = referee_module("pitch").referee
    for row, record in zip(result.table, deal_records(result), strict=True):
        scored = referee(spec, record)  # raises on a call or card the rules forbid
        assert scored["contract"] == row["contract"] and scored["pitcher"] == row["pitcher"]
        assert scored["delta"] == [int(d) for d in row["delta"][: len(scored["delta"])]]


# Calls the threshold bidder often makes from each seat before the hand's (it opens 1).
HEARD = {1: "", 2: "1", 3: "1,pass", 4: "1,pass,pass"}


def test_the_lock_hand_bids_four_and_makes_what_its_cards_guarantee():
    for seat, heard in HEARD.items():
        table = pitch_advice(LOCK, seat=seat, calls=heard, deals=600, seed=3)
        assert table.index[0] == "bid 4"
        assert table.attrs["recommendation"].bid == 4
        assert table.loc["bid 4", "P(wins contract)"] == 1.0  # a 4 ends the auction
        # High and the Jack are sure, so a bid of 2 that wins is always made.
        assert table.loc["bid 2", "P(made | wins)"] == 1.0


def test_a_dealer_facing_three_passes_may_not_pass():
    assert auction_so_far((0, 0, 0), 4, 4, 1) == 0b11100  # bids 2 to 4, no pass
    passing = "pass_unless_forced+greedy"  # earlier seats that always pass
    table = pitch_advice(HAND, seat=4, calls="pass,pass,pass", deals=300, seed=1, strategy=passing)
    assert table.attrs["accepted"] == 300
    assert "pass" not in table.index
    assert set(table.index) == {"bid 2", "bid 3", "bid 4"}  # the forced bid is 2 or more
    assert (table["P(wins contract)"] == 1.0).all()


def test_calls_the_auction_cannot_hear_are_refused_naming_the_problem(capsys):
    with pytest.raises(
        AdviceError, match="may not bid 2 after a high bid of 3; it may pass or bid 4$"
    ):
        auction_so_far((3, 2), 3, 4, 1)
    with pytest.raises(
        AdviceError, match="^seat 1 may not bid 5 before any bid; it may pass or bid 1 to 4$"
    ):
        auction_so_far((5,), 2, 4, 1)
    with pytest.raises(
        AdviceError, match="bid 1 after a high bid of 2; it may pass or bid 3 to 4$"
    ):
        auction_so_far((2, 1), 3, 4, 1)
    with pytest.raises(AdviceError, match="never speaks"):
        auction_so_far((4,), 2, 4, 1)
    with pytest.raises(AdviceError, match="speaks after 2 call"):
        auction_so_far((0,), 3, 4, 1)
    with pytest.raises(AdviceError, match="bad call"):
        parse_calls("pass,x")
    code, _, err = advise(capsys, "--seat", "3", "--calls", "2,1")
    assert code == 2 and "may not bid 1 after a high bid of 2" in err
    code, _, err = advise(
        capsys, "--seat", "1", "--deals", "100", "--max-tries", "50", "--sampler", "rejection"
    )
    assert code == 2 and "--max-tries (50) must be at least --deals (100)" in err


def advise(capsys, *extra: str) -> tuple[int, str, str]:
    """`allfours advise pitch` on HAND, quietly, with `extra` options."""
    return call(capsys, "advise", "pitch", "--hand", HAND, "--quiet", *extra)


def test_too_few_fitting_deals_are_refused_naming_the_count():
    run = RunSpec("pitch", 0, 200, seats=("greedy",))
    # Three bids of 1, 2, 3 before the dealer: rare for threshold bidders.
    query = AdviceQuery(
        run, tuple(parse_cards(HAND)), 4, (1, 2, 3), max_tries=2000, sampler="rejection"
    )
    with pytest.raises(AdviceError, match=r"only [\d,]+ of 2,000 deals dealt"):
        advice_deals(query)


def test_advice_is_reproducible_and_its_paired_differences_beat_unpaired_errors():
    first = pitch_advice(HAND, seat=3, calls="1,pass", deals=2000, seed=9)
    again = pitch_advice(HAND, seat=3, calls="1,pass", deals=2000, seed=9)
    assert first.equals(again) and first.attrs["tries"] == again.attrs["tries"]
    other = pitch_advice(HAND, seat=3, calls="1,pass", deals=2000, seed=10)
    assert not first.equals(other)
    # Bids the hand wins play on the same deals, so the difference of two bids is steadier
    # than that of two independent runs; the table's differences are the paired ones.
    spec = RunSpec("pitch", 9, 2000, seats=("greedy",))
    rows, _ = advice_deals(AdviceQuery(spec, tuple(parse_cards(HAND)), 3, (1, 0)))
    by_call = {c: g.sort_values("deal")["delta"].to_numpy(float) for c, g in rows.groupby("call")}
    root = math.sqrt(spec.count)
    for a, b in combinations([bid for bid in by_call if bid > 0], 2):
        x, y = by_call[a], by_call[b]
        paired = (x - y).std(ddof=1) / root
        assert paired < math.hypot(x.std(ddof=1), y.std(ddof=1)) / root
    best = int(first.index[0].split()[-1]) if first.index[0] != "pass" else 0
    for name, row in first.iloc[1:].iterrows():
        made_call = 0 if name == "pass" else int(name.split()[-1])
        paired = (by_call[made_call] - by_call[best]).std(ddof=1) / root
        assert row["difference from best se"] == pytest.approx(paired)


def test_trump_best_tries_each_suit_and_shows_the_best_per_call():
    rows, _ = advice_deals(
        AdviceQuery(
            RunSpec("pitch", 4, 400, seats=("greedy",)), tuple(parse_cards(HAND)), 1, (), "best"
        )
    )
    assert set(rows.loc[rows["call"] > 0, "trump"]) == {"S", "D", "H", "C"}
    assert set(rows.loc[rows["call"] == 0, "trump"]) == {"-"}
    table = pitch_advice(HAND, seat=1, trump="best", deals=400, seed=4)
    for name, row in table.iterrows():
        if name != "pass":
            bid = int(name.split()[1])
            means = rows[rows["call"] == bid].groupby("trump")["delta"].mean()
            assert row["trump"] == means.idxmax()


def test_the_command_prints_a_row_per_call_and_json(capsys):
    code, text, _ = advise(capsys, "--seat", "3", "--calls", "pass,2", "--deals", "500")
    assert code == 0
    assert "calls heard: pass, bid 2" in text and "recommended:" in text
    for name in ("pass", "bid 3", "bid 4"):
        assert any(line.startswith(name) for line in text.splitlines())
    code, text, _ = advise(capsys, "--seat", "3", "--calls", "pass,2", "--deals", "500", "--json")
    answer = json.loads(text)
    assert code == 0 and set(answer["calls"]) == {"pass", "bid 3", "bid 4"}
    assert answer["deals"] == 500 and answer["hands_drawn"] >= 500
    assert (
        answer["sampler"] == "chain"
        and "deals that fit them (chains"
        in advise(capsys, "--seat", "3", "--calls", "pass,2", "--deals", "200")[1]
    )
    code, text, _ = advise(
        capsys, "--seat", "3", "--calls", "pass,2", "--deals", "200", "--sampler", "rejection"
    )
    assert code == 0 and "deals kept of" in text


def test_advise_help_teaches(capsys):
    code, text, _ = call(capsys, "advise", "--help")
    assert code == 0 and "--calls" in text and "rejection" in text


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--seat", "5"), "--seat must lie in 1..4"),
        (("--seat", "0"), "--seat"),
        (("--seat", "2", "--calls", "pass,pass"), "speaks after 1 call"),
        (("--seat", "2", "--calls", "five"), "bad call 'five'"),
        (("--seat", "2", "--calls", "4"), "never speaks"),
        (("--seat", "1", "--trump", "X"), "bad trump"),
        (("--seat", "1", "--trump", "H", "--deals", "0"), "--deals"),
        (("--seat", "1", "--strategy", "nonesuch"), "nonesuch"),
        (("--seat", "1", "--variant", "players=9"), "players"),
        (("--seat", "2", "--calls", "1", "--max-tries", "900"), "--max-tries bounds --sampler"),
        (("--seat", "2", "--sampler", "gibbs"), "invalid choice: 'gibbs'"),
    ],
)
def test_bad_input_ends_in_one_line_with_status_2(extra, message, capsys):
    code, out, err = advise(capsys, *extra)
    assert code == 2 and out == "" and message in err
    assert_clear_error(err)  # one line, or argparse's usage lines then its error line


def test_seats_are_listed_from_the_dealer_s_left(capsys):
    """--seats' first strategy calls first: a first seat that never bids makes a first
    bid of 2 unheard, while the same strategy as the dealer (the last) leaves it heard."""
    never = "pass_unless_forced+greedy"
    advise = ["advise", "pitch", "--hand", "AS 2S 8D TD QH 4C", "--seat", "2", "--calls", "2"]
    first, last = f"{never},greedy,greedy,greedy", f"greedy,greedy,greedy,{never}"
    code, _, err = call(capsys, *advise, "--seats", first, "--deals", "100", "--quiet")
    assert code == 2 and f"seat 1's bidder ({never}) made no bid 2" in err
    code, out, _ = call(capsys, *advise, "--seats", last, "--deals", "100", "--quiet")
    assert code == 0 and out.splitlines()[-1].startswith("recommended:")
