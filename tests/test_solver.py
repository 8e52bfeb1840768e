"""The double-dummy solver against a plain-Python minimax written from docs/rules.md, on
thousands of seeded random end positions; hand-worked positions; the engine's own scoring
along the solver's line of play; the command line's parser and its errors."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field

import numpy as np
import pytest

from sims.core.cards import mask_of, parse_card, parse_cards
from sims.core.options import resolve
from sims.engine import solver
from sims.games.don import rules as don
from sims.games.don.descriptor import don_position
from sims.games.phat.descriptor import phat_position
from sims.games.phat.scripted import play_phat_script
from sims.games.pitch import rules as pitch
from sims.games.pitch.descriptor import pitch_position
from sims.games.pitch.scripted import play_pitch_script
from sims.tools.solve import main_solve, parse_deal

# ---------------------------------------------------------------------------------------
# The brute force: every line of play, no pruning; rules read from docs/rules.md. A position
# met again at the start of a trick (the same hands, leader and piles, reached by playing the
# tricks in another order) takes its value from a dict of the positions already played out.

TEN, JACK, QUEEN, KING, ACE, NINE, FIVE = 8, 9, 10, 11, 12, 7, 3
GAME_VALUE = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
# Points scored at once by the trick's winner: (trump values, other suits' values).
AT_ONCE = {
    "phat": ({NINE: 18, FIVE: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}, {NINE: 9, FIVE: 5}),
    "don": ({FIVE: 10, NINE: 9, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}, {FIVE: 5}),
}
# Don's bonus variants: game value, High and Low scored, Jack scored.
DON_BONUS = {
    "game8": (8, False, False),
    "game6_high_low": (6, True, False),
    "game5_high_low_jack": (5, True, True),
}


def suit(card: int) -> int:
    """Suit 0..3 (C D H S) of a card code."""
    return card // 13


@dataclass
class Deal:
    """A position as the brute force sees it: lists of cards, sides, and the rules."""

    game: str  # "pitch", "phat" or "don"
    hands: list[list[int]]
    trump: int
    leader: int
    side_of: list[int]
    side: int  # the side whose points count
    trick: list[int] = field(default_factory=list)
    captured: list[list[int]] = field(default_factory=list)
    dealt: list[list[int]] = field(default_factory=list)
    must_follow: bool = False
    low_to_holder: bool = False
    bonus: str = "game8"
    carry: int = 0

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)


def legal_cards(deal: Deal, hand: list[int], trick: list[int]) -> list[int]:
    """Cards of `hand` that may go on `trick`: any when leading or void; else the suit led,
    or (Pitch without must_follow) a trump instead."""
    if not trick:
        return list(hand)
    follow = [card for card in hand if suit(card) == suit(trick[0])]
    if not follow:
        return list(hand)
    if deal.must_follow:
        return follow
    return follow + [card for card in hand if suit(card) == deal.trump and card not in follow]


def trick_winner(trick: list[int], trump: int) -> int:
    """Index in the trick of the card that wins it."""
    trumps = [i for i, card in enumerate(trick) if suit(card) == trump]
    pool = trumps or [i for i, card in enumerate(trick) if suit(card) == suit(trick[0])]
    return max(pool, key=lambda i: trick[i])


def at_once(deal: Deal, card: int) -> int:
    """Points `card` scores at once for the team winning it (Phat and Don)."""
    if deal.game == "pitch":
        return 0
    trump_values, plain_values = AT_ONCE[deal.game]
    return (trump_values if suit(card) == deal.trump else plain_values).get(card % 13, 0)


def end_points(deal: Deal, piles: list[list[int]]) -> int:
    """Points the counted side scores after the last trick."""
    in_play = {card for pile in piles for card in pile} | {c for hand in deal.dealt for c in hand}
    trumps = sorted(card for card in in_play if suit(card) == deal.trump)
    owner = {card: side for side, pile in enumerate(piles) for card in pile}
    game_totals = [sum(GAME_VALUE.get(card % 13, 0) for card in pile) for pile in piles]
    best = max(game_totals)
    game_side = game_totals.index(best) if game_totals.count(best) == 1 else None
    if deal.game == "pitch":
        game_worth, high_low, jack = 1, True, True
    elif deal.game == "phat":
        game_worth, high_low, jack = 8, False, False
    else:
        game_worth, high_low, jack = DON_BONUS[deal.bonus]
    points = game_worth + deal.carry if game_side == deal.side else 0
    if trumps and high_low:
        points += owner[trumps[-1]] == deal.side
        if deal.low_to_holder:
            holder = next(s for s, cards in enumerate(deal.dealt) if trumps[0] in cards)
            points += deal.side_of[holder] == deal.side
        else:
            points += owner[trumps[0]] == deal.side
    the_jack = deal.trump * 13 + JACK
    if jack and the_jack in in_play:
        points += owner[the_jack] == deal.side
    return points


def brute_values(deal: Deal) -> dict[int, int]:
    """Points of the counted side after each card the seat to play may play."""
    hands = [list(hand) for hand in deal.hands]
    piles = [list(pile) for pile in deal.captured]
    seat = (deal.leader + len(deal.trick)) % deal.players
    values, seen = {}, {}
    for card in legal_cards(deal, hands[seat], deal.trick):
        hands[seat].remove(card)
        values[card] = _play_on(deal, hands, [*deal.trick, card], deal.leader, piles, seen)
        hands[seat].append(card)
    return values


def _play_on(
    deal: Deal, hands: list[list[int]], trick: list[int], leader: int, piles, seen: dict
) -> int:
    """Minimax points of the counted side from here: every legal card is tried; a trick's
    start already played out is looked up in `seen`."""
    if len(trick) == deal.players:
        taker = (leader + trick_winner(trick, deal.trump)) % deal.players
        side = deal.side_of[taker]
        gained = sum(at_once(deal, card) for card in trick) if side == deal.side else 0
        piles[side].extend(trick)
        value = gained + _play_on(deal, hands, [], taker, piles, seen)
        del piles[side][-deal.players :]
        return value
    if not trick and not any(hands):
        return end_points(deal, piles)
    key = (leader, *map(frozenset, hands), *map(frozenset, piles)) if not trick else None
    if key in seen:
        return seen[key]
    seat = (leader + len(trick)) % deal.players
    values = []
    for card in legal_cards(deal, hands[seat], trick):
        hands[seat].remove(card)
        values.append(_play_on(deal, hands, [*trick, card], leader, piles, seen))
        hands[seat].append(card)
    value = max(values) if deal.side_of[seat] == deal.side else min(values)
    if key is not None:
        seen[key] = value
    return value


# ---------------------------------------------------------------------------------------
# Random positions and their solver counterparts.

FULL = {"pitch": 6, "phat": 13, "don": 9}


def random_deal(
    rnd: random.Random, game: str, players: int, tricks: int, side_of: list[int], **rules
) -> Deal:
    """Seeded random position: `tricks` cards to each seat, up to two tricks already won
    by random sides, and a trick in progress of random legal cards about half the time."""
    deck = list(range(52))
    rnd.shuffle(deck)
    earlier = rnd.randint(0, min(2, FULL[game] - tricks))
    hands = [deck[tricks * s : tricks * (s + 1)] for s in range(players)]
    rest = deck[tricks * players :]
    before = [rest[earlier * s : earlier * (s + 1)] for s in range(players)]
    captured: list[list[int]] = [[] for _ in range(max(side_of) + 1)]
    for k in range(earlier):
        captured[rnd.choice(side_of)].extend(cards[k] for cards in before)
    deal = Deal(
        game,
        hands,
        rnd.randrange(4),
        rnd.randrange(players),
        side_of,
        0,
        captured=captured,
        **rules,
    )
    deal.side = rnd.choice(side_of)
    for k in range(rnd.randrange(players) if rnd.random() < 0.5 else 0):
        seat = (deal.leader + k) % players
        card = rnd.choice(legal_cards(deal, hands[seat], deal.trick))
        hands[seat].remove(card)
        deal.trick.append(card)
    played = {(deal.leader + k) % players: card for k, card in enumerate(deal.trick)}
    deal.dealt = [
        hands[s] + before[s] + ([played[s]] if s in played else []) for s in range(players)
    ]
    return deal


def position_of(deal: Deal, rules: dict | None = None):
    """The solver's position of a brute-force deal."""
    masks = [mask_of(hand) for hand in deal.hands]
    common = dict(side=deal.side, trick=deal.trick, captured=[mask_of(p) for p in deal.captured])
    if deal.game == "pitch":
        dealt = [mask_of(cards) for cards in deal.dealt]
        return pitch_position(masks, deal.trump, deal.leader, rules, dealt=dealt, **common)
    if deal.game == "phat":
        return phat_position(masks, deal.trump, deal.leader, carry=deal.carry, **common)
    dealt = [mask_of(cards) for cards in deal.dealt]
    return don_position(
        masks, deal.trump, deal.leader, rules, dealt=dealt, carry=deal.carry, **common
    )


def check_against_brute_force(deal: Deal, rules: dict | None = None) -> None:
    """Every legal card's value, the value and the best cards equal the brute force's."""
    expected = brute_values(deal)
    solution = solver.solve_position(position_of(deal, rules))
    assert solution.values == expected, deal
    seat = (deal.leader + len(deal.trick)) % deal.players
    pick = max if deal.side_of[seat] == deal.side else min
    optimum = pick(expected.values())
    assert solution.value == optimum, deal
    assert sorted(solution.best) == sorted(c for c, v in expected.items() if v == optimum), deal


PITCH_CASES = [  # (players, tricks left, variants, number of positions)
    (2, 4, (), 150),
    (3, 4, (), 150),
    (3, 3, ("must_follow",), 150),
    (4, 3, (), 250),
    (4, 3, ("low_to_holder",), 150),
    (4, 3, ("partnership",), 150),
    (4, 3, ("partnership", "must_follow", "low_to_holder"), 150),
    (5, 2, (), 150),
    (5, 3, ("must_follow",), 40),
    (6, 2, ("partnership", "teams=3"), 100),
    (6, 2, ("partnership",), 100),
    (7, 2, ("low_to_holder",), 100),
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "tricks", "variants", "count"), PITCH_CASES)
def test_pitch_values_equal_the_brute_force(players, tricks, variants, count):
    rules = resolve("pitch", pitch.OPTIONS, [f"players={players}", *variants])
    # docs/rules.md: a side per seat cutthroat; else team s % 2 (4 seats, or 6 in two teams of
    # three) or s % 3 (6 seats in three teams of two).
    teams = players if not rules["partnership"] else 2 if rules["teams"] == 2 else 3
    side_of = [seat % teams for seat in range(players)]
    rnd = random.Random(f"pitch {players} {tricks} {variants}")
    for _ in range(count):
        deal = random_deal(
            rnd,
            "pitch",
            players,
            tricks,
            side_of,
            must_follow=rules["must_follow"],
            low_to_holder=rules["low_to_holder"],
        )
        check_against_brute_force(deal, rules)


PARTNER_CASES = [  # (game, tricks left, variants, number of positions)
    ("phat", 3, (), 300),
    ("phat", 4, (), 60),
    ("don", 3, (), 200),
    ("don", 3, ("bonus=game6_high_low",), 150),
    ("don", 3, ("bonus=game5_high_low_jack", "game_tie=carry"), 150),
    ("don", 4, ("bonus=game5_high_low_jack",), 40),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "tricks", "variants", "count"), PARTNER_CASES)
def test_phat_and_don_values_equal_the_brute_force(game, tricks, variants, count):
    rules = resolve("don", don.OPTIONS, variants) if game == "don" else None
    rnd = random.Random(f"{game} {tricks} {variants}")
    for _ in range(count):
        deal = random_deal(rnd, game, 4, tricks, [0, 1, 0, 1], must_follow=True)
        if rules:
            deal.bonus = rules["bonus"]
        if game == "phat" or rules["game_tie"] == "carry":
            deal.carry = rnd.choice((0, 0, 8, 16))
        check_against_brute_force(deal, rules)


def line_value(deal: Deal, line: list[int]) -> int:
    """Points of the counted side when the cards of `line` are played from `deal` to the
    end: the brute force's scoring of one line instead of every line."""
    hands = [list(hand) for hand in deal.hands]
    piles = [list(pile) for pile in deal.captured]
    trick, leader, gained = list(deal.trick), deal.leader, 0
    for card in line:
        hands[(leader + len(trick)) % deal.players].remove(card)
        trick.append(card)
        if len(trick) == deal.players:
            taker = (leader + trick_winner(trick, deal.trump)) % deal.players
            side = deal.side_of[taker]
            gained += sum(at_once(deal, c) for c in trick) if side == deal.side else 0
            piles[side].extend(trick)
            trick, leader = [], taker
    assert not any(hands) and not trick
    return gained + end_points(deal, piles)


def redealt(rnd: random.Random, deal: Deal) -> Deal:
    """The same position with the hands dealt afresh, of the same sizes, from the cards
    they hold and the cards not in play (as a search samples the cards it cannot see):
    the cards in play, so High, Low and Jack, may change."""
    in_play = {c for pile in deal.captured for c in pile}
    in_play |= {c for cards in deal.dealt for c in cards}
    pool = [c for hand in deal.hands for c in hand] + [c for c in range(52) if c not in in_play]
    rnd.shuffle(pool)
    hands, dealt, taken = [], [], 0
    for hand, before in zip(deal.hands, deal.dealt, strict=True):
        hands.append(pool[taken : taken + len(hand)])
        dealt.append([c for c in before if c not in hand] + hands[-1])
        taken += len(hand)
    return dataclasses.replace(deal, hands=hands, dealt=dealt)


def check_line(rnd: random.Random, deal: Deal, buffers, value: int) -> None:
    """Play a random line from `deal`, loaded in `buffers` with the points `value` already
    won: the legal cards, the search's first guess and the points are the brute force's."""
    ctx, hands, played, diff, frames = buffers
    moves, scores = np.zeros((2, solver.MAX_PLIES, 13), np.int64)
    players = deal.players
    brute = [list(hand) for hand in deal.hands]
    trick, leader, line, ply = list(deal.trick), deal.leader, [], 0
    while True:
        seat, legal = solver.line_turn_nb(ctx, hands, played, frames, ply)
        if not any(brute):
            assert legal == 0
            break
        assert seat == (leader + len(trick)) % players
        assert legal == mask_of(legal_cards(deal, brute[seat], trick))
        frames[ply, solver.F_SEAT], frames[ply, solver.F_FIRST] = seat, -1
        solver._candidates(ctx, hands, played, moves, scores, frames, ply)
        assert solver.line_guess_nb(ctx, played, frames, ply, legal) == moves[ply, 0]
        card = rnd.choice(legal_cards(deal, brute[seat], trick))
        brute[seat].remove(card)
        trick.append(card)
        if len(trick) == players:
            leader, trick = (leader + trick_winner(trick, deal.trump)) % players, []
        line.append(card)
        value += solver.line_play_nb(ctx, hands, played, diff, frames, ply, card)
        ply += 1
    value += solver.line_end_nb(ctx, hands, diff, frames, ply)
    assert value == line_value(deal, line), (deal, line)


@pytest.mark.parametrize(
    ("game", "players", "variants"),
    [
        ("pitch", 4, ()),
        ("pitch", 3, ("must_follow",)),
        ("pitch", 6, ("partnership", "teams=3")),
        ("pitch", 4, ("partnership", "low_to_holder")),
        ("phat", 4, ()),
        ("don", 4, ("bonus=game5_high_low_jack",)),
    ],
)
def test_a_line_offers_the_legal_cards_guesses_the_searchs_first_move_and_scores_as_the_rules(
    game, players, variants
):
    """A line from a position, then lines from the same buffers with the hands dealt
    afresh and only the hands reloaded, as a search plays them."""
    rules = resolve(
        game,
        (pitch if game == "pitch" else don).OPTIONS,
        [f"players={players}", *variants] if game == "pitch" else variants,
    )
    if game == "pitch":
        teams = players if not rules["partnership"] else 2 if rules["teams"] == 2 else 3
        side_of = [seat % teams for seat in range(players)]
        flags = dict(must_follow=rules["must_follow"], low_to_holder=rules["low_to_holder"])
    else:
        side_of, flags = [0, 1, 0, 1], dict(must_follow=True)
    rnd = random.Random(f"lines {game} {players} {variants}")
    hands_only = ~np.zeros(solver.POSITION_SIZE, bool)
    hands_only[solver.P_HANDS : solver.P_TRICK] = False  # P_HANDS, then P_DEALT
    for _ in range(60):
        deal = random_deal(rnd, game, players, rnd.randint(1, 4), side_of, **flags)
        if game == "don":
            deal.bonus = rules["bonus"]
        contexts, hands, played, diff, frames = solver.line_buffers_nb(1)
        ctx = contexts[0]
        buffers = ctx, hands, played, diff, frames
        position = position_of(deal, rules if game != "phat" else None)
        solver.line_rules_nb(position, ctx, played, frames)
        check_line(rnd, deal, buffers, solver.line_hands_nb(position, ctx, hands, diff, frames))
        for _ in range(3):
            again = redealt(rnd, deal)
            other = position_of(again, rules if game != "phat" else None)
            assert (other == position)[hands_only].all()  # only the hands differ
            check_line(rnd, again, buffers, solver.line_hands_nb(other, ctx, hands, diff, frames))


@pytest.mark.parametrize("prune", [True, False])
@pytest.mark.parametrize(
    ("game", "players", "variants"),
    [
        ("pitch", 4, ("partnership",)),
        ("pitch", 3, ("must_follow",)),
        ("phat", 4, ()),
        ("don", 4, ()),
    ],
)
def test_deals_solved_from_loaded_rules_value_the_cards_as_a_fresh_solve(
    game, players, variants, prune
):
    """`deal_values_nb` on buffers whose rules `load_rules_nb` loaded once, deal after
    deal of the same position, searches and values every card as `move_values_nb` does
    from scratch."""
    rules = resolve(
        game,
        (pitch if game == "pitch" else don).OPTIONS,
        [f"players={players}", *variants] if game == "pitch" else variants,
    )
    if game == "pitch":
        teams = players if not rules["partnership"] else 2
        side_of = [seat % teams for seat in range(players)]
        flags = dict(must_follow=rules["must_follow"], low_to_holder=rules["low_to_holder"])
    else:
        side_of, flags = [0, 1, 0, 1], dict(must_follow=True)
    rnd = random.Random(f"loaded {game} {players} {variants} {prune}")
    table = solver.new_table()
    for _ in range(15):
        deal = random_deal(rnd, game, players, rnd.randint(1, 3), side_of, **flags)
        if game == "don":
            deal.bonus = rules["bonus"]
        buffers = solver.search_buffers_nb()
        position = position_of(deal, rules if game != "phat" else None)
        solver.load_rules_nb(position, prune, buffers)
        for again in [deal, *(redealt(rnd, deal) for _ in range(3))]:
            other = position_of(again, rules if game != "phat" else None)
            fresh, searched = solver.move_values_nb(other, solver.new_table(), prune)
            loaded, nodes = solver.deal_values_nb(other, table, buffers)
            assert (loaded == fresh).all() and nodes == searched  # the same search


@pytest.mark.slow
def test_equivalent_card_pruning_changes_no_value():
    rules = resolve("pitch", pitch.OPTIONS, [])
    rnd = random.Random("pruning")
    positions = []
    for _ in range(40):
        deck = rnd.sample(range(52), 24)
        hands = [mask_of(deck[6 * s : 6 * s + 6]) for s in range(4)]
        leader = rnd.randrange(4)
        trump = suit(rnd.choice(deck[6 * leader : 6 * leader + 6]))
        positions.append(pitch_position(hands, trump, leader, rules))
    for _ in range(40):
        deck = rnd.sample(range(52), 52)
        hands = [mask_of(deck[5 * s : 5 * s + 5]) for s in range(4)]
        captured = [mask_of(deck[20:36]), mask_of(deck[36:])]
        positions.append(
            phat_position(hands, rnd.randrange(4), rnd.randrange(4), captured=captured)
        )
    nodes = {True: 0, False: 0}
    for position in positions:
        pruned = solver.solve_position(position)
        full = solver.solve_position(position, prune=False)
        assert (pruned.values, pruned.best) == (full.values, full.best)
        nodes[True] += pruned.nodes
        nodes[False] += full.nodes
        value, best, _ = solver.solve_nb(position, solver.new_table(), False)
        assert value == pruned.value and best in pruned.best
    assert nodes[True] < nodes[False]


# ---------------------------------------------------------------------------------------
# Positions worked by hand.


def cards(text: str) -> int:
    """Mask of cards written as text."""
    return mask_of(parse_cards(text))


def pitch_rules(players: int, *variants: str) -> dict:
    """Pitch rules for `players` seats with the variants given."""
    return resolve("pitch", pitch.OPTIONS, [f"players={players}", *variants])


def test_a_lone_jack_of_trumps_scores_high_low_and_jack_for_its_captor():
    # Hearts are trump and JH is the only one in play: it wins whatever trick it falls in,
    # so seat 0 scores High, Low and Jack; seat 1 keeps AC (4) against JH (1) for Game.
    hands = [cards("JH 2C"), cards("AC 3D"), cards("4S 5S")]
    values = {}
    for side in range(3):
        position = pitch_position(hands, 2, 0, pitch_rules(3), side=side)
        values[side] = solver.solve_position(position).value
    assert values == {0: 3, 1: 1, 2: 0}
    # Another lone trump scores High and Low only; the Jack is not in play, so nobody
    # scores it, and TH's 10 game points now give seat 0 Game.
    hands[0] = cards("TH 2C")
    solution = solver.solve_position(pitch_position(hands, 2, 0, pitch_rules(3)))
    assert solution.value == 3


def test_pitch_game_goes_with_the_one_line_that_keeps_the_ten():
    # Spades trump; seat 0 already holds Low (2S, captured). Leading AS draws KS, and TC
    # then wins: High, Low, Game (17 game points to 0). Leading TC lets seat 1 trump it
    # with KS (13 game points); AS then takes only the 2C: High and Low, no Game.
    position = pitch_position(
        [cards("AS TC"), cards("KS 2C")],
        3,
        0,
        pitch_rules(2),
        captured=[cards("2S 3H"), cards("4H 5D")],
    )
    solution = solver.solve_position(position)
    assert solution.values == {parse_card("AS"): 3, parse_card("TC"): 2}
    assert solution.best == [parse_card("AS")] and solution.value == 3


def test_pitch_game_tied_scores_for_nobody_and_low_to_holder_scores_for_the_holder():
    # Clubs trump, 2 players, one trick: seat 0 leads 2C and seat 1 must follow with 3C.
    # Seat 1 captures both trumps (High, Low) and nothing else counts: the game points are
    # tied 0-0. Under low_to_holder, Low goes to seat 0, who was dealt the 2C.
    hands = [cards("2C"), cards("3C")]
    for variants, expected in (((), 0), (("low_to_holder",), 1)):
        position = pitch_position(hands, 0, 0, pitch_rules(2, *variants), side=0)
        assert solver.solve_position(position).value == expected


def test_the_first_card_of_a_pitch_deal_is_a_trump():
    hands = [
        cards("AH JH 5H KS 3C 2D"),
        cards("QH 9S 8S 7S 6S 5S"),
        cards("4D 5D 6D 7D 8D 9D"),
        cards("TC JC QC KC AC 9C"),
    ]
    solution = solver.solve_position(pitch_position(hands, 2, 0, pitch_rules(4)))
    assert set(solution.values) == set(parse_cards("AH JH 5H"))


def test_the_big_phat_is_saved_by_trumping_the_partners_trick():
    # Hearts trump. Seat 2 led AC, seat 3 followed 2C; seat 0, void in clubs, holds 9H 3D.
    # Trumping with 9H takes the trick (18) and seat 1's AH then wins 3D 5C 6S (AH 4, 5C 5).
    # Discarding 3D lets AC win; then seat 1's AH catches the 9H under 5C (18 + 4 + 5).
    # Muck: team 0 has 33 captured and gets AC either way, team 1 15 plus AH: bonus to 0.
    hands = [cards("9H 3D"), cards("4C AH"), cards("5C"), cards("6S")]
    captured = [cards("TC TD TS KC"), cards("TH KD QD")]
    trick = parse_cards("AC 2C")
    position = phat_position(hands, 2, 2, trick=trick, captured=captured)
    solution = solver.solve_position(position)
    assert solution.values == {parse_card("9H"): 18 + 8, parse_card("3D"): 8}
    carried = phat_position(hands, 2, 2, trick=trick, captured=captured, carry=16)
    assert solver.solve_position(carried).values == {parse_card("9H"): 42, parse_card("3D"): 24}
    # Team 1 scores the phat it catches and no bonus.
    defenders = phat_position(hands, 2, 2, side=1, trick=trick, captured=captured)
    assert solver.solve_position(defenders).values == {parse_card("9H"): 9, parse_card("3D"): 27}


def test_don_scores_high_low_and_jack_captured_earlier():
    # Hearts trump, game5_high_low_jack. Team 0 captured AH (High) and JH (Jack) earlier,
    # team 1 KS. The last trick: 5C, then seat 1's lone 2H trumps it (Low, and 5C's 5).
    # Game: team 0 has 4 + 1 = 5 against 3, so scores 5.
    rules = resolve("don", don.OPTIONS, ["bonus=game5_high_low_jack"])
    hands = [cards("5C"), cards("2H"), cards("3C"), cards("4C")]
    captured = [cards("AH JH"), cards("KS")]
    values = [
        solver.solve_position(don_position(hands, 2, 0, rules, side=side, captured=captured)).value
        for side in (0, 1)
    ]
    assert values == [1 + 1 + 5, 1 + 5]


# ---------------------------------------------------------------------------------------
# The engine scores the solver's line of play as the solver values it.


def principal_line(position) -> list[int]:
    """Cards of best play from `position` to the end of the deal."""
    line = []
    while True:
        solution = solver.solve_position(position)
        if not solution.best:
            return line
        line.append(solution.best[0])
        position = play(position, solution.best[0])


def play(position, card: int):
    """The position after the seat to play plays `card`."""
    after = position.copy()
    players = int(after[solver.P_PLAYERS])
    seat = solver.seat_to_play(after)
    length = int(after[solver.P_TRICK_LEN])
    after[solver.P_HANDS + seat] ^= 1 << card
    after[solver.P_TRICK + length] = card
    after[solver.P_OPENING] = 0
    if length + 1 < players:
        after[solver.P_TRICK_LEN] = length + 1
        return after
    trick = [int(c) for c in after[solver.P_TRICK : solver.P_TRICK + players]]
    taker = (
        int(after[solver.P_LEADER]) + trick_winner(trick, int(after[solver.P_TRUMP]))
    ) % players
    side = int(after[solver.P_SIDE_OF + taker])
    after[solver.P_WON + side] |= mask_of(trick)
    after[solver.P_LEADER] = taker
    after[solver.P_TRICK_LEN] = 0
    return after


@pytest.mark.parametrize("variants", [(), ("must_follow", "low_to_holder"), ("partnership",)])
def test_the_engine_scores_the_best_line_of_a_pitch_deal_at_its_value(variants):
    rules = pitch_rules(4, *variants)
    rnd = random.Random(f"engine {variants}")
    for _ in range(6):
        deck = rnd.sample(range(52), 24)
        hands = [deck[6 * s : 6 * s + 6] for s in range(4)]
        pitcher = rnd.randrange(4)
        trump = suit(rnd.choice(hands[pitcher]))
        side = rnd.randrange(2 if rules["partnership"] else 4)
        position = pitch_position([mask_of(h) for h in hands], trump, pitcher, rules, side=side)
        value = solver.solve_position(position).value
        # The seat on the dealer's left calls first: it pitches at once with a bid of 4.
        row = play_pitch_script(rules, hands, (pitcher - 1) % 4, [4], principal_line(position))
        assert row["won"][side] == value


@pytest.mark.parametrize(
    ("game", "variants", "tricks"),
    [
        ("phat", (), 4),
        ("don", ("bonus=game6_high_low",), 4),
        ("don", ("bonus=game5_high_low_jack",), 3),
    ],
)
def test_the_engine_scores_the_best_line_of_an_end_position_at_its_value(game, variants, tricks):
    size = FULL[game]
    rules = resolve("don", don.OPTIONS, variants) if game == "don" else None
    rnd = random.Random(f"engine {game} {variants}")
    for _ in range(6):
        deck = rnd.sample(range(52), 4 * size)
        hands = [deck[size * s : size * (s + 1)] for s in range(4)]
        pitcher = rnd.randrange(4)
        trump = suit(rnd.choice(hands[pitcher]))
        # Random legal play up to the end position, then the solver's line.
        deal = Deal(
            game,
            [list(h) for h in hands],
            trump,
            pitcher,
            [0, 1, 0, 1],
            0,
            captured=[[], []],
            must_follow=True,
        )
        early = [0, 0]
        opening = []
        for _ in range(size - tricks):
            trick = []
            for k in range(4):
                seat = (deal.leader + k) % 4
                legal = legal_cards(deal, deal.hands[seat], trick)
                if not opening:
                    legal = [card for card in legal if suit(card) == trump]
                card = rnd.choice(legal)
                deal.hands[seat].remove(card)
                trick.append(card)
                opening.append(card)
            taker = (deal.leader + trick_winner(trick, trump)) % 4
            deal.captured[taker % 2].extend(trick)
            early[taker % 2] += sum(at_once(deal, card) for card in trick)
            deal.leader = taker
        side = rnd.randrange(2)
        masks = [mask_of(h) for h in deal.hands]
        piles = [mask_of(p) for p in deal.captured]
        if game == "phat":
            position = phat_position(masks, trump, deal.leader, side=side, captured=piles)
        else:
            dealt = [mask_of(h) for h in hands]
            position = don_position(
                masks, trump, deal.leader, rules, side=side, captured=piles, dealt=dealt
            )
        value = solver.solve_position(position).value
        line = opening + principal_line(position)
        row = play_phat_script(
            hands, pitcher, line, game=game, variants=variants, stop_at_target=False
        )
        assert row[f"phat_{side}"] - early[side] + row[f"bonus_{side}"] == value


# ---------------------------------------------------------------------------------------
# The command line's side: text in, clear errors, text out.

PITCH_TEXT = "AH JH 5H KS 3C 2D / QH 9S 8S 7S 6S 5S | 4D 5D 6D 7D 8D 9D / TC JC QC KC AC 9C"


def test_parse_deal_reads_hands_trump_leader_and_variants():
    position = parse_deal("pitch", PITCH_TEXT, "h", 0, ["must_follow"])
    assert position[solver.P_HANDS] == cards("AH JH 5H KS 3C 2D")
    assert (position[solver.P_TRUMP], position[solver.P_PLAYERS]) == (2, 4)
    assert position[solver.P_MUST_FOLLOW] == 1
    three = parse_deal("pitch", "AH 2C / KH 3C / QH 4C", "♥", 1, [], side=2)
    assert (three[solver.P_PLAYERS], three[solver.P_SIDE], three[solver.P_LEADER]) == (3, 2, 1)


def test_main_solve_prints_the_value_and_the_best_cards():
    # AS draws KS and TC wins: High, Low and Game. TC lets KS trump it: High only.
    lines = main_solve("pitch", "AS TC / KS 2C", "S", 0, ["players=2"], None).splitlines()
    assert lines[0] == "3 points of the deal for side 0, seat 0 to play"
    assert lines[1:3] == ["best: AS", "AS 3  TC 1"]
    assert lines[3].endswith("nodes searched")
    # For side 1, seat 0 leads AS and leaves it nothing (TC would give it Low and Game).
    lines = main_solve("pitch", "AS TC / KS 2C", "S", 0, ["players=2"], 1).splitlines()
    assert lines[:3] == [
        "0 points of the deal for side 1, seat 0 to play",
        "best: AS",
        "TC 2  AS 0",
    ]


@pytest.mark.parametrize(
    ("game", "hands", "trump", "leader", "variants", "message"),
    [
        ("pitch", "AH ZZ / KS 3C", "H", 0, [], "bad card 'ZZ'"),
        ("pitch", "AH 2C / AH 3C", "H", 0, [], "card AH is given twice"),
        ("pitch", "AH AH / KS 3C", "H", 0, [], "card AH is given twice"),
        ("pitch", "AH 2C / KS", "H", 0, [], "equal size"),
        ("pitch", "AH 2C 3C 4C 5C 6C 7C / KS 3D 4D 5D 6D 7D 8D", "H", 0, [], "at most 6"),
        ("pitch", "AH 2C / KS 3C", "X", 0, [], "bad trump 'X'"),
        ("pitch", "AH 2C / KS 3C", "H", 2, [], "leader must be a seat 0..1"),
        ("pitch", "AH 2C / KS 3C", "H", 0, ["smudgy"], "no variant 'smudgy'"),
        ("pitch", "AH 2C / KS 3C", "H", 0, ["players=3"], "needs 3 hands"),
        ("pitch", "AH 2C / KS 3C / 4D 5D", "H", 0, ["partnership"], "partnership needs"),
        ("phat", "AH / KS / QS", "H", 0, [], "give 4 hands"),
        ("don", "AH / KS / QS / JS", "H", 0, ["bonus=game9"], "bad value 'game9'"),
        ("whist", "AH / KS / QS / JS", "H", 0, [], "unknown game 'whist'"),
    ],
)
def test_parse_deal_names_the_problem(game, hands, trump, leader, variants, message):
    with pytest.raises(ValueError, match=message):
        parse_deal(game, hands, trump, leader, variants)


def test_positions_that_cannot_arise_are_refused():
    six = [cards("AH JH 5H KS 3C 2D"), cards("QH 9S 8S 7S 6S 5S"), cards("4D 5D 6D 7D 8D 9D")]
    with pytest.raises(solver.PositionError, match="holds no trump"):
        pitch_position(six, 0, 1, pitch_rules(3))
    with pytest.raises(solver.PositionError, match="names trump"):
        led = [six[0], cards("QH 8S 7S 6S 5S"), six[2]]  # seat 1 led 9S
        pitch_position(led, 2, 1, pitch_rules(3), trick=parse_cards("9S"))
    with pytest.raises(solver.PositionError, match="who was dealt 2H"):
        pitch_position(
            [cards("AH"), cards("KS")],
            2,
            0,
            pitch_rules(2, "low_to_holder"),
            captured=[cards("2H 3C"), 0],
        )
    with pytest.raises(solver.PositionError, match="game_tie=carry"):
        don_position([cards("AH"), cards("KS"), cards("QS"), cards("JS")], 2, 0, carry=8)


def test_the_solver_seats_a_full_pitch_table():
    assert pitch.MAX_PLAYERS <= solver.MAX_SEATS
