"""Tests of the plain-Python Phat reference against docs/rules.md and docs/examples.md."""

import random

import pytest

from sims.games.phat.reference import (
    IllegalPlay,
    card_name,
    legal_cards,
    muck_bonus,
    muck_points,
    muck_value,
    parse_card,
    phat_points,
    phat_value,
    random_deal,
    score_deal,
)
from tests.phat_examples import (
    PHAT1_TEAM0,
    PHAT1_TEAM1,
    PHAT2_DEAL1_MUCK0,
    PHAT2_DEAL1_MUCK1,
    PHAT3_PLAYS,
    PHAT4_PLAYS,
    hands_holding,
)


def cards(text: str) -> list[int]:
    return [parse_card(name) for name in text.split()]


PHAT4_HANDS = hands_holding(PHAT4_PLAYS)


# --- helpers -------------------------------------------------------------------------


def test_card_names_round_trip():
    assert [card_name(c) for c in (0, 8, 12, 13, 51)] == ["2C", "TC", "AC", "2D", "AS"]
    assert all(parse_card(card_name(c)) == c for c in range(52))
    with pytest.raises(ValueError):
        parse_card("1H")


def test_card_values_total_80():
    for trump in range(4):
        assert sum(phat_value(c, trump) for c in range(52)) == 80
        assert sum(phat_value(c, trump) for c in range(52) if c // 13 == trump) == 38
    assert phat_value(parse_card("9H"), 2) == 18
    assert phat_value(parse_card("5H"), 2) == 10
    assert phat_value(parse_card("9S"), 2) == 9
    assert phat_value(parse_card("5S"), 2) == 5
    assert phat_value(parse_card("AS"), 2) == 0
    assert sum(muck_value(c) for c in range(52)) == 80


def test_legal_cards():
    hand = set(cards("AH 2H 3S KD"))
    assert legal_cards(hand, 2) == set(cards("AH 2H"))
    assert legal_cards(hand, 0) == hand
    assert legal_cards(hand, None) == hand


# --- docs/examples.md ------------------------------------------------------------------


def test_phat_1_piles():
    trump = parse_card("AD") // 13
    team0 = PHAT1_TEAM0
    team1 = PHAT1_TEAM1
    points = [phat_points(team0, trump), phat_points(team1, trump)]
    muck = [muck_points(team0), muck_points(team1)]
    assert points == [24, 56]
    assert muck == [42, 38]
    bonus, carry_out = muck_bonus(muck, 0)
    assert bonus == [8, 0]
    assert carry_out == 0
    assert [p + b for p, b in zip(points, bonus, strict=True)] == [32, 56]


def test_phat_2_carry_over_accumulates():
    assert muck_points(PHAT2_DEAL1_MUCK0) == 40
    assert muck_points(PHAT2_DEAL1_MUCK1) == 40
    deals = [([25, 55], [40, 40]), ([32, 48], [40, 40]), ([37, 43], [45, 35])]
    expected = [([0, 0], 8, [25, 55]), ([0, 0], 16, [57, 103]), ([24, 0], 0, [118, 146])]
    scores, carry = [0, 0], 0
    for (points, muck), (want_bonus, want_carry, want_scores) in zip(deals, expected, strict=True):
        bonus, carry = muck_bonus(muck, carry)
        scores = [s + p + b for s, p, b in zip(scores, points, bonus, strict=True)]
        assert bonus == want_bonus
        assert carry == want_carry
        assert scores == want_scores


def test_phat_3_won_mid_deal():
    plays = PHAT3_PLAYS
    result = score_deal(hands_holding(plays), 0, plays, scores_before=(171, 178), carry_in=8)
    assert result["trump"] == 0
    assert result["points"] == [10, 2]
    assert result["muck"] == [10, 2]
    assert result["bonus"] == [0, 0]
    assert result["carry_in"] == 8
    assert result["carry_out"] == 0
    assert result["big_phat"] is None
    assert result["little_phat"] == 0
    assert result["scores_after"] == [181, 180]
    assert result["winner"] == 0
    assert result["tricks_played"] == 2
    assert result["trick_winners"] == [1, 2]


def test_phat_3_no_play_after_the_win():
    plays = PHAT3_PLAYS
    hands = hands_holding(plays)
    extra = (2, next(c for c in hands[2] if c not in {p[1] for p in plays}))
    with pytest.raises(IllegalPlay, match="game ended"):
        score_deal(hands, 0, plays + [extra], scores_before=(171, 178), carry_in=8)


def test_phat_4_whole_deal():
    result = score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS)
    assert result["trump"] == 3
    assert result["points"] == [38, 42]
    assert result["muck"] == [19, 61]
    assert result["bonus"] == [0, 8]
    assert result["carry_out"] == 0
    assert result["big_phat"] == 0
    assert result["big_phat_holder"] == 3
    assert result["little_phat"] == 1
    assert result["little_phat_holder"] == 2
    assert result["scores_after"] == [38, 50]
    assert result["winner"] is None
    assert result["trick_winners"] == [1, 2, 2, 3, 0, 1, 1, 1, 1, 1, 1, 1, 0]
    assert result["tricks"] == [4, 9]
    assert result["tricks_played"] == 13
    assert result["pitcher_trumps"] == 3


def test_phat_4_phat_counts_when_the_trick_is_won():
    # Team 0 reaches 21 on trick 2; team 1 reaches 42 on trick 6.
    early = score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS[:8], target=21)
    assert (early["winner"], early["tricks_played"], early["points"]) == (0, 2, [21, 14])
    assert early["big_phat"] == 0
    later = score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS[:24], scores_before=(0, 139))
    assert (later["winner"], later["tricks_played"]) == (1, 6)
    assert later["scores_after"] == [38, 181]
    assert later["bonus"] == [0, 0]


def test_phat_4_bonus_wins_at_end_of_deal():
    result = score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS, scores_before=(0, 131), carry_in=16)
    assert result["bonus"] == [0, 24]
    assert result["scores_after"] == [38, 197]
    assert result["winner"] == 1
    short = score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS, scores_before=(0, 130))
    assert short["scores_after"] == [38, 180]
    assert short["winner"] is None


def test_muck_tie_carries_and_bonus_needs_whole_muck():
    assert muck_bonus([40, 40], 0) == ([0, 0], 8)
    assert muck_bonus([40, 40], 8) == ([0, 0], 16)
    assert muck_bonus([39, 41], 16) == ([0, 24], 0)
    with pytest.raises(ValueError):
        muck_bonus([10, 2], 0)


# --- illegal plays -----------------------------------------------------------------------


def test_out_of_turn():
    plays = PHAT4_PLAYS[:1] + [PHAT4_PLAYS[2]]
    with pytest.raises(IllegalPlay, match=r"seat 3 cannot play 3S on trick 1: out of turn"):
        score_deal(PHAT4_HANDS, 1, plays)


def test_wrong_opening_leader():
    with pytest.raises(IllegalPlay, match="out of turn"):
        score_deal(PHAT4_HANDS, 0, PHAT4_PLAYS)


def test_card_not_held():
    plays = PHAT4_PLAYS[:1] + [(2, parse_card("3S"))]
    with pytest.raises(IllegalPlay, match=r"seat 2 cannot play 3S on trick 1: card not held"):
        score_deal(PHAT4_HANDS, 1, plays)


def test_card_played_twice():
    plays = PHAT4_PLAYS[:1] + [(2, parse_card("AS"))]
    with pytest.raises(IllegalPlay, match="played twice"):
        score_deal(PHAT4_HANDS, 1, plays)


def test_revoke():
    # Seat 2 holds 5S but plays a heart to the spade lead.
    plays = PHAT4_PLAYS[:1] + [(2, parse_card("9H"))]
    with pytest.raises(IllegalPlay, match=r"seat 2 cannot play 9H on trick 1: must follow suit"):
        score_deal(PHAT4_HANDS, 1, plays)


def test_cannot_trump_while_holding_the_suit_led():
    # Trick 4 leads 9H; seat 0 holds 5H, so it may not ruff with its 2S.
    plays = PHAT4_PLAYS[:14] + [(0, parse_card("2S"))]
    with pytest.raises(IllegalPlay, match=r"seat 0 cannot play 2S on trick 4: must follow"):
        score_deal(PHAT4_HANDS, 1, plays)


def test_incomplete_deal():
    with pytest.raises(IllegalPlay, match="deal incomplete"):
        score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS[:-1])
    with pytest.raises(IllegalPlay, match="deal incomplete"):
        score_deal(PHAT4_HANDS, 1, [])


def test_play_after_all_tricks():
    with pytest.raises(IllegalPlay, match="trick 14"):
        score_deal(PHAT4_HANDS, 1, PHAT4_PLAYS + [(0, parse_card("2S"))])


def test_bad_hands():
    short = [list(hand) for hand in PHAT4_HANDS]
    short[0].pop()
    with pytest.raises(ValueError, match="12 cards"):
        score_deal(short, 1, PHAT4_PLAYS)
    duplicate = [list(hand) for hand in PHAT4_HANDS]
    duplicate[0][0] = duplicate[1][0]
    with pytest.raises(ValueError, match="repeat"):
        score_deal(duplicate, 1, PHAT4_PLAYS)
    with pytest.raises(ValueError):
        score_deal(PHAT4_HANDS[:3], 1, PHAT4_PLAYS)


def test_illegal_play_is_a_value_error():
    assert issubclass(IllegalPlay, ValueError)


# --- random deals ----------------------------------------------------------------------


def test_random_deal_is_reproducible():
    a = random_deal(random.Random(7), 2)
    b = random_deal(random.Random(7), 2)
    assert a == b
    assert score_deal(a[0], 2, a[1]) == score_deal(b[0], 2, b[1])


def test_random_deal_invariants():
    rng = random.Random(20240601)
    ties = 0
    for n in range(3000):
        pitcher = n % 4
        hands, plays = random_deal(rng, pitcher)
        assert len(plays) == 52
        assert plays[0][0] == pitcher
        result = score_deal(hands, pitcher, plays)
        assert result["trump"] == plays[0][1] // 13
        assert sum(result["points"]) == 80
        assert sum(result["muck"]) == 80
        assert sum(result["tricks"]) == 13
        assert len(result["trick_winners"]) == result["tricks_played"] == 13
        assert result["big_phat"] in (0, 1) and result["little_phat"] in (0, 1)
        assert 1 <= result["pitcher_trumps"] <= 13
        bonus, carry_out = result["bonus"], result["carry_out"]
        if carry_out == 8:
            ties += 1
            assert bonus == [0, 0]
        else:
            assert carry_out == 0 and sorted(bonus) == [0, 8]
        assert result["scores_after"] == [
            p + b for p, b in zip(result["points"], bonus, strict=True)
        ]
        assert result["winner"] is None
    assert 0 < ties < 300


def test_game_can_end_on_the_last_trick():
    rng = random.Random(3)
    while True:
        hands, plays = random_deal(rng, 0)
        last = [card for _, card in plays[-4:]]
        full = score_deal(hands, 0, plays)
        if phat_points(last, full["trump"]) > 0:
            break
    team = full["trick_winners"][-1] % 2
    before = [0, 0]
    before[team] = 181 - full["points"][team]
    result = score_deal(hands, 0, plays, scores_before=before, carry_in=8)
    assert result["winner"] == team
    assert result["tricks_played"] == 13
    assert result["scores_after"][team] == 181
    assert result["bonus"] == [0, 0]
    assert result["carry_out"] == 0
