"""One Cinch deal step by step (docs/rules.md sections 6.3 to 6.8), and whole games to
the target (section 6.9).

The deal is a generator that reads like the rule book: it yields a ``Decision`` whenever a
player must choose and receives the answer, checking it (ValueError on an illegal one).
``play_deal`` drives it from a list of ``(seat, answer)`` pairs, ``play_deal_with`` from a
chooser callback. Answers: a bid is an int (0 = pass), trump a suit letter "CDHS", a card
its name, and "keep"/"fill" the collection of cards kept or taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sims.games.cinch.reference import (
    HAND_SIZE,
    MAX_BID,
    PASS,
    SUITS,
    Decision,
    Point,
    Rules,
    check_answer,
    counting_cards,
    deal_points,
    deck,
    is_trump,
    legal_cards,
    parse_card,
    points_won,
    random_answer,
    settle,
    side_of,
    sides,
    trick_winner,
)
from sims.games.reference_steps import GameResult, drive, drive_with_answers, play_to_the_end

Chooser = Callable[[Decision], object]


class Trick(NamedTuple):
    """The plays of one trick, leader first, and the seat that won it."""

    plays: tuple[tuple[int, str], ...]
    winner: int


@dataclass(frozen=True)
class DealResult:
    """Everything one deal decided. ``won``, ``delta`` and the scores are per side.

    A deal thrown in (all passed under ``all_pass='redeal_next_dealer'``) has ``maker``,
    ``bid``, ``trump`` and ``made`` None and changes no score.
    """

    dealer: int
    calls: tuple[tuple[int, int], ...]
    maker: int | None
    bid: int | None
    trump: str | None
    hands_at_play: tuple[tuple[str, ...], ...]
    dead: tuple[str, ...]
    tricks: tuple[Trick, ...]
    points: tuple[Point, ...]
    won: tuple[int, ...]
    made: bool | None
    delta: tuple[int, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    winner: int | None


DealSteps = Generator[Decision, object, DealResult]


def _check_deal(rules: Rules, hands: Sequence[Iterable[str]], stock: Iterable[str]) -> None:
    """Reject a deal that is not ``players`` hands of the dealt size plus the rest as stock."""
    if len(hands) != rules.players:
        raise ValueError(f"need {rules.players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(list(hand)) != rules.cards_dealt:
            raise ValueError(f"seat {seat} holds {len(list(hand))} cards, not {rules.cards_dealt}")
    cards = [card for hand in hands for card in hand] + list(stock)
    if sorted(cards) != sorted(deck()):
        raise ValueError("the hands and the stock must hold the 52 cards once each")


def deal_steps(
    rules: Rules,
    dealer: int,
    hands: Sequence[Iterable[str]],
    stock: Sequence[str],
    scores_before: Sequence[int] | None = None,
) -> DealSteps:
    """The deal from the cards dealt (``stock`` top first) to the settlement, as a generator."""
    n = rules.players
    held = [[parse_card(card) for card in hand] for hand in hands]
    pack = [parse_card(card) for card in stock]
    _check_deal(rules, held, pack)
    if dealer not in range(n):
        raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    before = tuple(scores_before) if scores_before is not None else (0,) * len(sides(rules))
    order = [(dealer + 1 + i) % n for i in range(n)]  # eldest first, dealer last

    # CIN-4: one round of bids, each strictly higher; the highest bidder is the maker.
    calls: list[tuple[int, int]] = []
    high, maker = PASS, None
    for seat in order:
        options = (PASS, *range(max(rules.min_bid, high + 1), MAX_BID + 1))
        bid = yield from _ask(Decision("bid", seat, options))
        calls.append((seat, bid))
        if bid != PASS:
            high, maker = bid, seat
    if maker is None:  # CIN-4.4: everybody passed
        if rules.all_pass == "redeal_next_dealer":
            return _thrown_in(rules, dealer, calls, before)
        # The forced dealer who passes is held to the minimum; he could have bid more
        # in his turn (a choice where CIN-4.4's "forced to bid the minimum" is open).
        maker = dealer
        high = 0 if rules.all_pass == "dealer_names_no_contract" else rules.min_bid
    trump = yield from _ask(Decision("trump", maker, tuple(SUITS)))

    dead = yield from _discard_and_draw(rules, dealer, order, held, pack, trump)
    hands_at_play = tuple(tuple(hand) for hand in held)
    tricks = yield from _play(rules, maker, held, trump)

    captured_by = {
        card: side_of(rules, trick.winner) for trick in tricks for _, card in trick.plays
    }
    points = deal_points(trump, captured_by)
    outcome = settle(rules, maker, high, points, before)
    return DealResult(
        dealer=dealer,
        calls=tuple(calls),
        maker=maker,
        bid=high,
        trump=trump,
        hands_at_play=hands_at_play,
        dead=tuple(sorted(dead)),
        tricks=tuple(tricks),
        points=tuple(points),
        won=tuple(points_won(rules, points)),
        made=outcome.made,
        delta=tuple(outcome.delta),
        scores_before=before,
        scores_after=tuple(outcome.scores_after),
        winner=outcome.winner,
    )


def _ask(decision: Decision) -> Generator[Decision, object, object]:
    """Yield a decision and return the checked answer."""
    answer = yield decision
    return check_answer(decision, answer)


def _thrown_in(
    rules: Rules, dealer: int, calls: list[tuple[int, int]], before: tuple[int, ...]
) -> DealResult:
    """Result of a deal thrown in after all passed: nothing changes (CIN-4.4, all_pass)."""
    zero = (0,) * len(sides(rules))
    return DealResult(
        dealer=dealer,
        calls=tuple(calls),
        maker=None,
        bid=None,
        trump=None,
        hands_at_play=(),
        dead=(),
        tricks=(),
        points=(),
        won=zero,
        made=None,
        delta=zero,
        scores_before=before,
        scores_after=before,
        winner=None,
    )


def _counters(rules: Rules, cards: Iterable[str], trump: str) -> frozenset[str]:
    """The counting trumps among ``cards`` that ``must_keep_counters`` forbids discarding."""
    if not rules.must_keep_counters:
        return frozenset()
    counting = {card for _, card, _ in counting_cards(trump)}
    return frozenset(card for card in cards if card in counting)


def _keep_groups(*groups: tuple[str, frozenset[str]]) -> tuple[tuple[str, frozenset[str]], ...]:
    """The non-empty must-keep groups, in the order given (smallest first)."""
    return tuple((name, group) for name, group in groups if group)


def _discard_and_draw(
    rules: Rules, dealer: int, order: list[int], held: list[list[str]], stock: list[str], trump: str
) -> Generator[Decision, object, list[str]]:
    """CIN-5 (and the widow and cut-throat forms of CIN-5.7): returns the dead cards."""
    dead: list[str] = []
    if rules.widow:
        # Each player picks up his widow (dealt in with his hand) and keeps any six of his
        # ten. CIN-5.7: the form names no draw, so the undealt cards stay dead (a choice).
        for seat in order:
            yield from _keep(rules, seat, held, held[seat], trump, dead, must_take_trumps=False)
        return dead + stock

    drawers = order[:-1] if rules.dealer_robs else order
    face_up: list[str] = []  # non-trump discards, the pool a short player fills from
    for seat in drawers:
        trumps = frozenset(card for card in held[seat] if is_trump(card, trump))
        # Every trump is kept up to six (CIN-5.1, 5.2). With keep_nontrumps he may also
        # keep plain cards up to six, but drops a trump only when holding more than six
        # (CIN-5.1: "may discard trumps only when holding >6", read as "only the excess").
        keep_trumps = min(len(trumps), HAND_SIZE)
        most = HAND_SIZE if rules.keep_nontrumps else keep_trumps
        groups = _keep_groups(
            ("counting trumps", _counters(rules, held[seat], trump)), ("trumps", trumps)
        )
        decision = Decision("keep", seat, (), tuple(held[seat]), (keep_trumps, most), groups)
        kept = yield from _ask(decision)
        discards = [card for card in held[seat] if card not in kept]
        face_up += [card for card in discards if not is_trump(card, trump)]
        dead += discards
        held[seat] = list(kept)

    short = []
    for seat in drawers:  # CIN-5.3: from the top of the stock, to six, eldest first
        need = HAND_SIZE - len(held[seat])
        held[seat] += stock[:need]
        del stock[:need]
        if len(held[seat]) < HAND_SIZE:
            short.append(seat)
    if rules.stock_exhausted == "fill_from_nontrump_discards":
        for seat in short:  # CIN-5.5: chosen from the face-up non-trump discards
            need = HAND_SIZE - len(held[seat])
            decision = Decision("fill", seat, (), tuple(face_up), (need, need))
            taken = yield from _ask(decision)
            held[seat] += list(taken)
            face_up = [card for card in face_up if card not in taken]
            dead = [card for card in dead if card not in taken]

    if rules.dealer_robs:  # CIN-5.4: the dealer keeps any six of his cards and the stock
        pool = held[dealer] + stock
        stock.clear()
        yield from _keep(rules, dealer, held, pool, trump, dead, rules.dealer_must_take_trumps)
    return dead + stock  # cut-throat forms: the rest of the stock is dead (CIN-5.7)


def _keep(
    rules: Rules,
    seat: int,
    held: list[list[str]],
    pool: list[str],
    trump: str,
    dead: list[str],
    must_take_trumps: bool,
) -> Generator[Decision, object, None]:
    """Ask ``seat`` to keep six cards of ``pool``; the rest are dead (trumps shown)."""
    trumps = frozenset(card for card in pool if is_trump(card, trump))
    groups = _keep_groups(
        ("counting trumps", _counters(rules, pool, trump)),
        ("trumps", trumps if must_take_trumps else frozenset()),
    )
    decision = Decision("keep", seat, (), tuple(pool), (HAND_SIZE, HAND_SIZE), groups)
    kept = yield from _ask(decision)
    dead += [card for card in pool if card not in kept]
    held[seat] = list(kept)


def _play(
    rules: Rules, maker: int, held: list[list[str]], trump: str
) -> Generator[Decision, object, list[Trick]]:
    """CIN-6: the maker leads; the winner of a trick leads the next until the hands are empty.

    Under ``stock_exhausted='play_short'`` a player whose hand is empty is skipped, and a
    trick winner with no card left passes the lead to the next seat that has one.
    """
    n = rules.players
    tricks: list[Trick] = []
    leader = maker
    while any(held):
        seats = [(leader + i) % n for i in range(n) if held[(leader + i) % n]]
        plays: list[tuple[int, str]] = []
        for seat in seats:
            options = tuple(legal_cards(rules, held[seat], plays, trump))
            card = yield from _ask(Decision("card", seat, options))
            held[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(plays, trump)
        tricks.append(Trick(tuple(plays), leader))
    return tricks


# ----------------------------------------------------------------------------- drivers


def play_deal_with(
    rules: Rules,
    dealer: int,
    hands: Sequence[Iterable[str]],
    stock: Sequence[str],
    chooser: Chooser,
    scores_before: Sequence[int] | None = None,
) -> DealResult:
    """Play a deal asking ``chooser(decision)`` for every answer."""
    return drive(deal_steps(rules, dealer, hands, stock, scores_before), chooser)


def play_deal(
    rules: Rules,
    dealer: int,
    hands: Sequence[Iterable[str]],
    stock: Sequence[str],
    answers: Sequence[tuple[int, object]],
    scores_before: Sequence[int] | None = None,
) -> DealResult:
    """Play a deal from every answer given in order as ``(seat, answer)``.

    ValueError if an answer is illegal or from the wrong seat, if answers are left over,
    or if the deal needs more answers than were given.
    """
    steps = deal_steps(rules, dealer, hands, stock, scores_before)
    return drive_with_answers(steps, answers)


def random_deal(rng: random.Random, rules: Rules) -> tuple[list[list[str]], list[str]]:
    """Shuffle and deal: (hands by seat, stock top first)."""
    cards = deck()
    rng.shuffle(cards)
    size = rules.cards_dealt
    hands = [cards[seat * size : (seat + 1) * size] for seat in range(rules.players)]
    return hands, cards[rules.players * size :]


def random_chooser(rng: random.Random) -> Chooser:
    """A chooser answering every decision at random among the legal answers."""
    return lambda decision: random_answer(rng, decision)


def play_game(
    rules: Rules,
    rng: random.Random,
    chooser: Chooser,
    first_dealer: int = 0,
    max_deals: int = 10_000,
) -> GameResult:
    """Deal at random and play with ``chooser`` until a side wins (CIN-9); the deal passes left."""

    def deal(dealer: int, scores: Sequence[int]) -> DealResult:
        hands, stock = random_deal(rng, rules)
        return play_deal_with(rules, dealer, hands, stock, chooser, scores)

    return play_to_the_end(deal, len(sides(rules)), rules.players, first_dealer, max_deals)
