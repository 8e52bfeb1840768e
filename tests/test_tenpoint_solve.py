"""`allfours solve tenpoint` (docs/rules.md section 8): the solver's value of every lead of
random endings against a plain-Python minimax scored by the reference
(`sims.games.tenpoint.reference`), every point of the defaults and each option it plays;
the worked deals (Ten-point 1 to 3 of docs/examples.md), their last tricks searched after
the first three and the first deal played whole along the solver's line; jokers never
Low; the options it refuses and bad input named."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sims.core.cards import SUITS
from sims.core.options import resolve
from sims.engine import solver
from sims.games.tenpoint import reference as ref
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.descriptor import tenpoint_position
from sims.games.tenpoint.referee import reference_rules
from sims.tools.solve import main_solve, parse_deal
from tests.solve_minimax import Referee, Trick, lead_values

DEFAULT_POINTS = {"High", "Low", "Jack", "Off-Jack", "High Joker", "Low Joker", "Game", "Trey"}


def options(*variants: str) -> dict:
    return resolve(tp.NAME, tp.OPTIONS, list(variants))


def referee_of(rules: ref.Rules, trump: str) -> Referee:
    """The reference's rules of play and points under `rules`, trump `trump`."""
    return Referee(
        legal=lambda hand, trick: ref.legal_cards(rules, hand, trick, trump),
        winner=lambda trick: ref.trick_winner(rules, trick, trump),
        awards=lambda tricks: ref.deal_points(rules, trump, tricks),
        side_of=lambda seat: ref.side_of(rules, seat),
    )


def masks(rules: dict, hands: list[list[str]]) -> list[int]:
    """Hands of card names as masks of the rules' deck."""
    deck = tp.game_deck(rules)
    return [sum(1 << deck.parse_card(card) for card in hand) for hand in hands]


def solved_values(position: np.ndarray, rules: dict) -> dict[str, int]:
    """The solver's value of each card the seat to play may play, by the card's name."""
    name = tp.game_deck(rules).card_name
    return {name(card): value for card, value in solver.solve_position(position).values.items()}


def random_ending(
    rnd: random.Random, rules: dict, cards_each: int
) -> tuple[list[list[str]], int, int, int]:
    """Hands of `cards_each` cards drawn from the rules' deck, about half of them trumps
    (as the reference has them: jokers and off-jack included), a random trump, leader and
    maximising side: (hands, trump, leader, side)."""
    played = reference_rules(rules)
    players = rules["players"]
    trump = rnd.randrange(4)
    pack = ref.deck(played)
    trumps = [card for card in pack if ref.is_trump(played, card, SUITS[trump])]
    others = [card for card in pack if card not in trumps]
    total = players * cards_each
    count = rnd.randint(0, min(total, len(trumps)))
    cards = rnd.sample(trumps, count) + rnd.sample(others, total - count)
    rnd.shuffle(cards)
    hands = [cards[cards_each * seat : cards_each * (seat + 1)] for seat in range(players)]
    return hands, trump, rnd.randrange(players), rnd.randrange(len(ref.sides(played)))


def joker_lowest(played: ref.Rules, hands: list[list[str]], trump: str) -> bool:
    """Whether a joker ranks lowest of the trumps in play (it is still not Low)."""
    trumps = [card for hand in hands for card in hand if ref.is_trump(played, card, trump)]
    return bool(trumps) and ref.is_joker(
        min(trumps, key=lambda c: ref.trick_rank(played, c, trump))
    )


ENDINGS = [  # (variants, cards a hand, number of endings)
    ((), 2, 200),
    ((), 3, 80),
    pytest.param(("players=3", "partnership=false"), 3, 80, marks=pytest.mark.slow),
    (("players=5", "partnership=false"), 2, 60),
    (("players=6", "teams=3"), 2, 60),
    (("players=6",), 2, 40),
    (("low_to=winner",), 2, 80),
    (("game_card=ten_of_trumps",), 2, 80),
    (("trey=false", "off_jack=false"), 2, 80),
    (("jokers=one",), 2, 80),
    (("jokers=none", "follow=strict"), 2, 80),
    (("first_lead_trump",), 2, 40),
]


@pytest.mark.parametrize(("variants", "cards_each", "count"), ENDINGS)
def test_every_lead_of_an_ending_is_valued_as_the_references_minimax(variants, cards_each, count):
    rules = options(*variants)
    played = reference_rules(rules)
    rnd = random.Random(f"tenpoint solve {variants} {cards_each}")
    scored: set[tuple[str, bool]] = set()
    lowest_jokers = 0
    for _ in range(count):
        hands, trump, leader, side = random_ending(rnd, rules, cards_each)
        referee = referee_of(played, SUITS[trump])
        expected = lead_values(referee, hands, leader, side)
        position = tenpoint_position(masks(rules, hands), trump, leader, rules, side=side)
        assert solved_values(position, rules) == expected, (hands, SUITS[trump], leader, side)
        scored |= referee.scored
        lowest_jokers += joker_lowest(played, hands, SUITS[trump])
    if not variants:  # the defaults: every point taken and missed, a joker lowest in play
        assert {name for name, taken in scored if taken} == DEFAULT_POINTS
        assert ("Game", False) in scored and ("Low", False) in scored
        assert lowest_jokers > 0


# --- the worked deals (Ten-point 1 to 3 of docs/examples.md) ----------------------------

EXAMPLES = {  # the hands at the first trick, seat 0 first; trump; the first three tricks
    "Ten-point 1": (
        ("AH KH JH TH 3H HJ", "QH 9H 2H KS 8C 4D", "JD 8H 5H AS TC 7D", "LJ 7H 6H 4H QC 9S"),
        "H",
        ("0:AH 1:2H 2:5H 3:4H", "0:KH 1:9H 2:8H 3:6H", "0:JH 1:QH 2:JD 3:7H"),
    ),
    "Ten-point 2": (
        ("8S AC QH TH 9D 4C", "AS KS JC LJ 9S 7S", "QS TS 5S 4S 3S HJ", "JS 6S AH KD TC 7D"),
        "S",
        ("2:HJ 3:6S 0:8S 1:AS", "1:KS 2:4S 3:JS 0:4C", "1:JC 2:5S 3:TC 0:9D"),
    ),
    "Ten-point 3": (
        ("LJ 7C 6C 5C TH 9S", "AC QC 9C 4C KH 7D", "KC JS 8C 3C AD 5H", "JC HJ TC 2C QD 6S"),
        "C",
        ("1:AC 2:3C 3:2C 0:5C", "1:4C 2:KC 3:HJ 0:6C", "2:AD 3:QD 0:TH 1:9C"),
    ),
}


def worked_deal(name: str) -> tuple[list[list[str]], int, list[Trick]]:
    """An example's hands, trump and first three tricks as (plays, winner) by the reference."""
    hands_text, trump, tricks_text = EXAMPLES[name]
    tricks = []
    for text in tricks_text:
        plays = [(int(play[0]), play[2:]) for play in text.split()]
        tricks.append((plays, ref.trick_winner(ref.Rules(), plays, trump)))
    return [hand.split() for hand in hands_text], SUITS.index(trump), tricks


def continued(root: np.ndarray, hands: list[int], leader: int, trick=(), won=(0, 0)):
    """`root` (a position of the whole deal) later on: the hands left, the trick in progress
    from `leader` and each side's cards captured; the cards dealt stay the root's."""
    position = root.copy()
    position[solver.P_HANDS : solver.P_HANDS + len(hands)] = hands
    position[solver.P_LEADER] = leader
    position[solver.P_TRICK_LEN] = len(trick)
    position[solver.P_TRICK : solver.P_TRICK + len(trick)] = trick
    position[solver.P_WON : solver.P_WON + len(won)] = won
    return position


def own_points_taken(trump: str, tricks: list[Trick], side: int) -> int:
    """The points that cards taken by `side` in `tricks` scored at once for it (section 8.7:
    the Off-Jack and each joker 1, the Trey 3), which a position later in the deal no
    longer counts: the solver values the cards still to be taken, and High, Low, Jack and
    Game over the whole deal."""
    own = {ref.off_jack(trump): 1, ref.HIGH_JOKER: 1, ref.LOW_JOKER: 1, "3" + trump: 3}
    return sum(own.get(c, 0) for plays, seat in tricks if seat % 2 == side for _, c in plays)


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("side", [0, 1])
def test_the_worked_deals_last_three_tricks_are_valued_as_the_references_minimax(name, side):
    """After the example's first three tricks (High, Low, the Jack, Off-Jack and jokers partly
    taken, the card points so far), every lead to the fourth is worth what the reference's
    minimax of the last three tricks says, scored over the whole deal, less what the cards
    already taken scored by themselves."""
    rules = options()
    hands, trump, first = worked_deal(name)
    pitcher = first[0][0][0][0]  # the first trick's first play's seat
    root = tenpoint_position(masks(rules, hands), trump, pitcher, rules, side=side)
    played = {card for plays, _ in first for _, card in plays}
    left = [[card for card in hand if card not in played] for hand in hands]
    won = [0, 0]
    for plays, winner in first:
        won[winner % 2] |= masks(rules, [[card for _, card in plays]])[0]
    leader = first[-1][1]
    position = continued(root, masks(rules, left), leader, won=won)
    referee = referee_of(ref.Rules(), SUITS[trump])
    earlier = own_points_taken(SUITS[trump], first, side)
    expected = lead_values(referee, left, leader, side, before=first)
    assert solved_values(position, rules) == {c: v - earlier for c, v in expected.items()}


def test_the_first_worked_deal_is_worth_its_value_along_the_solvers_line():
    """Ten-point 1 from its first card: the solver's best card at every turn, for whichever side
    plays, makes a line whose points by the reference are the deal's value for each side."""
    rules = options()
    hands, trump, _ = worked_deal("Ten-point 1")
    deck = tp.game_deck(rules)
    for side in (0, 1):
        root = tenpoint_position(masks(rules, hands), trump, 0, rules, side=side)
        value = solver.solve_position(root).value
        left = masks(rules, hands)
        tricks: list[Trick] = []
        leader, trick, won = 0, [], [0, 0]
        while any(left):
            solution = solver.solve_position(continued(root, left, leader, trick, won))
            card = min(solution.best)
            seat = (leader + len(trick)) % 4
            left[seat] &= ~(1 << card)
            trick.append(card)
            if len(trick) == 4:
                plays = [((leader + k) % 4, deck.card_name(c)) for k, c in enumerate(trick)]
                winner = ref.trick_winner(ref.Rules(), plays, SUITS[trump])
                tricks.append((plays, winner))
                won[winner % 2] |= sum(1 << c for c in trick)
                leader, trick = winner, []
        points = ref.points_won(ref.Rules(), ref.deal_points(ref.Rules(), SUITS[trump], tricks))
        assert points[side] == value


# --- jokers, the command line, refusals --------------------------------------------------


def test_a_joker_is_never_low_even_the_lowest_trump_in_play():
    """Hearts trumps, only the Ace (seat 0) and the High Joker (seat 1) in play: the Ace is
    High and Low, both side 0's. Led, it draws the joker too, and Game: 4 points. Led
    after a club, which the joker trumps, it still takes Game: 3."""
    lines = main_solve(tp.NAME, "AH 2C / HJ 3C / KS 4C / QS 5C", "H", 0, [], None).splitlines()
    assert lines[:3] == [
        "4 points of the deal for side 0, seat 0 to play",
        "best: AH",
        "AH 4  2C 3",
    ]
    # The one joker ranks below the deuce, yet the Ace alone is Low: seat 0, leading the
    # Ace, leaves seat 1 (dealt the joker) nothing.
    cutthroat = ["players=3", "partnership=false", "jokers=one"]
    one = main_solve(tp.NAME, "AH 2C / JK 3C / 4D 4C", "H", 0, cutthroat, 1)
    assert one.splitlines()[0] == "0 points of the deal for side 1, seat 0 to play"


def test_solve_reads_the_jokers_and_prints_them():
    """Diamonds trumps: led, the Low Joker draws every trump to the Ace (side 0), which
    takes High, both jokers and Game; side 1 keeps Low, the King of trumps."""
    lines = main_solve(tp.NAME, "HJ 2C / LJ 3C / AD 4C / KD 5C", "D", 1, [], None).splitlines()
    assert lines[0].endswith("for side 1, seat 1 to play")
    values = dict(zip(lines[2].split()[::2], lines[2].split()[1::2], strict=True))
    assert values.keys() == {"LJ", "3C"} and values["LJ"] == "1"


@pytest.mark.parametrize(
    ("variants", "cards_each", "named"),
    [
        (("jokers=first_wins",), 2, "jokers=first_wins"),
        (("jokers=second_wins",), 2, "jokers=second_wins"),
        (("smear",), 2, "jokers=second_wins"),
        (("follow=trump_only",), 2, "follow=trump_only"),
        (("fixed_high_low",), 2, "fixed_high_low"),
        (("joker_points_to=holder",), 2, "joker_points_to=holder"),
        (("first_lead_trump",), 6, "first_lead_trump"),
    ],
)
def test_options_the_solver_cannot_play_exactly_are_refused_by_name(variants, cards_each, named):
    rules = options(*variants)
    rnd = random.Random(7)
    hands, trump, leader, _ = random_ending(rnd, rules, cards_each)
    with pytest.raises(solver.PositionError, match=f"cannot play {named}"):
        tenpoint_position(masks(rules, hands), trump, leader, rules)


@pytest.mark.parametrize(
    ("hands", "variants", "message"),
    [
        ("AH HJ / KS 3C / QS 4C", [], "partnership needs 4 or 6 players, not 3"),
        ("AH HJ / KS 3C", [], "players"),
        ("AH HJ / KS 3C / QS 4C / JS", [], "equal size"),
        ("AH HJ / KS HJ / QS 4C / JS 5C", [], "card HJ is given twice"),
        ("AH XJ / KS 3C / QS 4C / JS 5C", [], "bad card 'XJ' for the 54-card Ten-point deck"),
        ("AH HJ / KS 3C / QS 4C / JS 5C", ["jokers=none"], "bad card 'HJ' for the 52-card"),
        ("AH HJ / KS 3C / QS 4C / JS 5C", ["players=6"], "needs 6 hands, not 4"),
        (
            "2C 3C 4C 5C 6C 7C 8C / 2D 3D 4D 5D 6D 7D 8D / 2S 3S 4S 5S 6S 7S 8S / "
            "9C TC JC QC KC AC 9D",
            [],
            "at most 6 cards",
        ),
    ],
)
def test_bad_positions_are_named(hands, variants, message):
    with pytest.raises(ValueError, match=message):
        parse_deal(tp.NAME, hands, "H", 0, variants)
