"""Plain-Python reference rules for Phat (docs/rules.md section 2).

Slow and obvious on purpose: the tests compare the fast engine against it.
Cards are ``suit * 13 + rank`` with rank 0 the deuce and 12 the ace; suits C D H S
are 0..3. Seats 0..3, team of seat ``s`` is ``s % 2``, play passes clockwise.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "CDHS"

FIVE, NINE, TEN, JACK, QUEEN, KING, ACE = 3, 7, 8, 9, 10, 11, 12

TRUMP_PHAT = {NINE: 18, FIVE: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
PLAIN_PHAT = {NINE: 9, FIVE: 5}
MUCK = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, TEN: 10}

MUCK_TOTAL = 80
MUCK_BONUS = 8
TRICKS = 13


class IllegalPlay(ValueError):
    """A play that breaks the rules; it never scores."""

    def __init__(self, seat: int | None, card: int | None, trick: int, reason: str) -> None:
        self.seat = seat
        self.card = card
        self.trick = trick
        self.reason = reason
        if card is None:
            message = f"trick {trick}: {reason}"
        else:
            message = f"seat {seat} cannot play {_describe(card)} on trick {trick}: {reason}"
        super().__init__(message)


def _describe(card: object) -> str:
    """Card name if ``card`` is a valid card, else its repr."""
    if isinstance(card, int) and 0 <= card < 52:
        return card_name(card)
    return repr(card)


def suit(card: int) -> int:
    """Suit 0..3 (C D H S) of a card."""
    return card // 13


def rank(card: int) -> int:
    """Rank 0..12 (deuce..ace) of a card."""
    return card % 13


def card_name(card: int) -> str:
    """Two-letter name such as "AH" or "TD"."""
    if not (isinstance(card, int) and 0 <= card < 52):
        raise ValueError(f"not a card: {card!r}")
    return RANKS[rank(card)] + SUITS[suit(card)]


def parse_card(name: str) -> int:
    """Card int from a name such as "AH" (upper case)."""
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"not a card name: {name!r}")
    return SUITS.index(name[1]) * 13 + RANKS.index(name[0])


def phat_value(card: int, trump: int) -> int:
    """Phat points of one card, scored the moment its trick is won."""
    if suit(card) == trump:
        return TRUMP_PHAT.get(rank(card), 0)
    return PLAIN_PHAT.get(rank(card), 0)


def muck_value(card: int) -> int:
    """Muck value of one card: A 4, K 3, Q 2, J 1, T 10 in every suit, trumps included."""
    return MUCK.get(rank(card), 0)


def phat_points(cards: Iterable[int], trump: int) -> int:
    """Total phat of a pile of cards."""
    return sum(phat_value(card, trump) for card in cards)


def muck_points(cards: Iterable[int]) -> int:
    """Total muck value of a pile of cards."""
    return sum(muck_value(card) for card in cards)


def legal_cards(hand: set[int], led_suit: int | None) -> set[int]:
    """Cards of ``hand`` that may be played: follow the led suit if able, else any."""
    if led_suit is None:
        return set(hand)
    following = {card for card in hand if suit(card) == led_suit}
    return following or set(hand)


def trick_winner(trick: Sequence[tuple[int, int]], trump: int) -> int:
    """Seat winning a trick given as ``(seat, card)`` leader first.

    The highest trump wins; with no trump, the highest card of the suit led.
    """
    led = suit(trick[0][1])
    trumps = [(rank(card), seat) for seat, card in trick if suit(card) == trump]
    if trumps:
        return max(trumps)[1]
    return max((rank(card), seat) for seat, card in trick if suit(card) == led)[1]


def muck_bonus(muck: Sequence[int], carry_in: int) -> tuple[list[int], int]:
    """(bonus per team, carry_out) for a whole deal's muck ``[team0, team1]``.

    The team with more than 40 scores 8 plus the carry-over; a 40-40 tie scores
    nothing and carries 8 more to the next deal.
    """
    if len(muck) != 2 or sum(muck) != MUCK_TOTAL:
        raise ValueError(f"muck must be two values totalling {MUCK_TOTAL}, got {list(muck)}")
    if carry_in < 0:
        raise ValueError(f"carry_in must not be negative, got {carry_in}")
    worth = MUCK_BONUS + carry_in
    for team in (0, 1):
        if muck[team] > MUCK_TOTAL // 2:
            bonus = [0, 0]
            bonus[team] = worth
            return bonus, 0
    return [0, 0], worth


def _check_hands(hands: Sequence[Iterable[int]]) -> list[list[int]]:
    """The four hands as lists, after checking they deal out the 52 cards 13 each."""
    dealt = [list(hand) for hand in hands]
    if len(dealt) != 4:
        raise ValueError(f"need 4 hands, got {len(dealt)}")
    for seat, hand in enumerate(dealt):
        if len(hand) != TRICKS:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {TRICKS}")
        for card in hand:
            if not (isinstance(card, int) and 0 <= card < 52):
                raise ValueError(f"seat {seat} holds {card!r}, which is not a card")
    cards = [card for hand in dealt for card in hand]
    if len(set(cards)) != 52:
        repeated = sorted({card_name(c) for c in cards if cards.count(c) > 1})
        raise ValueError(f"hands repeat cards: {', '.join(repeated)}")
    return dealt


def score_deal(
    hands: Sequence[Iterable[int]],
    pitcher: int,
    plays: Sequence[tuple[int, int]],
    *,
    scores_before: Sequence[int] = (0, 0),
    carry_in: int = 0,
    target: int = 181,
) -> dict:
    """Check every play of one deal and score it.

    Phat goes to the winning team as each trick is won; the game stops the moment a
    team reaches ``target``, and then the deal scores no muck bonus and the
    carry-over is lost. Otherwise all 52 cards must be played and the muck bonus is
    added after the last trick.
    """
    dealt = _check_hands(hands)
    if pitcher not in range(4):
        raise ValueError(f"pitcher must be a seat 0..3, got {pitcher!r}")
    if len(scores_before) != 2:
        raise ValueError(f"scores_before must be [team0, team1], got {scores_before!r}")
    if max(scores_before) >= target:
        raise ValueError(f"scores_before {list(scores_before)} already reach target {target}")
    if carry_in < 0:
        raise ValueError(f"carry_in must not be negative, got {carry_in}")

    remaining = [set(hand) for hand in dealt]
    played: set[int] = set()
    scores = list(scores_before)
    points, muck, tricks = [0, 0], [0, 0], [0, 0]
    trick_winners: list[int] = []
    trick: list[tuple[int, int]] = []
    trump: int | None = None
    leader = pitcher
    winner: int | None = None
    big_phat: int | None = None
    little_phat: int | None = None

    for seat, card in plays:
        number = len(trick_winners) + 1
        if winner is not None:
            raise IllegalPlay(seat, card, number, f"plays after the game ended (team {winner} won)")
        if not (isinstance(card, int) and 0 <= card < 52):
            raise IllegalPlay(seat, card, number, "not a card")
        to_play = (leader + len(trick)) % 4
        if seat != to_play:
            raise IllegalPlay(seat, card, number, f"out of turn: seat {to_play} is to play")
        if card in played:
            raise IllegalPlay(seat, card, number, "card played twice")
        if card not in remaining[seat]:
            raise IllegalPlay(seat, card, number, "card not held")
        led = suit(trick[0][1]) if trick else None
        if card not in legal_cards(remaining[seat], led):
            raise IllegalPlay(seat, card, number, f"must follow suit ({SUITS[led]} led)")

        remaining[seat].remove(card)
        played.add(card)
        if trump is None:
            trump = suit(card)
        trick.append((seat, card))
        if len(trick) < 4:
            continue

        won_by = trick_winner(trick, trump)
        team = won_by % 2
        cards = [c for _, c in trick]
        phat = phat_points(cards, trump)
        points[team] += phat
        muck[team] += muck_points(cards)
        tricks[team] += 1
        trick_winners.append(won_by)
        if trump * 13 + NINE in cards:
            big_phat = team
        if trump * 13 + FIVE in cards:
            little_phat = team
        scores[team] += phat
        if scores[team] >= target:
            winner = team
        leader = won_by
        trick = []

    if winner is None:
        if len(trick_winners) < TRICKS:
            to_play = (leader + len(trick)) % 4
            raise IllegalPlay(
                to_play,
                None,
                len(trick_winners) + 1,
                f"deal incomplete: {len(played)} of 52 cards played, seat {to_play} is to play",
            )
        bonus, carry_out = muck_bonus(muck, carry_in)
        for team in (0, 1):
            scores[team] += bonus[team]
            if bonus[team] and scores[team] >= target:
                winner = team
    else:
        bonus, carry_out = [0, 0], 0

    def holder(card: int) -> int:
        return next(seat for seat in range(4) if card in dealt[seat])

    return {
        "trump": trump,
        "points": points,
        "muck": muck,
        "bonus": bonus,
        "carry_in": carry_in,
        "carry_out": carry_out,
        "big_phat": big_phat,
        "little_phat": little_phat,
        "big_phat_holder": holder(trump * 13 + NINE),
        "little_phat_holder": holder(trump * 13 + FIVE),
        "tricks": tricks,
        "trick_winners": trick_winners,
        "tricks_played": len(trick_winners),
        "pitcher_trumps": sum(1 for card in dealt[pitcher] if suit(card) == trump),
        "scores_before": list(scores_before),
        "scores_after": scores,
        "winner": winner,
    }


def random_deal(rng: random.Random, pitcher: int) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """Shuffle, deal 13 each, and play a whole deal choosing uniformly among legal cards."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[seat::4] for seat in range(4)]
    remaining = [set(hand) for hand in hands]
    plays: list[tuple[int, int]] = []
    trump: int | None = None
    leader = pitcher
    for _ in range(TRICKS):
        trick: list[tuple[int, int]] = []
        led: int | None = None
        for offset in range(4):
            seat = (leader + offset) % 4
            card = rng.choice(sorted(legal_cards(remaining[seat], led)))
            remaining[seat].remove(card)
            if trump is None:
                trump = suit(card)
            if led is None:
                led = suit(card)
            trick.append((seat, card))
        plays.extend(trick)
        leader = trick_winner(trick, trump)
    return hands, plays
