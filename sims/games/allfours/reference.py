"""Plain-Python reference rules for All Fours (Seven-Up), docs/rules.md section 7: cards,
trick play and the points of a deal. The deal itself, step by step, is in ``reference_deal``.

Slow, obvious and independent of the package (stdlib only), so the fast kernels can be
checked against it. Cards are strings, rank then suit: ranks ``23456789TJQKA`` (``T`` the
ten), suits ``CDHS`` ("AH", "TD", "5S"); ``parse_cards`` also reads the book's "10♥ A♣".
Seats are ``0..n-1`` clockwise and the eldest hand is ``(dealer + 1) % n`` (with two
players, the non-dealer E). Points and scores are per side: one side per seat with two or
three players, partnerships of seats 0 and 2 against 1 and 3 with four (AF-10.2).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
CARD_POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
KICK_POINTS = {"A": 1, "6": 2, "J": 3}
HAND_SIZE = 6

GAME_TIES = ("eldest", "none")
LOW_TO = ("holder", "winner")
DISCARDS_AFTER_RUN = ("to_six", "keep_if_one_run", "keep_all")


@dataclass(frozen=True)
class Rules:
    """Options of one All Fours game (docs/rules.md sections 7.8 and 7.10); the defaults
    are the book's."""

    players: int = 2
    target: int = 7
    game_tie: str = "eldest"
    low_to: str = "holder"
    discard_after_run: str = "to_six"
    bunch_by_agreement: bool = False
    hang_jack: bool = False
    kick_points: bool = False

    def __post_init__(self) -> None:
        """Reject options the rule book does not define."""
        choices = {"game_tie": GAME_TIES, "low_to": LOW_TO, "discard_after_run": DISCARDS_AFTER_RUN}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}, got {getattr(self, name)!r}")
        if self.players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4 (AF-1.1, 7.10), got {self.players!r}")
        if not (isinstance(self.target, int) and self.target > 0):
            raise ValueError(f"target must be a positive int, got {self.target!r}")
        if self.bunch_by_agreement and self.players != 2:
            raise ValueError("bunch_by_agreement is a two-player option (AF-4.6)")


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
    """The 52-card pack (AF-1.2), clubs to spades, deuce to ace."""
    return [r + s for s in SUITS for r in RANKS]


_DECK_ORDER = {card: index for index, card in enumerate(deck())}


def suit(card: str) -> str:
    """Suit letter of a card; no card ever changes suit in All Fours (AF-2.1)."""
    return card[1]


def rank(card: str) -> int:
    """Rank 0..12 (deuce..ace) of a card, the same in trumps and plain suits (AF-2.1)."""
    return RANKS.index(card[0])


def card_points(card: str) -> int:
    """Points toward Game (6.0.5): T 10, A 4, K 3, Q 2, J 1, in every suit."""
    return CARD_POINTS.get(card[0], 0)


def turn_up_points(rules: Rules, card: str) -> int:
    """Points the dealer scores at once for turning ``card`` up (AF-3.2, AF-3.3)."""
    if rules.kick_points:
        return KICK_POINTS.get(card[0], 0)
    return 1 if card[0] == "J" else 0


# ----------------------------------------------------------------------------- sides


def sides(rules: Rules) -> list[list[int]]:
    """Seats of each side: partnerships with four players, else one side per seat."""
    if rules.players == 4:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(rules.players)]


def side_of(rules: Rules, seat: int) -> int:
    """Side index of a seat."""
    return seat % 2 if rules.players == 4 else seat


# ----------------------------------------------------------------------------- play


def legal_cards(hand: Iterable[str], trick: Sequence[tuple[int, str]], trump: str) -> list[str]:
    """Cards of ``hand`` that may go to a trick whose plays so far are ``(seat, card)``.

    Follow suit or trump (6.0.3, AF-5.2): on a trump lead a trump if able; on a plain lead
    a card of that suit or a trump if able to follow; otherwise any card.
    """
    held = sorted(hand, key=_DECK_ORDER.__getitem__)
    if not trick:
        return held
    led = suit(trick[0][1])
    following = [card for card in held if suit(card) == led]
    if not following:
        return held
    return [card for card in held if suit(card) in (led, trump)]


def trick_winner(trick: Sequence[tuple[int, str]], trump: str) -> int:
    """Seat winning a trick of ``(seat, card)`` plays, leader first (6.0.4)."""
    led = suit(trick[0][1])
    trumps = [(rank(card), seat) for seat, card in trick if suit(card) == trump]
    if trumps:
        return max(trumps)[1]
    return max((rank(card), seat) for seat, card in trick if suit(card) == led)[1]


# ----------------------------------------------------------------------------- decisions

VERBS = {"beg": "say", "give": "say", "bunch": "agree to bunch:", "card": "play"}


@dataclass(frozen=True)
class Decision:
    """One question of the deal: who answers, what about, and which answers are legal.

    Kinds "beg" ("stand"/"beg"), "give" ("give"/"run"), "bunch" (False/True: both players
    agree to bunch) and "card" list their answers in ``options``. Kind "keep" (discarding
    after running) is answered with the ``keep`` cards chosen from ``pool``.
    """

    kind: str
    seat: int
    options: tuple = ()
    pool: tuple[str, ...] = ()
    keep: int = 0


def check_answer(decision: Decision, answer: object) -> object:
    """The answer in canonical form (cards as a sorted tuple); ValueError naming the fault."""
    who = f"seat {decision.seat}"
    if decision.kind != "keep":
        is_bool = isinstance(decision.options[0], bool)
        if isinstance(answer, bool) != is_bool or answer not in decision.options:
            legal = ", ".join(str(option) for option in decision.options)
            verb = VERBS.get(decision.kind, decision.kind)
            raise ValueError(f"{who} cannot {verb} {answer!r}: legal are {legal}")
        return answer
    if isinstance(answer, str):
        raise ValueError(f"{who} must keep a collection of cards, not {answer!r}")
    chosen = [parse_card(card) for card in answer]  # type: ignore[union-attr]
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"{who} names a card twice in keep {chosen}")
    strays = [card for card in chosen if card not in decision.pool]
    if strays:
        raise ValueError(f"{who} cannot keep {strays}: not among {list(decision.pool)}")
    if len(chosen) != decision.keep:
        raise ValueError(f"{who} must keep {decision.keep} cards, not {len(chosen)}")
    return tuple(sorted(chosen, key=_DECK_ORDER.__getitem__))


def random_answer(rng: random.Random, decision: Decision) -> object:
    """A legal answer chosen at random."""
    if decision.kind == "keep":
        return tuple(rng.sample(decision.pool, decision.keep))
    return rng.choice(decision.options)


# ----------------------------------------------------------------------------- points


class Award(NamedTuple):
    """One score of the deal: ``side`` None when the point goes to nobody."""

    name: str
    card: str | None
    value: int
    side: int | None


def game_counts(rules: Rules, tricks: Iterable[tuple[Sequence[tuple[int, str]], int]]) -> list[int]:
    """Card points (6.0.5) in the tricks each side won; ``tricks`` are (plays, winner)."""
    counts = [0] * len(sides(rules))
    for plays, winner in tricks:
        counts[side_of(rules, winner)] += sum(card_points(card) for _, card in plays)
    return counts


def deal_points(
    rules: Rules, trump: str, eldest: int, tricks: Sequence[tuple[Sequence[tuple[int, str]], int]]
) -> list[Award]:
    """High, Low, Jack and Game in the order they are counted (AF-6, AF-7.2).

    ``tricks`` are ``(plays, winner)`` with plays ``(seat, card)``. High goes to the player
    who held the highest trump in play, Low to the holder of the lowest (or, with
    ``low_to='winner'``, to the side that won it), Jack to the side winning the trick with
    the Jack of trumps, Game to the side with the most card points.
    """
    player = {card: seat for plays, _ in tricks for seat, card in plays}
    taker = {card: winner for plays, winner in tricks for _, card in plays}
    trumps = sorted((card for card in player if suit(card) == trump), key=rank)
    awards = []
    if trumps:
        high, low = trumps[-1], trumps[0]
        awards.append(Award("High", high, 1, side_of(rules, player[high])))
        low_seat = taker[low] if rules.low_to == "winner" else player[low]
        awards.append(Award("Low", low, 1, side_of(rules, low_seat)))
    else:
        awards += [Award("High", None, 1, None), Award("Low", None, 1, None)]
    jack = "J" + trump
    if jack in taker:
        captor = side_of(rules, taker[jack])
        hanged = rules.hang_jack and captor != side_of(rules, player[jack])
        awards.append(Award("Jack", jack, 3 if hanged else 1, captor))
    else:
        awards.append(Award("Jack", jack, 1, None))
    awards.append(Award("Game", None, 1, _game_side(rules, eldest, game_counts(rules, tricks))))
    return awards


def _game_side(rules: Rules, eldest: int, counts: list[int]) -> int | None:
    """Side scoring Game: the most card points; a tie to eldest's side if tied (AF-6.2, AF-10.1)."""
    best = max(counts)
    leaders = [side for side, count in enumerate(counts) if count == best]
    if len(leaders) == 1:
        return leaders[0]
    if rules.game_tie == "eldest" and side_of(rules, eldest) in leaders:
        return side_of(rules, eldest)
    return None
