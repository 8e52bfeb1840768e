"""The hand-worked Phat deals of docs/examples.md, scored by the engine's own rule functions
and its deal loop (cards taken from a script instead of strategies)."""

import pytest

from sims.core.cards import mask_of, parse_card
from sims.core.tricks import game_points
from sims.games.phat import rules as phat
from sims.games.phat.scripted import play_phat_script
from sims.run.scripted import IllegalPlayError
from tests.phat_examples import (
    PHAT1_TEAM0,
    PHAT1_TEAM1,
    PHAT2_DEAL1_MUCK0,
    PHAT2_DEAL1_MUCK1,
    PHAT3_PLAYS,
    PHAT4_PLAYS,
    PHAT4_SCORES_AFTER_TRICK,
    hands_holding,
)

DIAMONDS = 1


def phat_points(cards, trump):
    return sum(int(phat.CARD_VALUES[trump, card]) for card in cards)


def test_phat1_trump_honours_count_in_the_phat_and_again_in_the_muck():
    assert phat_points(PHAT1_TEAM0, DIAMONDS) == 24
    assert phat_points(PHAT1_TEAM1, DIAMONDS) == 56
    muck = [game_points(mask_of(pile)) for pile in (PHAT1_TEAM0, PHAT1_TEAM1)]
    assert muck == [42, 38]
    assert phat.game_bonus(42, 38, 0, phat.MUCK_BONUS, True) == (8, 0, 0)
    # Without the trumps in the muck team 0 would have had 22, not 42.
    plain = [c for c in PHAT1_TEAM0 if c // 13 != DIAMONDS]
    assert game_points(mask_of(plain)) == 22


def test_phat2_ties_carry_the_bonus_over_and_accumulate():
    muck_0 = game_points(mask_of(PHAT2_DEAL1_MUCK0))
    muck_1 = game_points(mask_of(PHAT2_DEAL1_MUCK1))
    assert (muck_0, muck_1) == (40, 40)
    deals = [((25, 55), (40, 40)), ((32, 48), (40, 40)), ((37, 43), (45, 35))]
    scores, carry, bonuses, carries = [0, 0], 0, [], []
    for points, (m0, m1) in deals:
        b0, b1, carry = phat.game_bonus(m0, m1, carry, phat.MUCK_BONUS, True)
        scores = [scores[0] + points[0] + b0, scores[1] + points[1] + b1]
        bonuses.append((b0, b1))
        carries.append(carry)
    assert bonuses == [(0, 0), (0, 0), (24, 0)]
    assert carries == [8, 16, 0]
    assert scores == [118, 146]


def test_phat3_the_game_is_won_in_mid_deal_at_exactly_181():
    hands = hands_holding(PHAT3_PLAYS)
    row = play_phat_script(hands, 0, [c for _, c in PHAT3_PLAYS], scores=(171, 178), carry_in=8)
    assert (row["phat_0"], row["phat_1"]) == (10, 2)
    assert (row["muck_0"], row["muck_1"]) == (10, 2)
    assert (row["bonus_0"], row["bonus_1"]) == (0, 0)
    assert (row["carry_in"], row["carry_out"]) == (8, 0)
    assert row["big_phat_team"] == -1
    assert (row["score_after_0"], row["score_after_1"]) == (181, 180)
    assert row["winner"] == 0
    assert row["tricks_played"] == 2


def test_phat3_cards_after_the_winning_trick_are_refused():
    hands = hands_holding(PHAT3_PLAYS)
    cards = [c for _, c in PHAT3_PLAYS] + [hands[2][-1]]
    with pytest.raises(IllegalPlayError, match="after the game was won"):
        play_phat_script(hands, 0, cards, scores=(171, 178), carry_in=8)


def test_phat4_a_whole_deal_scores_each_trick_the_moment_it_is_won():
    hands = hands_holding(PHAT4_PLAYS)
    cards = [c for _, c in PHAT4_PLAYS]
    row = play_phat_script(hands, 1, cards)
    assert (row["phat_0"], row["phat_1"]) == (38, 42)
    assert (row["muck_0"], row["muck_1"]) == (19, 61)
    assert (row["bonus_0"], row["bonus_1"]) == (0, 8)
    assert row["big_phat_team"] == 0
    assert row["big_phat_holder"] == 3
    assert (row["score_after_0"], row["score_after_1"]) == (38, 50)
    assert row["trump"] == 3 and row["pitcher_trumps"] == 3
    # In the first six tricks each winner takes the lead, so with the target set to the
    # leading score after trick t the game must stop right there, with that score.
    for trick, (score_0, score_1) in enumerate(PHAT4_SCORES_AFTER_TRICK[:6], start=1):
        ended = play_phat_script(hands, 1, cards[: 4 * trick], target=max(score_0, score_1))
        assert ended["tricks_played"] == trick
        assert (ended["score_after_0"], ended["score_after_1"]) == (score_0, score_1)
        assert ended["winner"] == (0 if score_0 > score_1 else 1)


def test_must_follow_suit_and_hold_the_card():
    hands = hands_holding(PHAT4_PLAYS)
    cards = [c for _, c in PHAT4_PLAYS]
    revoke = cards.copy()
    revoke[1] = parse_card("QH")  # seat 2 holds spades but plays a heart
    with pytest.raises(IllegalPlayError, match="seat 2 may not play QH"):
        play_phat_script(hands, 1, revoke)
    not_held = cards.copy()
    not_held[0] = parse_card("5S")  # seat 1 leads seat 2's card
    with pytest.raises(IllegalPlayError, match="seat 1 may not play 5S"):
        play_phat_script(hands, 1, not_held)
    with pytest.raises(IllegalPlayError, match="incomplete"):
        play_phat_script(hands, 1, cards[:-1])


def test_bad_hands_are_refused():
    hands = hands_holding(PHAT4_PLAYS)
    with pytest.raises(ValueError, match="four hands of 13"):
        play_phat_script([hands[0][:12], *hands[1:]], 1, [])
    with pytest.raises(ValueError, match="dealt twice"):
        play_phat_script([hands[0], hands[0], hands[2], hands[3]], 1, [])
