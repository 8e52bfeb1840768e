"""Tests of the plain-Python Cinch reference (sims/games/cinch): docs/rules.md section 6.

The golden deals are docs/examples.md (Cinch 1 to 3) and the unit cases of docs/rules.md
section 6.11. Where an example shows the hands only after the draw (Cinch 2 and 3), the
test builds nine-card hands and a stock that lead to exactly those hands, and plays the
whole deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from sims.games.cinch.reference import (
    Decision,
    Point,
    Rules,
    check_answer,
    deck,
    effective_suit,
    is_trump,
    legal_cards,
    parse_cards,
    random_answer,
    settle,
    sides,
    trick_rank,
    trick_winner,
    trump_order,
)
from sims.games.cinch.reference_deal import (
    DealResult,
    play_deal,
    play_deal_with,
    play_game,
    random_deal,
)

N, E, S, W = 0, 1, 2, 3
SEATS = {"N": N, "E": E, "S": S, "W": W}
NS, EW = 0, 1


def cards(text: str) -> list[str]:
    """Cards written as in the rule book, e.g. "A♥ 10♥ 5♦"."""
    return parse_cards(text)


def plays(*tricks: str) -> list[tuple[int, str]]:
    """Answers for the tricks of a table, each written "N A♥, E 6♥, S 3♥, W 4♥"."""
    answers = []
    for trick in tricks:
        for item in trick.split(","):
            seat, card = item.split()
            answers.append((SEATS[seat], cards(card)[0]))
    return answers


def leftover(*used: Sequence[str]) -> list[str]:
    """The cards of the pack not in any of ``used``, in pack order."""
    taken = {card for group in used for card in group}
    return [card for card in deck() if card not in taken]


def point_sides(result: DealResult) -> dict[str, int | None]:
    """Side (or None, dead) that scored each counting card."""
    return {point.name: point.side for point in result.points}


# ----------------------------------------------------------------------------- ranking


def test_left_pedro_is_a_trump_and_leaves_its_suit() -> None:
    assert trump_order("C") == cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 5♠ 4♣ 3♣ 2♣")
    assert effective_suit("5D", "H") == "H"
    assert effective_suit("5H", "D") == "D"
    assert effective_suit("5S", "H") == "S"
    assert is_trump("5C", "S") and not is_trump("5C", "H")
    # A player whose only diamond is the Left Pedro is void in diamonds (6.0.2).
    hand = cards("5♦ 9♣ K♠")
    assert legal_cards(Rules(), hand, [(N, "AD")], "H") == sorted(hand, key=deck().index)
    ranks = [trick_rank(card, "H") for card in cards("6♥ 5♥ 5♦ 4♥ A♦")]
    assert ranks == sorted(ranks, reverse=True)


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("5♦ 4♥ 3♥ 2♥", 0),  # Left Pedro > 4
        ("5♥ 5♦ 6♥ A♦", 2),
        ("K♦ 5♦ Q♦ A♦", 1),  # 5♦ is a trump, so it beats all diamonds
        ("A♦ 2♦ 3♣ 4♠", 0),  # no trump played
    ],
)
def test_trick_winner_units_of_6_11(trick: str, winner: int) -> None:
    played = list(enumerate(cards(trick)))
    assert trick_winner(played, "H") == winner


def test_legal_cards_follow_or_trump_and_strict() -> None:
    hand = cards("8♣ 4♦ K♠ 5♥")  # trumps ♦: 4♦ and the Left Pedro 5♥
    lead_club = [(E, "AC")]
    assert set(legal_cards(Rules(), hand, lead_club, "D")) == set(cards("8♣ 4♦ 5♥"))
    assert legal_cards(Rules(follow="strict"), hand, lead_club, "D") == ["8C"]
    # A trump lead (the Left Pedro counts as one) demands a trump from either rule.
    for rules in (Rules(), Rules(follow="strict")):
        assert set(legal_cards(rules, hand, [(E, "5H")], "D")) == set(cards("4♦ 5♥"))
    # Void in the suit led: any card, trumping not compulsory.
    assert set(legal_cards(Rules(), hand, [(E, "QH")], "D")) == set(hand)
    assert set(legal_cards(Rules(), hand, [], "D")) == set(hand)


# ----------------------------------------------------------------------------- examples

C1_HANDS = [
    cards("A♥ J♥ 9♥ 2♥ K♠ 7♠ 4♣ 8♦ 3♦"),
    cards("K♥ 6♥ Q♠ 10♠ 5♠ 9♣ 6♣ J♦ 4♦"),
    cards("10♥ 5♥ 3♥ A♠ 8♠ A♣ Q♦ 7♦ 2♦"),
    cards("Q♥ 8♥ 5♦ J♠ 2♠ K♣ 3♣ 10♦ 9♦"),
]
C1_STOCK = cards("9♠ Q♣ 7♥ 6♦ J♣ 3♠ 10♣ A♦ 8♣ 4♥ K♦ 6♠ 7♣ 5♣ 4♠ 2♣")
C1_ANSWERS = [
    (N, 5),
    (E, 0),
    (S, 0),
    (W, 0),
    (N, "H"),
    (N, cards("A♥ J♥ 9♥ 2♥")),
    (E, cards("K♥ 6♥")),
    (S, cards("10♥ 5♥ 3♥")),
    (W, cards("Q♥ 8♥ 5♦ 4♥ K♣ K♦")),
    *plays(
        "N A♥, E 6♥, S 3♥, W 4♥",
        "N J♥, E K♥, S 10♥, W 5♦",
        "E 3♠, S 8♣, W K♦, N 9♠",
        "N 9♥, E 7♥, S 5♥, W Q♥",
        "W 8♥, N 2♥, E 6♦, S A♦",
        "W K♣, N Q♣, E J♣, S 10♣",
    ),
]


def test_example_c1_draw_rob_contract_failed() -> None:
    result = play_deal(Rules(), W, C1_HANDS, C1_STOCK, C1_ANSWERS, [0, 0])
    assert [set(hand) for hand in result.hands_at_play] == [
        set(cards("A♥ J♥ 9♥ 2♥ 9♠ Q♣")),
        set(cards("K♥ 7♥ 6♥ 6♦ J♣ 3♠")),
        set(cards("10♥ 5♥ 3♥ 10♣ A♦ 8♣")),
        set(cards("Q♥ 8♥ 5♦ 4♥ K♣ K♦")),
    ]
    assert [trick.winner for trick in result.tricks] == [N, E, N, W, W, W]
    assert point_sides(result) == {
        "High": NS,
        "Jack": EW,
        "Game": EW,
        "Left Pedro": EW,
        "Right Pedro": EW,
        "Low": EW,
    }
    assert (result.maker, result.bid, result.trump) == (N, 5, "H")
    assert result.won == (1, 13)
    assert result.made is False
    assert result.delta == (0, 18)
    assert result.scores_after == (0, 18)
    # Nothing was dead but the non-trump discards: every counting card scored.
    assert not any(is_trump(card, "H") for card in result.dead)

    setback = play_deal(Rules(scoring="setback"), W, C1_HANDS, C1_STOCK, C1_ANSWERS, [0, 0])
    assert setback.delta == (-5, 13)


def test_example_c1_step_by_step_rejects_illegal_answers() -> None:
    with pytest.raises(ValueError, match="seat 1 cannot bid 5"):
        play_deal(Rules(), W, C1_HANDS, C1_STOCK, [(N, 5), (E, 5)])
    with pytest.raises(ValueError, match="out of turn"):
        play_deal(Rules(), W, C1_HANDS, C1_STOCK, [(E, 5)])
    with pytest.raises(ValueError, match="must keep 4 of its trumps"):
        play_deal(Rules(), W, C1_HANDS, C1_STOCK, [*C1_ANSWERS[:5], (N, cards("A♥ J♥ 9♥ K♠"))])
    # Trick 4: S holds 5♥ as his only trump and must play it on the trump lead.
    bad = list(C1_ANSWERS)
    assert bad[23] == (S, "5H")
    bad[23] = (S, "AD")
    with pytest.raises(ValueError, match="seat 2 cannot play 'AD': legal are 5H"):
        play_deal(Rules(), W, C1_HANDS, C1_STOCK, bad)
    with pytest.raises(ValueError, match="deal incomplete"):
        play_deal(Rules(), W, C1_HANDS, C1_STOCK, C1_ANSWERS[:-1])
    with pytest.raises(ValueError, match="left over"):
        play_deal(Rules(), W, C1_HANDS, C1_STOCK, [*C1_ANSWERS, (W, "KC")])


def c2_deal() -> tuple[list[list[str]], list[str]]:
    """Nine-card hands and stock for example Cinch 2 (dealer N, trump ♠, Left Pedro 5♣)."""
    finals = {
        N: cards("A♠ K♠ Q♠ J♠ 10♠ 9♠"),
        E: cards("5♠ 4♠ K♥ Q♦ 9♣ 2♥"),
        S: cards("8♠ 6♠ A♥ 7♦ 3♣ 10♥"),
        W: cards("7♠ 5♣ 3♠ J♦ 8♥ 6♣"),
    }
    rest = leftover(*finals.values(), ["2S"])  # 27 non-trumps
    hands = [
        cards("A♠ K♠ Q♠ J♠") + rest[20:25],
        cards("5♠ 4♠") + rest[0:7],
        cards("8♠ 6♠") + rest[7:14],
        cards("7♠ 5♣ 3♠") + rest[14:20],
    ]
    stock = (
        cards("K♥ Q♦ 9♣ 2♥ A♥ 7♦ 3♣ 10♥ J♦ 8♥ 6♣ 10♠ 9♠ 2♠") + rest[25:27]
    )  # E, S, W draw 4, 4, 3; N robs the last five
    return hands, stock


C2_PLAY = plays(
    "N A♠, E 4♠, S 6♠, W 3♠",
    "N K♠, E 5♠, S 8♠, W 7♠",
    "N Q♠, E 2♥, S 3♣, W 5♣",
    "N J♠, E 9♣, S 7♦, W 6♣",
    "N 10♠, E Q♦, S 10♥, W 8♥",
    "N 9♠, E K♥, S A♥, W J♦",
)


def c2_answers(dealer_keeps: list[str]) -> list[tuple[int, object]]:
    """Bids, trump, keeps and plays of example Cinch 2 with the dealer keeping ``dealer_keeps``."""
    return [
        (E, 0),
        (S, 0),
        (W, 4),
        (N, 10),
        (N, "S"),
        (E, cards("5♠ 4♠")),
        (S, cards("8♠ 6♠")),
        (W, cards("7♠ 5♣ 3♠")),
        (N, dealer_keeps),
        *C2_PLAY,
    ]


def test_example_c2_dealer_maker_counting_trump_dead_in_the_rob() -> None:
    hands, stock = c2_deal()
    answers = c2_answers(cards("A♠ K♠ Q♠ J♠ 10♠ 9♠"))
    result = play_deal(Rules(), N, hands, stock, answers, [30, 25])
    assert "2S" in result.dead
    assert point_sides(result)["Low"] is None
    assert [trick.winner for trick in result.tricks] == [N] * 6
    assert result.won == (13, 0)
    assert result.made is True
    assert result.delta == (13, 0)
    assert result.scores_after == (43, 25)
    assert result.winner is None
    # W's 5♣ is forced in trick 3: it is his only trump.
    assert legal_cards(Rules(), cards("5♣ 6♣ J♦ 8♥"), [(N, "QS"), (E, "2H"), (S, "3C")], "S") == [
        "5C"
    ]
    # Under must_keep_counters (CIN-5.4) the robbing dealer may not expose 2♠.
    with pytest.raises(ValueError, match="counting trumps"):
        play_deal(Rules(must_keep_counters=True), N, hands, stock, answers, [30, 25])
    # Forced to keep trumps, he still may choose which six of his seven.
    strict = Rules(dealer_must_take_trumps=True)
    assert play_deal(strict, N, hands, stock, answers, [30, 25]).delta == (13, 0)
    keeps_a_plain_card = c2_answers(cards("A♠ K♠ Q♠ J♠ 10♠") + [stock[-1]])[:9]
    with pytest.raises(ValueError, match="must keep 6 of its trumps"):
        play_deal(strict, N, hands, stock, keeps_a_plain_card, [30, 25])


def c3_deal() -> tuple[list[list[str]], list[str]]:
    """Nine-card hands and stock for example Cinch 3 (dealer E, trump ♦, Left Pedro 5♥)."""
    finals = [
        cards("Q♦ 7♦ 5♦ K♥ J♣ 9♠"),
        cards("K♦ 10♦ 5♥ 3♦ A♣ 7♠"),
        cards("A♦ 9♦ 4♦ Q♠ 8♣ 2♥"),
        cards("J♦ 8♦ 6♦ 2♦ K♠ 10♣"),
    ]
    rest = leftover(*finals)  # 28 non-trumps
    hands = [
        cards("Q♦ 7♦ 5♦") + rest[11:17],
        finals[E] + rest[17:20],
        cards("A♦ 9♦ 4♦") + rest[0:6],
        cards("J♦ 8♦ 6♦ 2♦") + rest[6:11],
    ]
    stock = cards("Q♠ 8♣ 2♥ K♠ 10♣ K♥ J♣ 9♠") + rest[20:28]  # S, W, N draw 3, 2, 3
    return hands, stock


C3_ANSWERS = [
    (S, 0),
    (W, 0),
    (N, 0),
    (E, 0),
    (E, "D"),
    (S, cards("A♦ 9♦ 4♦")),
    (W, cards("J♦ 8♦ 6♦ 2♦")),
    (N, cards("Q♦ 7♦ 5♦")),
    (E, cards("K♦ 10♦ 5♥ 3♦ A♣ 7♠")),
    *plays(
        "E A♣, S 4♦, W 10♣, N J♣",
        "S A♦, W 6♦, N 7♦, E 3♦",
        "S 9♦, W J♦, N Q♦, E K♦",
        "E 5♥, S 2♥, W 8♦, N 5♦",
        "W K♠, N 9♠, E 7♠, S Q♠",
        "W 2♦, N K♥, E 10♦, S 8♣",
    ),
]


def test_example_c3_all_pass_dealer_names_trump_left_pedro_led() -> None:
    hands, stock = c3_deal()
    result = play_deal(Rules(), E, hands, stock, C3_ANSWERS, [0, 0])
    assert (result.maker, result.bid, result.trump) == (E, 0, "D")
    assert sum(is_trump(card, "D") for hand in result.hands_at_play for card in hand) == 14
    assert [trick.winner for trick in result.tricks] == [S, S, E, W, W, E]
    assert result.won == (1, 13)
    assert result.made is True
    assert result.delta == (0, 12)
    setback = play_deal(Rules(scoring="setback"), E, hands, stock, C3_ANSWERS, [0, 0])
    assert setback.delta == (1, 13)
    # Trick 1: S trumps while holding 8♣ (legal); strict following forbids it.
    with pytest.raises(ValueError, match="seat 2 cannot play '4D'"):
        play_deal(Rules(follow="strict"), E, hands, stock, C3_ANSWERS, [0, 0])
    # Trick 4: on the Left Pedro's lead S has no trump, so 2♥ is a free discard.
    assert set(legal_cards(Rules(), cards("Q♠ 8♣ 2♥"), [(E, "5H")], "D")) == set(cards("Q♠ 8♣ 2♥"))


def test_all_pass_options() -> None:
    hands, stock = c3_deal()
    forced = play_deal(Rules(all_pass="dealer_forced_min_bid"), E, hands, stock, C3_ANSWERS, [0, 0])
    assert (forced.maker, forced.bid, forced.made, forced.delta) == (E, 1, True, (0, 12))
    thrown_in = play_deal(Rules(all_pass="redeal_next_dealer"), E, hands, stock, C3_ANSWERS[:4])
    assert (thrown_in.maker, thrown_in.trump, thrown_in.tricks) == (None, None, ())
    assert thrown_in.scores_after == thrown_in.scores_before == (0, 0)
    with pytest.raises(ValueError, match="cannot bid 1"):
        play_deal(Rules(min_bid=6), E, hands, stock, [(S, 1)])


# ----------------------------------------------------------------------------- scoring


def points_for(maker_side: int, made_points: int, other_points: int) -> list[Point]:
    """Counting cards split so that the maker's side (seat N or E) took ``made_points``."""
    values = [("Right Pedro", 5), ("Left Pedro", 5), ("High", 1), ("Low", 1)]
    values += [("Jack", 1), ("Game", 1)]
    points, left = [], {maker_side: made_points, 1 - maker_side: other_points}
    for name, value in values:
        side = maker_side if left[maker_side] >= value else 1 - maker_side
        if left[side] < value:
            side = None
        else:
            left[side] -= value
        points.append(Point(name, "", value, side))
    assert left == {0: 0, 1: 0}
    return points


@pytest.mark.parametrize(
    ("bid", "made_points", "other", "default", "setback"),
    [
        (6, 8, 6, (2, 0), (8, 6)),
        (6, 6, 8, (0, 2), (6, 8)),
        (7, 7, 7, (0, 0), (7, 7)),
        (8, 7, 7, (0, 15), (-8, 7)),
        (14, 13, 1, (0, 15), (-14, 1)),
        (10, 13, 0, (13, 0), (13, 0)),
        (0, 13, 1, (12, 0), (13, 1)),
    ],
)
def test_scoring_units_of_6_11(
    bid: int, made_points: int, other: int, default: tuple, setback: tuple
) -> None:
    points = points_for(NS, made_points, other)
    assert settle(Rules(), N, bid, points, [0, 0]).delta == list(default)
    assert settle(Rules(scoring="setback"), N, bid, points, [0, 0]).delta == list(setback)
    # The same deal seen from the other partnership.
    mirrored = [p._replace(side=None if p.side is None else 1 - p.side) for p in points]
    assert settle(Rules(), E, bid, mirrored, [0, 0]).delta == list(reversed(default))


def test_failed_award_wordings_differ_only_with_dead_counters() -> None:
    # CIN-8.1: bid 1, B 0, O 13 with a counter dead gives O + bid = 14.
    points = points_for(NS, 0, 13)
    assert settle(Rules(), N, 1, points, [0, 0]).delta == [0, 14]
    shortfall = Rules(failed_award="fourteen_plus_shortfall")
    assert settle(shortfall, N, 1, points, [0, 0]).delta == [0, 15]
    all_in_play = points_for(NS, 7, 7)
    assert settle(shortfall, N, 8, all_in_play, [0, 0]).delta == [0, 15]
    assert settle(Rules(), N, 8, all_in_play, [0, 0]).delta == [0, 15]


def test_game_end_difference_and_target_options() -> None:
    points = points_for(NS, 10, 4)
    assert settle(Rules(), N, 5, points, [44, 50]).winner is None
    assert settle(Rules(), N, 5, points, [45, 50]).winner == NS
    assert settle(Rules(target=42), N, 5, points, [36, 41]).winner == NS
    assert settle(Rules(target=42), N, 5, points, [35, 41]).winner is None


def test_game_end_setback_both_reach_target() -> None:
    rules = Rules(scoring="setback")
    points = points_for(NS, 8, 6)
    # CIN-9.3: both reach 51; the maker's side made its bid, so it goes out.
    assert settle(rules, N, 6, points, [43, 49]).winner == NS
    assert settle(rules, E, 6, points_for(EW, 8, 6), [49, 43]).winner == EW
    # Maker set: only the opponents gained.
    failed = points_for(NS, 5, 9)
    assert settle(rules, N, 6, failed, [50, 45]).winner == EW
    # CIN-9.3: no contract after all passed; the higher score wins, a tie plays on.
    assert settle(rules, N, 0, points_for(NS, 7, 7), [44, 45]).winner == EW
    assert settle(rules, N, 0, points_for(NS, 7, 7), [45, 45]).winner is None
    # CIN-9.3 count order: High, Low, Jack, Game, Right, Left. EW's Right Pedro comes first.
    order = [
        Point("High", "", 1, NS),
        Point("Low", "", 1, NS),
        Point("Jack", "", 1, EW),
        Point("Game", "", 1, NS),
        Point("Right Pedro", "", 5, EW),
        Point("Left Pedro", "", 5, NS),
    ]
    counted = Rules(scoring="setback", both_reach_target="count_order")
    assert settle(rules, N, 6, order, [43, 45]).winner == NS
    assert settle(counted, N, 6, order, [43, 45]).winner == EW
    assert settle(counted, N, 6, order, [50, 40]).winner == NS


def test_money_bid_wins_or_loses_the_game() -> None:
    money = Rules(bid14="money")
    assert settle(money, N, 14, points_for(NS, 14, 0), [0, 40]).winner == NS
    assert settle(money, N, 14, points_for(NS, 13, 1), [50, 0]).winner == EW
    assert settle(Rules(), N, 14, points_for(NS, 14, 0), [0, 40]).winner is None
    with pytest.raises(ValueError, match="two sides"):
        Rules(players=3, bid14="money")


def test_cut_throat_scoring_and_ties() -> None:
    rules = Rules(players=3)
    assert sides(rules) == [[0], [1], [2]]
    points = [
        Point("High", "", 1, 0),
        Point("Low", "", 1, 1),
        Point("Jack", "", 1, 2),
        Point("Game", "", 1, 2),
        Point("Right Pedro", "", 5, 1),
        Point("Left Pedro", "", 5, 0),
    ]
    made = settle(rules, 0, 6, points, [0, 0, 0])
    assert (made.made, made.delta) == (True, [6, 6, 2])
    failed = settle(rules, 0, 7, points, [0, 0, 0])
    assert (failed.made, failed.delta) == (False, [-7, 6, 2])
    # CIN-9.3: several at the target: the maker if he made his bid, else the highest; a tie
    # for the highest plays on.
    assert settle(rules, 0, 6, points, [45, 46, 0]).winner == 0
    assert settle(rules, 2, 6, points, [45, 46, 0]).winner == 1
    assert settle(rules, 2, 6, points, [46, 46, 0]).winner is None


# ----------------------------------------------------------------------------- deal forms


def starved_deal() -> tuple[list[list[str]], list[str]]:
    """Dealer W; N, E and S hold no heart or 5♦, so with trump ♥ the stock runs out."""
    trumps = [card for card in deck() if is_trump(card, "H")]
    plain = [card for card in deck() if card not in trumps]
    hands = [plain[0:9], plain[9:18], plain[18:27], trumps[:9]]
    return hands, plain[27:] + trumps[9:]


def scripted(answers: list[tuple[int, object]], seen: list[Decision], seed: int = 0):
    """A chooser giving ``answers`` first, then random ones, recording those decisions."""
    queue, rng = list(answers), random.Random(seed)

    def chooser(decision: Decision) -> object:
        if queue:
            seat, answer = queue.pop(0)
            assert seat == decision.seat
            return answer
        seen.append(decision)
        return random_answer(rng, decision)

    return chooser


def test_stock_exhausted_fill_from_non_trump_discards() -> None:
    hands, stock = starved_deal()
    answers: list[tuple[int, object]] = [(N, 1), (E, 0), (S, 0), (W, 0), (N, "H")]
    answers += [(N, []), (E, []), (S, [])]
    seen: list[Decision] = []
    result = play_deal_with(Rules(), W, hands, stock, scripted(answers, seen))
    fill = seen[0]
    assert (fill.kind, fill.seat, fill.sizes) == ("fill", S, (2, 2))
    assert set(fill.pool) == set(hands[N] + hands[E] + hands[S])  # S's own discards too
    assert seen[1].kind == "keep" and seen[1].seat == W and len(seen[1].pool) == 9
    assert all(len(hand) == 6 for hand in result.hands_at_play)
    with pytest.raises(ValueError, match="cannot fill"):
        check_answer(fill, ["AH", fill.pool[0]])

    short_rules = Rules(stock_exhausted="play_short")
    short = play_deal_with(short_rules, W, hands, stock, scripted(answers, []))
    assert [len(hand) for hand in short.hands_at_play] == [6, 6, 4, 6]
    assert sum(len(trick.plays) for trick in short.tricks) == 22
    assert all(len(trick.plays) == 3 for trick in short.tricks[4:])


def random_answerer(seed: int, pass_rate: float = 0.6):
    """A chooser at random, passing often so that bids stay makeable."""
    rng = random.Random(seed)

    def chooser(decision: Decision) -> object:
        if decision.kind == "bid" and 0 in decision.options and rng.random() < pass_rate:
            return 0
        if decision.kind == "bid":
            return rng.choice(decision.options[:4])
        return random_answer(rng, decision)

    return chooser


def test_keep_nontrumps_option() -> None:
    hands = C1_HANDS
    rules = Rules(keep_nontrumps=True)
    keeps = C1_ANSWERS[:5]
    # N keeps his four trumps and K♠: legal here, illegal by default.
    answers = [*keeps, (N, cards("A♥ J♥ 9♥ 2♥ K♠"))]
    with pytest.raises(ValueError, match="must keep 4 cards, not 5"):
        play_deal(Rules(), W, hands, C1_STOCK, answers)
    with pytest.raises(ValueError, match="deal incomplete: seat 1 must keep"):
        play_deal(rules, W, hands, C1_STOCK, answers)
    # But he may not drop a trump to keep a plain card, nor keep seven cards.
    for bad in ("A♥ J♥ 9♥ K♠", "A♥ J♥ 9♥ 2♥ K♠ 7♠ 4♣"):
        with pytest.raises(ValueError):
            play_deal(rules, W, hands, C1_STOCK, [*keeps, (N, cards(bad))])


def test_more_than_six_trumps_are_shown_and_dead() -> None:
    trumps = [card for card in deck() if is_trump(card, "S")]  # AS..2S and 5C
    plain = [card for card in deck() if card not in trumps]
    hands = [trumps[:8] + plain[:1], plain[1:10], plain[10:19], plain[19:28]]
    stock = trumps[8:] + plain[28:]
    start = [(N, 3), (E, 0), (S, 0), (W, 0), (N, "S")]
    decisions: list[Decision] = []
    result = play_deal_with(Rules(), W, hands, stock, scripted(start, decisions))
    keep = decisions[0]
    assert keep.sizes == (6, 6) and keep.seat == N
    kept = set(result.hands_at_play[N]) & set(trumps[:8])
    assert len(kept) == 6
    assert set(trumps[:8]) - kept <= set(result.dead)
    # must_keep_counters: the two excess trumps must be non-counting.
    counting = {"AS", "2S", "JS", "TS", "5S", "5C"}
    check_answer(keep, [c for c in trumps[:8] if c not in ("2S", "3S")])
    decisions.clear()
    play_deal_with(Rules(must_keep_counters=True), W, hands, stock, scripted(start, decisions))
    with pytest.raises(ValueError, match="counting trumps"):
        check_answer(decisions[0], [c for c in trumps[:8] if c not in ("2S", "3S")])
    assert counting & set(trumps[:8]) <= set(random_answer(random.Random(3), decisions[0]))


def test_cut_throat_three_players_draw_and_no_rob() -> None:
    rules = Rules(players=3)
    hands, stock = random_deal(random.Random(5), rules)
    assert [len(hand) for hand in hands] == [9, 9, 9] and len(stock) == 25
    decisions: list[Decision] = []
    chooser = random_answerer(7)

    def recording(decision: Decision) -> object:
        decisions.append(decision)
        return chooser(decision)

    result = play_deal_with(rules, 2, hands, stock, recording, [0, 0, 0])
    keeps = [d.seat for d in decisions if d.kind == "keep"]
    assert keeps == [0, 1, 2]  # everyone discards, eldest first, the dealer last
    in_play = {card for hand in result.hands_at_play for card in hand}
    assert len(in_play) == 18 and set(result.dead) == set(deck()) - in_play
    assert len(result.won) == 3


def test_widow_form_keeps_six_of_ten() -> None:
    rules = Rules(widow=True)
    hands, stock = random_deal(random.Random(11), rules)
    assert [len(hand) for hand in hands] == [10] * 4 and len(stock) == 12
    result = play_deal_with(rules, 0, hands, stock, random_answerer(3))
    assert all(len(hand) == 6 for hand in result.hands_at_play)
    assert set(stock) <= set(result.dead)


# ----------------------------------------------------------------------------- properties


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_deals_conserve_the_fourteen_points(players: int) -> None:
    rng = random.Random(players)
    for index in range(60):
        rules = Rules(
            players=players,
            follow=rng.choice(["follow_or_trump", "strict"]),
            keep_nontrumps=rng.random() < 0.3,
            stock_exhausted=rng.choice(["fill_from_nontrump_discards", "play_short"]),
            widow=players <= 5 and rng.random() < 0.2,
        )
        hands, stock = random_deal(rng, rules)
        result = play_deal_with(rules, index % players, hands, stock, random_answerer(index))
        dead_value = sum(p.value for p in result.points if p.side is None)
        assert sum(p.value for p in result.points) == 14
        assert sum(result.won) + dead_value == 14
        for point in result.points:
            assert (point.side is None) == (point.card in result.dead)
        in_play = [card for hand in result.hands_at_play for card in hand]
        assert sorted(in_play + list(result.dead)) == sorted(deck())
        assert sorted(c for t in result.tricks for _, c in t.plays) == sorted(in_play)
        if len(result.won) == 2:  # difference scoring: one side at most scores (CIN-8.3)
            assert sum(1 for d in result.delta if d != 0) <= 1
        assert result.scores_after == result.delta


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(scoring="setback"),
        Rules(players=2),
        Rules(players=3, target=42),
        Rules(players=6),
        Rules(all_pass="redeal_next_dealer", both_reach_target="count_order"),
    ],
)
def test_whole_games_reach_the_target(rules: Rules) -> None:
    game = play_game(rules, random.Random(17), random_answerer(23, pass_rate=0.4))
    last = game.deals[-1]
    assert game.winner == last.winner
    assert game.scores[game.winner] >= rules.target
    assert all(deal.winner is None for deal in game.deals[:-1])
    dealers = [deal.dealer for deal in game.deals]
    assert dealers == [i % rules.players for i in range(len(dealers))]
