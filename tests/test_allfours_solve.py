"""`allfours solve allfours` (docs/rules.md section 7): the solver's value of every lead of
random endings against a plain-Python minimax scored by the reference
(`sims.games.allfours.reference`), for two, three and four players and every option it
plays, Game on a tie going to the elder hand; the worked deals (All Fours 1 to 3 of
docs/examples.md) searched whole; the option it refuses and bad input named."""

from __future__ import annotations

import random

import pytest

from sims.core.cards import SUITS
from sims.core.options import resolve
from sims.engine import solver
from sims.games.allfours import reference as ref
from sims.games.allfours import rules as af
from sims.games.allfours.descriptor import allfours_position
from sims.tools.solve import main_solve, parse_deal
from tests.solve_minimax import Referee, lead_values

DEALER, ELDEST = 0, 1  # the seats of a solved position, as in the worked examples
POINTS = {"High", "Low", "Jack", "Game"}


def options(*variants: str) -> dict:
    return resolve(af.NAME, af.OPTIONS, list(variants))


def referee_of(rules: ref.Rules, trump: str) -> Referee:
    """The reference's rules of play and points under `rules`, trump `trump`."""
    return Referee(
        legal=lambda hand, trick: ref.legal_cards(hand, trick, trump),
        winner=lambda trick: ref.trick_winner(trick, trump),
        awards=lambda tricks: ref.deal_points(rules, trump, ELDEST, tricks),
        side_of=lambda seat: ref.side_of(rules, seat),
    )


def masks(hands: list[list[str]]) -> list[int]:
    """Hands of card names as masks (codes: suit C D H S times 13 plus rank 2..A)."""
    return [sum(1 << (SUITS.index(c[1]) * 13 + ref.RANKS.index(c[0])) for c in h) for h in hands]


def solved_values(position) -> dict[str, int]:
    """The solver's value of each card the seat to play may play, by the card's name."""
    values = solver.solve_position(position).values
    return {ref.RANKS[card % 13] + SUITS[card // 13]: value for card, value in values.items()}


def random_ending(rnd: random.Random, players: int, cards_each: int):
    """Hands of `cards_each` cards, about half of them trumps and the counting cards often
    among them, a random trump, leader and maximising side: (hands, trump, leader, side)."""
    trump = rnd.choice(ref.SUITS)
    trumps = [card for card in ref.deck() if ref.suit(card) == trump]
    others = [card for card in ref.deck() if card not in trumps]
    total = players * cards_each
    count = rnd.randint(0, min(total, len(trumps)))
    cards = rnd.sample(trumps, count) + rnd.sample(others, total - count)
    rnd.shuffle(cards)
    hands = [cards[cards_each * seat : cards_each * (seat + 1)] for seat in range(players)]
    sides = 2 if players == 4 else players
    return hands, SUITS.index(trump), rnd.randrange(players), rnd.randrange(sides)


ENDINGS = [  # (variants, cards a hand, number of endings)
    ((), 2, 250),
    ((), 4, 80),
    (("game_tie=none",), 3, 120),
    (("low_to=winner",), 3, 120),
    (("players=3",), 3, 120),
    (("players=3", "game_tie=none", "low_to=winner"), 2, 80),
    (("players=4",), 3, 80),
    (("players=4", "discard_after_run=keep_all", "kick_points"), 2, 60),
]


@pytest.mark.parametrize(("variants", "cards_each", "count"), ENDINGS)
def test_every_lead_of_an_ending_is_valued_as_the_references_minimax(variants, cards_each, count):
    rules = options(*variants)
    played = ref.Rules(**rules)
    rnd = random.Random(f"allfours solve {variants} {cards_each}")
    scored: set[tuple[str, bool]] = set()
    for _ in range(count):
        hands, trump, leader, side = random_ending(rnd, rules["players"], cards_each)
        referee = referee_of(played, SUITS[trump])
        expected = lead_values(referee, hands, leader, side)
        position = allfours_position(masks(hands), trump, leader, rules, side=side)
        assert solved_values(position) == expected, (hands, SUITS[trump], leader, side)
        scored |= referee.scored
    # Every point is taken, and all but Game missed (no trump in play, no Jack); Game
    # goes to nobody only without the elder hand's tie rule or with three players.
    assert {name for name, taken in scored if taken} == POINTS
    missed = {name for name, taken in scored if not taken}
    tie_to_nobody = rules["game_tie"] == "none" or rules["players"] == 3
    assert missed == (POINTS if tie_to_nobody else POINTS - {"Game"})


EXAMPLES = {  # the dealer's hand, the elder hand's (it leads), trump
    "All Fours 1": ("JH 2H QC 7C TD KS", "AH 9H KC TC 4D 3S", "H"),
    "All Fours 2": ("9C TH 7D 4D 7S 2S", "TS 9D 8D 6H 5S 3H", "C"),
    "All Fours 3": ("KH TH 8H 3H AC KD", "AH QH 7H 2H KC 9S", "H"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("variants", [(), ("game_tie=none", "low_to=winner")])
def test_the_worked_deals_are_valued_as_the_references_minimax(name, variants):
    """Each example's whole deal, for each player, every lead of the elder hand."""
    rules = options(*variants)
    dealer, eldest, trump = EXAMPLES[name]
    hands = [ref.parse_cards(dealer), ref.parse_cards(eldest)]
    for side in (DEALER, ELDEST):
        expected = lead_values(referee_of(ref.Rules(**rules), trump), hands, ELDEST, side)
        position = allfours_position(masks(hands), SUITS.index(trump), ELDEST, rules, side=side)
        assert solved_values(position) == expected


def test_a_tied_game_goes_to_the_elder_hand():
    """No card counts for Game, a tie at 0, which the elder hand (seat 1) scores by
    default, with High and Low (the 2 of clubs, its only trump): 3; under game_tie=none,
    2; the dealer never scores."""
    hands = "4S 5H / 2C 3D"
    first = main_solve(af.NAME, hands, "C", ELDEST, [], ELDEST).splitlines()[0]
    assert first == (
        "3 points of High, Low, Jack and Game (the upcard's and the gift's not counted) "
        "for side 1, seat 1 to play"
    )
    assert main_solve(af.NAME, hands, "C", ELDEST, ["game_tie=none"], ELDEST).startswith("2 ")
    assert main_solve(af.NAME, hands, "C", ELDEST, [], DEALER).startswith("0 points")
    # Three players, each for himself, all tied at 0: the elder hand's Game again.
    three = "4S 5H / 2C 3D / 6S 7H"
    assert main_solve(af.NAME, three, "C", ELDEST, [], ELDEST).startswith("3 points")
    assert main_solve(af.NAME, three, "C", ELDEST, [], 2).startswith("0 points")


def test_hang_jack_is_refused_by_name():
    with pytest.raises(solver.PositionError, match="cannot play hang_jack"):
        parse_deal(af.NAME, "JH 2C / AH 3C", "H", 0, ["hang_jack"])


@pytest.mark.parametrize(
    ("hands", "variants", "message"),
    [
        ("AH HJ / KS 3C", [], "bad card 'HJ' for the 52-card pack"),
        ("AH 2C / KS 3C / QS 4C", ["players=2"], "All Fours with 2 players needs 2 hands, not 3"),
        ("AH / KS / QS / JS / TS", [], "players"),
        ("AH 2C / KS", [], "equal size"),
        ("AH 2C / AH 3C", [], "card AH is given twice"),
        (" / ".join(["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"]), [], "at most 6 cards"),
        (
            " / ".join(["2C 3C 4C 5C 6C 7C 8C 9C TC JC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD"]),
            ["discard_after_run=keep_if_one_run"],
            "at most 9 cards",
        ),
    ],
)
def test_bad_positions_are_named(hands, variants, message):
    with pytest.raises(ValueError, match=message):
        parse_deal(af.NAME, hands, "H", 0, variants)
