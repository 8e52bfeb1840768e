"""Tests of the plain-Python Ten-point Pitch reference (sims/games/tenpoint): docs/rules.md
section 8.

The golden deals are docs/examples.md (Ten-point 1 to 3) and the trick-winner cases of
docs/rules.md section 8.12. The examples show the hands after the discard, draw and rob;
each test builds nine-card hands and a stock that lead to exactly those hands and plays
the whole deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from sims.games.tenpoint.reference import (
    Decision,
    Point,
    Rules,
    check_answer,
    deal_points,
    deck,
    effective_suit,
    is_trump,
    legal_cards,
    parse_cards,
    random_answer,
    settle,
    sides,
    smear_rules,
    trick_winner,
    trump_levels,
)
from sims.games.tenpoint.reference_deal import (
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
    """Cards written as in the rule book, e.g. "A♥ 10♥ HJ"."""
    return parse_cards(text)


def plays(*tricks: str) -> list[tuple[int, str]]:
    """Answers for the tricks of a table, each written "N A♥, E 2♥, S 5♥, W 4♥"."""
    answers = []
    for trick in tricks:
        for item in trick.split(","):
            seat, card = item.split()
            answers.append((SEATS[seat], cards(card)[0]))
    return answers


def leftover(*used: Sequence[str]) -> list[str]:
    """The cards of the default pack not in any of ``used``, in pack order."""
    taken = {card for group in used for card in group}
    return [card for card in deck(Rules()) if card not in taken]


def point_sides(result: DealResult) -> dict[str, int | None]:
    """Side (or None) scoring each point of the deal."""
    return {point.name: point.side for point in result.points}


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
        if decision.kind == "bid" and 0 in decision.options and rng.random() < 0.6:
            return 0
        if decision.kind == "bid":
            return rng.choice(decision.options[:3])
        return random_answer(rng, decision)

    return chooser


# ----------------------------------------------------------------------------- ranking


def test_off_jack_and_jokers_are_trumps() -> None:
    rules = Rules()
    levels = trump_levels(rules, "H")
    assert [card for level in levels for card in level] == cards(
        "A♥ K♥ Q♥ J♥ J♦ HJ LJ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"
    )
    assert effective_suit(rules, "JD", "H") == "H"
    assert effective_suit(rules, "HJ", "C") == "C"
    assert effective_suit(rules, "JC", "H") == "C"
    assert not is_trump(Rules(off_jack=False), "JD", "H")
    # A player whose only diamond is the Off-Jack is void in diamonds.
    hand = cards("J♦ 9♣ K♠")
    assert set(legal_cards(rules, hand, [(N, "AD")], "H")) == set(hand)
    assert set(legal_cards(Rules(off_jack=False), hand, [(N, "AD")], "H")) == {"JD"}
    assert len(deck(rules)) == 54 and len(deck(Rules(jokers="one"))) == 53
    assert len(deck(Rules(jokers="none"))) == 52


@pytest.mark.parametrize(
    ("rules", "trick", "winner"),
    [
        (Rules(), "10♥ LJ HJ J♦", 3),
        (Rules(), "K♦ J♦ 2♦ A♦", 1),
        (Rules(), "9♥ 2♥ LJ 10♥", 2),
        (smear_rules(), "8♥ HJ LJ 9♥", 2),  # equal jokers: the second played wins
        (Rules(jokers="first_wins"), "8♥ LJ HJ 9♥", 1),
        (Rules(), "8♥ LJ HJ 9♥", 2),
        (Rules(jokers="one"), "2♥ JK", 0),  # the lone joker is the lowest trump
        (Rules(jokers="one"), "A♠ JK", 1),
        (Rules(), "A♠ K♠ 2♣ 3♦", 0),
    ],
)
def test_trick_winner_units_of_8_12(rules: Rules, trick: str, winner: int) -> None:
    assert trick_winner(rules, list(enumerate(cards(trick))), "H") == winner


def test_legal_cards_options() -> None:
    hand = cards("8♣ 4♥ K♠ LJ")
    lead = [(E, "AC")]
    assert set(legal_cards(Rules(), hand, lead, "H")) == set(cards("8♣ 4♥ LJ"))
    assert legal_cards(Rules(follow="strict"), hand, lead, "H") == ["8C"]
    assert set(legal_cards(Rules(follow="trump_only"), hand, lead, "H")) == {"4H", "LJ"}
    assert set(legal_cards(Rules(), hand, [(E, "JD")], "H")) == {"4H", "LJ"}  # trump lead
    first = Rules(first_lead_trump=True)
    assert set(legal_cards(first, hand, [], "H", first_lead=True)) == {"4H", "LJ"}
    assert set(legal_cards(first, hand, [], "H")) == set(hand)
    assert set(legal_cards(first, cards("8♣ K♠"), [], "H", first_lead=True)) == {"8C", "KS"}


# ----------------------------------------------------------------------------- examples


def p1_deal() -> tuple[list[list[str]], list[str]]:
    """Nine-card hands and stock for example Ten-point 1 (dealer W, trump ♥, pitcher N)."""
    finals = [
        cards("A♥ K♥ J♥ 10♥ 3♥ HJ"),
        cards("Q♥ 9♥ 2♥ K♠ 8♣ 4♦"),
        cards("J♦ 8♥ 5♥ A♠ 10♣ 7♦"),
        cards("LJ 7♥ 6♥ 4♥ Q♣ 9♠"),
    ]
    rest = leftover(*finals)  # 30 non-trumps
    hands = [
        finals[N] + rest[0:3],
        cards("Q♥ 9♥ 2♥") + rest[3:9],
        cards("J♦ 8♥ 5♥") + rest[9:15],
        cards("LJ 7♥ 6♥ 4♥") + rest[15:20],
    ]
    return hands, cards("K♠ 8♣ 4♦ A♠ 10♣ 7♦ Q♣ 9♠") + rest[20:30]


P1_ANSWERS = [
    (N, 5),
    (E, 0),
    (S, 0),
    (W, 0),
    (N, "H"),
    (N, cards("A♥ K♥ J♥ 10♥ 3♥ HJ")),
    (E, cards("Q♥ 9♥ 2♥")),
    (S, cards("J♦ 8♥ 5♥")),
    (W, cards("LJ 7♥ 6♥ 4♥")),
    (N, cards("A♥ K♥ J♥ 10♥ 3♥ HJ")),  # the pitcher robs the last ten and keeps his trumps
    *plays(
        "N A♥, E 2♥, S 5♥, W 4♥",
        "N K♥, E 9♥, S 8♥, W 6♥",
        "N J♥, E Q♥, S J♦, W 7♥",
        "E K♠, S A♠, W LJ, N HJ",
        "N 10♥, E 4♦, S 10♣, W 9♠",
        "N 3♥, E 8♣, S 7♦, W Q♣",
    ),
]


def test_example_p1_bid_made_low_captured_but_scored_by_holder() -> None:
    hands, stock = p1_deal()
    result = play_deal(Rules(), W, hands, stock, P1_ANSWERS, [0, 0])
    assert sum(is_trump(Rules(), c, "H") for hand in result.hands_at_play for c in hand) == 16
    assert [trick.winner for trick in result.tricks] == [N, N, E, N, N, N]
    assert result.card_points == (36, 4)
    assert point_sides(result) == {
        "High": NS,
        "Low": EW,
        "Jack": EW,
        "Off-Jack": EW,
        "High Joker": NS,
        "Low Joker": NS,
        "Game": NS,
        "Trey": NS,
    }
    assert (result.won, result.made, result.delta) == ((7, 3), True, (7, 3))
    winner_low = play_deal(Rules(low_to="winner"), W, hands, stock, P1_ANSWERS, [0, 0])
    assert winner_low.won == (8, 2)
    ten = play_deal(Rules(game_card="ten_of_trumps"), W, hands, stock, P1_ANSWERS, [0, 0])
    assert point_sides(ten)["Ten"] == NS and ten.won == (7, 3)
    # Trick 3: S must play J♦, his last trump, on the trump lead.
    assert legal_cards(Rules(), cards("J♦ A♠ 10♣ 7♦"), [(N, "JH"), (E, "QH")], "H") == ["JD"]


def p2_deal() -> tuple[list[list[str]], list[str]]:
    """Nine-card hands and stock for example Ten-point 2 (dealer N, trump ♠, pitcher S)."""
    finals = [
        cards("8♠ A♣ Q♥ 10♥ 9♦ 4♣"),
        cards("A♠ K♠ J♣ LJ 9♠ 7♠"),
        cards("Q♠ 10♠ 5♠ 4♠ 3♠ HJ"),
        cards("J♠ 6♠ A♥ K♦ 10♣ 7♦"),
    ]
    rest = leftover(*finals, ["2S"])  # 29 non-trumps
    hands = [
        cards("8♠") + rest[12:20],
        finals[E] + cards("2♠") + rest[0:2],
        finals[S] + rest[2:5],
        cards("J♠ 6♠") + rest[5:12],
    ]
    return hands, cards("A♥ K♦ 10♣ 7♦ A♣ Q♥ 10♥ 9♦ 4♣") + rest[20:29]


P2_ANSWERS = [
    (E, 6),
    (S, 7),
    (W, 0),
    (N, 0),
    (S, "S"),
    (E, cards("A♠ K♠ J♣ LJ 9♠ 7♠")),  # seven trumps: burns 2♠ face up
    (S, cards("Q♠ 10♠ 5♠ 4♠ 3♠ HJ")),
    (W, cards("J♠ 6♠")),
    (N, cards("8♠")),
    (S, cards("Q♠ 10♠ 5♠ 4♠ 3♠ HJ")),
    *plays(
        "S HJ, W 6♠, N 8♠, E A♠",
        "E K♠, S 4♠, W J♠, N 4♣",
        "E J♣, S 5♠, W 10♣, N 9♦",
        "E 7♠, S Q♠, W 7♦, N 10♥",
        "S 10♠, W K♦, N A♣, E LJ",
        "E 9♠, S 3♠, W A♥, N Q♥",
    ),
]


def test_example_p2_pitcher_set_burned_two_makes_the_three_low() -> None:
    hands, stock = p2_deal()
    result = play_deal(Rules(), N, hands, stock, P2_ANSWERS, [20, 45])
    assert "2S" in result.dead
    assert [trick.winner for trick in result.tricks] == [E, E, E, S, E, E]
    assert result.card_points == (12, 42)
    sides_of = point_sides(result)
    assert sides_of["Low"] == NS and [p.card for p in result.points if p.name == "Low"] == ["3S"]
    assert sides_of["Trey"] == EW
    assert result.won == (1, 9)
    assert (result.made, result.delta, result.scores_after) == (False, (-7, 9), (13, 54))
    assert result.winner == EW
    must_pitch = Rules(both_reach_target="must_pitch_to_win")
    assert play_deal(must_pitch, N, hands, stock, P2_ANSWERS, [20, 45]).winner is None
    by_winner = play_deal(Rules(low_to="winner"), N, hands, stock, P2_ANSWERS, [20, 45])
    assert (by_winner.won, by_winner.delta) == ((0, 10), (-7, 10))
    # Trick 3: J♣ is a trump lead; W has no trump left and may play 10♣.
    assert set(legal_cards(Rules(), cards("10♣ A♥ K♦ 7♦"), [(E, "JC"), (S, "5S")], "S")) == set(
        cards("10♣ A♥ K♦ 7♦")
    )


def test_burn_nonpoint_first_protects_the_two() -> None:
    hands, stock = p2_deal()
    with pytest.raises(ValueError, match="point-carrying trumps"):
        play_deal(Rules(burn_nonpoint_first=True), N, hands, stock, P2_ANSWERS, [20, 45])
    keep_two = [*P2_ANSWERS[:5], (E, cards("A♠ K♠ J♣ LJ 2♠ 9♠"))]
    with pytest.raises(ValueError, match="deal incomplete: seat 2 must keep"):
        play_deal(Rules(burn_nonpoint_first=True), N, hands, stock, keep_two, [20, 45])


def p3_deal() -> tuple[list[list[str]], list[str]]:
    """Nine-card hands and stock for example Ten-point 3 (dealer E stuck at 4, trump ♣)."""
    finals = [
        cards("LJ 7♣ 6♣ 5♣ 10♥ 9♠"),
        cards("A♣ Q♣ 9♣ 4♣ K♥ 7♦"),
        cards("K♣ J♠ 8♣ 3♣ A♦ 5♥"),
        cards("J♣ HJ 10♣ 2♣ Q♦ 6♠"),
    ]
    rest = leftover(*finals)  # 30 non-trumps
    hands = [
        cards("LJ 7♣ 6♣ 5♣") + rest[10:15],
        cards("A♣ Q♣ 9♣ 4♣") + rest[15:20],
        cards("K♣ J♠ 8♣ 3♣") + rest[0:5],
        cards("J♣ HJ 10♣ 2♣") + rest[5:10],
    ]
    return hands, cards("A♦ 5♥ Q♦ 6♠ 10♥ 9♠ K♥ 7♦") + rest[20:30]


P3_ANSWERS = [
    (S, 0),
    (W, 0),
    (N, 0),
    (E, 0),
    (E, "C"),
    (S, cards("K♣ J♠ 8♣ 3♣")),
    (W, cards("J♣ HJ 10♣ 2♣")),
    (N, cards("LJ 7♣ 6♣ 5♣")),
    (E, cards("A♣ Q♣ 9♣ 4♣")),
    (E, cards("A♣ Q♣ 9♣ 4♣ K♥ 7♦")),
    *plays(
        "E A♣, S 3♣, W 2♣, N 5♣",
        "E 4♣, S K♣, W HJ, N 6♣",
        "S A♦, W Q♦, N 10♥, E 9♣",
        "E K♥, S J♠, W J♣, N 9♠",
        "W 10♣, N LJ, E Q♣, S 8♣",
        "E 7♦, S 5♥, W 6♠, N 7♣",
    ),
]


@pytest.mark.parametrize("both", ["pitching_side", "higher_score", "must_pitch_to_win"])
def test_example_p3_all_pass_dealer_stuck_both_reach_52(both: str) -> None:
    hands, stock = p3_deal()
    rules = Rules(both_reach_target=both)
    result = play_deal(rules, E, hands, stock, P3_ANSWERS, [51, 43])
    assert (result.pitcher, result.bid, result.trump) == (E, 4, "C")
    assert [trick.winner for trick in result.tricks] == [E, S, E, W, E, N]
    assert result.card_points == (3, 37)
    assert point_sides(result) == {
        "High": EW,
        "Low": EW,
        "Jack": EW,
        "Off-Jack": EW,
        "High Joker": NS,
        "Low Joker": EW,
        "Game": EW,
        "Trey": EW,
    }
    assert (result.won, result.made, result.scores_after) == ((1, 9), True, (52, 52))
    assert result.winner == EW


def test_all_pass_redeal_option_and_bidding_rules() -> None:
    hands, stock = p3_deal()
    thrown_in = play_deal(Rules(all_pass="redeal"), E, hands, stock, P3_ANSWERS[:4], [51, 43])
    assert (thrown_in.pitcher, thrown_in.tricks, thrown_in.scores_after) == (None, (), (51, 43))
    with pytest.raises(ValueError, match="cannot bid 3"):
        play_deal(Rules(), E, hands, stock, [(S, 3)])
    assert play_deal_with(Rules(min_bid=2), E, hands, stock, scripted([(S, 2)], 0)).bid >= 2
    with pytest.raises(ValueError, match="cannot bid 5"):
        play_deal(Rules(), E, hands, stock, [(S, 5), (W, 5)])


# ----------------------------------------------------------------------------- points


def tricks_of(*tricks: str) -> list[tuple[list[tuple[int, str]], int]]:
    """(plays, winner) from "winner: c0 c1 c2 c3" with seat i playing card i."""
    result = []
    for text in tricks:
        winner, played = text.split(":")
        result.append((list(enumerate(cards(played))), int(winner)))
    return result


def test_joker_is_high_only_when_the_top_trumps_are_out_and_never_low() -> None:
    rules = Rules()
    deal = tricks_of("1: HJ LJ 5♥ 9♥", "0: A♠ K♠ 2♣ 3♦")
    points = {p.name: p for p in deal_points(rules, "H", deal)}
    assert (points["High"].card, points["High"].side) == ("HJ", 0)
    assert (points["Low"].card, points["Low"].side) == ("5H", 0)
    assert points["Jack"].side is None and points["Off-Jack"].side is None
    assert points["High Joker"].side == points["Low Joker"].side == 1
    # Equal jokers (Smear): High goes to the one played first, whoever wins the trick.
    smear = {p.name: p for p in deal_points(smear_rules(), "H", tricks_of("1: LJ HJ 5♥ 9♥"))}
    assert (smear["High"].card, smear["High"].side) == ("LJ", 0)
    # Only jokers as trumps: High but no Low.
    lone = {p.name: p for p in deal_points(rules, "H", tricks_of("0: LJ 2♠ 3♠ 4♠"))}
    assert (lone["High"].card, lone["Low"].card, lone["Low"].side) == ("LJ", None, None)
    # A single joker ranks lowest and is never Low.
    one = {p.name: p for p in deal_points(Rules(jokers="one"), "H", tricks_of("1: JK 7♥ 2♠ 3♠"))}
    assert (one["High"].card, one["Low"].card, one["Joker"].side) == ("7H", "7H", 1)


def test_point_options() -> None:
    deal = tricks_of("2: A♥ 2♥ 3♥ J♦", "3: HJ 9♣ LJ 10♥")
    default = {p.name: p.side for p in deal_points(Rules(), "H", deal)}
    assert default["Low"] == 1 and default["Trey"] == 0 and default["Off-Jack"] == 0
    assert default["High Joker"] == 1 and default["Game"] == 1  # 10 card points against 5
    winner_low = {p.name: p.side for p in deal_points(Rules(low_to="winner"), "H", deal)}
    assert winner_low["Low"] == 0
    holder = Rules(joker_points_to="holder")
    assert {p.name: p.side for p in deal_points(holder, "H", deal)}["High Joker"] == 0
    no_trey = deal_points(Rules(trey=False), "H", deal)
    assert sum(p.value for p in no_trey) == 7
    no_jick = deal_points(Rules(off_jack=False), "H", deal)
    assert "Off-Jack" not in {p.name for p in no_jick}
    # Fixed-card High/Low: the Ace of trumps dead gives no High point.
    fixed = Rules(fixed_high_low=True)
    missing_ace = tricks_of("2: K♥ 2♥ 3♥ J♦")
    assert {p.name: p.side for p in deal_points(fixed, "H", missing_ace)}["High"] is None
    assert {p.name: p.side for p in deal_points(Rules(), "H", missing_ace)}["High"] == 0


# ----------------------------------------------------------------------------- settlement


def split(pitching_points: int, other_points: int) -> list[Point]:
    """Points of one deal: ``pitching_points`` to side 0, ``other_points`` to side 1."""
    points = [Point("Trey", None, 3, None), *(Point("x", None, 1, None) for _ in range(7))]
    out, left = [], [pitching_points, other_points]
    for point in points:
        side = next((s for s in (0, 1) if left[s] >= point.value), None)
        if side is not None:
            left[side] -= point.value
        out.append(point._replace(side=side))
    assert left == [0, 0]
    return out


def test_moon_options() -> None:
    assert settle(Rules(), N, 10, split(10, 0), [0, 0]).delta == [10, 0]
    assert settle(Rules(), N, 10, split(9, 1), [0, 0]).delta == [-10, 1]
    assert settle(Rules(moon="double"), N, 10, split(10, 0), [0, 0]).delta == [20, 0]
    assert settle(Rules(moon="double"), N, 10, split(9, 1), [0, 0]).delta == [-20, 1]
    game = Rules(moon="win_or_lose_game")
    assert settle(game, N, 10, split(10, 0), [0, 0]).winner == NS
    assert settle(game, N, 10, split(9, 1), [0, 0]).winner == EW
    with pytest.raises(ValueError, match="two sides"):
        Rules(players=3, partnership=False, moon="win_or_lose_game")


def test_both_reach_target_rules() -> None:
    # Pitcher N made 5 of 5; both sides pass 52.
    points, before = split(5, 5), [48, 50]
    assert settle(Rules(), N, 5, points, before).winner == NS
    assert settle(Rules(both_reach_target="higher_score"), N, 5, points, before).winner == EW
    assert settle(Rules(both_reach_target="higher_score"), N, 5, points, [50, 50]).winner == NS
    assert settle(Rules(), N, 5, split(5, 3), [40, 49]).winner == EW  # only EW at 52
    must = Rules(both_reach_target="must_pitch_to_win")
    assert settle(must, N, 5, split(5, 3), [40, 49]).winner is None
    assert settle(Rules(target=21), N, 5, split(5, 3), [16, 0]).winner == NS


def test_cut_throat_settlement() -> None:
    rules = Rules(players=3, partnership=False)
    assert sides(rules) == [[0], [1], [2]]
    points = [Point("a", None, 3, 0), Point("b", None, 4, 1), Point("c", None, 3, 2)]
    result = settle(rules, 0, 4, points, [0, 0, 0])
    assert (result.made, result.delta) == (False, [-4, 4, 3])
    # Two non-pitchers reach the target: the higher wins; equal, play on.
    assert settle(rules, 0, 4, points, [10, 50, 50]).winner == 1
    assert settle(rules, 0, 4, points, [10, 49, 50]).winner is None


def test_six_player_sides() -> None:
    assert sides(Rules(players=6)) == [[0, 2, 4], [1, 3, 5]]
    assert sides(Rules(players=6, teams=3)) == [[0, 3], [1, 4], [2, 5]]
    with pytest.raises(ValueError):
        Rules(players=5)
    with pytest.raises(ValueError):
        Rules(players=4, teams=3)


# ----------------------------------------------------------------------------- deal forms


def test_rob_options() -> None:
    hands, stock = p1_deal()
    start = P1_ANSWERS[:9]
    seen: list[Decision] = []
    play_deal_with(Rules(rob="dealer"), W, hands, stock, scripted(start, 0, seen))
    rob = seen[0]
    assert (rob.kind, rob.seat) == ("keep", W)
    assert set(rob.pool) == set(cards("LJ 7♥ 6♥ 4♥ Q♣ 9♠")) | set(stock[8:])
    seen.clear()
    result = play_deal_with(Rules(rob="none"), W, hands, stock, scripted(start, 0, seen))
    assert seen[0].kind == "card"
    assert set(stock[8:]) <= set(result.dead)


def starved_deal() -> tuple[list[list[str]], list[str]]:
    """Dealer W; N, E and S hold no heart, Off-Jack J♦ or joker and W only four trumps,
    so with trump ♥ the stock runs out before W has drawn (PIT-5.5)."""
    trumps = [card for card in deck(Rules()) if is_trump(Rules(), card, "H")]
    plain = [card for card in deck(Rules()) if card not in trumps]
    hands = [plain[0:9], plain[9:18], plain[18:27], trumps[:4] + plain[27:32]]
    return hands, plain[32:] + trumps[4:]


def test_stock_exhausted_fill_from_face_up_discards() -> None:
    hands, stock = starved_deal()
    answers: list[tuple[int, object]] = [(N, 4), (E, 0), (S, 0), (W, 0), (N, "H")]
    answers += [(N, []), (E, []), (S, []), (W, cards("J♦ 2♥ 3♥ 4♥"))]
    seen: list[Decision] = []
    result = play_deal_with(Rules(), W, hands, stock, scripted(answers, 1, seen))
    fill, rob = seen[0], seen[1]
    assert (fill.kind, fill.seat, fill.sizes) == ("fill", W, (2, 2))
    plain = {card for hand in hands for card in hand if not is_trump(Rules(), card, "H")}
    assert set(fill.pool) == plain  # every non-trump discarded, W's own included
    assert "JD" not in fill.pool  # a trump is never taken back
    assert (rob.kind, rob.seat, len(rob.pool)) == ("keep", N, 6)
    assert all(len(hand) == 6 for hand in result.hands_at_play)
    with pytest.raises(ValueError, match="cannot fill"):
        check_answer(fill, ["AH", fill.pool[0]])


def test_trump_only_players_fold() -> None:
    hands, stock = p1_deal()
    answers = P1_ANSWERS[:10] + plays(
        "N A♥, E 2♥, S 5♥, W 4♥",
        "N K♥, E 9♥, S 8♥, W 6♥",
        "N J♥, E Q♥, S J♦, W 7♥",  # E wins, but E and S have no trump left: they fold
        "W LJ, N HJ",  # so W, the next player still in, leads
        "N 10♥",
        "N 3♥",
    )
    result = play_deal(Rules(follow="trump_only"), W, hands, stock, answers, [0, 0])
    assert [len(trick.plays) for trick in result.tricks] == [4, 4, 4, 2, 1, 1]
    assert [trick.winner for trick in result.tricks] == [N, N, E, N, N, N]
    # Non-trumps are never played, so they are not captured: Game from trumps alone.
    assert result.card_points == (4 + 3 + 10, 4)
    with pytest.raises(ValueError, match="seat 0 cannot play 'KS'"):
        play_deal(Rules(follow="trump_only"), W, hands, stock, [*P1_ANSWERS[:10], (N, "KS")])


def test_six_players_play_eight_cards_without_discarding() -> None:
    rules = Rules(players=6, teams=3)
    hands, stock = random_deal(random.Random(6), rules)
    assert [len(hand) for hand in hands] == [8] * 6 and len(stock) == 6
    seen: list[Decision] = []
    result = play_deal_with(rules, 0, hands, stock, scripted([], 2, seen))
    assert not any(d.kind in ("keep", "fill") for d in seen)
    assert len(result.tricks) == 8 and set(result.dead) == set(stock)
    assert len(result.won) == 3


def test_smear_profile_deal() -> None:
    rules = smear_rules()
    assert (rules.deal, rules.jokers, rules.both_reach_target) == (
        "smear",
        "second_wins",
        "higher_score",
    )
    assert (rules.min_bid, rules.target, rules.all_pass, rules.low_to) == (
        4,
        52,
        "dealer_stuck",
        "holder",
    )
    hands, stock = random_deal(random.Random(12), rules)
    assert [len(hand) for hand in hands] == [10] * 4 and len(stock) == 14
    seen: list[Decision] = []
    result = play_deal_with(rules, 1, hands, stock, scripted([], 5, seen))
    keeps = [d for d in seen if d.kind == "keep"]
    assert [d.seat for d in keeps] == [2, 3, 0, 1] and all(d.sizes == (6, 6) for d in keeps)
    for decision, hand in zip(
        keeps, result.hands_at_play[2:] + result.hands_at_play[:2], strict=True
    ):
        trumps = {c for c in decision.pool if is_trump(rules, c, result.trump)}
        assert len(trumps & set(hand)) == min(len(trumps), 6)  # every trump he can keep
    assert set(stock) <= set(result.dead)


# ----------------------------------------------------------------------------- properties


def random_rules(rng: random.Random) -> Rules:
    """Rules with random options and a random table."""
    players, partnership = rng.choice([(4, True), (4, False), (3, False), (5, False), (6, True)])
    deal = "smear" if players < 6 and rng.random() < 0.3 else "draw"
    return Rules(
        players=players,
        partnership=partnership,
        teams=rng.choice([2, 3]) if players == 6 else 2,
        deal=deal,
        jokers=rng.choice(["distinct", "first_wins", "second_wins", "one", "none"]),
        off_jack=rng.random() < 0.8,
        rob=rng.choice(["pitcher", "dealer", "none"]),
        burn_nonpoint_first=rng.random() < 0.3,
        first_lead_trump=rng.random() < 0.3,
        follow=rng.choice(["follow_or_trump", "strict", "trump_only"]),
        low_to=rng.choice(["holder", "winner"]),
        fixed_high_low=rng.random() < 0.2,
        game_card=rng.choice(["card_points", "ten_of_trumps"]),
        trey=rng.random() < 0.8,
        joker_points_to=rng.choice(["winner", "holder"]),
    )


def test_random_deals_conserve_the_points() -> None:
    rng = random.Random(2024)
    for index in range(400):
        rules = rng.choice([Rules(), smear_rules(), random_rules(rng)])
        hands, stock = random_deal(rng, rules)
        result = play_deal_with(rules, index % rules.players, hands, stock, scripted([], index))
        joker_count = sum(card in ("HJ", "LJ", "JK") for card in deck(rules))
        total = 4 + 3 * rules.trey + rules.off_jack + joker_count
        assert sum(point.value for point in result.points) == total
        unawarded = sum(point.value for point in result.points if point.side is None)
        assert sum(result.won) == total - unawarded
        played = [card for trick in result.tricks for _, card in trick.plays]
        in_play = [card for hand in result.hands_at_play for card in hand]
        assert sorted(in_play + list(result.dead)) == sorted(deck(rules))
        assert set(played) <= set(in_play)
        for point in result.points:
            if point.side is None and point.name != "Game":
                assert point.card is None or point.card not in played
            if point.card is not None and point.card in played:
                assert point.side is not None
        hand_size = 8 if rules.players == 6 else 6
        assert all(len(hand) == hand_size for hand in result.hands_at_play)
        if rules.follow != "trump_only":
            assert sorted(played) == sorted(in_play)
        trumps_in_play = [c for c in in_play if is_trump(rules, c, result.trump)]
        if rules == Rules() and len(trumps_in_play) == 16:
            game = next(p for p in result.points if p.name == "Game")
            assert sum(result.won) == 10 - (game.side is None)


def test_whole_games_reach_the_target() -> None:
    for rules in (Rules(), smear_rules(), Rules(players=3, partnership=False, target=21)):
        game = play_game(rules, random.Random(rules.players), scripted([], 9))
        assert all(deal.winner is None for deal in game.deals[:-1])
        assert game.deals[-1].winner == game.winner
        dealers = [deal.dealer for deal in game.deals]
        assert dealers == [i % rules.players for i in range(len(dealers))]
