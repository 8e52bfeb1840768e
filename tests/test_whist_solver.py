"""The double-dummy solver counting Solo Whist tricks, against a plain-Python minimax
written from docs/rules.md section 4 on seeded random end positions: trumps and no
trumps, one declarer or two (Prop and Cop), and the misères."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from sims.core.cards import mask_of
from sims.engine import solver
from sims.games.solowhist.descriptor import whist_position

PLAYERS = 4


def suit(card: int) -> int:
    """Suit 0..3 (C D H S) of a card code."""
    return card // 13


@dataclass
class Deal:
    """A Solo Whist end position as the brute force sees it."""

    hands: list[list[int]]
    trump: int  # -1: no trump
    leader: int
    declarers: list[int]
    misere: bool
    side: int  # the side whose count is the value: 0 declaring, 1 defending
    trick: list[int] = field(default_factory=list)
    captured: list[list[int]] = field(default_factory=lambda: [[], []])

    def side_of(self, seat: int) -> int:
        """0 for a declaring seat, 1 for a defender."""
        return 0 if seat in self.declarers else 1


def legal(hand: list[int], trick: list[int]) -> list[int]:
    """A player able to follow the suit led must; otherwise any card."""
    follow = [card for card in hand if trick and suit(card) == suit(trick[0])]
    return follow or list(hand)


def winner(trick: list[int], trump: int) -> int:
    """Index of the trick's winning card: the highest trump, else the highest of the suit
    led."""
    trumps = [i for i, card in enumerate(trick) if suit(card) == trump]
    pool = trumps or [i for i, card in enumerate(trick) if suit(card) == suit(trick[0])]
    return max(pool, key=lambda i: trick[i])


def counted(deal: Deal, taker_side: int) -> int:
    """What a trick taken by `taker_side` is worth to the counted side: its own tricks, or
    in a misère the other side's."""
    return int((taker_side == deal.side) != deal.misere)


def brute_values(deal: Deal) -> dict[int, int]:
    """The counted side's tricks of the whole deal after each legal card of the seat to
    play, every line tried."""
    before = sum(
        counted(deal, side) * len(pile) // PLAYERS for side, pile in enumerate(deal.captured)
    )
    seat = (deal.leader + len(deal.trick)) % PLAYERS
    hands = [list(hand) for hand in deal.hands]
    values, seen = {}, {}
    for card in legal(hands[seat], deal.trick):
        hands[seat].remove(card)
        values[card] = before + _play_on(deal, hands, [*deal.trick, card], deal.leader, seen)
        hands[seat].append(card)
    return values


def _play_on(deal: Deal, hands: list[list[int]], trick: list[int], leader: int, seen: dict) -> int:
    """Minimax of the counted tricks still to come. A position met again at the start of a
    trick (the same hands and leader, the tricks played in another order) takes its value
    from `seen`, the positions already played out."""
    if len(trick) == PLAYERS:
        taker = (leader + winner(trick, deal.trump)) % PLAYERS
        return counted(deal, deal.side_of(taker)) + _play_on(deal, hands, [], taker, seen)
    if not trick and not any(hands):
        return 0
    key = (leader, *map(frozenset, hands)) if not trick else None
    if key in seen:
        return seen[key]
    seat = (leader + len(trick)) % PLAYERS
    values = []
    for card in legal(hands[seat], trick):
        hands[seat].remove(card)
        values.append(_play_on(deal, hands, [*trick, card], leader, seen))
        hands[seat].append(card)
    value = max(values) if deal.side_of(seat) == deal.side else min(values)
    if key is not None:
        seen[key] = value
    return value


def random_deal(rnd: random.Random, tricks: int, trump: int, misere: bool) -> Deal:
    """`tricks` cards to each seat, up to two tricks already won, a trick in progress of
    random legal cards about half the time."""
    deck = list(range(52))
    rnd.shuffle(deck)
    hands = [deck[tricks * s : tricks * (s + 1)] for s in range(PLAYERS)]
    declarer = rnd.randrange(PLAYERS)
    declarers = [declarer]
    if not misere and rnd.random() < 0.3:  # Prop and Cop: any other seat may cop
        declarers.append(rnd.choice([s for s in range(PLAYERS) if s != declarer]))
    deal = Deal(hands, trump, rnd.randrange(PLAYERS), declarers, misere, rnd.randrange(2))
    rest = deck[tricks * PLAYERS :]
    for k in range(rnd.randint(0, 2)):
        deal.captured[rnd.randrange(2)].extend(rest[PLAYERS * k : PLAYERS * (k + 1)])
    for k in range(rnd.randrange(PLAYERS) if rnd.random() < 0.5 else 0):
        seat = (deal.leader + k) % PLAYERS
        card = rnd.choice(legal(hands[seat], deal.trick))
        hands[seat].remove(card)
        deal.trick.append(card)
    return deal


def position_of(deal: Deal):
    """The solver's position of a brute-force deal."""
    return whist_position(
        [mask_of(hand) for hand in deal.hands],
        deal.trump,
        deal.leader,
        deal.declarers,
        misere=deal.misere,
        side=deal.side,
        trick=deal.trick,
        captured=[mask_of(pile) for pile in deal.captured],
    )


@pytest.mark.slow  # 150 positions a case, solved and brute-forced: 6 to 10 s a case
@pytest.mark.parametrize(
    ("trump", "misere"),
    [(0, False), (3, False), (-1, False), (-1, True)],
    ids=["clubs", "spades", "no_trump", "misere"],
)
def test_trick_counts_match_the_brute_force(trump, misere):
    rnd = random.Random(1000 + trump + 10 * misere)
    table = solver.new_table(12)
    for _ in range(150):
        deal = random_deal(rnd, rnd.randint(2, 4), trump, misere)
        expected = brute_values(deal)
        position = position_of(deal)
        for prune in (True, False):
            solution = solver.solve_position(position, prune, table)
            assert solution.values == expected, (deal, prune)
            value, _, _ = solver.solve_nb(position, table, prune)
            pick = max if deal.side_of(solution.seat) == deal.side else min
            assert value == pick(expected.values())


def test_a_misere_declarer_counts_the_tricks_it_gives_away():
    # Seat 0 declares misère holding the two lowest clubs against higher ones: it takes
    # nothing whoever leads, so its side's value is both tricks, the defenders' none.
    hands = [mask_of([0, 1]), mask_of([2, 3]), mask_of([4, 5]), mask_of([6, 7])]
    for side, value in ((0, 2), (1, 0)):
        position = whist_position(hands, -1, 1, [0], misere=True, side=side)
        assert solver.solve_position(position).value == value


def test_a_no_trump_position_refuses_a_suit_out_of_range():
    hands = [mask_of([card]) for card in (0, 13, 26, 39)]
    with pytest.raises(solver.PositionError, match="-1 or a suit"):
        whist_position(hands, 4, 0, [0])
