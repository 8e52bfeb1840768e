"""Tests of the plain-Python Auction Pitch reference (sims/games/pitch/reference.py).

The worked examples are docs/examples.md "Auction Pitch", Pitch 1 to 6. Where an example gives
only captured piles, the test plays a complete legal deal built to yield exactly those piles
and checks the piles as well as the scores.
"""

from __future__ import annotations

import random

import pytest

from sims.games.pitch.reference import (
    IllegalCall,
    IllegalPlay,
    Rules,
    auction,
    card_name,
    game_value,
    legal_calls,
    legal_cards,
    parse_card,
    parse_cards,
    random_deal,
    score_deal,
    score_piles,
    side_of,
    sides,
    suit,
)
from tests.pitch_examples import (
    PITCH1_TRICKS,
    PITCH2_TRICKS,
    PITCH3_TRICKS,
    PITCH4_TRICKS,
    PITCH5_DEFAULT,
    PITCH5_MUST_FOLLOW,
    PITCH6_TRICKS,
    deal_from_tricks,
)

RESULT_KEYS = {
    "pitcher",
    "bid",
    "trump",
    "high",
    "low",
    "jack",
    "game",
    "game_points",
    "won",
    "made",
    "delta",
    "scores_before",
    "scores_after",
    "winner",
    "smudge",
    "trick_winners",
}


def captured_piles(players: int, plays: list, trick_winners: list[int]) -> list[set[int]]:
    """Cards each seat captured, from the plays and the trick winners."""
    piles: list[set[int]] = [set() for _ in range(players)]
    for number, winner in enumerate(trick_winners):
        piles[winner].update(card for _, card in plays[number * players : (number + 1) * players])
    return piles


def names(text: str) -> set[int]:
    """Set of cards from "AS 8S 6S"."""
    return set(parse_cards(text))


def check_result(result: dict, **expected: object) -> None:
    """Assert the result has exactly the documented keys and the expected values."""
    assert set(result) == RESULT_KEYS
    for key, value in expected.items():
        assert result[key] == value, f"{key}: {result[key]!r} != {value!r}"


# ----------------------------------------------------------------------------- helpers


def test_card_names_round_trip() -> None:
    assert parse_card("AH") == 2 * 13 + 12
    assert parse_card("TD") == 13 + 8
    assert parse_card("2C") == 0
    assert [card_name(c) for c in parse_cards("9S JC")] == ["9S", "JC"]
    assert all(parse_card(card_name(c)) == c for c in range(52))
    assert [game_value(parse_card(n)) for n in "TS AH KD QC JS 9S 2C".split()] == [
        10,
        4,
        3,
        2,
        1,
        0,
        0,
    ]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 8},
        {"players": 3, "partnership": True},
        {"players": 5, "partnership": True},
        {"teams": 4},
        {"min_bid": 3},
        {"min_bid": 0},
        {"target": 0},
    ],
)
def test_rules_reject_bad_options(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        Rules(**kwargs)


def test_sides() -> None:
    assert sides(Rules(players=3)) == [[0], [1], [2]]
    assert sides(Rules(players=2)) == [[0], [1]]
    assert sides(Rules(players=4, partnership=True)) == [[0, 2], [1, 3]]
    assert sides(Rules(players=4, partnership=True, teams=3)) == [[0, 2], [1, 3]]
    assert sides(Rules(players=6, partnership=True, teams=2)) == [[0, 2, 4], [1, 3, 5]]
    assert sides(Rules(players=6, partnership=True, teams=3)) == [[0, 3], [1, 4], [2, 5]]
    six3 = Rules(players=6, partnership=True, teams=3)
    assert [side_of(six3, s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    six2 = Rules(players=6, partnership=True, teams=2)
    assert [side_of(six2, s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [side_of(Rules(players=5), s) for s in range(5)] == [0, 1, 2, 3, 4]


# ----------------------------------------------------------------------------- examples


def test_pitch1_lone_jack_scores_three_and_forced_dealer_bid() -> None:
    rules = Rules(players=3)
    dealer = 2
    assert legal_calls(rules, dealer, [(0, 0), (1, 0)]) == [2, 3, 4]
    with pytest.raises(IllegalCall):
        auction(rules, dealer, [(0, 0), (1, 0), (2, 0)])
    with pytest.raises(IllegalCall):
        auction(rules, dealer, [(0, 0), (1, 0), (2, 1)])
    calls = [(0, 0), (1, 0), (2, 2)]
    assert auction(rules, dealer, calls) == (2, 2)

    hands, plays = deal_from_tricks(3, PITCH1_TRICKS)
    diamonds = [c for hand in hands for c in hand if suit(c) == 1]
    assert diamonds == [parse_card("JD")]
    result = score_deal(rules, hands, dealer, calls, plays, [0, 0, 0])
    piles = captured_piles(3, plays, result["trick_winners"])
    assert piles == [
        names("AS 8S 6S KH 5H 2H"),
        names("TS 2S QH TH 3H KC 9C 7C 5C"),
        names("JD 4H 3C"),
    ]
    check_result(
        result,
        pitcher=2,
        bid=2,
        trump=1,
        high=2,
        low=2,
        jack=2,
        game=1,
        game_points=[7, 25, 1],
        won=[0, 1, 3],
        made=True,
        delta=[0, 1, 3],
        scores_after=[0, 1, 3],
        winner=None,
        smudge=False,
    )


def test_pitch2_lone_trump_dealer_steal_pitcher_wins_behind() -> None:
    rules = Rules(players=4, target=7)
    dealer = 3
    assert legal_calls(rules, dealer, [(0, 2)]) == [0, 3, 4]
    assert legal_calls(rules, dealer, [(0, 2), (1, 0), (2, 0)]) == [0, 2, 3, 4]
    with pytest.raises(IllegalCall):
        auction(rules, dealer, [(0, 2), (1, 2), (2, 0), (3, 0)])
    calls = [(0, 2), (1, 0), (2, 0), (3, 2)]
    assert auction(rules, dealer, calls) == (3, 2)

    hands, plays = deal_from_tricks(4, PITCH2_TRICKS)
    assert [c for hand in hands for c in hand if suit(c) == 2] == [parse_card("6H")]
    result = score_deal(rules, hands, dealer, calls, plays, [2, 7, 4, 5])
    piles = captured_piles(4, plays, result["trick_winners"])
    assert piles == [
        names("KS 6S 5S 8D 7D 5D JC 2C"),
        names("TS 8S 4S 2S KD QD TD 9D AC 9C 7C 4C"),
        set(),
        names("6H 3D 2D 3C"),
    ]
    check_result(
        result,
        pitcher=3,
        bid=2,
        trump=2,
        high=3,
        low=3,
        jack=None,
        game=1,
        game_points=[4, 29, 0, 0],
        won=[0, 1, 0, 2],
        made=True,
        delta=[0, 1, 0, 2],
        scores_before=[2, 7, 4, 5],
        scores_after=[2, 8, 4, 7],
        winner=3,
        smudge=False,
    )


def test_pitch3_no_jack_game_tied_set_back_below_zero() -> None:
    rules = Rules(players=4)
    dealer = 0
    calls = [(1, 0), (2, 3), (3, 0), (0, 0)]
    hands, plays = deal_from_tricks(4, PITCH3_TRICKS)
    spades = {seat: {card_name(c) for c in hand if suit(c) == 3} for seat, hand in enumerate(hands)}
    assert spades == {0: set(), 1: {"9S"}, 2: {"KS", "3S"}, 3: {"4S"}}
    result = score_deal(rules, hands, dealer, calls, plays, [4, 5, 1, 6])
    piles = captured_piles(4, plays, result["trick_winners"])
    assert piles == [
        set(),
        names("QH TH 7H 6H JC 8C 6C 2C"),
        names("KS 9S 4S 3S 5H 2H 5D 3D"),
        names("TD 9D 8D 4D KC 7C 5C 4C"),
    ]
    check_result(
        result,
        pitcher=2,
        bid=3,
        trump=3,
        high=2,
        low=2,
        jack=None,
        game=None,
        game_points=[0, 13, 3, 13],
        won=[0, 0, 2, 0],
        made=False,
        delta=[0, 0, -3, 0],
        scores_after=[4, 5, -2, 6],
        winner=None,
        smudge=False,
    )


@pytest.mark.parametrize(
    ("low_to_holder", "expected"),
    [
        (False, {"low": 3, "won": [0, 0, 1, 3], "made": True, "delta": [0, 0, 1, 3]}),
        (True, {"low": 0, "won": [1, 0, 1, 2], "made": False, "delta": [1, 0, 1, -3]}),
    ],
)
def test_pitch4_low_to_capturer_or_holder(low_to_holder: bool, expected: dict) -> None:
    rules = Rules(players=4, low_to_holder=low_to_holder)
    dealer = 1
    calls = [(2, 0), (3, 3), (0, 0), (1, 0)]
    hands, plays = deal_from_tricks(4, PITCH4_TRICKS)
    clubs = {seat: {card_name(c) for c in hand if suit(c) == 0} for seat, hand in enumerate(hands)}
    assert clubs == {0: {"9C", "2C"}, 1: {"JC"}, 2: set(), 3: {"QC", "6C"}}
    # Trick 2: seat 0 holds only 2C among clubs, so it must play it (or nothing else legal).
    assert legal_cards(rules, set(hands[0]) - {parse_card("9C")}, 0, 0) == {parse_card("2C")}
    result = score_deal(rules, hands, dealer, calls, plays, [0, 0, 0, 0])
    piles = captured_piles(4, plays, result["trick_winners"])
    assert piles == [
        names("AD 9D 7D 5D"),
        names("7S 5S KH QH TH 6H 4H 3D"),
        names("AS KS TS 2S"),
        names("QC JC 9C 6C 2C 4S 3H 8D"),
    ]
    check_result(
        result,
        pitcher=3,
        bid=3,
        trump=0,
        high=3,
        jack=3,
        game=2,
        game_points=[4, 15, 17, 3],
        scores_after=expected["delta"],
        winner=None,
        **expected,
    )


def test_pitch5_hands_at_trick_two() -> None:
    for tricks in (PITCH5_DEFAULT, PITCH5_MUST_FOLLOW):
        hands, _ = deal_from_tricks(3, tricks)
        assert set(hands[1]) == names("AH KS 7S 3S 2D 8C")
        assert set(hands[2]) == names("3H 7H 4S 9D QC TC")
        assert set(hands[0]) == names("2H QD 8D 6D JC 5C")


def test_pitch5_trumping_while_able_to_follow() -> None:
    seat2 = names("7H 4S 9D QC TC")
    seat0 = names("QD 8D 6D JC 5C")
    spades, hearts = 3, 2
    default, strict = Rules(players=3), Rules(players=3, must_follow=True)
    assert legal_cards(default, seat2, spades, hearts) == names("4S 7H")
    assert legal_cards(strict, seat2, spades, hearts) == names("4S")
    assert legal_cards(default, seat0, spades, hearts) == seat0
    assert legal_cards(strict, seat0, spades, hearts) == seat0
    # Unable to follow, a trump is allowed under must_follow too.
    assert parse_card("7H") in legal_cards(strict, names("7H TC"), 1, hearts)

    dealer = 0
    calls = [(1, 2), (2, 0), (0, 0)]
    hands, plays = deal_from_tricks(3, PITCH5_DEFAULT)
    result = score_deal(default, hands, dealer, calls, plays, [0, 0, 0])
    assert result["trump"] == hearts
    assert result["trick_winners"][:2] == [1, 2]

    with pytest.raises(IllegalPlay, match="seat 2 cannot play 7H on trick 2"):
        score_deal(strict, hands, dealer, calls, plays, [0, 0, 0])
    # The default rules still reject a non-trump, non-spade card from seat 2.
    bad = plays[:4] + [(2, parse_card("9D"))] + plays[5:]
    with pytest.raises(IllegalPlay, match="seat 2 cannot play 9D"):
        score_deal(default, hands, dealer, calls, bad, [0, 0, 0])

    hands, plays = deal_from_tricks(3, PITCH5_MUST_FOLLOW)
    for rules in (default, strict):
        result = score_deal(rules, hands, dealer, calls, plays, [0, 0, 0])
        assert result["trick_winners"][:2] == [1, 1]


def test_pitch6_partnership_scoring() -> None:
    rules = Rules(players=4, partnership=True, target=7)
    dealer = 2
    calls = [(3, 0), (0, 3), (1, 0), (2, 0)]
    hands, plays = deal_from_tricks(4, PITCH6_TRICKS)
    diamonds = {seat: {card_name(c) for c in h if suit(c) == 1} for seat, h in enumerate(hands)}
    assert diamonds == {0: {"JD"}, 1: {"8D", "3D"}, 2: {"AD"}, 3: set()}
    result = score_deal(rules, hands, dealer, calls, plays, [4, 6])
    piles = captured_piles(4, plays, result["trick_winners"])
    assert piles == [
        names("9S 8S AH TH 9H 8H 7H 6C"),
        names("3D 6H 5H 4H"),
        names("AD JD 8D 2C"),
        names("TS 7S 6S 2S KC QC 4C 3C"),
    ]
    assert result["trick_winners"][1] == 1  # seat 1 trumped trick 2
    check_result(
        result,
        pitcher=0,
        bid=3,
        trump=1,
        high=0,
        low=1,
        jack=0,
        game=0,
        game_points=[19, 15],
        won=[3, 1],
        made=True,
        delta=[3, 1],
        scores_before=[4, 6],
        scores_after=[7, 7],
        winner=0,
        smudge=False,
    )
    # Cutthroat, the same deal gives Game to seat 3 (largest single pile) and sets seat 0.
    cutthroat = score_deal(Rules(players=4), hands, dealer, calls, plays, [0, 0, 0, 0])
    check_result(cutthroat, game=3, won=[0, 1, 2, 1], made=False, delta=[-3, 1, 2, 1])


def test_score_piles_matches_pitch1_piles() -> None:
    rules = Rules(players=3)
    hands, _ = deal_from_tricks(3, PITCH1_TRICKS)
    piles = [names("AS 8S 6S KH 5H 2H"), names("TS 2S QH TH 3H KC 9C 7C 5C"), names("JD 4H 3C")]
    result = score_piles(rules, 1, hands, piles, 2, 2, [0, 0, 0])
    assert result["won"] == [0, 1, 3]
    assert result["delta"] == [0, 1, 3]
    assert "trick_winners" not in result
    with pytest.raises(ValueError):
        score_piles(rules, 1, hands, piles[:2] + [names("JD 4H")], 2, 2, [0, 0, 0])


# ----------------------------------------------------------------------------- auction


def test_auction_order_and_forced_dealer() -> None:
    rules = Rules(players=4)
    assert legal_calls(rules, 0, []) == [0, 1, 2, 3, 4]
    assert legal_calls(rules, 0, [(1, 0), (2, 0), (3, 0)]) == [2, 3, 4]
    assert auction(rules, 0, [(1, 0), (2, 0), (3, 0), (0, 2)]) == (0, 2)
    two = Rules(players=2)
    assert legal_calls(two, 1, [(0, 0)]) == [2, 3, 4]
    assert auction(two, 1, [(0, 1), (1, 0)]) == (0, 1)
    assert auction(two, 1, [(0, 1), (1, 1)]) == (1, 1)


def test_dealer_steal_and_overcall() -> None:
    rules = Rules(players=4)
    for high in (1, 2, 3):
        calls = [(1, 0), (2, high), (3, 0)]
        assert legal_calls(rules, 0, calls) == [0] + list(range(high, 5))
        assert auction(rules, 0, calls + [(0, high)]) == (0, high)
        assert auction(rules, 0, calls + [(0, 0)]) == (2, high)
        # Non-dealers may not equal the high bid.
        assert high not in legal_calls(rules, 0, calls[:2])
    assert auction(rules, 0, [(1, 1), (2, 2), (3, 3), (0, 4)]) == (0, 4)


def test_four_ends_auction() -> None:
    rules = Rules(players=5)
    assert auction(rules, 4, [(0, 1), (1, 4)]) == (1, 4)
    assert auction(rules, 4, [(0, 4)]) == (0, 4)
    with pytest.raises(IllegalCall, match="over"):
        legal_calls(rules, 4, [(0, 1), (1, 4)])
    with pytest.raises(IllegalCall, match="seat 2"):
        auction(rules, 4, [(0, 1), (1, 4), (2, 0)])


def test_min_bid_two() -> None:
    rules = Rules(players=4, min_bid=2)
    assert legal_calls(rules, 3, []) == [0, 2, 3, 4]
    assert legal_calls(rules, 3, [(0, 0), (1, 0), (2, 0)]) == [2, 3, 4]
    assert legal_calls(rules, 3, [(0, 2), (1, 0), (2, 0)]) == [0, 2, 3, 4]
    with pytest.raises(IllegalCall, match="seat 0 cannot bid 1"):
        auction(rules, 3, [(0, 1), (1, 0), (2, 0), (3, 0)])


@pytest.mark.parametrize(
    ("calls", "match"),
    [
        ([(1, 2), (2, 2)], "seat 2 cannot bid 2"),  # not higher
        ([(1, 3), (2, 1)], "seat 2 cannot bid 1"),  # lower
        ([(1, 0), (2, 0), (3, 0), (0, 0)], "seat 0 cannot pass"),  # forced dealer passes
        ([(1, 0), (2, 0), (3, 0), (0, 1)], "seat 0 cannot bid 1"),  # forced dealer bids 1
        ([(1, 2), (2, 0), (3, 0), (0, 1)], "seat 0 cannot bid 1"),  # steal below the high bid
        ([(1, 4), (2, 0)], "seat 2 cannot pass"),  # a call after a 4
        ([(2, 0)], "seat 2 cannot pass: out of turn"),  # wrong seat
        ([(1, 0), (3, 0)], "out of turn"),  # skipped seat
        ([(1, 5)], "seat 1 cannot bid 5"),  # no such bid
        ([(1, 2), (2, 3), (3, 4), (0, 4)], "seat 0 cannot bid 4"),  # a 4 cannot be stolen
    ],
)
def test_illegal_calls(calls: list, match: str) -> None:
    rules = Rules(players=4)
    with pytest.raises(IllegalCall, match=match):
        auction(rules, 0, calls)


def test_incomplete_auction_rejected() -> None:
    rules = Rules(players=4)
    with pytest.raises(IllegalCall, match="incomplete"):
        auction(rules, 0, [(1, 2), (2, 0)])
    with pytest.raises(IllegalCall, match="incomplete"):
        auction(rules, 0, [])


# ----------------------------------------------------------------------------- play validation


def test_illegal_plays_rejected() -> None:
    rules = Rules(players=3)
    hands, plays = deal_from_tricks(3, PITCH1_TRICKS)
    calls = [(0, 0), (1, 0), (2, 2)]
    before = [0, 0, 0]
    with pytest.raises(IllegalPlay, match="pitcher leads"):
        score_deal(rules, hands, 2, calls, plays[1:2] + plays[:1] + plays[2:], before)
    with pytest.raises(IllegalPlay, match="out of turn"):
        score_deal(rules, hands, 2, calls, plays[:1] + [plays[2], plays[1]] + plays[3:], before)
    not_held = plays[:1] + [(0, parse_card("AD"))] + plays[2:]
    with pytest.raises(IllegalPlay, match="seat 0 cannot play AD on trick 1: card not held"):
        score_deal(rules, hands, 2, calls, not_held, before)
    with pytest.raises(IllegalPlay, match="incomplete"):
        score_deal(rules, hands, 2, calls, plays[:-1], before)
    with pytest.raises(IllegalPlay, match="all 6 tricks"):
        score_deal(rules, hands, 2, calls, plays + [plays[-1]], before)
    # Seat 0 won trick 2 with AS, so seat 1 leading trick 3 is out of turn.
    reordered = plays[:6] + [plays[7], plays[6]] + plays[8:]
    with pytest.raises(IllegalPlay, match="trick 3: out of turn: seat 0 is to play"):
        score_deal(rules, hands, 2, calls, reordered, before)


def test_bad_hands_and_scores_rejected() -> None:
    rules = Rules(players=3)
    hands, plays = deal_from_tricks(3, PITCH1_TRICKS)
    calls = [(0, 0), (1, 0), (2, 2)]
    with pytest.raises(ValueError, match="repeat"):
        score_deal(rules, [hands[0], hands[0], hands[2]], 2, calls, plays, [0, 0, 0])
    with pytest.raises(ValueError, match="cards"):
        score_deal(rules, [hands[0][:5], hands[1], hands[2]], 2, calls, plays, [0, 0, 0])
    with pytest.raises(ValueError, match="hands"):
        score_deal(rules, hands[:2], 2, calls, plays, [0, 0, 0])
    with pytest.raises(ValueError, match="scores_before"):
        score_deal(rules, hands, 2, calls, plays, [0, 0])


# ----------------------------------------------------------------------------- smudge, win


def sweep_deal(jack_in_play: bool = True) -> tuple[list[list[int]], list]:
    """Two players; seat 0 holds six spades and leads them all, winning every trick."""
    top = "AS KS QS JS TS 2S" if jack_in_play else "AS KS QS 9S TS 2S"
    tricks = [f"0:{a} 1:{b}" for a, b in zip(top.split(), "AH KH QH TH 9H 8H".split(), strict=True)]
    return deal_from_tricks(2, tricks)


def test_smudge_wins_outright() -> None:
    hands, plays = sweep_deal()
    calls = [(0, 4)]
    result = score_deal(Rules(players=2, smudge=True), hands, 1, calls, plays, [0, 5])
    check_result(
        result,
        high=0,
        low=0,
        jack=0,
        game=0,
        won=[4, 0],
        made=True,
        scores_after=[4, 5],
        winner=0,
        smudge=True,
    )
    plain = score_deal(Rules(players=2), hands, 1, calls, plays, [0, 5])
    check_result(plain, won=[4, 0], scores_after=[4, 5], winner=None, smudge=False)


def test_smudge_needs_four_bid() -> None:
    hands, plays = sweep_deal()
    result = score_deal(Rules(players=2, smudge=True), hands, 1, [(0, 3), (1, 0)], plays, [0, 0])
    check_result(result, won=[4, 0], winner=None, smudge=False)


def test_smudge_not_from_the_hole() -> None:
    hands, plays = sweep_deal()
    rules = Rules(players=2, smudge=True)
    result = score_deal(rules, hands, 1, [(0, 4)], plays, [-1, 0])
    check_result(result, won=[4, 0], made=True, scores_after=[3, 0], winner=None, smudge=False)
    # At zero the side is not "in the hole": the smudge stands.
    assert score_deal(rules, hands, 1, [(0, 4)], plays, [0, 0])["smudge"] is True


def test_smudge_impossible_without_jack() -> None:
    hands, plays = sweep_deal(jack_in_play=False)
    rules = Rules(players=2, smudge=True)
    result = score_deal(rules, hands, 1, [(0, 4)], plays, [0, 0])
    check_result(
        result, jack=None, won=[3, 0], made=False, delta=[-4, 0], winner=None, smudge=False
    )


def test_smudge_impossible_when_game_tied() -> None:
    # Seat 0 bids 4 and takes High, Low and Jack, but Game ties 5-5: only 3 points.
    tricks = ["0:AS 1:3C", "0:JS 1:4C", "0:2S 1:5C", "0:3H 1:AH", "1:JC 0:7D", "1:6C 0:8D"]
    hands, plays = deal_from_tricks(2, tricks)
    rules = Rules(players=2, smudge=True)
    result = score_deal(rules, hands, 1, [(0, 4)], plays, [0, 0])
    check_result(
        result,
        high=0,
        low=0,
        jack=0,
        game=None,
        game_points=[5, 5],
        won=[3, 0],
        made=False,
        delta=[-4, 0],
        winner=None,
        smudge=False,
    )


def test_win_needs_made() -> None:
    # Two players, dealer 0: seat 1 passes, the dealer is forced to bid 2 and leads 2S;
    # seat 1 must follow with AS, captures High and Low, then wins every trick.
    tricks = ["0:2S 1:AS", "1:AC 0:3H", "1:KC 0:4H", "1:QC 0:5H", "1:TC 0:6H", "1:9C 0:7H"]
    hands, plays = deal_from_tricks(2, tricks)
    calls = [(1, 0), (0, 2)]
    literal = score_deal(Rules(players=2), hands, 0, calls, plays, [12, 0])
    check_result(
        literal,
        pitcher=0,
        bid=2,
        high=1,
        low=1,
        jack=None,
        game=1,
        won=[0, 3],
        made=False,
        delta=[-2, 3],
        scores_after=[10, 3],
        winner=0,
    )
    strict = score_deal(Rules(players=2, win_needs_made=True), hands, 0, calls, plays, [12, 0])
    check_result(strict, made=False, scores_after=[10, 3], winner=None)
    # Pitch 2 is made, so win_needs_made does not change its winner.
    hands2, plays2 = deal_from_tricks(4, PITCH2_TRICKS)
    calls2 = [(0, 2), (1, 0), (2, 0), (3, 2)]
    rules2 = Rules(players=4, win_needs_made=True)
    assert score_deal(rules2, hands2, 3, calls2, plays2, [2, 7, 4, 5])["winner"] == 3


def test_non_pitcher_reaching_target_does_not_win() -> None:
    hands, plays = sweep_deal()
    # Seat 1 is at 9 (above target 7) but seat 0 pitched and stays below the target.
    result = score_deal(Rules(players=2), hands, 1, [(0, 1), (1, 0)], plays, [0, 9])
    check_result(result, scores_after=[4, 9], winner=None)


# ----------------------------------------------------------------------------- six players

SIX_TRICKS = [
    "0:AS 1:3S 2:4S 3:5S 4:6S 5:2S",
    "0:KH 1:JS 2:2H 3:3H 4:4H 5:5H",
    "1:AD 2:2D 3:3D 4:4D 5:5D 0:6D",
    "1:2C 2:3C 3:TC 4:4C 5:5C 0:6C",
    "3:AC 4:7C 5:8C 0:9C 1:JC 2:QC",
    "3:7D 4:8D 5:9D 0:TD 1:JD 2:QD",
]
SIX_CALLS = [(0, 2), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]


def test_six_players_cutthroat() -> None:
    hands, plays = deal_from_tricks(6, SIX_TRICKS)
    result = score_deal(Rules(players=6), hands, 5, SIX_CALLS, plays, [0] * 6)
    check_result(
        result,
        trick_winners=[0, 1, 1, 3, 3, 2],
        high=0,
        low=0,
        jack=1,
        game=3,
        game_points=[4, 8, 13, 17, 0, 0],
        won=[2, 1, 0, 1, 0, 0],
        made=True,
        delta=[2, 1, 0, 1, 0, 0],
    )


def test_six_players_two_teams_of_three() -> None:
    rules = Rules(players=6, partnership=True, teams=2)
    hands, plays = deal_from_tricks(6, SIX_TRICKS)
    result = score_deal(rules, hands, 5, SIX_CALLS, plays, [5, 9])
    check_result(
        result,
        high=0,
        low=0,
        jack=1,
        game=1,
        game_points=[17, 25],
        won=[2, 2],
        made=True,
        delta=[2, 2],
        scores_after=[7, 11],
        winner=0,
    )
    # Low dealt to seat 5 (team 1): team 0 is set back.
    holder = Rules(players=6, partnership=True, teams=2, low_to_holder=True)
    result = score_deal(holder, hands, 5, SIX_CALLS, plays, [5, 9])
    check_result(result, low=1, won=[1, 3], made=False, delta=[-2, 3], winner=None)


def test_six_players_three_teams_of_two() -> None:
    rules = Rules(players=6, partnership=True, teams=3)
    hands, plays = deal_from_tricks(6, SIX_TRICKS)
    result = score_deal(rules, hands, 5, SIX_CALLS, plays, [5, 6, 6])
    check_result(
        result,
        high=0,
        low=0,
        jack=1,
        game=0,
        game_points=[21, 8, 13],
        won=[3, 1, 0],
        made=True,
        delta=[3, 1, 0],
        scores_after=[8, 7, 6],
        winner=0,
    )
    holder = Rules(players=6, partnership=True, teams=3, low_to_holder=True)
    result = score_deal(holder, hands, 5, SIX_CALLS, plays, [0, 0, 0])
    check_result(result, low=2, won=[2, 1, 1], made=True, delta=[2, 1, 1])
    with pytest.raises(ValueError, match="scores_before"):
        score_deal(rules, hands, 5, SIX_CALLS, plays, [0, 0])


# ----------------------------------------------------------------------------- invariants

VARIANTS = [
    Rules(players=2),
    Rules(players=3),
    Rules(players=4),
    Rules(players=5),
    Rules(players=6),
    Rules(players=7),
    Rules(players=4, partnership=True),
    Rules(players=6, partnership=True, teams=2),
    Rules(players=6, partnership=True, teams=3, low_to_holder=True),
    Rules(players=3, must_follow=True, min_bid=2),
    Rules(players=5, low_to_holder=True, smudge=True, win_needs_made=True),
    Rules(players=7, must_follow=True, smudge=True, target=11),
]


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANTS, ids=repr)
def test_random_deal_invariants(rules: Rules) -> None:
    rng = random.Random(f"pitch-{rules!r}")
    count = len(sides(rules))
    for number in range(300):
        dealer = number % rules.players
        before = [rng.randint(-5, rules.target + 2) for _ in range(count)]
        hands, calls, plays = random_deal(rng, rules, dealer)
        result = score_deal(rules, hands, dealer, calls, plays, before)
        assert result == score_deal(rules, hands, dealer, calls, plays, before)
        assert set(result) == RESULT_KEYS

        pitcher, bid = auction(rules, dealer, calls)
        assert (result["pitcher"], result["bid"]) == (pitcher, bid)
        assert bid >= rules.min_bid
        assert plays[0][0] == pitcher and suit(plays[0][1]) == result["trump"]
        assert len(plays) == 6 * rules.players and len(result["trick_winners"]) == 6

        won = result["won"]
        assert sum(won) <= 4
        assert result["high"] in range(count) and result["low"] in range(count)
        dealt = {c for hand in hands for c in hand}
        jack_dealt = result["trump"] * 13 + 9 in dealt
        assert (result["jack"] is None) == (not jack_dealt)
        awarded = [result[k] for k in ("high", "low", "jack", "game") if result[k] is not None]
        assert sum(won) == len(awarded)
        assert all(won[side] == awarded.count(side) for side in range(count))
        assert sum(result["game_points"]) == sum(game_value(c) for c in dealt)

        side = side_of(rules, pitcher)
        assert result["made"] == (won[side] >= bid)
        for s in range(count):
            if s == side and not result["made"]:
                assert result["delta"][s] == -bid
            else:
                assert result["delta"][s] == won[s]
            assert result["scores_after"][s] == before[s] + result["delta"][s]
        assert result["winner"] in (None, side)
        if result["smudge"]:
            assert rules.smudge and bid == 4 and won[side] == 4 and before[side] >= 0
            assert result["winner"] == side
        elif result["winner"] is not None:
            assert result["scores_after"][side] >= rules.target
            assert result["made"] or not rules.win_needs_made
        elif not (rules.win_needs_made and not result["made"]):
            assert result["scores_after"][side] < rules.target


def test_random_auctions_cover_every_bid() -> None:
    rng = random.Random(7)
    rules = Rules(players=4)
    seen = set()
    for number in range(400):
        _, calls, _ = random_deal(rng, rules, number % 4)
        seen.add(auction(rules, number % 4, calls)[1])
        assert len(calls) == 4 or calls[-1][1] == 4
    assert seen == {1, 2, 3, 4}
