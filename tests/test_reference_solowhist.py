"""Tests of the plain-Python Solo Whist reference (sims/games/solowhist/reference.py).

The worked examples are docs/examples.md "Solo Whist", Whist 1 to 4 (auctions and
settlements). The whole deals below are built by hand: each trick is written leader
first as ``seat:card`` and the hands are exactly the cards each seat plays, so every
trick winner can be checked by eye.
"""

from __future__ import annotations

import random

import pytest

from sims.games.solowhist.reference import (
    CALLS,
    IllegalCall,
    IllegalPlay,
    auction,
    legal_calls,
    next_to_call,
    random_deal,
    score_deal,
    settle,
    trick_winner,
)
from tests.whist_examples import (
    ABUNDANCE_CALLS,
    ABUNDANCE_TRICKS,
    MISERE_CALLS,
    MISERE_TRICKS,
    MISERE_WINNERS,
    C,
    D,
    H,
    S,
    card,
    hands_of,
    no_trump_plays,
    tricks_to_plays,
)

RESULT_KEYS = {
    "contract",
    "declarers",
    "trump",
    "leader",
    "tricks",
    "trick_winners",
    "made",
    "settlement",
}

RAISES_OVER_PROP = ["pass", "solo", "misere", "abundance", "misere_ouverte", "abundance_declared"]


# --- helpers -------------------------------------------------------------------------


def test_calls_in_rising_order():
    assert CALLS == (
        "pass",
        "prop",
        "cop",
        "solo",
        "misere",
        "abundance",
        "abundance_trumps",
        "misere_ouverte",
        "abundance_declared",
    )
    assert issubclass(IllegalCall, ValueError)


def test_trick_winner_with_and_without_trump():
    trick = [(1, card("KH")), (2, card("AH")), (3, card("2S")), (0, card("AC"))]
    assert trick_winner(trick, None) == 2  # no trump: highest heart
    assert trick_winner(trick, H) == 2
    assert trick_winner(trick, S) == 3  # the lone trump
    assert trick_winner(trick, C) == 0  # a discarded club wins when clubs are trump
    assert trick_winner(trick, D) == 2  # no diamond in it: highest of the suit led


# --- docs/examples.md: settlement ----------------------------------------------------


def test_whist_1_solo_made_with_overtricks():
    assert settle("solo", [0], [7, 1, 3, 2]) == (True, [21, -7, -7, -7])
    # With exactly 5 tricks each opponent would have paid 5.
    assert settle("solo", [0], [5, 3, 3, 2]) == (True, [15, -5, -5, -5])


def test_whist_2_solo_failed_with_undertricks():
    assert settle("solo", [1], [1, 2, 6, 4]) == (False, [7, -21, 7, 7])
    # 4 tricks: 0 undertricks, 5 to each; 3 tricks: 6 to each.
    assert settle("solo", [1], [1, 4, 4, 4]) == (False, [5, -15, 5, 5])
    assert settle("solo", [1], [1, 3, 5, 4]) == (False, [6, -18, 6, 6])


def test_whist_3_misere_failed():
    assert settle("misere", [2], [1, 7, 2, 3]) == (False, [10, 10, -30, 10])
    # No undertricks: ten tricks cost the same as two.
    assert settle("misere", [2], [1, 1, 10, 1]) == (False, [10, 10, -30, 10])


def test_whist_4_prop_and_cop():
    assert settle("prop_cop", [0, 3], [1, 4, 3, 5]) == (False, [-6, 6, 6, -6])
    # With 10 tricks (2 overtricks) each defender pays one declarer 7.
    assert settle("prop_cop", [0, 3], [4, 1, 2, 6]) == (True, [7, -7, -7, 7])
    # Exactly 8 together: made with no overtricks.
    assert settle("prop_cop", [0, 3], [4, 3, 2, 4]) == (True, [5, -5, -5, 5])


# --- docs/examples.md: auctions ------------------------------------------------------


def test_whist_1_auction():
    calls = [(3, "prop"), (0, "solo"), (1, "pass"), (2, "pass")]
    # The proposer was overcalled, has not passed, and is asked again.
    assert next_to_call(2, calls) == 3
    assert legal_calls(2, calls) == [
        "pass",
        "misere",
        "abundance",
        "misere_ouverte",
        "abundance_declared",
    ]
    calls.append((3, "pass"))
    assert next_to_call(2, calls) is None
    assert legal_calls(2, calls) == []
    assert auction(2, calls) == ("solo", (0,))


def test_whist_2_auction():
    calls = [(0, "pass"), (1, "solo"), (2, "pass"), (3, "pass")]
    # The eldest passed, but there was no Prop: no second chance.
    assert next_to_call(3, calls) is None
    assert auction(3, calls) == ("solo", (1,))


def test_whist_3_auction():
    calls = [(1, "solo"), (2, "misere"), (3, "pass"), (0, "pass"), (1, "pass")]
    assert next_to_call(0, calls[:4]) == 1
    assert auction(0, calls) == ("misere", (2,))


def test_whist_4_auction_ends_at_the_cop():
    calls = [(0, "prop"), (1, "pass"), (2, "pass")]
    assert next_to_call(3, calls) == 3
    assert "cop" in legal_calls(3, calls)
    calls.append((3, "cop"))
    assert next_to_call(3, calls) is None
    assert auction(3, calls) == ("prop_cop", (0, 3))
    # The partners are not asked again: a further call by seat 0 comes after the end.
    with pytest.raises(IllegalCall, match="already over"):
        auction(3, [*calls, (0, "pass")])


# --- auction rules -------------------------------------------------------------------


def test_first_call_from_the_eldest():
    for dealer in range(4):
        assert next_to_call(dealer, []) == (dealer + 1) % 4
        assert legal_calls(dealer, []) == list(CALLS[:2]) + list(CALLS[3:6]) + list(CALLS[7:])
    with pytest.raises(IllegalCall, match="out of turn"):
        auction(0, [(2, "pass")])


def test_passed_out():
    calls = [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")]
    assert next_to_call(0, calls[:3]) == 0
    assert next_to_call(0, calls) is None
    assert legal_calls(0, calls) == []
    assert auction(0, calls) == ("pass", ())


def test_passed_players_are_skipped():
    # Dealer 0: seat 2 passes, so after seat 1 overcalls seat 3 the turn skips seat 2.
    calls = [(1, "solo"), (2, "pass"), (3, "misere"), (0, "pass")]
    assert next_to_call(0, calls) == 1
    calls += [(1, "abundance")]
    assert next_to_call(0, calls) == 3  # seat 2 passed, seat 0 passed
    assert legal_calls(0, calls) == [
        "pass",
        "abundance_trumps",
        "misere_ouverte",
        "abundance_declared",
    ]
    calls += [(3, "abundance_trumps"), (1, "pass")]
    assert auction(0, calls) == ("abundance_trumps", (3,))


def test_eldest_late_cop():
    # Dealer 3, eldest 0 passes, seat 1 props, the others pass: seat 0 may still cop.
    calls = [(0, "pass"), (1, "prop"), (2, "pass"), (3, "pass")]
    assert next_to_call(3, calls) == 0
    assert legal_calls(3, calls) == ["pass", "cop"]
    assert auction(3, [*calls, (0, "cop")]) == ("prop_cop", (0, 1))
    assert next_to_call(3, [*calls, (0, "cop")]) is None
    with pytest.raises(IllegalCall, match="only cop or pass"):
        auction(3, [*calls, (0, "solo")])


def test_eldest_late_cop_declined_then_lone_prop_raises():
    calls = [(0, "pass"), (1, "prop"), (2, "pass"), (3, "pass"), (0, "pass")]
    assert next_to_call(3, calls) == 1
    assert legal_calls(3, calls) == RAISES_OVER_PROP
    # A raise ends the auction at once: everyone else has passed.
    assert next_to_call(3, [*calls, (1, "solo")]) is None
    assert auction(3, [*calls, (1, "solo")]) == ("solo", (1,))
    assert auction(3, [*calls, (1, "abundance_declared")]) == ("abundance_declared", (1,))
    # The lone prop that passes: passed out, and the eldest is not asked a third time.
    assert next_to_call(3, [*calls, (1, "pass")]) is None
    assert auction(3, [*calls, (1, "pass")]) == ("pass", ())
    for bad in ("cop", "abundance_trumps", "prop"):
        with pytest.raises(IllegalCall):
            auction(3, [*calls, (1, bad)])


def test_lone_prop_by_the_eldest_has_no_late_cop():
    calls = [(0, "prop"), (1, "pass"), (2, "pass"), (3, "pass")]
    assert next_to_call(3, calls) == 0
    assert legal_calls(3, calls) == RAISES_OVER_PROP
    assert auction(3, [*calls, (0, "misere")]) == ("misere", (0,))
    assert auction(3, [*calls, (0, "pass")]) == ("pass", ())


def test_no_late_cop_once_the_prop_is_overcalled():
    # Dealer 3: 0 passes, 1 props, 2 bids solo. The eldest's chance is gone.
    calls = [(0, "pass"), (1, "prop"), (2, "solo"), (3, "pass")]
    assert next_to_call(3, calls) == 1  # the overcalled proposer may bid again
    assert legal_calls(3, calls) == [
        "pass",
        "misere",
        "abundance",
        "misere_ouverte",
        "abundance_declared",
    ]
    assert next_to_call(3, [*calls, (1, "pass")]) is None
    assert auction(3, [*calls, (1, "pass")]) == ("solo", (2,))


def test_cop_in_turn_and_the_other_two_pass():
    calls = [(1, "prop"), (2, "cop")]
    assert next_to_call(0, calls) == 3
    assert legal_calls(0, calls) == [
        "pass",
        "solo",
        "misere",
        "abundance",
        "misere_ouverte",
        "abundance_declared",
    ]
    calls += [(3, "pass"), (0, "pass")]
    assert next_to_call(0, calls) is None
    assert auction(0, calls) == ("prop_cop", (1, 2))


def test_overcalled_partners_bid_again():
    calls = [(1, "prop"), (2, "cop"), (3, "solo"), (0, "pass")]
    assert next_to_call(0, calls) == 1
    calls += [(1, "pass")]
    assert next_to_call(0, calls) == 2
    calls += [(2, "misere")]
    assert next_to_call(0, calls) == 3  # seats 0 and 1 passed
    calls += [(3, "pass")]
    assert auction(0, calls) == ("misere", (2,))


def test_proposer_cannot_cop_and_prop_only_opens():
    calls = [(1, "prop"), (2, "solo"), (3, "pass"), (0, "pass")]
    assert next_to_call(0, calls) == 1
    assert "cop" not in legal_calls(0, calls)
    with pytest.raises(IllegalCall, match="cop"):
        auction(0, [*calls, (1, "cop")])
    with pytest.raises(IllegalCall, match="prop"):
        auction(0, [(1, "solo"), (2, "prop")])
    with pytest.raises(IllegalCall, match="cop"):
        auction(0, [(1, "cop")])
    with pytest.raises(IllegalCall, match="cop"):
        auction(0, [(1, "solo"), (2, "cop")])
    assert "cop" not in legal_calls(0, [(1, "pass")])


def test_abundance_trumps_only_over_abundance():
    assert "abundance_trumps" not in legal_calls(0, [])
    assert "abundance_trumps" not in legal_calls(0, [(1, "misere")])
    assert legal_calls(0, [(1, "abundance")]) == [
        "pass",
        "abundance_trumps",
        "misere_ouverte",
        "abundance_declared",
    ]
    with pytest.raises(IllegalCall, match="only overcalls an abundance"):
        auction(0, [(1, "solo"), (2, "abundance_trumps")])
    with pytest.raises(IllegalCall):
        auction(0, [(1, "abundance_trumps")])
    assert legal_calls(0, [(1, "abundance"), (2, "abundance_trumps")]) == [
        "pass",
        "misere_ouverte",
        "abundance_declared",
    ]


def test_bids_must_rise():
    with pytest.raises(IllegalCall, match="higher"):
        auction(0, [(1, "misere"), (2, "misere")])
    with pytest.raises(IllegalCall, match="higher"):
        auction(0, [(1, "misere"), (2, "solo")])
    with pytest.raises(IllegalCall, match="higher"):
        auction(0, [(1, "abundance_declared"), (2, "abundance_declared")])


def test_top_bid_still_needs_the_others_to_pass():
    calls = [(2, "abundance_declared")]  # dealer 1, eldest 2
    assert next_to_call(1, calls) == 3
    assert legal_calls(1, calls) == ["pass"]
    calls += [(3, "pass"), (0, "pass"), (1, "pass")]
    assert auction(1, calls) == ("abundance_declared", (2,))


def test_bad_auctions_raise():
    with pytest.raises(IllegalCall, match="unfinished"):
        auction(0, [(1, "solo"), (2, "pass")])
    with pytest.raises(IllegalCall, match="unfinished"):
        auction(0, [])
    with pytest.raises(IllegalCall, match="calls are"):
        auction(0, [(1, "grand")])
    with pytest.raises(IllegalCall, match="pair"):
        auction(0, ["solo"])
    with pytest.raises(IllegalCall, match="already over"):
        auction(0, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "solo")])
    with pytest.raises(IllegalCall, match="out of turn"):
        next_to_call(0, [(1, "solo"), (1, "misere")])  # the holder is not asked
    with pytest.raises(IllegalCall, match="out of turn"):
        legal_calls(0, [(1, "pass"), (2, "prop"), (1, "cop")])  # not yet the late cop
    with pytest.raises(ValueError, match="dealer"):
        next_to_call(4, [])


# --- settlement ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "declarers", "tricks", "made", "settlement"),
    [
        ("misere", [1], [5, 0, 4, 4], True, [-10, 30, -10, -10]),
        ("misere_ouverte", [1], [5, 0, 4, 4], True, [-20, 60, -20, -20]),
        ("misere_ouverte", [1], [5, 1, 3, 4], False, [20, -60, 20, 20]),
        # Abundance: 9 needed, 2 points a trick over or under.
        ("abundance", [3], [1, 1, 0, 11], True, [-19, -19, -19, 57]),
        ("abundance", [3], [1, 1, 2, 9], True, [-15, -15, -15, 45]),
        ("abundance", [3], [1, 2, 2, 8], False, [15, 15, 15, -45]),
        ("abundance_trumps", [3], [3, 2, 2, 6], False, [19, 19, 19, -57]),
        # Abundance declared: all 13, no over/undertricks.
        ("abundance_declared", [0], [13, 0, 0, 0], True, [90, -30, -30, -30]),
        ("abundance_declared", [0], [12, 1, 0, 0], False, [-90, 30, 30, 30]),
        ("abundance_declared", [0], [2, 1, 5, 5], False, [-90, 30, 30, 30]),
        ("prop_cop", [1, 2], [0, 13, 0, 0], True, [-10, 10, 10, -10]),
    ],
)
def test_settlement_table(contract, declarers, tricks, made, settlement):
    assert settle(contract, declarers, tricks) == (made, settlement)
    assert sum(settlement) == 0


def test_unit_scales_only_the_unit_part():
    assert settle("solo", [0], [7, 1, 3, 2], unit=10) == (True, [36, -12, -12, -12])
    assert settle("misere", [2], [1, 7, 2, 3], unit=1) == (False, [2, 2, -6, 2])


def test_settlement_always_sums_to_zero():
    rng = random.Random(7)
    contracts = ["prop_cop", "solo", "misere", "abundance", "abundance_trumps"]
    contracts += ["misere_ouverte", "abundance_declared"]
    for _ in range(500):
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        tricks = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
        contract = rng.choice(contracts)
        declarers = rng.sample(range(4), 2 if contract == "prop_cop" else 1)
        made, settlement = settle(contract, declarers, tricks, unit=rng.randint(1, 9))
        assert sum(settlement) == 0
        assert all(settlement[d] > 0 for d in declarers) == made


def test_settle_rejects_bad_input():
    assert settle("pass", (), [0, 0, 0, 0]) == (False, [0, 0, 0, 0])
    with pytest.raises(ValueError, match="unknown contract"):
        settle("grand", [0], [13, 0, 0, 0])
    with pytest.raises(ValueError, match="total"):
        settle("solo", [0], [5, 5, 5, 5])
    with pytest.raises(ValueError, match="declarer"):
        settle("prop_cop", [0], [13, 0, 0, 0])
    with pytest.raises(ValueError, match="declarer"):
        settle("solo", [0, 1], [13, 0, 0, 0])
    with pytest.raises(ValueError, match="declarer"):
        settle("solo", [4], [13, 0, 0, 0])
    with pytest.raises(ValueError, match="unit"):
        settle("solo", [0], [13, 0, 0, 0], unit=0)


# --- whole deals (tests/whist_examples.py) ---------------------------------------


def test_misere_lost_on_the_first_trick():
    plays = tricks_to_plays(MISERE_TRICKS)
    hands = hands_of(plays)
    result = score_deal(hands, 0, card("QC"), MISERE_CALLS, plays)
    assert set(result) == RESULT_KEYS
    assert result == {
        "contract": "misere",
        "declarers": [2],
        "trump": None,
        "leader": 1,
        "tricks": [3, 4, 1, 5],
        "trick_winners": MISERE_WINNERS,
        "made": False,
        "settlement": [10, 10, -30, 10],
    }
    # The same deal as Misère Ouverte (4 units) after an overcall.
    calls = [(1, "pass"), (2, "solo"), (3, "misere_ouverte"), (0, "pass"), (2, "pass")]
    assert auction(0, calls) == ("misere_ouverte", (3,))
    result = score_deal(hands, 0, card("QC"), calls, plays)
    assert result["trump"] is None and result["tricks"] == [3, 4, 1, 5]
    assert (result["made"], result["settlement"]) == (False, [20, 20, 20, -60])


def test_deal_rejects_bad_plays():
    plays = tricks_to_plays(MISERE_TRICKS)
    hands = hands_of(plays)
    turned = card("QC")
    with pytest.raises(IllegalPlay, match="incomplete"):
        score_deal(hands, 0, turned, MISERE_CALLS, plays[:-1])
    with pytest.raises(IllegalPlay, match="after the last trick"):
        score_deal(hands, 0, turned, MISERE_CALLS, [*plays, (1, card("2C"))])
    with pytest.raises(IllegalPlay, match="out of turn"):
        score_deal(hands, 0, turned, MISERE_CALLS, plays[1:])
    # Seat 3 discards a diamond on trick 1 while holding clubs.
    bad = list(plays)
    bad[2] = (3, card("5D"))
    with pytest.raises(IllegalPlay, match="follow suit"):
        score_deal(hands, 0, turned, MISERE_CALLS, bad)
    bad = list(plays)
    bad[2] = (3, card("TC"))  # seat 0's card
    with pytest.raises(IllegalPlay, match="not held"):
        score_deal(hands, 0, turned, MISERE_CALLS, bad)
    bad = list(plays)
    bad[4] = (2, card("AC"))
    with pytest.raises(IllegalPlay, match="twice"):
        score_deal(hands, 0, turned, MISERE_CALLS, bad)
    # The Misère has no trump, so no trump_choice.
    with pytest.raises(ValueError, match="trump_choice"):
        score_deal(hands, 0, turned, MISERE_CALLS, plays, trump_choice=C)


def test_deal_validates_hands_and_turned_card():
    plays = tricks_to_plays(MISERE_TRICKS)
    hands = hands_of(plays)
    with pytest.raises(ValueError, match="dealer"):
        score_deal(hands, 0, card("AC"), MISERE_CALLS, plays)  # seat 2 holds AC
    with pytest.raises(ValueError, match="13"):
        score_deal([hands[0][:-1], *hands[1:]], 0, card("QC"), MISERE_CALLS, plays)
    repeated = [[*hands[0][:-1], hands[1][0]], *hands[1:]]
    with pytest.raises(ValueError, match="repeat"):
        score_deal(repeated, 0, card("QC"), MISERE_CALLS, plays)
    with pytest.raises(ValueError, match="4 hands"):
        score_deal(hands[:3], 0, card("QC"), MISERE_CALLS, plays)
    with pytest.raises(IllegalCall, match="unfinished"):
        score_deal(hands, 0, card("QC"), MISERE_CALLS[:3], plays)


def test_passed_out_deal():
    plays = tricks_to_plays(MISERE_TRICKS)
    hands = hands_of(plays)
    calls = [(1, "pass"), (2, "prop"), (3, "pass"), (0, "pass"), (1, "pass"), (2, "pass")]
    result = score_deal(hands, 0, card("QC"), calls, [])
    assert result == {
        "contract": "pass",
        "declarers": [],
        "trump": None,
        "leader": None,
        "tricks": [0, 0, 0, 0],
        "trick_winners": [],
        "made": False,
        "settlement": [0, 0, 0, 0],
    }
    with pytest.raises(IllegalPlay, match="passed out"):
        score_deal(hands, 0, card("QC"), calls, plays)


def test_abundance_with_a_chosen_trump():
    plays = tricks_to_plays(ABUNDANCE_TRICKS)
    hands = hands_of(plays)
    result = score_deal(hands, 1, card("TC"), ABUNDANCE_CALLS, plays, trump_choice=H)
    assert result == {
        "contract": "abundance",
        "declarers": [3],
        "trump": H,
        "leader": 2,
        "tricks": [0, 0, 2, 11],
        "trick_winners": [2, 2] + [3] * 11,
        "made": True,
        # 9 needed, 11 won: 2 overtricks at 2 points: 5 * 3 + 4 = 19 from each.
        "settlement": [-19, -19, -19, 57],
    }
    # With clubs (the turned suit) as trump, the 7H would not win trick 3, seat 2's
    # QC would, and seat 3's lead to trick 4 is out of turn.
    with pytest.raises(IllegalPlay, match="out of turn: seat 2"):
        score_deal(hands, 1, card("TC"), ABUNDANCE_CALLS, plays, trump_choice=C)
    with pytest.raises(ValueError, match="trump_choice"):
        score_deal(hands, 1, card("TC"), ABUNDANCE_CALLS, plays)
    with pytest.raises(ValueError, match="trump_choice"):
        score_deal(hands, 1, card("TC"), ABUNDANCE_CALLS, plays, trump_choice=4)


def test_solo_uses_the_turned_suit():
    # The same cards as a Solo by seat 3 with hearts turned (seat 1 holds 6H).
    plays = tricks_to_plays(ABUNDANCE_TRICKS)
    hands = hands_of(plays)
    calls = [(2, "pass"), (3, "solo"), (0, "pass"), (1, "pass")]
    result = score_deal(hands, 1, card("6H"), calls, plays)
    assert (result["contract"], result["trump"], result["tricks"]) == ("solo", H, [0, 0, 2, 11])
    # 5 needed, 6 overtricks at 1 point: 5 + 6 = 11 from each.
    assert (result["made"], result["settlement"]) == (True, [-11, -11, -11, 33])
    with pytest.raises(ValueError, match="trump_choice"):
        score_deal(hands, 1, card("6H"), calls, plays, trump_choice=H)


def test_abundance_declared_made_with_the_declarer_leading():
    # Seat 2 holds A K Q of every suit and the JS: every card it holds outranks every
    # other card of its suit, and there is no trump, so it wins all 13 tricks.
    top = [card(r + s) for s in "CDHS" for r in "AKQ"] + [card("JS")]
    rest = [c for c in range(52) if c not in top]
    hands = [rest[0:13], rest[13:26], top, rest[26:39]]
    turned = hands[0][-1]
    calls = [(1, "pass"), (2, "abundance_declared"), (3, "pass"), (0, "pass")]
    plays = no_trump_plays(hands, 2, 2)
    assert plays[0][0] == 2
    result = score_deal(hands, 0, turned, calls, plays)
    assert result == {
        "contract": "abundance_declared",
        "declarers": [2],
        "trump": None,
        "leader": 2,
        "tricks": [0, 0, 13, 0],
        "trick_winners": [2] * 13,
        "made": True,
        "settlement": [-30, -30, 90, -30],
    }
    # The eldest (seat 1) does not lead an Abundance Declared.
    with pytest.raises(IllegalPlay, match="out of turn: seat 2"):
        score_deal(hands, 0, turned, calls, no_trump_plays(hands, 1, 2))


def test_abundance_declared_lost_by_one_trick():
    # Swap the declarer's JS for the 2S. Seat 3 holds all nine spades 3S..JS. The
    # declarer leads its cards in falling card order: AS KS QS win, then the 2S (the
    # next card after the spades) loses to seat 3, whose lowest card, the 8H, leads
    # to trick 5; the declarer's AH wins it and the other top cards win the rest.
    # 12 tricks: the contract fails.
    top = [card(r + s) for s in "CDHS" for r in "AKQ"] + [card("2S")]
    rest = [c for c in range(52) if c not in top]
    hands = [rest[0:13], rest[13:26], top, rest[26:39]]
    assert all(card(r + "S") in hands[3] for r in "3456789TJ")
    calls = [(1, "pass"), (2, "abundance_declared"), (3, "pass"), (0, "pass")]
    result = score_deal(hands, 0, hands[0][0], calls, no_trump_plays(hands, 2, 2))
    assert result["tricks"] == [0, 0, 12, 1]
    assert result["trick_winners"] == [2, 2, 2, 3] + [2] * 9
    assert result["leader"] == 2
    assert (result["made"], result["settlement"]) == (False, [30, 30, -90, 30])


# --- random deals --------------------------------------------------------------------


def test_random_deals_keep_the_invariants():
    rng = random.Random(2024)
    contracts = set()
    for number in range(2000):
        dealer = number % 4
        hands, turned, calls, trump_choice, plays = random_deal(rng, dealer)
        assert turned in hands[dealer]
        assert sorted(c for hand in hands for c in hand) == list(range(52))
        # Every call was legal when made.
        for index, (seat, call) in enumerate(calls):
            assert next_to_call(dealer, calls[:index]) == seat
            assert call in legal_calls(dealer, calls[:index])
        result = score_deal(hands, dealer, turned, calls, plays, trump_choice=trump_choice)
        contracts.add(result["contract"])
        assert sum(result["settlement"]) == 0
        if result["contract"] == "pass":
            assert plays == [] and result["settlement"] == [0, 0, 0, 0]
            continue
        assert sum(result["tricks"]) == 13
        assert len(plays) == 52 and len(result["trick_winners"]) == 13
        assert (trump_choice is not None) == (result["contract"] == "abundance")
        # Each trick follows suit: a seat off suit held none of the led suit.
        remaining = [set(hand) for hand in hands]
        for start in range(0, 52, 4):
            trick = plays[start : start + 4]
            led = trick[0][1] // 13
            assert sorted(seat for seat, _ in trick) == [0, 1, 2, 3]
            for seat, played in trick:
                if played // 13 != led:
                    assert all(c // 13 != led for c in remaining[seat])
                remaining[seat].remove(played)
    assert {"pass", "prop_cop", "solo", "misere", "abundance"} <= contracts


def test_random_deal_is_reproducible():
    first = random_deal(random.Random(11), 2)
    second = random_deal(random.Random(11), 2)
    assert first == second
