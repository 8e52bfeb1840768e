"""Cinch odds and advice: the conditional deal's exact probabilities, the hand dealt as
given, each bid's score settled as the deal loop settles it, the chains and rejection
agreeing, determinism, and clear refusals naming Cinch's deck and rules."""

import json
import math

import numpy as np
import pytest

from sims.core.cards import CardError, mask_of, parse_cards
from sims.core.rng import new_state
from sims.games.cinch import rules as cinch
from sims.games.cinch.advice import advice_deals, auction_so_far, play_advice
from sims.games.cinch.cards import DECK
from sims.games.cinch.conditional import deal_around_nb, run_conditional, without_bidder
from sims.games.cinch.odds import (
    cinch_estimates,
    named_trumps,
    play_conditional,
    play_odds,
    score_change,
)
from sims.run.advice import advice_table
from sims.run.conditional import parse_hand, rest_of
from sims.run.queries import AdviceError, AdviceQuery, OddsQuery
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables
from tests.conftest import call
from tests.test_hostile_input import assert_clear_error

HAND = "AH JH 9H 2H KS 7S 4C 8D 3D"  # the rule book's example C1, North's nine cards
CARDS = tuple(parse_cards(HAND))
SIGMAS = 5  # a frequency may miss its exact chance by this many standard errors


def _within(count: int, n: int, p: float) -> bool:
    """Whether `count` of `n` lies within SIGMAS standard errors of the chance `p`."""
    return abs(count - n * p) <= SIGMAS * math.sqrt(n * p * (1 - p))


def _orders(n: int, seat: int, known: np.ndarray) -> np.ndarray:
    """`n` conditional deals of the four-handed game around HAND at `seat`."""
    rng = new_state(7, 0, 0)
    order, deck = np.zeros(52, np.int64), np.zeros(104, np.int64)
    rest = rest_of(CARDS, DECK)
    dealt = np.zeros((n, 52), np.int64)
    for i in range(n):
        deal_around_nb(rng, order, deck, rest, mask_of(CARDS), seat, known, 4, 9)
        dealt[i] = order
    return dealt


def test_the_hand_is_dealt_exactly_and_every_deal_holds_the_deck_once():
    known = np.array([mask_of(parse_cards("KH 6H QS TS 5S 9C 6C JD 4D"))], np.int64)
    dealt = _orders(500, 2, known)
    assert all(sorted(row) == list(range(52)) for row in dealt)
    assert all(set(row[18:27]) == set(CARDS) for row in dealt)
    assert all(mask_of(row[:9]) == known[0] for row in dealt)


@pytest.mark.parametrize("seat", [0, 3])
def test_an_unseen_card_lies_with_the_partner_or_in_the_stock_at_the_exact_chance(seat):
    n = 20_000
    dealt = _orders(n, seat, np.zeros(0, np.int64))
    partner = (seat + 2) % 4
    card = DECK.parse_card("5D")  # the Left Pedro with hearts trump, unseen by the hand
    with_partner = int((dealt[:, partner * 9 : partner * 9 + 9] == card).any(1).sum())
    in_stock = int((dealt[:, 36:] == card).any(1).sum())
    top_of_stock = int((dealt[:, 36] == card).sum())
    assert _within(with_partner, n, 9 / 43)  # hypergeometric: 9 of the 43 unseen cards
    assert _within(in_stock, n, 16 / 43)
    assert _within(top_of_stock, n, 1 / 43)  # the stock's order is uniform too


def _kernel_rows(run: RunSpec, seat: int, contract: int, trump: int) -> np.ndarray:
    """The outcome rows of `run`'s deals around HAND at `seat` (0-based), the hand bidding
    `contract` and naming `trump`, every other seat passing."""
    rules = cinch.rules_array(run.rules)
    fids, params = strategy_tables(seat_strategies(run))
    players = run.layout.players
    calls = [contract if s == seat else 0 for s in range(players)]
    out = np.zeros(run.count, run.layout.dtype)
    errors = np.zeros((run.count, 4), np.int64)
    run_conditional(
        run.seed, 0, run.count, mask_of(CARDS), seat, rest_of(CARDS, DECK),
        np.zeros((run.count, 0), np.int64), False, rules, fids, without_bidder(fids, seat),
        params, np.array([[*calls, trump]], np.int8), np.full(1, -1, np.int64), out, errors,
        *log_arrays(0, run.layout)[1:],
    )  # fmt: skip
    assert not errors[:, 0].any()
    return out


def test_the_left_pedro_is_dealt_to_each_side_or_the_stock_at_the_exact_chance():
    n = 20_000
    rows = _kernel_rows(RunSpec("cinch", 3, n), 0, 1, 2)  # hearts: the Left Pedro is 5D
    assert (rows["pitcher"] == 0).all() and (rows["trump"] == 2).all()
    assert (rows["contract"] == 1).all()
    dealt = rows["left_dealt"]
    assert _within(int((dealt == 0).sum()), n, 9 / 43)  # the partner's nine
    assert _within(int((dealt == 1).sum()), n, 18 / 43)  # the two opponents'
    assert _within(int((dealt == -1).sum()), n, 16 / 43)  # the stock


@pytest.mark.parametrize(
    "variants",
    [
        (),
        ("scoring=setback",),
        ("failed_award=fourteen_plus_shortfall",),
        ("players=3",),
        ("players=2", "min_bid=7"),
    ],
)
def test_each_bid_is_settled_as_the_deal_loop_settles_the_contract_played(variants):
    for contract in (1, 7, 10):
        run = RunSpec("cinch", 2, 600, variants=variants)
        if contract < run.rules["min_bid"]:
            continue
        rows = _kernel_rows(run, 1, contract, 0)
        sides = len(cinch.sides(run.rules))
        side = cinch.rules_array(run.rules)[cinch.R_SIDE_OF + 1]
        won = rows["won"][:, :sides].astype(np.int64)
        delta = rows["delta"][:, :sides].astype(np.int64)
        ours, others = won[:, side], won.sum(1) - won[:, side]
        net = delta[:, side] - (delta.sum(1) - delta[:, side]) / (sides - 1)
        assert np.array_equal(score_change(contract, ours, others, run.rules), net)
        assert np.array_equal(rows["made"] == 1, ours >= contract)


def test_the_ace_of_trumps_is_always_high_and_the_odds_hold_what_the_cards_guarantee():
    run = RunSpec("cinch", 5, 3000)
    deals = play_conditional(run, CARDS, 1, (2, 3))
    estimates = cinch_estimates(deals, run.rules)
    value = estimates["estimate"]
    assert value[("H", "P(High)")] == 1.0  # the maker keeps the trump ace, which wins
    assert value[("H", "P(won >= 1)")] == 1.0
    assert value[("H", "P(Jack)")] > value[("S", "P(Jack)")]
    pedros = value[("H", "P(Left Pedro)")] + value[("H", "P(Left Pedro captured)")]
    assert pedros <= 1.0  # taken by one side, or dead
    bids = [value[("H", f"P(won >= {k})")] for k in range(1, 15)]
    assert bids == sorted(bids, reverse=True)
    changes = [value[("H", f"E[score change | bid {k}]")] for k in range(1, 15)]
    assert changes == sorted(changes, reverse=True)  # a higher bid never scores more


def test_a_run_is_a_function_of_seed_and_deal_index():
    run = RunSpec("cinch", 9, 400)
    first = play_conditional(run, CARDS, 4, (2,))
    assert first.equals(play_conditional(run, CARDS, 4, (2,)))
    other = play_conditional(RunSpec("cinch", 10, 400), CARDS, 4, (2,))
    assert not first.equals(other)
    both = play_conditional(run, CARDS, 4, (2, 3))
    hearts = both[both["trump"] == "H"].reset_index(drop=True)
    assert hearts.drop(columns="trump").equals(first.drop(columns="trump"))


def test_the_trumps_tried_are_every_suit_holding_a_trump_or_any_suit_named():
    assert named_trumps("best", CARDS) == (0, 1, 2, 3)
    no_diamonds = parse_cards("AH JH 9H 2H KS 7S 4C 8C 3C")
    assert named_trumps("best", no_diamonds) == (0, 2, 3)
    left_only = parse_cards("AH JH 9H 2H KS 7S 4C 8C 5D")  # 5D is a heart with hearts trump
    assert named_trumps("best", left_only) == (0, 1, 2, 3)
    assert named_trumps("d", no_diamonds) == (1,)  # the maker may name any suit
    with pytest.raises(CardError, match="bad trump"):
        named_trumps("X", CARDS)


@pytest.mark.parametrize(
    ("hand", "error", "message"),
    [
        ("AH JH 9H 2H KS 7S 4C 8D", CardError, "a hand in cinch has 9 cards; 8 given"),
        ("AH JH 9H 2H KS 7S 4C 8D 3D 2C", CardError, "a hand in cinch has 9 cards; 10 given"),
        ("AH JH 9H 2H KS 7S 4C 8D AH", CardError, "twice"),
        ("AH JH 9H 2H KS 7S 4C 8D 1D", CardError, "bad card"),
        ((0, 1, 2, 3, 4, 5, 6, 7, 52), CardError, "codes of the Cinch deck of 52 cards lie"),
    ],
)
def test_bad_hands_are_refused_naming_the_problem(hand, error, message):
    with pytest.raises(error, match=message):
        parse_hand(hand, "cinch")
    if not isinstance(hand, str):
        with pytest.raises(error, match=message):
            play_conditional(RunSpec("cinch", 0, 10), hand, 1, (0,))


def test_bad_seats_and_rules_without_a_nine_card_hand_are_refused():
    with pytest.raises(ValueError, match=r"--seat must lie in 1\.\.4"):
        play_odds(OddsQuery(RunSpec("cinch", 0, 10), CARDS, 5, "best", None))
    for variants in (("players=6",), ("widow=on",)):
        with pytest.raises(ValueError, match="Cinch odds and advice hold a hand of 9 cards"):
            play_odds(OddsQuery(RunSpec("cinch", 0, 10, variants=variants), CARDS, 1, "H", None))


def test_the_odds_command_prints_every_suit_and_its_json_matches_the_library(capsys):
    code, out, _ = call(capsys, "odds", "cinch", "--hand", HAND, "--deals", "1000", "--quiet")
    assert code == 0
    assert [line.split()[1] for line in out.splitlines() if line.startswith("trump")] == list(
        "CDHS"
    )
    assert "P(Left Pedro captured)" in out and out.splitlines()[-1].startswith("recommended:")
    code, out, _ = call(
        capsys, "odds", "cinch", "--hand", HAND.lower(), "--seat", "4", "--trump", "H",
        "--deals", "800", "--seed", "4", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    body = json.loads(out)
    played = play_odds(OddsQuery(RunSpec("cinch", 4, 800), CARDS, 4, "H", None))
    assert list(body["trumps"]) == ["H"] and body["seat"] == 4
    for quantity in ("P(won >= 7)", "P(Left Pedro)", "E[score change | bid 5]"):
        expected = played.estimates.loc[("H", quantity), "estimate"]
        assert body["trumps"]["H"][quantity]["estimate"] == pytest.approx(expected)
    assert body["recommendation"] == played.recommendation


def test_the_calls_legal_at_the_hand_s_turn_follow_the_auction():
    assert auction_so_far((), 1, 4, 1) == (1 << 15) - 1  # pass or any bid 1..14
    assert auction_so_far((4, 0), 3, 4, 1) == 1 | sum(1 << b for b in range(5, 15))
    assert auction_so_far((0, 0, 0), 4, 4, 7) == 1 | sum(1 << b for b in range(7, 15))
    assert auction_so_far((14,), 2, 4, 1) == 1  # nobody tops 14
    with pytest.raises(AdviceError, match="seat 2 may not bid 3 after a high bid of 5"):
        auction_so_far((5, 3), 3, 4, 1)
    with pytest.raises(
        AdviceError, match="seat 1 may not bid 15 before any bid; it may pass or bid 1 to 14$"
    ):
        auction_so_far((15,), 2, 4, 1)
    with pytest.raises(
        AdviceError, match="seat 2 may not bid 2 after a high bid of 14; it may pass$"
    ):
        auction_so_far((14, 2), 3, 4, 1)
    with pytest.raises(AdviceError, match="speaks after 2 call"):
        auction_so_far((5,), 3, 4, 1)


def _query(sampler: str, trump: str | None = None, deals: int = 3000) -> AdviceQuery:
    return AdviceQuery(RunSpec("cinch", 6, deals), CARDS, 3, (3, 0), trump, sampler=sampler)


def test_the_chains_advice_lies_within_the_intervals_of_rejection():
    chained = advice_table(advice_deals(_query("chain"))[0])
    rejected = advice_table(advice_deals(_query("rejection"))[0])
    assert (
        set(chained.index) == set(rejected.index) == {"pass", *(f"bid {b}" for b in range(4, 15))}
    )
    for name in ("bid 7", "pass", "bid 14"):
        a, b = chained.loc[name], rejected.loc[name]
        gap = abs(a["E[score change]"] - b["E[score change]"])
        assert gap < SIGMAS * math.hypot(a["E[score change] se"], b["E[score change] se"])


def test_a_trump_named_by_the_hand_plays_as_its_strategy_would_name_it():
    free = advice_deals(_query("chain", deals=600))[0]
    named = advice_deals(_query("chain", "H", deals=600))[0]
    assert (named.loc[named["call"] > 0, "trump"] == "H").all()
    assert np.array_equal(free["delta"], named["delta"])  # greedy names hearts itself


def test_advice_is_reproducible():
    first = play_advice(_query("chain", deals=500))
    again = play_advice(_query("chain", deals=500))
    assert first.table.equals(again.table) and first.recommendation == again.recommendation


def test_the_advise_command_prints_a_row_per_call_and_json(capsys):
    args = ("advise", "cinch", "--hand", HAND, "--seat", "3", "--calls", "3,pass", "--quiet")
    code, out, _ = call(capsys, *args, "--deals", "500")
    assert code == 0
    rows = [line.split()[0:2] for line in out.splitlines()[2:-1]]
    assert len(rows) == 12 and ["bid", "14"] in rows and ["pass", "-"] in rows
    code, out, _ = call(capsys, *args, "--deals", "500", "--trump", "best", "--json")
    body = json.loads(out)
    assert code == 0
    assert set(body["calls"]) == {"pass", *(f"bid {b}" for b in range(4, 15))}
    assert body["recommendation"]["call"] in body["calls"]
    code, _, err = call(capsys, *args[:-2], "3,2", "--quiet")
    assert code == 2 and "seat 2 may not bid 2 after a high bid of 3" in err
    assert_clear_error(err)
