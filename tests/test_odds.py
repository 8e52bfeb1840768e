"""Bid odds of a known hand: lock hands, exact probabilities of the conditional deal,
recommendations, determinism and clear errors."""

import json
import math

import numpy as np
import pytest

from analysis.odds import Recommendation, don_odds, phat_odds, pitch_odds, recommend_pitch
from sims.core.cards import CardError, mask_of, parse_cards
from sims.core.rng import new_state
from sims.engine.odds import deal_around_nb
from sims.games.pitch.odds import play_conditional
from sims.run.conditional import OddsSpec, parse_hand, parse_trump
from sims.run.runner import RunSpec
from tests.conftest import call

LOCK = "AH KH QH JH TH 2H"
NOTHING_ABOVE_SIX = "2C 3D 4S 5C 6D 3S"


def _value(estimates, trump, quantity):
    return estimates.loc[(trump, quantity), "estimate"]


@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_a_lock_hand_wins_high_and_jack_whatever_the_play(strategy):
    estimates = pitch_odds(LOCK, trump="H", deals=4000, strategy=strategy, seed=5)
    assert _value(estimates, "H", "P(won >= 2)") == 1.0  # exactly: High and Jack are safe
    assert _value(estimates, "H", "P(High)") == 1.0
    assert _value(estimates, "H", "P(Jack)") == 1.0
    assert estimates.loc[("H", "P(won >= 2)"), "low"] > 0.999


def test_a_hand_with_no_card_above_six_ranks_below_the_lock_for_every_bid():
    lock = pitch_odds(LOCK, deals=3000, seed=2)
    weak = pitch_odds(NOTHING_ABOVE_SIX, deals=3000, seed=2)
    for bid in range(1, 5):
        quantity = f"E[score change | bid {bid}]"
        best_weak = weak.xs(quantity, level="quantity")["high"].max()
        best_lock = lock.xs(quantity, level="quantity")["low"].max()
        assert best_weak < best_lock, bid
        made = f"P(won >= {bid})"
        assert weak.xs(made, level="quantity")["estimate"].max() < _value(lock, "H", made)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_high_point_follows_the_exact_chance_that_the_ace_is_out_of_play(players):
    # The hand's top heart is the king: High is the pitcher's exactly when the ace of
    # hearts was not dealt, which happens with probability 1 - 6 (players - 1) / 46.
    deals = 20_000
    estimates = pitch_odds("KH 5C 7D 8S 3C 4D", players=players, trump="H", deals=deals, seed=11)
    exact = 1 - 6 * (players - 1) / 46
    observed = _value(estimates, "H", "P(High)")
    assert abs(observed - exact) < 4 * math.sqrt(exact * (1 - exact) / deals)


def test_the_other_hands_are_uniform_over_the_rest_of_the_deck():
    hand = mask_of(parse_cards(LOCK))
    rest = np.array([c for c in range(52) if not hand >> c & 1], np.int64)
    dealt = np.zeros(4, np.int64)
    deck = np.zeros(52, np.int64)
    counts = np.zeros((4, 52))
    trials = 20_000
    for index in range(trials):
        deal_around_nb(new_state(3, index, 0), deck, rest, dealt, 6, 2, hand)
        assert dealt[2] == hand
        assert int(np.bitwise_or.reduce(dealt)).bit_count() == 24  # no card twice
        for seat in range(4):
            counts[seat] += [(int(dealt[seat]) >> c) & 1 for c in range(52)]
    others = counts[[0, 1, 3]][:, rest]
    exact = 6 / 46  # each card of the rest reaches each other seat with this chance
    assert np.abs(others / trials - exact).max() < 4.5 * math.sqrt(exact * (1 - exact) / trials)


def test_phat_lock_on_the_big_phat_and_every_suit_reported():
    estimates = phat_odds("AH KH QH JH TH 9H 2C 3C 4C 5D 6D 7S 8S", deals=2000, seed=4)
    assert set(estimates.index.get_level_values("trump")) == {"C", "D", "H", "S"}
    assert _value(estimates, "H", "P(Big Phat ours)") == 1.0
    assert _value(estimates, "H", "P(Big Phat kept)") == 1.0
    points = estimates.xs("E[points]", level="quantity")["estimate"]
    assert points.idxmax() == "H" and 0 <= points.min() and points.max() <= 88
    assert estimates.attrs["recommendation"].trump == "H"


@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_a_don_hand_of_the_nine_top_trumps_takes_every_card_dealt(strategy):
    # The pitcher holds hearts A K Q J T 9 8 7 6 and wins all nine tricks: its side scores
    # its own A K Q J and 9 (4+3+2+1+9), the game (8), and each of the 5 of trumps (10) and
    # the three plain fives (5) that is dealt, each dealt with chance 27/43 (27 of the 43
    # unseen cards are dealt to the other seats).
    estimates = don_odds("AH KH QH JH TH 9H 8H 7H 6H", trump="H", deals=6000, strategy=strategy)
    dealt = 27 / 43
    assert _value(estimates, "H", "P(9 of trumps ours)") == 1.0
    assert _value(estimates, "H", "P(game ours)") == 1.0
    low, high = estimates.loc[("H", "P(5 of trumps ours)"), ["low", "high"]]
    assert low <= dealt <= high
    low, high = estimates.loc[("H", "E[points]"), ["low", "high"]]
    assert low <= 19 + 8 + (10 + 3 * 5) * dealt <= high
    assert estimates.attrs["recommendation"].trump == "H"


def test_don_odds_offer_every_suit_held_within_the_points_a_deal_holds():
    estimates = don_odds("5H 9H AH KH 3H 5S AS 9C 2D", deals=3000, seed=3)
    assert set(estimates.index.get_level_values("trump")) == {"C", "D", "H", "S"}
    points = estimates.xs("E[points]", level="quantity")
    most = 10 + 9 + 4 + 3 + 2 + 1 + 3 * 5 + 8  # every card point of the deck and the game
    assert (points["high"] <= most).all() and points["estimate"].idxmax() == "H"


def test_a_run_is_a_function_of_seed_and_deal_index():
    hand = parse_hand("AH JH 5H KS 3C 2D", "pitch")
    suits = parse_trump("best", hand)

    def rows(count, first=0):
        spec = OddsSpec(RunSpec("pitch", 9, count, first=first), hand, suits, seat=3)
        return play_conditional(spec).set_index(["trump", "deal"]).sort_index()

    whole, tail = rows(600), rows(200, first=400)
    assert whole.loc[tail.index].equals(tail)
    assert sorted(whole.index.get_level_values("trump").unique()) == ["C", "D", "H", "S"]


def test_the_recommendation_is_the_highest_bid_that_gains_on_average():
    estimates = pitch_odds("AH JH 5H KS 3C 2D", seat=3, deals=3000, seed=1)
    best = estimates.attrs["recommendation"]
    expected = estimates["estimate"].xs(f"E[score change | bid {best.bid}]", level="quantity")
    assert best.bid >= 1 and math.isclose(expected.max(), best.expected)
    for higher in range(best.bid + 1, 5):
        quantity = f"E[score change | bid {higher}]"
        assert estimates["estimate"].xs(quantity, level="quantity").max() <= 0
    if best.bid < 4:  # no higher bid gains, so a higher minimum means passing
        assert recommend_pitch(estimates, min_bid=best.bid + 1).bid == 0
    hopeless = estimates.copy()
    hopeless["estimate"] = -1.0
    assert recommend_pitch(hopeless) == Recommendation("", 0, 0.0)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("AH JH 5H KS 3C", "has 6 cards"),
        ("AH JH 5H KS 3C 2D 4D", "has 6 cards"),
        ("AH JH 5H KS 3C AH", "twice"),
        ("AH JH 5H KS 3C 1D", "bad card"),
    ],
)
def test_bad_hands_are_named(hand, message):
    with pytest.raises(CardError, match=message):
        pitch_odds(hand, deals=10)


def test_impossible_seats_and_suits_are_refused():
    with pytest.raises(ValueError, match="seat"):
        pitch_odds("AH JH 5H KS 3C 2D", players=4, seat=5, deals=10)
    with pytest.raises(CardError, match="holds no card"):
        pitch_odds("AH JH 5H KS 3H 2D", trump="C", deals=10)
    with pytest.raises(CardError, match="bad trump"):
        pitch_odds("AH JH 5H KS 3H 2D", trump="X", deals=10)


def test_odds_command_prints_every_suit_and_the_advice(capsys):
    code, out, _ = call(
        capsys, "odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--seat", "3", "--deals", "2000"
    )
    assert code == 0
    assert [line.split()[1] for line in out.splitlines() if line.startswith("trump")] == list(
        "CDHS"
    )
    assert "seat 3 of 4" in out and out.splitlines()[-1].startswith("recommended: bid")
    assert "2,000 deals per trump" in out


def test_odds_command_counts_one_deal_in_the_singular(capsys):
    code, out, _ = call(
        capsys, "odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--trump", "H", "--deals", "1"
    )
    assert code == 0 and "; 1 deal per trump," in out


def test_odds_command_json_matches_the_library(capsys):
    code, out, _ = call(
        capsys,
        "odds",
        "pitch",
        "--hand",
        "ah jh 5h ks 3c 2d",
        "--trump",
        "H",
        "--deals",
        "1500",
        "--seed",
        "4",
        "--json",
    )
    assert code == 0
    body = json.loads(out)
    estimates = pitch_odds("AH JH 5H KS 3C 2D", trump="H", deals=1500, seed=4)
    assert list(body["trumps"]) == ["H"]
    assert body["trumps"]["H"]["P(won >= 2)"]["estimate"] == _value(estimates, "H", "P(won >= 2)")
    best = estimates.attrs["recommendation"]
    assert body["recommendation"] == {
        "trump": best.trump,
        "bid": best.bid,
        "expected": best.expected,
    }


def test_odds_phat_command(capsys):
    code, out, _ = call(
        capsys, "odds", "phat", "--hand", "AH KH QH JH TH 9H 2C 3C 4C 5D 6D 7S 8S", "--deals", "500"
    )
    assert code == 0 and "P(Big Phat kept)" in out and "recommended: pitch H" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pitch", "--hand", "AH JH 5H KS 3C"], "6 cards"),
        (["pitch", "--hand", "AH JH 5H KS 3C XX"], "bad card"),
        (["pitch", "--hand", "AH JH 5H KS 3C 3C"], "twice"),
        (["pitch", "--hand", "AH JH 5H KS 3C 2D", "--seat", "4", "--players", "3"], "seat"),
        (["pitch", "--hand", "AH JH 5H KS 3C 2D", "--players", "9"], "players"),
        (["pitch", "--hand", "AH JH 5H KS 3H 2D", "--trump", "C"], "holds no card"),
        (["phat", "--hand", "AH JH 5H KS 3C 2D"], "13 cards"),
        (["pitch", "--hand", "AH JH 5H KS 3C 2D", "--strategy", "clever"], "unknown strategy"),
    ],
)
def test_odds_command_refuses_bad_input(capsys, args, message):
    code, out, err = call(capsys, "odds", *args, "--deals", "10")
    assert code == 2 and message in err and out == ""


@pytest.mark.parametrize(
    ("game", "strategy", "hand"),
    [
        *[
            ("phat", f"greedy+{lead}", "AS KS QS 9S 5S 2C 3C 4D 5D 6D 7H 8H 9H")
            for lead in ("lead_long", "lead_phat", "lead_high")
        ],
        *[
            ("pitch", f"greedy+{lead}", "AS KS QS 9S 2C 4D")
            for lead in ("lead_best", "lead_best_low", "lead_long", "lead_high")
        ],
        ("pitch", "random", "AS KS QS 9S 2C 4D"),
    ],
)
def test_every_lead_policy_opens_in_the_fixed_suit(game, strategy, hand):
    # Each policy would lead spades from this hand; held to clubs, it must play a club
    # (the engine stops the run on any other card).
    odds = pitch_odds if game == "pitch" else phat_odds
    estimates = odds(hand, trump="C", deals=300, strategy=strategy)
    assert list(estimates.index.get_level_values("trump").unique()) == ["C"]


# `pimc` solving from the opening lead spends about 2 s on each deal of the lock hand (the
# solver proves every order of the defenders' discards), so it plays fewer of them.
@pytest.mark.slow
@pytest.mark.parametrize(
    ("pitcher", "lock_deals"), [("pimc:samples=4", 12), ("ismcts:iterations=100", 150)]
)
def test_odds_with_a_search_player_at_the_hand_s_seat_keep_a_lock_locked(pitcher, lock_deals):
    # The other seats play greedy; the hand's own seat searches, and still cannot lose
    # High or Jack with the Ace and Jack of trumps.
    estimates = pitch_odds(LOCK, trump="H", deals=lock_deals, pitcher=pitcher, seed=5)
    assert _value(estimates, "H", "P(High)") == 1.0 and _value(estimates, "H", "P(Jack)") == 1.0
    mixed = "AS 2S 8D TD QH 4C"
    searched = pitch_odds(mixed, trump="S", deals=150, pitcher=pitcher, seed=5)
    plain = pitch_odds(mixed, trump="S", deals=150, seed=5)
    assert not searched.equals(plain)  # the search player's cards differ from greedy's
