"""Plain-Python reference rules for Ten-point Pitch and Smear, docs/rules.md section 8:
cards, trick play, points and settlement. The deal itself, step by step, is in
``reference_deal``.

Slow, obvious and independent of the package (stdlib only), so the fast kernels can be
checked against it. Cards are strings, rank then suit: ranks ``23456789TJQKA`` (``T`` the
ten), suits ``CDHS`` ("AH", "TD", "5S"); the jokers are "HJ" (High Joker) and "LJ" (Low
Joker), or "JK" where the pack has one joker. ``parse_cards`` also reads the book's
"10♥ A♣". Seats are ``0..n-1`` clockwise, the eldest hand ``(dealer + 1) % n``; points and
scores are per side (``sides``). Smear is ``smear_rules()``, a profile of the same rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
HIGH_JOKER, LOW_JOKER, JOKER = "HJ", "LJ", "JK"
CARD_POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}

PASS = 0
MAX_BID = 10  # PIT-4.1: bids run to 10 whatever the options leave in play (a choice)
HAND_SIZE = 6

DEALS = ("draw", "smear")
JOKERS = ("distinct", "first_wins", "second_wins", "one", "none")
ALL_PASS = ("dealer_stuck", "redeal")
ROBS = ("pitcher", "dealer", "none")
FOLLOWS = ("follow_or_trump", "strict", "trump_only")
LOW_TO = ("holder", "winner")
GAME_CARDS = ("card_points", "ten_of_trumps")
JOKER_POINTS_TO = ("winner", "holder")
MOONS = ("normal", "win_or_lose_game", "double")
BOTH_REACH = ("pitching_side", "higher_score", "must_pitch_to_win")


@dataclass(frozen=True)
class Rules:
    """Options of one Ten-point Pitch game (docs/rules.md section 8.10); defaults are the book's.

    ``deal='smear'`` deals ten each with no stock and discards to six (8.11); with six
    players eight cards each are dealt and played, with no discard or draw (PIT-3.1, PIT-5.6).
    """

    players: int = 4
    partnership: bool = True
    teams: int = 2
    deal: str = "draw"
    jokers: str = "distinct"
    off_jack: bool = True
    min_bid: int = 4
    all_pass: str = "dealer_stuck"
    rob: str = "pitcher"
    burn_nonpoint_first: bool = False
    first_lead_trump: bool = False
    follow: str = "follow_or_trump"
    low_to: str = "holder"
    fixed_high_low: bool = False
    game_card: str = "card_points"
    trey: bool = True
    joker_points_to: str = "winner"
    moon: str = "normal"
    target: int = 52
    both_reach_target: str = "pitching_side"

    def __post_init__(self) -> None:
        """Reject options the rule book does not define."""
        choices = {
            "deal": DEALS,
            "jokers": JOKERS,
            "all_pass": ALL_PASS,
            "rob": ROBS,
            "follow": FOLLOWS,
            "low_to": LOW_TO,
            "game_card": GAME_CARDS,
            "joker_points_to": JOKER_POINTS_TO,
            "moon": MOONS,
            "both_reach_target": BOTH_REACH,
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        if self.players not in (3, 4, 5, 6):
            raise ValueError(f"players must be 3..6 (PIT-1.1, 8.10), got {self.players!r}")
        if self.teams == 3 and not self.partnership:
            raise ValueError("three teams need partnership=True")
        if self.partnership and self.players not in (4, 6):
            raise ValueError(f"partnerships need 4 or 6 players, got {self.players}")
        if self.teams not in (2, 3) or (self.teams == 3 and not self.players == 6):
            raise ValueError(f"teams must be 2, or 3 with six players, got {self.teams!r}")
        if self.min_bid not in (2, 3, 4, 5):
            raise ValueError(f"min_bid must be 2..5, got {self.min_bid!r}")
        if not (isinstance(self.target, int) and self.target > 0):
            raise ValueError(f"target must be a positive int, got {self.target!r}")
        if self.deal == "smear" and self.players > 5:
            raise ValueError("Smear deals ten cards each, so at most 5 players")
        if self.moon == "win_or_lose_game" and len(sides(self)) != 2:
            raise ValueError("moon='win_or_lose_game' needs two sides")

    @property
    def cards_dealt(self) -> int:
        """Cards each player is dealt: nine (PIT-3.1), ten in Smear, eight with six players."""
        if self.players == 6:
            return 8
        return 10 if self.deal == "smear" else 9


def smear_rules(**changes: object) -> Rules:
    """The Ten-point partnership Smear profile (section 8.11), with any options changed."""
    profile = Rules(deal="smear", jokers="second_wins", both_reach_target="higher_score")
    return replace(profile, **changes)


# ----------------------------------------------------------------------------- cards


def jokers(rules: Rules) -> list[str]:
    """The jokers in the pack under ``rules.jokers``."""
    if rules.jokers == "none":
        return []
    return [JOKER] if rules.jokers == "one" else [HIGH_JOKER, LOW_JOKER]


def deck(rules: Rules) -> list[str]:
    """The pack: 52 cards, clubs to spades and deuce to ace, then the jokers (PIT-1.2)."""
    return [r + s for s in SUITS for r in RANKS] + jokers(rules)


_ORDER = {card: index for index, card in enumerate(deck(Rules()) + [JOKER])}


def parse_card(text: str) -> str:
    """Canonical name of a card written "TH", "10h", "10♥", or a joker "HJ", "LJ", "JK"."""
    raw = text.strip().upper()
    if raw in (HIGH_JOKER, LOW_JOKER, JOKER):
        return raw
    suit_char = SUIT_SYMBOLS.get(raw[-1:], raw[-1:])
    rank_text = "T" if raw[:-1] == "10" else raw[:-1]
    if len(rank_text) != 1 or rank_text not in RANKS or suit_char not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return rank_text + suit_char


def parse_cards(text: str) -> list[str]:
    """Cards from a space-separated string such as "A♥ J♦ HJ" or "AH JD HJ"."""
    return [parse_card(item) for item in text.split()]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in pack order."""
    return sorted(cards, key=_ORDER.__getitem__)


def is_joker(card: str) -> bool:
    """True for "HJ", "LJ" and "JK"."""
    return card in (HIGH_JOKER, LOW_JOKER, JOKER)


def suit(card: str) -> str | None:
    """Printed suit letter of a card; None for a joker."""
    return None if is_joker(card) else card[1]


def rank(card: str) -> int:
    """Printed rank 0..12 (deuce..ace) of a suited card."""
    return RANKS.index(card[0])


def card_points(card: str) -> int:
    """Points toward Game (6.0.5): T 10, A 4, K 3, Q 2, J 1 (the Off-Jack too); jokers 0."""
    return 0 if is_joker(card) else CARD_POINTS.get(card[0], 0)


def off_jack(trump: str) -> str:
    """The jack of the trump suit's colour partner (the Jick)."""
    return "J" + SAME_COLOUR[trump]


def is_trump(rules: Rules, card: str, trump: str) -> bool:
    """True for the trump suit, the jokers and (unless switched off) the Off-Jack (PIT-2.1)."""
    if is_joker(card) or suit(card) == trump:
        return True
    return rules.off_jack and card == off_jack(trump)


def effective_suit(rules: Rules, card: str, trump: str) -> str:
    """Suit the card belongs to for following (6.0.2): jokers and the Off-Jack are trumps."""
    if is_trump(rules, card, trump):
        return trump
    return card[1]


def trump_levels(rules: Rules, trump: str) -> list[list[str]]:
    """The trumps high to low in levels; equal jokers share a level (PIT-2.1, 2.3).

    Default: A K Q J Off-Jack HJ LJ T 9 ... 2. One joker ranks below the 2 (PIT-2.3).
    """
    top = [["A" + trump], ["K" + trump], ["Q" + trump], ["J" + trump]]
    if rules.off_jack:
        top.append([off_jack(trump)])
    low = [[r + trump] for r in "T98765432"]
    if rules.jokers == "distinct":
        return top + [[HIGH_JOKER], [LOW_JOKER]] + low
    if rules.jokers in ("first_wins", "second_wins"):
        return top + [[HIGH_JOKER, LOW_JOKER]] + low
    if rules.jokers == "one":
        return top + low + [[JOKER]]
    return top + low


def trick_rank(rules: Rules, card: str, trump: str) -> tuple[int, int]:
    """Sort key within a trick: every trump above every plain card; higher is better."""
    levels = trump_levels(rules, trump)
    for height, level in enumerate(levels):
        if card in level:
            return (1, len(levels) - height)
    return (0, rank(card))


# ----------------------------------------------------------------------------- sides


def sides(rules: Rules) -> list[list[int]]:
    """Seats of each side: teams ``s % count`` in partnerships, else one side per seat."""
    if not rules.partnership:
        return [[seat] for seat in range(rules.players)]
    count = rules.teams if rules.players == 6 else 2
    return [
        [seat for seat in range(rules.players) if seat % count == side] for side in range(count)
    ]


def side_of(rules: Rules, seat: int) -> int:
    """Side index of a seat."""
    return next(side for side, seats in enumerate(sides(rules)) if seat in seats)


# ----------------------------------------------------------------------------- play


def legal_cards(
    rules: Rules,
    hand: Iterable[str],
    trick: Sequence[tuple[int, str]],
    trump: str,
    first_lead: bool = False,
) -> list[str]:
    """Cards of ``hand`` that may go to a trick whose plays so far are ``(seat, card)``.

    Follow suit or trump (6.0.3, PIT-6.2) on effective suits; ``strict``: follow when able;
    ``trump_only``: trumps only. ``first_lead`` marks the deal's opening lead, which
    ``first_lead_trump`` makes a trump when the pitcher has one (PIT-6.1).
    """
    held = sort_cards(hand)
    trumps = [card for card in held if is_trump(rules, card, trump)]
    if rules.follow == "trump_only":
        return trumps
    if not trick:
        return trumps if first_lead and rules.first_lead_trump and trumps else held
    led = effective_suit(rules, trick[0][1], trump)
    following = [card for card in held if effective_suit(rules, card, trump) == led]
    if not following:
        return held
    if led == trump or rules.follow == "strict":
        return following
    return [card for card in held if effective_suit(rules, card, trump) in (led, trump)]


def trick_winner(rules: Rules, trick: Sequence[tuple[int, str]], trump: str) -> int:
    """Seat winning a trick of ``(seat, card)`` plays, leader first (6.0.4, PIT-2.3).

    Equal jokers tie in rank: the first played wins under ``first_wins``, the second
    under ``second_wins``.
    """
    led = effective_suit(rules, trick[0][1], trump)
    best_seat, best = trick[0][0], trick_rank(rules, trick[0][1], trump)
    for seat, card in trick[1:]:
        if effective_suit(rules, card, trump) not in (led, trump):
            continue
        key = trick_rank(rules, card, trump)
        if key > best or (key == best and rules.jokers == "second_wins"):
            best_seat, best = seat, key
    return best_seat


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
                f"{who} must {decision.kind} {need} of its {name} ({sort_cards(group)}), "
                f"got {chosen}"
            )
    return tuple(sort_cards(chosen))


def random_answer(rng: random.Random, decision: Decision) -> object:
    """A legal answer chosen at random (every legal answer has a chance)."""
    if decision.kind not in ("keep", "fill"):
        return rng.choice(decision.options)
    size = rng.randint(*decision.sizes)
    chosen: list[str] = []
    for _, group in decision.must_keep:
        need = min(len(group), size) - len(group.intersection(chosen))
        chosen += rng.sample(sort_cards(group - set(chosen)), max(need, 0))
    spare = [card for card in decision.pool if card not in chosen]
    chosen += rng.sample(spare, size - len(chosen))
    return tuple(chosen)


def point_trumps(rules: Rules, trump: str) -> set[str]:
    """Trumps that carry a point, which ``burn_nonpoint_first`` protects (PIT-5.2).

    The option is read as "a point trump may be discarded only when every card kept is
    one": it applies to the burn, the robber's discard and Smear's discard alike.
    """
    cards = {"A" + trump, "2" + trump, "J" + trump, *jokers(rules)}
    if rules.trey:
        cards.add("3" + trump)
    if rules.off_jack:
        cards.add(off_jack(trump))
    if rules.game_card == "ten_of_trumps":
        cards.add("T" + trump)
    return cards


# ----------------------------------------------------------------------------- points


class Point(NamedTuple):
    """One point of the deal: the side scoring it, None when nobody does."""

    name: str
    card: str | None
    value: int
    side: int | None


def deal_points(
    rules: Rules, trump: str, tricks: Sequence[tuple[Sequence[tuple[int, str]], int]]
) -> list[Point]:
    """Every point of the deal (section 8.7, PIT-7.3), in the counting order of PIT-9.3.

    ``tricks`` are ``(plays, winner)`` with plays ``(seat, card)`` in the order played. A
    card never played is out of play and scores for nobody.
    """
    played = [(seat, card) for plays, _ in tricks for seat, card in plays]
    player = {card: seat for seat, card in played}
    taker = {card: winner for plays, winner in tricks for _, card in plays}

    def by_taker(card: str | None) -> int | None:
        return side_of(rules, taker[card]) if card in taker else None

    def by_player(card: str | None) -> int | None:
        return side_of(rules, player[card]) if card in player else None

    if rules.fixed_high_low:
        high, low = "A" + trump, "2" + trump
    else:
        high, low = _high_and_low(rules, trump, [card for _, card in played])
    low_side = by_taker(low) if rules.low_to == "winner" else by_player(low)
    points = [
        Point("High", high, 1, by_player(high)),
        Point("Low", low, 1, low_side),
        Point("Jack", "J" + trump, 1, by_taker("J" + trump)),
    ]
    if rules.off_jack:
        points.append(Point("Off-Jack", off_jack(trump), 1, by_taker(off_jack(trump))))
    for joker in jokers(rules):
        side = by_player(joker) if rules.joker_points_to == "holder" else by_taker(joker)
        points.append(Point(_joker_name(rules, joker), joker, 1, side))
    if rules.game_card == "ten_of_trumps":
        points.append(Point("Ten", "T" + trump, 1, by_taker("T" + trump)))
    else:
        counts = card_counts(rules, tricks)
        leaders = [side for side, count in enumerate(counts) if count == max(counts)]
        points.append(Point("Game", None, 1, leaders[0] if len(leaders) == 1 else None))
    if rules.trey:
        points.append(Point("Trey", "3" + trump, 3, by_taker("3" + trump)))
    return points


def _high_and_low(rules: Rules, trump: str, played: list[str]) -> tuple[str | None, str | None]:
    """Highest and lowest trump in play; equal jokers: the first played ranks higher; a
    joker is never Low (PIT-7.3)."""
    levels = trump_levels(rules, trump)
    in_play = [[card for card in played if card in level] for level in levels]
    in_play = [level for level in in_play if level]
    high = in_play[0][0] if in_play else None
    suited = [level[0] for level in in_play if not is_joker(level[0])]
    return high, suited[-1] if suited else None


def _joker_name(rules: Rules, joker: str) -> str:
    """ "High Joker"/"Low Joker" when they differ, else "Joker"."""
    if rules.jokers == "distinct":
        return "High Joker" if joker == HIGH_JOKER else "Low Joker"
    return "Joker"


def card_counts(rules: Rules, tricks: Iterable[tuple[Sequence[tuple[int, str]], int]]) -> list[int]:
    """Card points (6.0.5) in the tricks each side won."""
    counts = [0] * len(sides(rules))
    for plays, winner in tricks:
        counts[side_of(rules, winner)] += sum(card_points(card) for _, card in plays)
    return counts


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
    rules: Rules, pitcher: int, bid: int, points: Sequence[Point], scores_before: Sequence[int]
) -> Settlement:
    """Score a deal (PIT-8) and decide the game (PIT-9); ``pitcher`` is a seat."""
    count = len(sides(rules))
    before = list(scores_before)
    if len(before) != count:
        raise ValueError(f"need {count} scores (one per side), got {before!r}")
    won = points_won(rules, points)
    pitching = side_of(rules, pitcher)
    made = won[pitching] >= bid
    delta = list(won)
    if not made:
        delta[pitching] = -bid  # set back: the points won are lost and the bid subtracted
    moon = bid == MAX_BID
    if moon and rules.moon == "double":
        delta[pitching] = 2 * MAX_BID if made else -2 * MAX_BID
    after = [b + d for b, d in zip(before, delta, strict=True)]
    if moon and rules.moon == "win_or_lose_game":
        return Settlement(made, delta, after, pitching if made else 1 - pitching)
    return Settlement(made, delta, after, _game_winner(rules, pitching, made, after))


def _game_winner(rules: Rules, pitching: int, made: bool, after: list[int]) -> int | None:
    """Side that wins after a deal (PIT-9.2); None means play on.

    Where several sides reach the target and the option's rule names none of them (only
    possible with three or more sides), the higher score wins and a tie plays another deal.
    """
    if rules.both_reach_target == "must_pitch_to_win":
        return pitching if made and after[pitching] >= rules.target else None
    reached = [side for side, score in enumerate(after) if score >= rules.target]
    if len(reached) <= 1:
        return reached[0] if reached else None
    if rules.both_reach_target == "pitching_side" and pitching in reached:
        return pitching
    best = max(after[side] for side in reached)
    leaders = [side for side in reached if after[side] == best]
    if len(leaders) == 1:
        return leaders[0]
    return pitching if pitching in leaders else None
