"""Ten-point Pitch's bid odds: the conditional deal against exact hypergeometric chances,
the fixed hand dealt exactly, the estimates' own consistency, the recommendation,
determinism, clear errors for bad hands and seats, and the command."""

import json
import math

import numpy as np
import pytest

from sims.core.cards import CardError, mask_of
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.conditional import known_hands, run_conditional, script_table
from sims.games.tenpoint.odds import play_conditional, points_played, tenpoint_estimates
from sims.run.bid_odds import highest_gaining_bid
from sims.run.conditional import parse_hand
from sims.run.queries import OddsQuery
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables
from sims.tools.odds import odds_of
from tests.conftest import call

HAND = "AH JH JD HJ 3H 2H 5C 7S 9D"  # six hearts as trumps: Ace, Jack, Off-Jack, a joker
WEAK = "4C 5D 6S 7C 8D 6C 5S 4D 7D"


def dealt_around(hand: str, seat: int, deals: int, variants=(), seed: int = 3) -> np.ndarray:
    """The hands dealt (seats, then the stock) of `deals` conditional deals around `hand`
    at `seat` (0-based), none played."""
    run = RunSpec("tenpoint", seed, deals, variants=variants)
    cards = parse_hand(hand, "tenpoint", run.rules)
    dealt = np.zeros((deals, run.layout.players + 1), np.int64)
    errors = np.zeros((deals, 4), np.int64)
    fids, params = strategy_tables(seat_strategies(run))
    run_conditional(
        seed, 0, deals, tp.rules_array(run.rules), fids, params,
        known_hands(run.rules, {seat: cards}), np.zeros((0, 0), np.int64),
        np.zeros(0, np.int64), script_table([]), np.zeros(0, run.layout.dtype), errors, dealt,
        *log_arrays(0, run.layout)[1:],
    )  # fmt: skip
    assert not errors.any()
    return dealt


def within(observed: float, exact: float, n: int, z: float = 4.5) -> bool:
    return abs(observed - exact) <= z * math.sqrt(exact * (1 - exact) / n)


def test_the_hand_is_dealt_exactly_and_the_rest_partition_the_deck():
    dealt = dealt_around(HAND, 1, 2000)
    hand = mask_of(parse_hand(HAND, "tenpoint"))
    full = (1 << 54) - 1
    assert (dealt[:, 1] == hand).all()
    for row in dealt:
        counts = [int(mask).bit_count() for mask in row]
        assert counts == [9, 9, 9, 9, 18]
        assert int(np.bitwise_or.reduce(row)) == full  # every card once: 54 in all


NO_JOKER = "AH JH JD 4H 3H 2H 5C 7S 9D"


@pytest.mark.parametrize(("variants", "stock"), [((), 18), (("jokers=none",), 16)])
def test_an_unseen_card_is_with_the_partner_or_in_the_stock_at_its_exact_chance(variants, stock):
    # The hand's 9 cards known, each unseen card lies in the partner's 9 with chance
    # 9 / unseen and in the stock with chance stock / unseen (54 or 52 cards in the deck).
    deals = 30_000
    dealt = dealt_around(NO_JOKER, 0, deals, variants)
    unseen = 9 * 3 + stock
    ace = 1 << 51  # the ace of spades, not in the hand
    assert within(((dealt[:, 2] & ace) != 0).mean(), 9 / unseen, deals)
    assert within(((dealt[:, 4] & ace) != 0).mean(), stock / unseen, deals)


def test_both_jokers_lie_in_the_stock_at_the_hypergeometric_chance():
    deals = 30_000
    dealt = dealt_around(NO_JOKER, 3, deals)  # the hand is the dealer's
    jokers = 3 << 52
    pair = (dealt[:, 4] & jokers) == jokers
    assert within(pair.mean(), math.comb(18, 2) / math.comb(45, 2), deals)
    partner = (dealt[:, 1] & jokers) != 0  # the dealer's partner holds at least one joker
    assert within(partner.mean(), 1 - math.comb(36, 2) / math.comb(45, 2), deals)


def odds_run(hand: str, deals: int, seed: int = 5, trump: str = "best", **options):
    run = RunSpec("tenpoint", seed, deals, **options)
    query = OddsQuery(run, parse_hand(hand, "tenpoint", run.rules), None, trump, None)
    return odds_of("tenpoint").play(query)


def test_the_estimates_are_consistent_and_the_ace_and_deuce_holder_scores_high_and_low():
    # Nobody robs the stock: the hand keeps its six trumps and plays them all, so its Ace
    # is High and its Deuce (the jokers never count as Low) is Low, whatever the play.
    report = odds_run(HAND, 2000, trump="H", variants=("rob=none",))
    estimates = report.estimates
    values = estimates["estimate"]
    chances = [values[("H", f"P(won >= {k})")] for k in range(4, 11)]
    assert chances == sorted(chances, reverse=True)
    assert values[("H", "P(High)")] == values[("H", "P(Low)")] == 1.0
    assert values[("H", "P(High Joker in play)")] == 1.0  # the hand holds it
    assert values[("H", "P(Low Joker in play)")] < 1.0  # it may stay in the stock
    assert 0 <= values[("H", "E[points won]")] <= tp.TOTAL_POINTS
    rows = estimates.xs("H")
    assert (rows["low"] <= rows["estimate"]).all() and (rows["estimate"] <= rows["high"]).all()
    assert report.about == {"seat": 1}


def test_odds_name_every_suit_and_a_strong_hand_beats_a_weak_one():
    strong = odds_run(HAND, 1500).estimates
    weak = odds_run(WEAK, 1500).estimates
    assert list(strong.index.levels[0]) == list("CDHS")
    quantity = "E[score change | bid 4]"
    best_strong = strong.xs(quantity, level="quantity")["low"].max()
    best_weak = weak.xs(quantity, level="quantity")["high"].max()
    assert best_weak < best_strong
    assert strong.xs(quantity, level="quantity")["estimate"].idxmax() == "H"


def test_the_points_follow_the_rules():
    default = [name for name, _ in points_played(RunSpec("tenpoint", 0, 1).rules)]
    assert default == ["High", "Low", "Jack", "Off-Jack", "High Joker", "Low Joker", "Game",
                       "Trey"]  # fmt: skip
    rules = RunSpec(
        "tenpoint", 0, 1, variants=("jokers=one", "off_jack=false", "game_card=ten_of_trumps")
    ).rules
    assert [name for name, _ in points_played(rules)] == ["High", "Low", "Jack", "High Joker",
                                                          "Ten", "Trey"]  # fmt: skip


def test_the_recommendation_is_the_highest_bid_that_gains_on_average():
    deals = play_conditional(RunSpec("tenpoint", 2, 800), parse_hand(HAND, "tenpoint"), 1,
                             (2, 3))  # fmt: skip
    estimates = tenpoint_estimates(deals, RunSpec("tenpoint", 2, 1).rules)
    best = highest_gaining_bid(estimates, range(4, 11))
    changes = estimates["estimate"].xs("H")
    gaining = [k for k in range(4, 11) if changes[f"E[score change | bid {k}]"] > 0]
    assert best.bid == (max(gaining) if gaining else 0)
    if best.bid:
        assert best.expected == pytest.approx(changes[f"E[score change | bid {best.bid}]"])


def test_a_moon_under_double_scores_twenty_either_way():
    plain = odds_run(HAND, 600, trump="H").estimates["estimate"]
    double = odds_run(HAND, 600, trump="H", variants=("moon=double",)).estimates["estimate"]
    made = plain[("H", "P(won >= 10)")]
    assert double[("H", "E[score change | bid 10]")] == pytest.approx(20 * made - 20 * (1 - made))


def test_a_run_is_a_function_of_its_seed():
    first = play_conditional(RunSpec("tenpoint", 9, 300), parse_hand(HAND, "tenpoint"), 2, (2,))
    again = play_conditional(RunSpec("tenpoint", 9, 300), parse_hand(HAND, "tenpoint"), 2, (2,))
    other = play_conditional(RunSpec("tenpoint", 10, 300), parse_hand(HAND, "tenpoint"), 2, (2,))
    assert first.equals(again)
    assert not first.equals(other)


@pytest.mark.parametrize(
    ("hand", "variants", "message"),
    [
        ("AH JH JD HJ 3H 2H 5C 7S", (), "a hand in tenpoint has 9 cards; 8 given"),
        (HAND + " 4D", (), "a hand in tenpoint has 9 cards; 10 given"),
        ("AH JH JD HJ 3H 2H 5C 7S AH", (), "twice"),
        ("AH JH JD HJ 3H 2H 5C 7S XJ", (), "bad card 'XJ' for the 54-card Ten-point deck"),
        (HAND, ("jokers=none",), "bad card 'HJ' for the 52-card Ten-point deck"),
        (HAND, ("smear",), "a hand in tenpoint has 10 cards; 9 given"),
    ],
)
def test_bad_hands_are_named_with_ten_point_s_deck(hand, variants, message):
    rules = RunSpec("tenpoint", 0, 1, variants=variants).rules
    with pytest.raises(CardError, match=message):
        parse_hand(hand, "tenpoint", rules)


def test_card_codes_outside_the_deck_and_bad_seats_and_suits_are_refused():
    with pytest.raises(CardError, match="54-card Ten-point deck lie in 0..53"):
        parse_hand([54, 0, 1, 2, 3, 4, 5, 6, 7], "tenpoint")
    assert parse_hand("HJ LJ 2C 3C 4C 5C 6C 7C 8C", "tenpoint")[:2] == (52, 53)
    run = RunSpec("tenpoint", 0, 10)
    with pytest.raises(ValueError, match=r"--seat must lie in 1\.\.4"):
        odds_of("tenpoint").play(OddsQuery(run, parse_hand(HAND, "tenpoint"), 5, "best", None))
    with pytest.raises(CardError, match="bad trump"):
        odds_run(HAND, 10, trump="X")


def test_the_command_prints_every_suit_and_json(capsys):
    code, out, err = call(
        capsys, "odds", "tenpoint", "--hand", HAND, "--seat", "3", "--deals", "400", "--quiet"
    )
    assert code == 0, err
    assert [line.split()[1] for line in out.splitlines() if line.startswith("trump")] == list(
        "CDHS"
    )
    assert "hand HJ 7S AH JH 3H 2H JD 9D 5C as seat 3 of 4" in out
    assert out.splitlines()[-1].startswith("recommended: ")
    code, out, err = call(
        capsys, "odds", "tenpoint", "--hand", HAND.lower(), "--trump", "H", "--deals", "400",
        "--seed", "4", "--json",
    )  # fmt: skip
    assert code == 0, err
    body = json.loads(out)
    report = odds_run(HAND, 400, seed=4, trump="H")
    assert body["hand"] == ["AH", "JH", "JD", "HJ", "3H", "2H", "5C", "7S", "9D"]
    assert list(body["trumps"]) == ["H"]
    assert (
        body["trumps"]["H"]["P(Off-Jack)"]["estimate"]
        == report.estimates.loc[("H", "P(Off-Jack)"), "estimate"]
    )
    assert body["recommendation"] == report.recommendation


def test_the_command_refuses_a_bad_hand_in_one_line(capsys):
    code, out, err = call(capsys, "odds", "tenpoint", "--hand", "AH KH", "--quiet")
    assert code == 2 and out == ""
    assert "a hand in tenpoint has 9 cards; 2 given" in err and "Traceback" not in err
