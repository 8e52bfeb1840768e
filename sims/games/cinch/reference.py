"""Plain-Python reference rules for Cinch (Double Pedro), docs/rules.md section 6: cards,
trick play, points and settlement. The deal itself, step by step, is in ``reference_deal``.

Slow, obvious and independent of the package (stdlib only), so the fast kernels can be
checked against it. Cards are strings, rank then suit: ranks ``23456789TJQKA`` (``T`` the
ten), suits ``CDHS`` ("AH", "TD", "5S"); ``parse_cards`` also reads the book's "10♥ A♣".
Seats are ``0..n-1`` clockwise (N E S W with four players) and the eldest hand is
``(dealer + 1) % n``. Points and scores are kept per side: with four players two
partnerships, seats 0 and 2 (N-S, side 0) against 1 and 3 (E-W, side 1); with 2, 3, 5
or 6 players every seat is its own side (CIN-1.3).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}

PASS = 0
MAX_BID = 14
HAND_SIZE = 6
TOTAL_POINTS = 14

SCORINGS = ("difference", "setback")
FAILED_AWARDS = ("opponents_points_plus_bid", "fourteen_plus_shortfall")
ALL_PASS = ("dealer_names_no_contract", "dealer_forced_min_bid", "redeal_next_dealer")
BID14 = ("normal", "money")
FOLLOWS = ("follow_or_trump", "strict")
STOCK_EXHAUSTED = ("fill_from_nontrump_discards", "play_short")
BOTH_REACH = ("maker", "count_order")


@dataclass(frozen=True)
class Rules:
    """Options of one Cinch game (docs/rules.md section 6.10); the defaults are the book's."""

    players: int = 4
    scoring: str = "difference"
    failed_award: str = "opponents_points_plus_bid"
    all_pass: str = "dealer_names_no_contract"
    min_bid: int = 1
    bid14: str = "normal"
    target: int = 51
    keep_nontrumps: bool = False
    follow: str = "follow_or_trump"
    must_keep_counters: bool = False
    dealer_must_take_trumps: bool = False
    stock_exhausted: str = "fill_from_nontrump_discards"
    widow: bool = False
    both_reach_target: str = "maker"

    def __post_init__(self) -> None:
        """Reject options the rule book does not define."""
        choices = {
            "scoring": SCORINGS,
            "failed_award": FAILED_AWARDS,
            "all_pass": ALL_PASS,
            "bid14": BID14,
            "follow": FOLLOWS,
            "stock_exhausted": STOCK_EXHAUSTED,
            "both_reach_target": BOTH_REACH,
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        if self.players not in (2, 3, 4, 5, 6):
            raise ValueError(f"players must be 2..6 (CIN-1.3), got {self.players!r}")
        if self.min_bid not in (1, 6, 7):
            raise ValueError(f"min_bid must be 1, 6 or 7, got {self.min_bid!r}")
        if not (isinstance(self.target, int) and self.target > 0):
            raise ValueError(f"target must be a positive int, got {self.target!r}")
        if self.widow and self.players > 5:
            raise ValueError("the widow form deals ten cards each, so at most 5 players")
        if self.bid14 == "money" and self.players not in (2, 4):
            # "Lose the game" names a winner only when there are two sides.
            raise ValueError("bid14='money' needs two sides (2 or 4 players)")

    @property
    def cards_dealt(self) -> int:
        """Cards each player is dealt: 9, six with 5 or 6 players, ten with the widow."""
        if self.widow:
            return HAND_SIZE + 4
        return 9 if self.players <= 4 else HAND_SIZE

    @property
    def dealer_robs(self) -> bool:
        """Only the four-handed game without a widow has the dealer rob the pack (CIN-5.7)."""
        return self.players == 4 and not self.widow


# ----------------------------------------------------------------------------- cards


def parse_card(text: str) -> str:
    """Canonical name ("TH") of a card written "TH", "10h" or "10♥"."""
    raw = text.strip().upper()
    suit_char = SUIT_SYMBOLS.get(raw[-1:], raw[-1:])
    rank_text = "T" if raw[:-1] == "10" else raw[:-1]
    if len(rank_text) != 1 or rank_text not in RANKS or suit_char not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return rank_text + suit_char


def parse_cards(text: str) -> list[str]:
    """Cards from a space-separated string such as "A♥ J♥ 9♥" or "AH JH 9H"."""
    return [parse_card(item) for item in text.split()]


def deck() -> list[str]:
    """The 52-card pack (CIN-1.2), clubs to spades, deuce to ace."""
    return [r + s for s in SUITS for r in RANKS]


_DECK_ORDER = {card: index for index, card in enumerate(deck())}


def suit(card: str) -> str:
    """Printed suit letter of a card."""
    return card[1]


def rank(card: str) -> int:
    """Printed rank 0..12 (deuce..ace) of a card."""
    return RANKS.index(card[0])


def left_pedro(trump: str) -> str:
    """The five of the trump suit's colour partner: a trump (CIN-2.1)."""
    return "5" + SAME_COLOUR[trump]


def is_trump(card: str, trump: str) -> bool:
    """True for the 13 cards of the trump suit and the Left Pedro."""
    return suit(card) == trump or card == left_pedro(trump)


def effective_suit(card: str, trump: str) -> str:
    """Suit the card belongs to for following (6.0.2): the Left Pedro is a trump."""
    return trump if is_trump(card, trump) else suit(card)


def trump_order(trump: str) -> list[str]:
    """The 14 trumps high to low: A K Q J T 9 8 7 6 5 (Right) 5 (Left) 4 3 2 (CIN-2.1)."""
    high = [r + trump for r in "AKQJT98765"]
    return high + [left_pedro(trump)] + [r + trump for r in "432"]


def trick_rank(card: str, trump: str) -> tuple[int, int]:
    """Sort key within a trick: every trump above every plain card; higher is better."""
    if is_trump(card, trump):
        return (1, 13 - trump_order(trump).index(card))
    return (0, rank(card))


# ----------------------------------------------------------------------------- sides


def sides(rules: Rules) -> list[list[int]]:
    """Seats of each side: two partnerships with four players, else one side per seat."""
    if rules.players == 4:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(rules.players)]


def side_of(rules: Rules, seat: int) -> int:
    """Side index of a seat."""
    return seat % 2 if rules.players == 4 else seat


# ----------------------------------------------------------------------------- play


def legal_cards(
    rules: Rules, hand: Iterable[str], trick: Sequence[tuple[int, str]], trump: str
) -> list[str]:
    """Cards of ``hand`` that may go to a trick whose plays so far are ``(seat, card)``.

    Follow suit or trump (6.0.3): on a trump lead a trump if able; on a plain lead a card
    of that suit or a trump if able to follow; otherwise any card. ``follow='strict'``:
    a plain suit must be followed when possible. Suits are effective suits throughout.
    """
    held = sorted(hand, key=lambda c: (suit(c), rank(c)))
    if not trick:
        return held
    led = effective_suit(trick[0][1], trump)
    following = [c for c in held if effective_suit(c, trump) == led]
    if not following:
        return held
    if led == trump or rules.follow == "strict":
        return following
    return [c for c in held if effective_suit(c, trump) in (led, trump)]


def trick_winner(trick: Sequence[tuple[int, str]], trump: str) -> int:
    """Seat that wins a trick of ``(seat, card)`` plays, leader first (6.0.4)."""
    led = effective_suit(trick[0][1], trump)
    contenders = [
        (trick_rank(card, trump), seat)
        for seat, card in trick
        if effective_suit(card, trump) in (led, trump)
    ]
    return max(contenders)[1]


# ----------------------------------------------------------------------------- decisions


VERBS = {"bid": "bid", "trump": "name trump", "card": "play"}


@dataclass(frozen=True)
class Decision:
    """One question of the deal: who answers, what about, and which answers are legal.

    Kinds "bid", "trump" and "card" list their answers in ``options``. Kinds "keep" and
    "fill" are answered with the cards chosen from ``pool``: between ``sizes[0]`` and
    ``sizes[1]`` of them and, of each group in ``must_keep`` (nested, smallest first), at
    least as many as the group holds or as are chosen, whichever is fewer.
    """

    kind: str
    seat: int
    options: tuple = ()
    pool: tuple[str, ...] = ()
    sizes: tuple[int, int] = (0, 0)
    must_keep: tuple[tuple[str, frozenset[str]], ...] = ()


def check_answer(decision: Decision, answer: object) -> object:
    """The answer in canonical form (cards as a sorted tuple); ValueError naming the fault."""
    who = f"seat {decision.seat}"
    if decision.kind not in ("keep", "fill"):
        if isinstance(answer, bool) or answer not in decision.options:
            legal = ", ".join(str(option) for option in decision.options)
            verb = VERBS.get(decision.kind, decision.kind)
            raise ValueError(f"{who} cannot {verb} {answer!r}: legal are {legal}")
        return answer
    if isinstance(answer, str):
        raise ValueError(f"{who} must {decision.kind} a collection of cards, not {answer!r}")
    chosen = [parse_card(card) for card in answer]  # type: ignore[union-attr]
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"{who} names a card twice in {decision.kind} {chosen}")
    strays = [card for card in chosen if card not in decision.pool]
    if strays:
        raise ValueError(f"{who} cannot {decision.kind} {strays}: not among {list(decision.pool)}")
    low, high = decision.sizes
    if not low <= len(chosen) <= high:
        span = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{who} must {decision.kind} {span} cards, not {len(chosen)}")
    for name, group in decision.must_keep:
        need = min(len(group), len(chosen))
        if len(group.intersection(chosen)) < need:
            raise ValueError(
                f"{who} must {decision.kind} {need} of its {name} ({sorted(group)}), got {chosen}"
            )
    return tuple(sorted(chosen, key=_DECK_ORDER.__getitem__))


def random_answer(rng: random.Random, decision: Decision) -> object:
    """A legal answer chosen at random (every legal answer has a chance)."""
    if decision.kind not in ("keep", "fill"):
        return rng.choice(decision.options)
    size = rng.randint(*decision.sizes)
    chosen: list[str] = []
    for _, group in decision.must_keep:
        spare = sorted(group - set(chosen), key=_DECK_ORDER.__getitem__)
        need = min(len(group), size) - len(group.intersection(chosen))
        chosen += rng.sample(spare, max(need, 0))
    spare = [card for card in decision.pool if card not in chosen]
    chosen += rng.sample(spare, size - len(chosen))
    return tuple(chosen)


# ----------------------------------------------------------------------------- points


class Point(NamedTuple):
    """One counting card's award: the side that won its trick, None when the card is dead."""

    name: str
    card: str
    value: int
    side: int | None


def counting_cards(trump: str) -> list[tuple[str, str, int]]:
    """(name, card, value) of the six counting trumps (6.7) in CIN-9.3's counting order."""
    return [
        ("High", "A" + trump, 1),
        ("Low", "2" + trump, 1),
        ("Jack", "J" + trump, 1),
        ("Game", "T" + trump, 1),
        ("Right Pedro", "5" + trump, 5),
        ("Left Pedro", left_pedro(trump), 5),
    ]


def deal_points(trump: str, captured_by: dict[str, int]) -> list[Point]:
    """Who scores each counting card: the side capturing it; None for a dead card (6.7).

    ``captured_by`` maps every card in play to the side that won the trick holding it.
    """
    return [
        Point(name, card, value, captured_by.get(card))
        for name, card, value in counting_cards(trump)
    ]


def points_won(rules: Rules, points: Iterable[Point]) -> list[int]:
    """Points each side took in the deal."""
    won = [0] * len(sides(rules))
    for point in points:
        if point.side is not None:
            won[point.side] += point.value
    return won


class Settlement(NamedTuple):
    """How one deal changes the scores, and who (if anyone) has won the game."""

    made: bool
    delta: list[int]
    scores_after: list[int]
    winner: int | None


def settle(
    rules: Rules, maker: int, bid: int, points: Sequence[Point], scores_before: Sequence[int]
) -> Settlement:
    """Score a deal (CIN-8) and decide the game (CIN-9).

    ``maker`` is the maker's seat and ``bid`` the contract (0: all passed and the dealer
    named trump without one, CIN-4.4, which is always made).
    """
    count = len(sides(rules))
    before = list(scores_before)
    if len(before) != count:
        raise ValueError(f"need {count} scores (one per side), got {before!r}")
    won = points_won(rules, points)
    making = side_of(rules, maker)
    made = won[making] >= bid
    delta = [0] * count
    if count == 2 and rules.scoring == "difference":
        opponents = 1 - making
        if made:
            margin = won[making] - won[opponents]
            delta[making if margin > 0 else opponents] = abs(margin)
        elif rules.failed_award == "opponents_points_plus_bid":
            delta[opponents] = won[opponents] + bid
        else:
            delta[opponents] = TOTAL_POINTS + bid - won[making]
    else:
        # Set-back (CIN-8.2), and every cut-throat form with three or more sides (CIN-8.4).
        delta = list(won)
        if not made:
            delta[making] = -bid
    after = [b + d for b, d in zip(before, delta, strict=True)]
    if rules.bid14 == "money" and bid == MAX_BID:
        return Settlement(made, delta, after, making if made else 1 - making)
    winner = _game_winner(rules, making, bid, made, points, before, after)
    return Settlement(made, delta, after, winner)


def _game_winner(
    rules: Rules,
    making: int,
    bid: int,
    made: bool,
    points: Sequence[Point],
    before: Sequence[int],
    final: Sequence[int],
) -> int | None:
    """Side that wins after a deal (CIN-9.2, CIN-9.3); None means play another deal.

    Several sides can reach the target together only where each side adds its own points
    (set-back, cut-throat); difference scoring lets one side score at most (CIN-9.2).
    """
    reached = [side for side, score in enumerate(final) if score >= rules.target]
    if len(reached) <= 1:
        return reached[0] if reached else None
    if rules.both_reach_target == "count_order":
        # Points counted one by one in CIN-9.3's order: the first side at the target wins.
        for scores in _scores_after_each_point(making, bid, made, points, before):
            first = [side for side, score in enumerate(scores) if score >= rules.target]
            if first:
                return first[0]
    if bid > 0 and made and making in reached:
        return making  # "bidder goes out"; after all passed there is no maker (CIN-9.3)
    best = max(final[side] for side in reached)
    leaders = [side for side in reached if final[side] == best]
    return leaders[0] if len(leaders) == 1 else None


def _scores_after_each_point(
    making: int, bid: int, made: bool, points: Sequence[Point], before: Sequence[int]
) -> list[list[int]]:
    """Running scores as the points are counted in order, the maker's only if made."""
    scores = list(before)
    if not made:
        scores[making] -= bid
    history = [list(scores)]
    for point in points:
        if point.side is not None and (made or point.side != making):
            scores[point.side] += point.value
            history.append(list(scores))
    return history
