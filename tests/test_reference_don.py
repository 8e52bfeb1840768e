"""Tests of the plain-Python Nine-card Don reference against docs/rules.md and docs/examples.md."""

import random

import pytest

from sims.games.don.reference import (
    BONUSES,
    GAME_TIES,
    don_value,
    game_value,
    random_deal,
    score_deal,
)
from sims.games.phat.reference import IllegalPlay, parse_card, trick_winner
from tests.don_examples import (
    DON1_HANDS,
    DON1_PITCHER,
    DON1_PLAYS,
    DON1_TEAM0,
    DON1_TEAM1,
    DON1_UNDEALT,
    cards,
)

NO_WIN = 10**9  # a target nobody reaches: independent deals


def test_don_1_deal_matches_the_example():
    dealt = sorted(c for hand in DON1_HANDS for c in hand)
    assert sorted(dealt + DON1_UNDEALT) == list(range(52))
    assert sorted(DON1_TEAM0 + DON1_TEAM1) == dealt
    # The hand-built tricks capture exactly the example's piles.
    piles: list[list[int]] = [[], []]
    for n in range(9):
        trick = DON1_PLAYS[4 * n : 4 * n + 4]
        piles[trick_winner(trick, 0) % 2] += [card for _, card in trick]
    assert sorted(piles[0]) == sorted(DON1_TEAM0)
    assert sorted(piles[1]) == sorted(DON1_TEAM1)


def test_don_1_piles():
    assert sum(don_value(c, 0) for c in DON1_TEAM0) == 16
    assert sum(don_value(c, 0) for c in DON1_TEAM1) == 19
    assert sum(don_value(c, 0) for c in DON1_UNDEALT) == 9  # AC 4 + 5D 5
    assert sum(game_value(c) for c in DON1_TEAM0) == 20
    assert sum(game_value(c) for c in DON1_TEAM1) == 36


def test_don_1_whole_deal():
    result = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS)
    assert result["trump"] == 0
    assert result["points"] == [16, 19]
    assert result["muck"] == [20, 36]
    assert result["bonus"] == [0, 8]
    assert result["carry_in"] == 0
    assert result["carry_out"] == 0
    assert result["big_phat"] == 1
    assert result["big_phat_holder"] == 0
    assert result["little_phat"] == 0
    assert result["little_phat_holder"] == 1
    assert (result["high"], result["low"], result["jack"]) == (1, 0, 0)
    assert result["scores_before"] == [0, 0]
    assert result["scores_after"] == [16, 27]
    assert result["winner"] is None
    assert result["trick_winners"] == [1, 0, 0, 0, 2, 1, 1, 3, 3]
    assert result["tricks"] == [4, 5]
    assert result["tricks_played"] == 9
    assert result["pitcher_trumps"] == 2


def test_result_keys():
    result = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS)
    assert set(result) == {
        "trump",
        "points",
        "muck",
        "bonus",
        "carry_in",
        "carry_out",
        "big_phat",
        "little_phat",
        "big_phat_holder",
        "little_phat_holder",
        "high",
        "low",
        "jack",
        "tricks",
        "trick_winners",
        "tricks_played",
        "pitcher_trumps",
        "scores_before",
        "scores_after",
        "winner",
    }


@pytest.mark.parametrize(
    ("bonus", "want_bonus", "want_scores"),
    [
        ("game8", [0, 8], [16, 27]),
        ("game6_high_low", [1, 7], [17, 26]),
        ("game5_high_low_jack", [2, 6], [18, 25]),
    ],
)
def test_don_2_bonus_variants(bonus, want_bonus, want_scores):
    result = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, bonus=bonus)
    assert result["points"] == [16, 19]
    assert result["muck"] == [20, 36]
    assert result["bonus"] == want_bonus
    assert result["scores_after"] == want_scores
    assert (result["high"], result["low"], result["jack"]) == (1, 0, 0)
    assert result["carry_out"] == 0
    assert result["winner"] is None


def test_don_2_high_and_low_are_trumps_in_play():
    in_play = sorted(c for hand in DON1_HANDS for c in hand if c // 13 == 0)
    assert in_play == sorted(cards("KC QC JC TC 9C 7C 5C 4C 3C"))
    # KC is High although AC exists; 3C is Low although 2C exists (neither was dealt).
    assert in_play[-1] == parse_card("KC") and in_play[0] == parse_card("3C")


# --- card values ------------------------------------------------------------------------


def test_card_values():
    for trump in range(4):
        assert sum(don_value(c, trump) for c in range(52)) == 44
        assert sum(don_value(c, trump) for c in range(52) if c // 13 == trump) == 29
    assert don_value(parse_card("5H"), 2) == 10
    assert don_value(parse_card("9H"), 2) == 9
    assert [don_value(parse_card(n), 2) for n in ("AH", "KH", "QH", "JH", "TH")] == [4, 3, 2, 1, 0]
    assert don_value(parse_card("5S"), 2) == 5
    assert don_value(parse_card("9S"), 2) == 0
    assert don_value(parse_card("AS"), 2) == 0
    assert [game_value(parse_card(n)) for n in ("AC", "KD", "QH", "JS", "TC", "9C", "5D")] == [
        4,
        3,
        2,
        1,
        10,
        0,
        0,
    ]
    assert sum(game_value(c) for c in range(52)) == 80


# --- winning ----------------------------------------------------------------------------


def test_win_mid_deal_stops_play_and_loses_the_carry():
    # Team 0 reaches 16 on trick 3 while team 1 has 14.
    result = score_deal(
        DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:12], target=16, carry_in=8, game_tie="carry"
    )
    assert result["winner"] == 0
    assert result["tricks_played"] == 3
    assert result["points"] == [16, 14]
    assert result["muck"] == [10 + 1 + 4, 3 + 2]  # TC JC AH against KC QC
    assert result["scores_after"] == [16, 14]
    assert result["bonus"] == [0, 0]
    assert result["carry_in"] == 8
    assert result["carry_out"] == 0
    with pytest.raises(IllegalPlay, match="game ended"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, target=16, carry_in=8, game_tie="carry")


def test_captures_not_yet_made_are_none_when_the_game_ends():
    result = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:4], target=14)
    assert result["winner"] == 1
    assert result["scores_after"] == [0, 14]
    assert result["big_phat"] == 1
    assert result["high"] == 1
    assert result["little_phat"] is None
    assert result["low"] is None
    assert result["jack"] is None
    assert result["little_phat_holder"] == 1


def test_reaching_the_target_needs_to_be_strictly_ahead():
    # Team 1 reaches 121 on trick 6 (5S) with team 0 far behind.
    result = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:24], scores_before=(0, 102))
    assert (result["winner"], result["tricks_played"]) == (1, 6)
    assert result["scores_after"] == [16, 121]
    # Level at or past the target: play on; the first team to score then wins.
    level = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:4], scores_before=(130, 130))
    assert (level["winner"], level["scores_after"]) == (1, [130, 144])


def test_end_of_deal_points_can_win():
    result = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, scores_before=(0, 94))
    assert result["scores_after"] == [16, 121]
    assert result["winner"] == 1
    short = score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, scores_before=(0, 93))
    assert short["scores_after"] == [16, 120]
    assert short["winner"] is None


@pytest.mark.parametrize(
    ("before", "after", "winner"),
    [
        ((103, 96), [121, 121], None),  # both reach 121, equal: play on
        ((103, 97), [121, 122], 1),  # both past the target: the higher wins
        ((104, 96), [122, 121], 0),
    ],
)
def test_both_teams_past_the_target_at_the_end_of_the_deal(before, after, winner):
    # Under game5_high_low_jack Don 1 ends [16, 19] in play, bonus [2, 6]; neither team
    # reaches 121 during play from these scores.
    result = score_deal(
        DON1_HANDS, DON1_PITCHER, DON1_PLAYS, scores_before=before, bonus="game5_high_low_jack"
    )
    assert result["tricks_played"] == 9
    assert result["bonus"] == [2, 6]
    assert result["scores_after"] == after
    assert result["winner"] == winner


# --- game ties --------------------------------------------------------------------------


def _deals(seed: int, tied: bool, count: int) -> list[tuple[list[list[int]], list]]:
    """``count`` random deals (pitcher 0) whose game counts are (or are not) equal."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        hands, plays = random_deal(rng, 0)
        muck = score_deal(hands, 0, plays, target=NO_WIN)["muck"]
        if (muck[0] == muck[1]) == tied:
            found.append((hands, plays))
    return found


TIES = _deals(11, True, 2)


def test_game_tie_is_lost_by_default():
    hands, plays = TIES[0]
    result = score_deal(hands, 0, plays, target=NO_WIN)
    assert result["muck"][0] == result["muck"][1]
    assert result["bonus"] == [0, 0]
    assert result["carry_out"] == 0
    assert result["scores_after"] == result["points"]


def test_game_tie_carries_and_accumulates():
    (h1, p1), (h2, p2) = TIES
    (h3, p3) = _deals(12, False, 1)[0]
    first = score_deal(h1, 0, p1, target=NO_WIN, game_tie="carry")
    assert (first["bonus"], first["carry_out"]) == ([0, 0], 8)
    second = score_deal(
        h2, 0, p2, target=NO_WIN, game_tie="carry", carry_in=8, scores_before=first["scores_after"]
    )
    assert (second["bonus"], second["carry_out"]) == ([0, 0], 16)
    before, gained = first["scores_after"], second["points"]
    assert second["scores_after"] == [a + b for a, b in zip(before, gained, strict=True)]
    third = score_deal(h3, 0, p3, target=NO_WIN, game_tie="carry", carry_in=16)
    team = 0 if third["muck"][0] > third["muck"][1] else 1
    want = [0, 0]
    want[team] = 24
    assert (third["bonus"], third["carry_out"]) == (want, 0)


@pytest.mark.parametrize(("bonus", "worth"), [("game6_high_low", 6), ("game5_high_low_jack", 5)])
def test_game_tie_under_variants_still_scores_high_low_jack(bonus, worth):
    hands, plays = TIES[0]
    result = score_deal(hands, 0, plays, target=NO_WIN, bonus=bonus, game_tie="carry", carry_in=3)
    assert result["carry_out"] == 3 + worth
    want = [0, 0]
    want[result["high"]] += 1
    want[result["low"]] += 1
    if bonus == "game5_high_low_jack" and result["jack"] is not None:
        want[result["jack"]] += 1
    assert result["bonus"] == want


def test_win_at_the_end_of_a_tied_deal_loses_the_carry():
    hands, plays = TIES[0]
    base = score_deal(hands, 0, plays, target=NO_WIN, bonus="game6_high_low")
    team = base["high"]
    before = [0, 0]
    before[team] = 121 - base["points"][team] - base["bonus"][team]
    result = score_deal(
        hands, 0, plays, scores_before=before, bonus="game6_high_low", game_tie="carry", carry_in=8
    )
    assert result["winner"] == team
    assert result["scores_after"][team] == 121
    assert result["carry_out"] == 0


# --- illegal plays ----------------------------------------------------------------------


def test_not_a_card():
    with pytest.raises(IllegalPlay, match="not a card"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:1] + [(0, 52)])
    with pytest.raises(IllegalPlay, match="not a card"):
        score_deal(DON1_HANDS, DON1_PITCHER, [(3, "QC")])


def test_out_of_turn():
    plays = DON1_PLAYS[:1] + [DON1_PLAYS[2]]
    with pytest.raises(IllegalPlay, match=r"seat 1 cannot play KC on trick 1: out of turn"):
        score_deal(DON1_HANDS, DON1_PITCHER, plays)
    with pytest.raises(IllegalPlay, match="out of turn"):
        score_deal(DON1_HANDS, 0, DON1_PLAYS)


def test_card_not_held():
    # AC was not dealt; 4C is seat 2's.
    with pytest.raises(IllegalPlay, match=r"seat 0 cannot play AC on trick 1: card not held"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:1] + [(0, parse_card("AC"))])
    with pytest.raises(IllegalPlay, match="card not held"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:1] + [(0, parse_card("4C"))])


def test_card_played_twice():
    with pytest.raises(IllegalPlay, match="played twice"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:1] + [(0, parse_card("QC"))])


def test_must_follow_suit():
    # Seat 0 holds 9C and JC but discards a heart to the club lead.
    with pytest.raises(IllegalPlay, match=r"seat 0 cannot play AH on trick 1: must follow suit"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:1] + [(0, parse_card("AH"))])
    # Trick 4 leads KH; seat 2 still holds 8H, so it may not ruff with 7C (as it does,
    # void, on trick 5).
    plays = DON1_PLAYS[:14] + [(2, parse_card("7C"))]
    with pytest.raises(IllegalPlay, match=r"seat 2 cannot play 7C on trick 4: must follow suit"):
        score_deal(DON1_HANDS, DON1_PITCHER, plays)


def test_incomplete_deal():
    with pytest.raises(IllegalPlay, match="deal incomplete"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS[:-1])
    with pytest.raises(IllegalPlay, match="deal incomplete"):
        score_deal(DON1_HANDS, DON1_PITCHER, [])


def test_play_after_all_tricks():
    with pytest.raises(IllegalPlay, match="trick 10"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS + [(3, parse_card("AC"))])


def test_illegal_play_is_a_value_error():
    assert issubclass(IllegalPlay, ValueError)


# --- bad arguments ----------------------------------------------------------------------


def test_bad_hands():
    short = [list(hand) for hand in DON1_HANDS]
    short[0].pop()
    with pytest.raises(ValueError, match="8 cards"):
        score_deal(short, DON1_PITCHER, DON1_PLAYS)
    duplicate = [list(hand) for hand in DON1_HANDS]
    duplicate[0][0] = duplicate[1][0]
    with pytest.raises(ValueError, match="repeat"):
        score_deal(duplicate, DON1_PITCHER, DON1_PLAYS)
    with pytest.raises(ValueError, match="4 hands"):
        score_deal(DON1_HANDS[:3], DON1_PITCHER, DON1_PLAYS)
    not_card = [list(hand) for hand in DON1_HANDS]
    not_card[2][0] = 60
    with pytest.raises(ValueError, match="not a card"):
        score_deal(not_card, DON1_PITCHER, DON1_PLAYS)


def test_bad_options():
    with pytest.raises(ValueError, match="game8, game6_high_low, game5_high_low_jack"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, bonus="game9")
    with pytest.raises(ValueError, match="none, carry"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, game_tie="split")
    with pytest.raises(ValueError, match="pitcher"):
        score_deal(DON1_HANDS, 4, DON1_PLAYS)
    with pytest.raises(ValueError, match="already"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, scores_before=(121, 100))
    with pytest.raises(ValueError, match="negative"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, carry_in=-8, game_tie="carry")
    with pytest.raises(ValueError, match="game_tie"):
        score_deal(DON1_HANDS, DON1_PITCHER, DON1_PLAYS, carry_in=8)
    assert BONUSES == ("game8", "game6_high_low", "game5_high_low_jack")
    assert GAME_TIES == ("none", "carry")


# --- random deals -----------------------------------------------------------------------


def test_random_deal_is_reproducible():
    a = random_deal(random.Random(7), 2)
    b = random_deal(random.Random(7), 2)
    assert a == b
    assert score_deal(a[0], 2, a[1]) == score_deal(b[0], 2, b[1])


def test_random_deal_invariants():
    rng = random.Random(20240601)
    ties = 0
    for n in range(2000):
        pitcher = n % 4
        bonus = BONUSES[n % 3]
        carry_in = 8 * (n % 2)
        hands, plays = random_deal(rng, pitcher)
        dealt = {card for hand in hands for card in hand}
        assert all(len(hand) == 9 for hand in hands) and len(dealt) == 36
        assert len(plays) == 36 and plays[0][0] == pitcher
        result = score_deal(
            hands, pitcher, plays, target=NO_WIN, bonus=bonus, game_tie="carry", carry_in=carry_in
        )
        trump = result["trump"]
        assert trump == plays[0][1] // 13
        undealt = set(range(52)) - dealt
        assert sum(result["points"]) == 44 - sum(don_value(c, trump) for c in undealt)
        assert sum(result["muck"]) == sum(game_value(c) for c in dealt)
        assert sum(result["tricks"]) == len(result["trick_winners"]) == 9
        assert result["tricks_played"] == 9
        # Each trick has one card per seat; no card is captured twice; the piles rebuilt
        # from the trick winners give the points, the game count and the captures.
        captured: dict[int, int] = {}
        points, muck = [0, 0], [0, 0]
        for t, won_by in enumerate(result["trick_winners"]):
            trick = plays[4 * t : 4 * t + 4]
            assert sorted(seat for seat, _ in trick) == [0, 1, 2, 3]
            assert trick_winner(trick, trump) == won_by
            for _, card in trick:
                assert card not in captured
                captured[card] = won_by % 2
                points[won_by % 2] += don_value(card, trump)
                muck[won_by % 2] += game_value(card)
        assert set(captured) == dealt
        assert points == result["points"] and muck == result["muck"]
        trumps = sorted(c for c in dealt if c // 13 == trump)
        assert result["high"] == captured[trumps[-1]]
        assert result["low"] == captured[trumps[0]]
        assert result["jack"] == captured.get(trump * 13 + 9)
        assert result["big_phat"] == captured.get(trump * 13 + 7)
        assert result["little_phat"] == captured.get(trump * 13 + 3)
        assert 1 <= result["pitcher_trumps"] <= 9
        # End-of-deal points: 8 in all plus the carry, except on a game tie.
        extras = {"game8": 0, "game6_high_low": 2, "game5_high_low_jack": 3}[bonus]
        if result["jack"] is None and bonus == "game5_high_low_jack":
            extras -= 1
        worth = 8 - {"game8": 0, "game6_high_low": 2, "game5_high_low_jack": 3}[bonus]
        if muck[0] == muck[1]:
            ties += 1
            assert sum(result["bonus"]) == extras
            assert result["carry_out"] == carry_in + worth
        else:
            assert sum(result["bonus"]) == worth + carry_in + extras
            assert result["carry_out"] == 0
            game_team = 0 if muck[0] > muck[1] else 1
            assert result["bonus"][game_team] >= worth + carry_in
        assert result["scores_after"] == [
            p + b for p, b in zip(result["points"], result["bonus"], strict=True)
        ]
        assert result["winner"] is None
    assert 0 < ties < 200
