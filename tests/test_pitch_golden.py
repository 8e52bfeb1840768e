"""The hand-worked Auction Pitch deals of docs/examples.md, played by the engine's own deal
loop with the calls and cards taken from a script."""

import numpy as np
import pytest

from sims.core.cards import parse_cards
from sims.core.options import resolve
from sims.games.pitch import rules as pitch
from sims.games.pitch.scripted import play_pitch_script
from sims.run.scripted import IllegalPlayError
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

PASS = 0


def rules(*variants: str) -> dict:
    chosen = resolve("pitch", pitch.OPTIONS, variants)
    pitch.check(chosen)
    return chosen


def play(chosen: dict, tricks: list[str], dealer: int, calls: list[int], scores=None):
    hands, plays = deal_from_tricks(chosen["players"], tricks)
    return play_pitch_script(chosen, hands, dealer, calls, [c for _, c in plays], scores)


def side(value) -> int | None:
    return None if value < 0 else int(value)


def check(row, sides: int, **expected) -> None:
    got = {
        "high": side(row["high"]),
        "low": side(row["low"]),
        "jack": side(row["jack"]),
        "game": side(row["game_point"]),
        "won": [int(x) for x in row["won"][:sides]],
        "made": bool(row["made"]),
        "delta": [int(x) for x in row["delta"][:sides]],
        "scores_after": [int(x) for x in row["score_after"][:sides]],
        "winner": side(row["winner"]),
    }
    assert {key: got[key] for key in expected} == expected


def test_pitch1_a_lone_jack_of_trumps_is_worth_three_and_the_dealer_is_forced_to_bid():
    three = rules("players=3")
    for forbidden in ([PASS, PASS, PASS], [PASS, PASS, 1]):
        with pytest.raises(IllegalPlayError, match="seat 2 may not call"):
            play(three, PITCH1_TRICKS, 2, forbidden)
    row = play(three, PITCH1_TRICKS, 2, [PASS, PASS, 2])
    assert (row["pitcher"], row["contract"], row["trumps_in_play"]) == (2, 2, 1)
    check(
        row,
        3,
        high=2,
        low=2,
        jack=2,
        game=1,
        won=[0, 1, 3],
        made=True,
        delta=[0, 1, 3],
        scores_after=[0, 1, 3],
        winner=None,
    )


def test_pitch2_a_lone_trump_the_dealers_steal_and_a_pitcher_winning_from_behind():
    row = play(rules(), PITCH2_TRICKS, 3, [2, PASS, PASS, 2], scores=[2, 7, 4, 5])
    assert row["pitcher"] == 3 and row["stolen"]
    check(
        row,
        4,
        high=3,
        low=3,
        jack=None,
        game=1,
        won=[0, 1, 0, 2],
        made=True,
        delta=[0, 1, 0, 2],
        scores_after=[2, 8, 4, 7],
        winner=3,
    )


def test_pitch2_seats_after_a_two_may_not_bid_two():
    with pytest.raises(IllegalPlayError, match="seat 1 may not call 2"):
        play(rules(), PITCH2_TRICKS, 3, [2, 2, PASS, PASS])


def test_pitch3_no_jack_in_play_a_tied_game_and_a_set_back_below_zero():
    row = play(rules(), PITCH3_TRICKS, 0, [PASS, 3, PASS, PASS], scores=[4, 5, 1, 6])
    check(
        row,
        4,
        high=2,
        low=2,
        jack=None,
        game=None,
        won=[0, 0, 2, 0],
        made=False,
        delta=[0, 0, -3, 0],
        scores_after=[4, 5, -2, 6],
        winner=None,
    )
    assert list(row["game_points"][:4]) == [0, 13, 3, 13]


def test_pitching_a_four_ends_the_auction_at_once():
    row = play(rules(), PITCH3_TRICKS, 0, [PASS, 4], scores=[4, 5, 1, 6])
    assert list(row["call"][:4]) == [PASS, 4, -1, -1]
    assert row["contract"] == 4 and row["pitcher"] == 2
    check(row, 4, made=False, delta=[0, 0, -4, 0], scores_after=[4, 5, -3, 6])


@pytest.mark.parametrize(
    ("variants", "expected"),
    [
        ((), {"low": 3, "won": [0, 0, 1, 3], "made": True, "delta": [0, 0, 1, 3]}),
        (
            ("low_to_holder",),
            {"low": 0, "won": [1, 0, 1, 2], "made": False, "delta": [1, 0, 1, -3]},
        ),
    ],
)
def test_pitch4_low_goes_to_its_captor_or_with_low_to_holder_to_its_holder(variants, expected):
    row = play(rules(*variants), PITCH4_TRICKS, 1, [PASS, 3, PASS, PASS])
    check(row, 4, high=3, jack=3, game=2, **expected)


def test_pitch5_trumping_while_able_to_follow_is_legal_unless_must_follow():
    three = rules("players=3")
    calls = [2, PASS, PASS]
    row = play(three, PITCH5_DEFAULT, 0, calls)
    assert row["pitcher"] == 1 and row["trump"] == 2
    with pytest.raises(IllegalPlayError, match="seat 2 may not play 7H"):
        play(rules("players=3", "must_follow"), PITCH5_DEFAULT, 0, calls)
    followed = play(rules("players=3", "must_follow"), PITCH5_MUST_FOLLOW, 0, calls)
    assert followed["pitcher"] == 1


def test_pitch6_partnership_points_and_game_are_counted_per_team():
    row = play(rules("partnership"), PITCH6_TRICKS, 2, [PASS, 3, PASS, PASS], scores=[4, 6])
    check(
        row,
        2,
        high=0,
        low=1,
        jack=0,
        game=0,
        won=[3, 1],
        made=True,
        delta=[3, 1],
        scores_after=[7, 7],
        winner=0,
    )
    assert list(row["game_points"][:2]) == [19, 15]
    alone = play(rules(), PITCH6_TRICKS, 2, [PASS, 3, PASS, PASS])
    check(alone, 4, game=3, won=[0, 1, 2, 1], made=False, delta=[-3, 1, 2, 1])


SWEEP = ["0:AS 1:3H", "0:JS 1:4H", "0:2S 1:5H", "0:TS 1:6H", "0:TH 1:7H", "0:TD 1:8H"]


@pytest.mark.parametrize(
    ("variants", "before", "winner", "smudged"),
    [
        (("players=2", "smudge"), [0, 0], 0, True),
        (("players=2", "smudge"), [-1, 0], None, False),
        (("players=2",), [0, 0], None, False),
    ],
)
def test_a_smudge_wins_outright_unless_from_the_hole(variants, before, winner, smudged):
    row = play(rules(*variants), SWEEP, 1, [4], scores=before)
    assert row["smudged"] == smudged
    check(row, 2, won=[4, 0], made=True, winner=winner)


def test_win_needs_made_stops_a_set_back_pitcher_at_the_target_from_winning():
    # Seat 2 bids 3 and takes 2: set back from 10 to 7, still at the target of 7.
    calls = [PASS, 3, PASS, PASS]
    literal = play(rules(), PITCH3_TRICKS, 0, calls, scores=[0, 0, 10, 0])
    strict = play(rules("win_needs_made"), PITCH3_TRICKS, 0, calls, scores=[0, 0, 10, 0])
    for row in (literal, strict):
        assert not row["made"]
        assert np.array_equal(row["score_after"][:4], [0, 0, 7, 0])
    assert literal["winner"] == 2
    assert strict["winner"] == -1


def test_bad_hands_are_refused():
    with pytest.raises(ValueError, match="4 hands of 6 cards"):
        play_pitch_script(rules(), [parse_cards("AS KS QS JS TS 9S")] * 3, 0, [2], [])
    with pytest.raises(ValueError, match="dealt twice"):
        play_pitch_script(rules(), [parse_cards("AS KS QS JS TS 9S")] * 4, 0, [2], [])
