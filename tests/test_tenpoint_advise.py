"""Ten-point Pitch's call advice: every kept deal is one on which the earlier seats' bidders
make the calls heard (checked against the threshold bidder's own rule), the chains deal as
rejection does, the calls legal at the hand's turn, the trump named only when the hand wins
the auction, reproducibility, clear errors and the command."""

import json
import math

import numpy as np
import pytest

from sims.core.cards import CardError, mask_of
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.advice import advice_deals, advice_rounds, chain_deals, round_script
from sims.games.tenpoint.conditional import known_hands, run_conditional, script_table
from sims.games.tenpoint.strategies.bidding import best_trump
from sims.run.conditional import parse_hand
from sims.run.queries import AdviceError, AdviceQuery
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables
from sims.tools.advise import advice_of
from tests.conftest import call
from tests.test_tenpoint_odds import dealt_around

TREY = 1  # the default: the Trey scores

HAND = "AH JH JD HJ 3H 2H 5C 7S 9D"


def query(seat: int, calls: tuple[int, ...], deals: int, seed: int = 7, **options) -> AdviceQuery:
    sampler = options.pop("sampler", "chain")
    run = RunSpec("tenpoint", seed, deals, **options)
    return AdviceQuery(run, HAND, seat, calls, sampler=sampler)


def threshold_call(hand: int, high: int, deck: int, min_bid: int = 4) -> int:
    """The threshold bidder's call (margin 0) in a 4-seat partnership after a high bid."""
    value = best_trump(hand, deck, TREY, True)[1]
    bids = [bid for bid in range(max(min_bid, high + 1), tp.MAX_BID + 1) if value >= bid]
    return max(bids, default=0)


@pytest.mark.parametrize("calls", [(0,), (0, 0), (4, 0), (0, 5)])
def test_every_chain_deal_heard_the_calls_by_the_bidders_own_rule(calls):
    q = query(len(calls) + 1, calls, 256)
    plan = advice_rounds(q)
    dealt = np.zeros((256, 5), np.int64)
    values, _ = chain_deals(q, plan, dealt=dealt, chains=16)
    deck = tp.deck_index(q.run.rules)
    hand = int(sum(1 << card for card in plan.hand))
    assert (dealt[:, plan.seat] == hand).all()
    assert (np.bitwise_or.reduce(dealt, axis=1) == (1 << 54) - 1).all()
    for row in dealt:
        high = 0
        for seat, heard in enumerate(calls):
            assert threshold_call(int(row[seat]), high, deck) == heard
            high = max(high, heard)
    assert values.shape == (len(plan.rounds), 256, 3)


def test_the_chains_deal_the_earlier_seat_as_uniform_deals_that_fit_do():
    # Seat 1 passed: its hands from the chains and from uniform deals kept where its bidder
    # passes follow one law, so their mean estimate of its best suit agrees (the chains'
    # deals are not independent: a wider band than for independent draws).
    deals = 2000
    q = query(2, (0,), deals, seed=3)
    dealt = np.zeros((deals, 5), np.int64)
    chain_deals(q, advice_rounds(q), dealt=dealt)
    deck = tp.deck_index(q.run.rules)
    uniform = dealt_around(HAND, 1, 20_000, seed=8)[:, 0]
    fitting = [int(hand) for hand in uniform if threshold_call(int(hand), 0, deck) == 0]
    a = np.array([best_trump(int(hand), deck, TREY, True)[1] for hand in dealt[:, 0]])
    b = np.array([best_trump(hand, deck, TREY, True)[1] for hand in fitting])
    se = math.sqrt(a.var() / len(a) + b.var() / len(b))
    assert abs(a.mean() - b.mean()) < 6 * se


def test_the_chains_and_rejection_agree_on_each_call_s_score_change():
    deals = 1500
    chained = advice_deals(query(2, (0,), deals, seed=3))[0]
    rejected = advice_deals(query(2, (0,), deals, seed=3, sampler="rejection"))[0]
    for made in (0, 4):
        a = chained[chained["call"] == made]["delta"]
        b = rejected[rejected["call"] == made]["delta"]
        se = math.sqrt(a.var() / len(a) + b.var() / len(b))
        assert abs(a.mean() - b.mean()) < 4.5 * se, made


def calls_of(q: AdviceQuery) -> list[int]:
    return [call for call, _ in advice_rounds(q).rounds]


def test_the_legal_calls_follow_the_auction():
    assert calls_of(query(1, (), 10)) == [0, 4, 5, 6, 7, 8, 9, 10]
    assert calls_of(query(3, (0, 6), 10)) == [0, 7, 8, 9, 10]
    assert calls_of(query(2, (0,), 10, variants=("min_bid=2",)))[:2] == [0, 2]


@pytest.mark.parametrize(
    ("seat", "calls", "message"),
    [
        (2, (3,), "^seat 1 may not bid 3 before any bid; it may pass or bid 4 to 10$"),
        (3, (5, 5), "^seat 2 may not bid 5 after a high bid of 5; it may pass or bid 6 to 10$"),
        (3, (10, 0), "bid 10 \\(shooting the moon\\), which no bid tops"),
        (3, (0,), "seat 3 speaks after 2 call\\(s\\)"),
        (5, (0, 0, 0, 0), "--seat must lie in 1..4"),
    ],
)
def test_calls_the_auction_cannot_hear_are_refused(seat, calls, message):
    with pytest.raises(AdviceError, match=message):
        advice_rounds(query(seat, calls, 10))


def test_each_bid_is_tried_with_each_trump_given_and_a_pass_once():
    run = RunSpec("tenpoint", 0, 10)
    named = advice_rounds(AdviceQuery(run, HAND, 3, (0, 6), trump="C")).rounds
    assert named == [(0, -1), *((bid, 0) for bid in range(7, 11))]
    best = advice_rounds(AdviceQuery(run, HAND, 3, (0, 6), trump="best")).rounds
    assert best == [(0, -1), *((bid, suit) for bid in range(7, 11) for suit in range(4))]
    assert advice_rounds(AdviceQuery(run, HAND, 3, (0, 6))).rounds[1] == (7, -1)
    with pytest.raises(CardError, match="bad trump 'X'"):
        advice_rounds(AdviceQuery(run, HAND, 1, (), trump="X"))


@pytest.mark.parametrize("trump", [0, -1])
def test_the_hand_names_the_trump_only_when_it_wins_the_auction(trump):
    # The hand at seat 1 bids 4 naming clubs (or, -1, leaving trump to its strategy); a
    # later seat that outbids it names its own bidder's suit, not the hand's.
    deals, seed = 600, 11
    run = RunSpec("tenpoint", seed, deals)
    cards = parse_hand(HAND, "tenpoint", run.rules)
    fids, params = strategy_tables(seat_strategies(run))
    out = np.zeros(deals, run.layout.dtype)
    errors = np.zeros((deals, 4), np.int64)
    dealt = np.zeros((deals, run.layout.players + 1), np.int64)
    run_conditional(
        seed, 0, deals, tp.rules_array(run.rules), fids, params,
        known_hands(run.rules, {0: cards}), np.zeros((0, 0), np.int64), np.zeros(0, np.int64),
        script_table([round_script((), 4, trump, run.layout.players)]), out, errors, dealt,
        *log_arrays(0, run.layout)[1:],
    )  # fmt: skip
    assert not errors.any()
    deck = tp.deck_index(run.rules)
    own = out["pitcher"] == 0
    hearts = best_trump(mask_of(cards), deck, TREY, True)[0]
    assert own.sum() > 100 and (out["trump"][own] == (trump if trump >= 0 else hearts)).all()
    others = np.flatnonzero(~own)
    assert len(others) > 100
    for u in others:
        seat = int(out["pitcher"][u])
        assert out["trump"][u] == best_trump(int(dealt[u, seat]), deck, TREY, True)[0]


def test_advice_is_reproducible():
    first = advice_of("tenpoint").play(query(2, (0,), 600, seed=4))
    again = advice_of("tenpoint").play(query(2, (0,), 600, seed=4))
    assert first.table.equals(again.table) and first.tries == again.tries
    best = first.table.index[0]
    assert first.recommendation["call"] == best
    assert first.table["E[score change]"].iloc[0] == first.table["E[score change]"].max()


def test_the_command_prints_a_row_per_call_and_json(capsys):
    args = ("advise", "tenpoint", "--hand", HAND, "--seat", "3", "--calls", "pass,5",
            "--deals", "300", "--quiet")  # fmt: skip
    code, out, err = call(capsys, *args)
    assert code == 0, err
    rows = [line.split()[0:2] for line in out.splitlines()[2:-1]]
    assert sorted(" ".join(row) for row in rows) == sorted(
        ["pass -"] + [f"bid {k}" for k in range(6, 11)]
    )
    assert out.splitlines()[-1].startswith("recommended: ")
    code, out, err = call(capsys, *args, "--json")
    assert code == 0, err
    body = json.loads(out)
    assert set(body["calls"]) == {"pass", *(f"bid {k}" for k in range(6, 11))}
    assert body["hand"][3] == "HJ" and body["recommendation"]["call"] in body["calls"]


def test_the_command_refuses_bad_calls_in_one_line(capsys):
    code, out, err = call(
        capsys, "advise", "tenpoint", "--hand", HAND, "--seat", "2", "--calls", "3", "--quiet"
    )
    assert code == 2 and out == ""
    assert "may not bid 3" in err and "Traceback" not in err
