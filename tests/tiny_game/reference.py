"""Three-card Jick in plain Python, from the rules in `tests/tiny_game/__init__.py` alone:
cards as names (`AH`, `TD`, `JK`), one deal re-played and scored, refusing a card the rules
forbid. The tests compare the deal loop with it."""

from __future__ import annotations

import random
from collections.abc import Sequence

SUITS, RANKS = "CDHS", "23456789TJQKA"
JOKER = "JK"
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}


class IllegalPlay(ValueError):
    """A card not held, played out of turn, or against the rule of following."""


def trump_of(turned: str) -> str:
    """The suit the turned card names: its own, clubs for the joker."""
    return "C" if turned == JOKER else turned[1]


def is_trump(card: str, trump: str) -> bool:
    """The joker, the trump suit and the Jick (the jack of trump's colour partner)."""
    return card == JOKER or card[1] == trump or card == "J" + PARTNER[trump]


def suit_followed(card: str, trump: str) -> str:
    """The suit a card counts as when following: trump for the trumps, else its own."""
    return trump if is_trump(card, trump) else card[1]


def power(card: str, trump: str) -> tuple[int, float]:
    """How high a card stands in a trick: trumps above the rest; among the trumps the
    joker, then A K Q J, the Jick, 10 .. 2."""
    if card == JOKER:
        return (1, 99)
    rank = RANKS.index(card[0])
    if is_trump(card, trump):
        return (1, 8.5 if card[1] != trump else rank)
    return (0, rank)


def allowed(hand: Sequence[str], trick: Sequence[str], trump: str) -> list[str]:
    """Cards of `hand` that may go to a trick: follow the suit led or trump, or anything
    when unable to follow."""
    if not trick:
        return list(hand)
    led = suit_followed(trick[0], trump)
    follow = [c for c in hand if suit_followed(c, trump) == led]
    if not follow:
        return list(hand)
    return [c for c in hand if suit_followed(c, trump) in (led, trump)]


def taker(trick: Sequence[str], trump: str) -> int:
    """The position in `trick` of the card that takes it."""
    led = suit_followed(trick[0], trump)
    best = 0
    for k, card in enumerate(trick):
        contends = suit_followed(card, trump) in (led, trump)
        if contends and power(card, trump) > power(trick[best], trump):
            best = k
    return best


def deck() -> list[str]:
    """The 52-card pack and the joker."""
    return [r + s for s in SUITS for r in RANKS] + [JOKER]


def exchange(held: list[list[str]], dealer: int, exchanges: Sequence[tuple[int, str, str]]) -> None:
    """Make the exchanges, (seat, card discarded, card drawn) in order, on the hands
    `held`: one for each seat from the dealer's left, the discard from the hand, the card
    drawn from the stock (a card dealt to no one and not drawn before). IllegalPlay on an
    exchange the rules forbid."""
    players = len(held)
    dealt = {card for hand in held for card in hand}
    stock = [card for card in deck() if card not in dealt]
    if len(exchanges) != players:
        raise IllegalPlay(f"{len(exchanges)} exchanges for {players} players")
    for k, (seat, discarded, drawn) in enumerate(exchanges):
        if seat != (dealer + 1 + k) % players:
            raise IllegalPlay(f"seat {seat} exchanged out of turn")
        if discarded not in held[seat]:
            raise IllegalPlay(f"seat {seat} may not discard {discarded}")
        if drawn not in stock:
            raise IllegalPlay(f"seat {seat} may not draw {drawn}: not in the stock")
        stock.remove(drawn)
        held[seat].remove(discarded)
        held[seat].append(drawn)


def score(
    hands: Sequence[Sequence[str]],
    dealer: int,
    turned: str,
    exchanges: Sequence[tuple[int, str, str]],
    plays: Sequence[tuple[int, str]],
    bonus: int,
) -> dict:
    """Re-play a deal (exchanges as (seat, discarded, drawn) and plays as (seat, card), in
    order; `turned` the dealer's card turned) and score it: the trump, the trick winners,
    each seat's points and who took the joker. IllegalPlay on a card the rules forbid."""
    players = len(hands)
    held = [list(hand) for hand in hands]
    if turned not in held[dealer]:
        raise IllegalPlay(f"the dealer does not hold the turned {turned}")
    trump = trump_of(turned)
    exchange(held, dealer, exchanges)
    leader, points, winners, joker = (dealer + 1) % players, [0] * players, [], None
    for start in range(0, players * len(hands[0]), players):
        trick = plays[start : start + players]
        if len(trick) < players:
            raise IllegalPlay("the deal is incomplete")
        cards: list[str] = []
        for position, (seat, card) in enumerate(trick):
            if seat != (leader + position) % players:
                raise IllegalPlay(f"seat {seat} played out of turn")
            if card not in allowed(held[seat], cards, trump):
                raise IllegalPlay(f"seat {seat} may not play {card}")
            held[seat].remove(card)
            cards.append(card)
        leader = trick[taker(cards, trump)][0]
        winners.append(leader)
        points[leader] += 1 + (bonus if JOKER in cards else 0)
        joker = leader if JOKER in cards else joker
    return {"trump": trump, "trick_winners": winners, "points": points, "joker_taker": joker}


def random_deal(
    rng: random.Random, dealer: int
) -> tuple[list[list[str]], list[tuple[int, str, str]], list[tuple[int, str]]]:
    """Hands of three cards for three seats, then a random discard by each seat and its
    draw from the top of the stock, and a random legal play of the cards."""
    cards = deck()
    rng.shuffle(cards)
    hands, stock = [cards[3 * s : 3 * s + 3] for s in range(3)], cards[9:]
    trump, held = trump_of(hands[dealer][-1]), [list(h) for h in hands]
    exchanges = []
    for k in range(3):
        seat = (dealer + 1 + k) % 3
        discarded, drawn = rng.choice(held[seat]), stock[k]
        held[seat].remove(discarded)
        held[seat].append(drawn)
        exchanges.append((seat, discarded, drawn))
    leader, plays = (dealer + 1) % 3, []
    for _ in range(3):
        trick: list[str] = []
        for position in range(3):
            seat = (leader + position) % 3
            card = rng.choice(allowed(held[seat], trick, trump))
            held[seat].remove(card)
            trick.append(card)
            plays.append((seat, card))
        leader = plays[-3 + taker(trick, trump)][0]
    return hands, exchanges, plays
