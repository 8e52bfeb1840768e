"""Tests of the plain-Python All Fours reference (sims/games/allfours): docs/rules.md
section 7.

The golden deals are the examples of docs/examples.md (All Fours 1 to 3), two-handed: dealer
D is seat 0, eldest E seat 1. Where an example leaves the rest of the stock open ("..."),
the remaining cards follow in pack order; they are never dealt.
"""

from __future__ import annotations

import random

import pytest

from sims.games.allfours.reference import (
    Decision,
    Rules,
    check_answer,
    deal_points,
    deck,
    legal_cards,
    parse_cards,
    random_answer,
    sides,
    trick_winner,
)
from sims.games.allfours.reference_deal import (
    DealResult,
    play_deal,
    play_deal_with,
    play_game,
    random_deal,
)

D, E = 0, 1
SEATS = {"D": D, "E": E}


def cards(text: str) -> list[str]:
    """Cards written as in the rule book, e.g. "A♥ 10♥ 5♦"."""
    return parse_cards(text)


def plays(*tricks: str) -> list[tuple[int, str]]:
    """Answers for the tricks of a table, each written "E K♣, D 7♣"."""
    answers = []
    for trick in tricks:
        for item in trick.split(","):
            seat, card = item.split()
            answers.append((SEATS[seat], cards(card)[0]))
    return answers


def stock_after(hands: list[list[str]], top: list[str]) -> list[str]:
    """The stock: ``top`` (upcard first) and then every other card in pack order."""
    used = {card for hand in hands for card in hand} | set(top)
    return top + [card for card in deck() if card not in used]


def scored(result: DealResult) -> list[tuple[str, int, int]]:
    """(name, side, value) of every award added to the scores, in order."""
    return [(award.name, award.side, award.value) for award in result.scored]


# ----------------------------------------------------------------------------- rules


def test_legal_cards_follow_or_trump() -> None:
    hand = cards("Q♣ 7♣ J♥ 2♥ 10♦ K♠")
    assert set(legal_cards(hand, [(E, "TC")], "H")) == set(cards("Q♣ 7♣ J♥ 2♥"))
    assert set(legal_cards(hand, [(E, "AH")], "H")) == set(cards("J♥ 2♥"))
    assert set(legal_cards(cards("K♠ 3♠"), [(E, "4D")], "H")) == set(cards("K♠ 3♠"))
    assert set(legal_cards(hand, [], "H")) == set(hand)


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("10♣ J♥", "H", 1),
        ("K♣ 7♣", "H", 0),
        ("4♦ 10♦", "H", 1),
        ("2♥ A♠ 3♥", "H", 2),
        ("5♠ A♦ K♠", "C", 2),
    ],
)
def test_trick_winner(trick: str, trump: str, winner: int) -> None:
    assert trick_winner(list(enumerate(cards(trick))), trump) == winner


# ----------------------------------------------------------------------------- examples

AF1_HANDS = [cards("J♥ 2♥ Q♣ 7♣ 10♦ K♠"), cards("A♥ 9♥ K♣ 10♣ 4♦ 3♠")]
AF1_STOCK = stock_after(AF1_HANDS, cards("6♥"))
AF1_PLAY = plays(
    "E K♣, D 7♣", "E 10♣, D J♥", "D K♠, E 9♥", "E A♥, D 2♥", "E 4♦, D 10♦", "D Q♣, E 3♠"
)


def test_example_af1_stand_low_captured_but_scored_by_holder() -> None:
    result = play_deal(Rules(), D, AF1_HANDS, AF1_STOCK, [(E, "stand"), *AF1_PLAY], [0, 0])
    assert result.trump == "H"
    assert [trick.winner for trick in result.tricks] == [E, D, E, E, D, D]
    assert result.card_points == (23, 10)
    assert scored(result) == [("High", E, 1), ("Low", D, 1), ("Jack", D, 1), ("Game", D, 1)]
    assert result.scores_after == (3, 1)
    assert "6H" in result.dead
    winner_rules = Rules(low_to="winner")
    result = play_deal(winner_rules, D, AF1_HANDS, AF1_STOCK, [(E, "stand"), *AF1_PLAY])
    assert result.scores_after == (2, 2)
    # Trick 2: D trumps with J♥ although holding Q♣ (legal).
    assert "JH" in legal_cards(cards("J♥ 2♥ Q♣ 10♦ K♠"), [(E, "TC")], "H")


def test_kick_points_score_the_first_upcard() -> None:
    # All Fours 1's upcard is a six: 2 points at once under the Trinidad option (AF-3.3).
    result = play_deal(Rules(kick_points=True), D, AF1_HANDS, AF1_STOCK, [(E, "stand"), *AF1_PLAY])
    assert scored(result)[0] == ("Turn-up", D, 2)
    assert result.scores_after == (5, 1)


AF2_HANDS = [cards("9♣ 10♥ 7♦ 4♦ 7♠ 2♠"), cards("10♠ 9♦ 8♦ 6♥ 5♠ 3♥")]
AF2_STOCK = stock_after(AF2_HANDS, cards("5♣"))
AF2_ANSWERS = [
    (E, "beg"),
    (D, "give"),
    *plays("E 10♠, D 2♠", "E 9♦, D 4♦", "E 5♠, D 7♠", "D 10♥, E 3♥", "D 9♣, E 6♥", "D 7♦, E 8♦"),
]


@pytest.mark.parametrize("game_tie", ["eldest", "none"])
def test_example_af2_gift_single_trump_counting_order_decides(game_tie: str) -> None:
    rules = Rules(game_tie=game_tie)
    result = play_deal(rules, D, AF2_HANDS, AF2_STOCK, AF2_ANSWERS, [5, 5])
    assert result.card_points == (10, 10)
    assert scored(result) == [("Gift", E, 1), ("High", D, 1), ("Low", D, 1)]
    assert result.scores_after == (7, 6)
    assert result.winner == D
    points = {award.name: award for award in result.points}
    assert points["High"].card == points["Low"].card == "9C"
    assert points["Jack"].side is None  # J♣ not in play
    assert points["Game"].side == (E if game_tie == "eldest" else None)  # never reached


def test_dealer_may_not_give_the_point_that_puts_eldest_out() -> None:
    with pytest.raises(ValueError, match="legal are run"):
        play_deal(Rules(), D, AF2_HANDS, AF2_STOCK, AF2_ANSWERS, [5, 6])


AF3_HANDS = [cards("Q♠ 3♠ K♥ 5♣ 9♦ 4♦"), cards("9♠ 7♠ 4♠ 8♣ 6♦ 2♥")]
AF3_STOCK = stock_after(AF3_HANDS, cards("10♠ K♣ 3♦ 7♥ A♣ 8♥ 5♠ 6♠ A♥ Q♥ 2♣ 10♥ 3♥ K♦ J♥"))
AF3_PLAY = plays(
    "E A♥, D 3♥", "E K♣, D A♣", "D K♦, E 7♥", "E 9♠, D 8♥", "D 10♥, E Q♥", "E 2♥, D K♥"
)
AF3_ANSWERS = [
    (E, "beg"),
    (D, "run"),
    (E, cards("A♥ Q♥ 7♥ 2♥ K♣ 9♠")),
    (D, cards("K♥ 10♥ 8♥ 3♥ A♣ K♦")),
    *AF3_PLAY,
]


def test_example_af3_beg_run_twice_jack_turned_discard_to_six() -> None:
    result = play_deal(Rules(), D, AF3_HANDS, AF3_STOCK, AF3_ANSWERS, [2, 2])
    assert result.upcards == tuple(cards("10♠ 6♠ J♥"))
    assert (result.trump, result.runs) == ("H", 2)
    assert {"TS", "6S", "JH"} <= set(result.dead)
    assert set(cards("7♠ 4♠ 8♣ 6♦ 3♦ 2♣ Q♠ 3♠ 5♣ 9♦ 4♦ 5♠")) <= set(result.dead)
    assert result.card_points == (10, 19)
    assert scored(result) == [("Turn-up", D, 1), ("High", E, 1), ("Low", E, 1), ("Game", E, 1)]
    assert result.scores_after == (3, 5)
    assert {award.name: award.side for award in result.points}["Jack"] is None
    winner_rules = Rules(low_to="winner")
    assert play_deal(winner_rules, D, AF3_HANDS, AF3_STOCK, AF3_ANSWERS, [2, 2]).scores_after == (
        4,
        4,
    )


def test_af3_discard_options() -> None:
    # Two runs were made, so keep_if_one_run still discards to six.
    kept_if_one = Rules(discard_after_run="keep_if_one_run")
    assert play_deal(kept_if_one, D, AF3_HANDS, AF3_STOCK, AF3_ANSWERS, [2, 2]).scores_after == (
        3,
        5,
    )
    seen: list[Decision] = []
    rng = random.Random(4)

    def chooser(decision: Decision) -> object:
        seen.append(decision)
        return {"beg": "beg", "give": "run"}.get(decision.kind) or random_answer(rng, decision)

    result = play_deal_with(Rules(discard_after_run="keep_all"), D, AF3_HANDS, AF3_STOCK, chooser)
    assert [len(hand) for hand in result.hands_at_play] == [12, 12]
    assert len(result.tricks) == 12
    assert not any(decision.kind == "keep" for decision in seen)
    with pytest.raises(ValueError, match="must keep 6 cards, not 7"):
        play_deal(
            Rules(), D, AF3_HANDS, AF3_STOCK, [*AF3_ANSWERS[:2], (E, cards("A♥ Q♥ 7♥ 2♥ K♣ 9♠ 7♠"))]
        )


def test_keep_if_one_run_keeps_nine_cards() -> None:
    # With a heart upcard, All Fours 3's first run turns 6♠, a new suit: one run, nine cards kept.
    hands = AF3_HANDS
    stock = stock_after(hands, cards("10♥ K♣ 3♦ 7♥ A♣ 8♥ 5♠ 6♠"))
    rules = Rules(discard_after_run="keep_if_one_run")
    result = play_deal_with(rules, D, hands, stock, scripted([(E, "beg"), (D, "run")], 1))
    assert (result.trump, result.runs) == ("S", 1)
    assert [len(hand) for hand in result.hands_at_play] == [9, 9]


def scripted(answers: list[tuple[int, object]], seed: int, seen: list | None = None):
    """A chooser giving ``answers`` first, then random legal ones (recorded in ``seen``)."""
    queue, rng = list(answers), random.Random(seed)

    def chooser(decision: Decision) -> object:
        if queue:
            seat, answer = queue.pop(0)
            assert seat == decision.seat, decision
            return answer
        if seen is not None:
            seen.append(decision)
        return random_answer(rng, decision)

    return chooser


def test_jack_turned_can_end_the_game_before_play() -> None:
    hands = AF1_HANDS
    stock = stock_after(hands, cards("J♠"))
    result = play_deal(Rules(), D, hands, stock, [], [6, 3])
    assert scored(result) == [("Turn-up", D, 1)]
    assert (result.winner, result.tricks, result.scores_after) == (D, (), (7, 3))
    # Short of the target, the same Jack scores and play goes on; it is dead for the Jack.
    result = play_deal_with(Rules(), D, hands, stock, scripted([(E, "stand")], 0), [0, 0])
    assert scored(result)[0] == ("Turn-up", D, 1)
    assert {a.name: a.side for a in result.points}["Jack"] is None


def test_jack_of_a_rejected_suit_scores_nothing_and_a_new_suit_jack_scores() -> None:
    # First upcard 10♠; the run turns J♠ (same suit: set aside, no point), then J♥.
    hands = AF3_HANDS
    stock = stock_after(hands, cards("10♠ K♣ 3♦ 7♥ A♣ 8♥ 5♠ J♠ A♥ Q♥ 2♣ 10♥ 3♥ K♦ J♥"))
    result = play_deal_with(Rules(), D, hands, stock, scripted([(E, "beg"), (D, "run")], 2))
    assert result.upcards == tuple(cards("10♠ J♠ J♥"))
    assert scored(result)[0] == ("Turn-up", D, 1)
    assert sum(1 for award in result.scored if award.name == "Turn-up") == 1


def test_running_out_of_cards_bunches_the_deal() -> None:
    # Every run turns a spade after a spade upcard: five runs, then fewer than 7 cards.
    spades = [card for card in deck() if card.endswith("S")]
    others = [card for card in deck() if not card.endswith("S")]
    hands = [others[0:6], others[6:12]]
    upcards = spades[:6]
    dealt = [card for card in deck() if card not in upcards and card not in others[:12]]
    stock = [upcards[0]]
    for run in range(5):
        stock += dealt[run * 6 : run * 6 + 6] + [upcards[run + 1]]
    stock += dealt[30:]
    assert len(stock) == 40
    result = play_deal(Rules(), D, hands, stock, [(E, "beg"), (D, "run")], [1, 2])
    assert result.bunched and result.runs == 5
    assert result.upcards == tuple(spades[:6])
    assert result.scores_after == (1, 2) and result.winner is None


def test_bunch_by_agreement() -> None:
    answers = [(E, "beg"), (D, "run"), (E, True)]
    rules = Rules(bunch_by_agreement=True)
    result = play_deal(rules, D, AF3_HANDS, AF3_STOCK, answers, [2, 2])
    assert result.bunched and result.tricks == ()
    assert result.scores_after == (3, 2)  # the Jack turned stands
    declined = [(E, "beg"), (D, "run"), (E, False), *AF3_ANSWERS[2:]]
    assert play_deal(rules, D, AF3_HANDS, AF3_STOCK, declined, [2, 2]).scores_after == (3, 5)
    with pytest.raises(ValueError):
        Rules(players=3, bunch_by_agreement=True)
    with pytest.raises(ValueError, match="cannot agree to bunch"):
        check_answer(Decision("bunch", E, (False, True)), 1)


def test_hang_jack_scores_three_when_captured_from_the_other_side() -> None:
    hands = [cards("J♥ 2♣ 3♣ 4♣ 5♣ 6♣"), cards("A♥ 7♣ 8♣ 9♣ 10♣ J♣")]
    stock = stock_after(hands, cards("6♥"))
    answers = [(E, "stand")] + plays(
        "E A♥, D J♥", "E 7♣, D 2♣", "E 8♣, D 3♣", "E 9♣, D 4♣", "E 10♣, D 5♣", "E J♣, D 6♣"
    )
    plain = play_deal(Rules(), D, hands, stock, answers)
    hanged = play_deal(Rules(hang_jack=True), D, hands, stock, answers)
    assert ("Jack", E, 1) in scored(plain)
    assert ("Jack", E, 3) in scored(hanged)
    # High A♥ to E, Low J♥ to its holder D, Game to E (16 to 0).
    assert plain.scores_after == (1, 3) and hanged.scores_after == (1, 5)


# ----------------------------------------------------------------------------- more players


def test_three_players_gift_to_both_and_game_tie() -> None:
    rules = Rules(players=3)
    hands, stock = random_deal(random.Random(8), rules)
    assert stock[0][0] != "J"
    answers = [(1, "beg"), (0, "give")]
    result = play_deal_with(rules, 0, hands, stock, scripted(answers, 3), [0, 0, 0])
    assert scored(result)[:2] == [("Gift", 1, 1), ("Gift", 2, 1)]
    # The dealer must run if either non-dealer would reach the target.
    with pytest.raises(ValueError, match="legal are run"):
        play_deal_with(rules, 0, hands, stock, scripted(answers, 3), [0, 0, 6])
    # Game tie: eldest scores it only if tied for the most (AF-10.1).
    tie = [(((0, "TC"), (1, "2C"), (2, "3C")), 0), (((0, "4D"), (1, "TD"), (2, "2D")), 1)]
    assert deal_points(rules, "H", 1, tie)[-1].side == 1
    assert deal_points(rules, "H", 2, tie)[-1].side is None
    assert deal_points(Rules(players=3, game_tie="none"), "H", 1, tie)[-1].side is None


def test_four_players_partnerships_gift_to_eldest_side() -> None:
    rules = Rules(players=4)
    assert sides(rules) == [[0, 2], [1, 3]]
    hands, stock = random_deal(random.Random(9), rules)
    assert stock[0][0] != "J"
    result = play_deal_with(rules, 3, hands, stock, scripted([(0, "beg"), (3, "give")], 5))
    assert scored(result)[0] == ("Gift", 0, 1)
    assert len(result.scores_after) == 2


# ----------------------------------------------------------------------------- properties


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_deals_award_each_point_once(players: int) -> None:
    rng = random.Random(100 + players)
    for index in range(150):
        rules = Rules(
            players=players,
            target=rng.choice([7, 10, 11, 1000]),
            low_to=rng.choice(["holder", "winner"]),
            discard_after_run=rng.choice(["to_six", "keep_if_one_run", "keep_all"]),
        )
        hands, stock = random_deal(rng, rules)
        before = [rng.randrange(0, rules.target) for _ in sides(rules)]
        result = play_deal_with(rules, index % players, hands, stock, scripted([], index), before)
        gained = [after - b for after, b in zip(result.scores_after, before, strict=True)]
        assert sum(gained) == sum(award.value for award in result.scored)
        if result.winner is None:
            assert all(score < rules.target for score in result.scores_after)
        else:
            assert result.scores_after[result.winner] >= rules.target
            reached = [s for s, v in enumerate(result.scores_after) if v >= rules.target]
            assert reached == [result.winner]  # counting stops at the first side out
        if result.bunched or not result.tricks:
            continue
        names = [award.name for award in result.points]
        assert names == ["High", "Low", "Jack", "Game"]
        in_play = {card for hand in result.hands_at_play for card in hand}
        assert sum(result.card_points) == sum(
            {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}.get(card[0], 0) for card in in_play
        )
        trumps_in_play = [card for card in in_play if card[1] == result.trump]
        awarded = {award.name: award.side for award in result.points}
        assert (awarded["High"] is None) == (not trumps_in_play)
        assert (awarded["Jack"] is None) == ("J" + result.trump not in in_play)
        if rules.target == 1000:  # no game end: at most 5 to one side (AF-6.4)
            assert max(gained) <= 5


def test_whole_games_reach_the_target() -> None:
    for players, target in ((2, 7), (3, 10), (4, 11)):
        rules = Rules(players=players, target=target)
        game = play_game(rules, random.Random(players), scripted([], players))
        assert game.scores[game.winner] >= target
        assert all(deal.winner is None for deal in game.deals[:-1])
        assert game.deals[-1].winner == game.winner
