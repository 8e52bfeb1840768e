"""Solo Whist contract odds of a known hand: lock hands, the deal around the hand and the
turned card, and the command."""

import json
import math

import numpy as np
import pytest

from analysis.odds import whist_odds
from sims.core.cards import mask_of, parse_card, parse_cards
from sims.core.rng import new_state
from sims.games.solowhist.deal import deal_whist_around_nb
from tests.conftest import call

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def test_thirteen_spades_make_every_contract():
    estimates = whist_odds(SPADES, "2S", deals=300, strategy="evaluator+random")
    made = estimates.xs("P(made)", level="quantity")["estimate"]
    for contract in ("solo", "abundance", "abundance_trumps", "abundance_declared"):
        assert made[contract] == 1.0
    # Nobody else holds a spade, so nobody can lead one: the declarer, who never leads
    # (the eldest does), discards spades on every trick and wins none.
    assert made["misere"] == 1.0 and made["misere_ouverte"] == 1.0
    tricks = estimates.xs("E[tricks]", level="quantity")["estimate"]
    assert tricks["abundance_declared"] == 13.0
    best = estimates.attrs["recommendation"]
    assert (best.trump, best.expected) == ("abundance_declared", 90.0)  # 6 units from each
    assert estimates.attrs["seat"] == 4  # the hand holds the turned card: it deals


def test_a_hand_of_low_cards_gains_in_the_misères_and_loses_in_trick_contracts():
    estimates = whist_odds("2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 2S 3S 4S", "KH", deals=2_000)
    gains = estimates.xs("E[settlement]", level="quantity")["estimate"]
    assert gains["misere"] > 0 and gains["misere_ouverte"] > 0
    assert gains[["solo", "abundance", "abundance_trumps", "abundance_declared"]].max() < 0
    assert estimates.attrs["recommendation"].trump == gains.idxmax()


def test_the_other_hands_are_uniform_and_the_dealer_holds_the_turned_card():
    hand = parse_cards(SPADES.replace("AS", "AH"))
    turned = parse_card("7D")
    rest = np.array([c for c in range(52) if c not in hand and c != turned], np.int64)
    dealt, deck = np.zeros(4, np.int64), np.zeros(52, np.int64)
    counts, trials = np.zeros((4, 52)), 20_000
    for index in range(trials):
        deal_whist_around_nb(new_state(5, index, 0), deck, rest, dealt, 0, mask_of(hand), 3, turned)
        assert dealt[0] == mask_of(hand) and dealt[3] >> turned & 1
        assert int(np.bitwise_or.reduce(dealt)).bit_count() == 52
        assert all(int(h).bit_count() == 13 for h in dealt)
        for seat in range(4):
            counts[seat] += [(int(dealt[seat]) >> c) & 1 for c in range(52)]
    shares = counts[:, rest] / trials
    for seat, exact in ((1, 13 / 38), (2, 13 / 38), (3, 12 / 38)):
        bound = 4.5 * math.sqrt(exact * (1 - exact) / trials)
        assert np.abs(shares[seat] - exact).max() < bound


def test_odds_solowhist_command_text_and_json(capsys):
    args = ["odds", "solowhist", "--hand", SPADES, "--turned", "2S", "--deals", "200"]
    code, out, _ = call(capsys, *args)
    assert code == 0 and "contract abundance_declared" in out
    assert "recommended: abundance_declared" in out and "seat 4 of 4" in out
    code, out, _ = call(capsys, *args, "--json")
    report = json.loads(out)
    assert code == 0 and report["turned"] == "2S" and report["seat"] == 4
    assert set(report["contracts"]) == {
        "solo",
        "misere",
        "abundance",
        "abundance_trumps",
        "misere_ouverte",
        "abundance_declared",
    }
    assert report["contracts"]["solo"]["P(made)"]["estimate"] == 1.0
    assert report["recommendation"]["contract"] == "abundance_declared"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solowhist", "--hand", SPADES], "solowhist needs --turned CARD"),
        (
            ["pitch", "--hand", "AH JH 5H KS 3C 2D", "--turned", "2S"],
            "solowhist only, not to pitch",  # the games that turn a card, listed
        ),
        (["solowhist", "--hand", SPADES, "--turned", "2S", "--seat", "2"], "dealer's"),
        (["solowhist", "--hand", SPADES, "--turned", "2H", "--seat", "4"], "lacks it"),
        (["solowhist", "--hand", SPADES, "--turned", "2X"], "2X"),
        (["solowhist", "--hand", SPADES, "--turned", "2H", "--seat", "5"], "1..4"),
        (["solowhist", "--hand", "AS KS", "--turned", "2H"], "13 cards"),
        (["phat", "--hand", SPADES.replace("S", "H"), "--seat", "2"], "--seat applies"),
        (["solowhist", "--hand", SPADES, "--turned", "2S", "--trump", "H"], "--trump applies"),
    ],
)
def test_odds_solowhist_refuses_bad_input(capsys, args, message):
    code, out, err = call(capsys, "odds", *args, "--deals", "10")
    assert code == 2 and out == "" and message in err


def test_misere_ouverte_shows_the_declarers_hand_to_the_defenders():
    # The same deals and the same play stream: a misère and a Misère Ouverte differ only
    # in the hand shown after the first trick, which greedy defenders use to pick their
    # leads. They then force the declarer to win more tricks.
    estimates = whist_odds(
        "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C", "7H", deals=3_000, strategy="greedy"
    )
    tricks = estimates.xs("E[tricks]", level="quantity")
    shown, hidden = tricks.loc["misere_ouverte"], tricks.loc["misere"]
    assert shown["estimate"] - hidden["estimate"] > 3 * math.hypot(shown["se"], hidden["se"])
