"""One Ten-point Pitch (or Smear) deal step by step (docs/rules.md sections 8.3 to 8.8),
and whole games.

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

from sims.games.reference_steps import GameResult, drive, drive_with_answers, play_to_the_end
from sims.games.tenpoint.reference import (
    HAND_SIZE,
    MAX_BID,
    PASS,
    SUITS,
    Decision,
    Point,
    Rules,
    card_counts,
    check_answer,
    deal_points,
    deck,
    is_trump,
    legal_cards,
    parse_card,
    point_trumps,
    points_won,
    random_answer,
    settle,
    sides,
    trick_winner,
)

Chooser = Callable[[Decision], object]


class Trick(NamedTuple):
    """The plays of one trick, leader first, and the seat that won it."""

    plays: tuple[tuple[int, str], ...]
    winner: int


@dataclass(frozen=True)
class DealResult:
    """Everything one deal decided. ``won``, ``card_points``, ``delta`` and the scores are
    per side. A deal thrown in (all passed under ``all_pass='redeal'``) has ``pitcher``,
    ``bid``, ``trump`` and ``made`` None and changes no score.
    """

    dealer: int
    calls: tuple[tuple[int, int], ...]
    pitcher: int | None
    bid: int | None
    trump: str | None
    hands_at_play: tuple[tuple[str, ...], ...]
    dead: tuple[str, ...]
    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]
    points: tuple[Point, ...]
    won: tuple[int, ...]
    made: bool | None
    delta: tuple[int, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    winner: int | None


DealSteps = Generator[Decision, object, DealResult]


def _check_deal(rules: Rules, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> None:
    """Reject a deal that is not ``players`` hands of the dealt size plus the rest as stock."""
    if len(hands) != rules.players:
        raise ValueError(f"need {rules.players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.cards_dealt:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {rules.cards_dealt}")
    cards = [card for hand in hands for card in hand] + list(stock)
    if sorted(cards) != sorted(deck(rules)):
        raise ValueError(
            f"the hands and the stock must hold the {len(deck(rules))} cards once each"
        )


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

    # PIT-4: one round of bids, each strictly higher; the highest bidder pitches.
    calls: list[tuple[int, int]] = []
    high, pitcher = PASS, None
    for seat in order:
        options = (PASS, *range(max(rules.min_bid, high + 1), MAX_BID + 1))
        bid = yield from _ask(Decision("bid", seat, options))
        calls.append((seat, bid))
        if bid != PASS:
            high, pitcher = bid, seat
    if pitcher is None:  # PIT-4.2: everybody passed
        if rules.all_pass == "redeal":
            return _thrown_in(rules, dealer, calls, before)
        pitcher, high = dealer, rules.min_bid
    trump = yield from _ask(Decision("trump", pitcher, tuple(SUITS)))

    if rules.players == 6:
        dead = pack  # PIT-3.1, PIT-5.6: eight cards each, no discard or draw
    elif rules.deal == "smear":
        dead = list(pack)  # 8.11: no stock draw; each keeps six, all his trumps if he can
        for seat in order:
            dead += yield from _keep(rules, seat, held, trump, trumps_first=True)
    else:
        dead = yield from _discard_and_draw(rules, dealer, pitcher, order, held, pack, trump)
    hands_at_play = tuple(tuple(hand) for hand in held)
    tricks = yield from _play(rules, pitcher, held, trump)

    played = [(trick.plays, trick.winner) for trick in tricks]
    points = deal_points(rules, trump, played)
    outcome = settle(rules, pitcher, high, points, before)
    return DealResult(
        dealer=dealer,
        calls=tuple(calls),
        pitcher=pitcher,
        bid=high,
        trump=trump,
        hands_at_play=hands_at_play,
        dead=tuple(sorted(dead)),
        tricks=tuple(tricks),
        card_points=tuple(card_counts(rules, played)),
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
    """Result of a deal thrown in after all passed: nothing changes (PIT-4.2 option)."""
    zero = (0,) * len(sides(rules))
    return DealResult(
        dealer=dealer,
        calls=tuple(calls),
        pitcher=None,
        bid=None,
        trump=None,
        hands_at_play=(),
        dead=(),
        tricks=(),
        card_points=zero,
        points=(),
        won=zero,
        made=None,
        delta=zero,
        scores_before=before,
        scores_after=before,
        winner=None,
    )


def _keep(
    rules: Rules, seat: int, held: list[list[str]], trump: str, trumps_first: bool
) -> Generator[Decision, object, list[str]]:
    """Ask ``seat`` to keep six of the cards it holds; returns the discards (all dead).

    ``trumps_first``: he keeps every trump he can (Smear). ``burn_nonpoint_first``: a
    point-carrying trump goes only if all he keeps carry points (PIT-5.2).
    """
    pool = held[seat]
    trumps = frozenset(card for card in pool if is_trump(rules, card, trump))
    groups = _groups(rules, trump, trumps, trumps if trumps_first else frozenset())
    decision = Decision("keep", seat, (), tuple(pool), (HAND_SIZE, HAND_SIZE), groups)
    kept = yield from _ask(decision)
    held[seat] = list(kept)
    return [card for card in pool if card not in kept]


def _groups(
    rules: Rules, trump: str, trumps: frozenset[str], must_keep: frozenset[str]
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The must-keep groups of a discard: point trumps (option), then ``must_keep``."""
    groups = []
    if rules.burn_nonpoint_first:
        groups.append(("point-carrying trumps", trumps & point_trumps(rules, trump)))
    groups.append(("trumps", must_keep))
    return tuple((name, group) for name, group in groups if group)


def _discard_and_draw(
    rules: Rules,
    dealer: int,
    pitcher: int,
    order: list[int],
    held: list[list[str]],
    stock: list[str],
    trump: str,
) -> Generator[Decision, object, list[str]]:
    """PIT-5: discard all non-trumps (burning trumps past six), draw to six, rob; the dead."""
    dead: list[str] = []
    face_up: list[str] = []  # non-trump discards, the pool a short player fills from
    for seat in order:
        trumps = frozenset(card for card in held[seat] if is_trump(rules, card, trump))
        keep = min(len(trumps), HAND_SIZE)
        groups = _groups(rules, trump, trumps, trumps)
        decision = Decision("keep", seat, (), tuple(held[seat]), (keep, keep), groups)
        kept = yield from _ask(decision)
        discards = [card for card in held[seat] if card not in kept]
        face_up += [card for card in discards if not is_trump(rules, card, trump)]
        dead += discards
        held[seat] = list(kept)

    robber = {"pitcher": pitcher, "dealer": dealer, "none": None}[rules.rob]
    for seat in order:  # PIT-5.3: from the dealer's left, ending with himself
        if rules.rob == "dealer" and seat == dealer:
            continue  # PIT-5.4: the robbing dealer takes the rest of the stock instead
        need = HAND_SIZE - len(held[seat])
        held[seat] += stock[:need]
        del stock[:need]
    if robber is not None:  # PIT-5.4: the whole remaining stock to the robber
        held[robber] += stock
        stock.clear()
    for seat in order:  # PIT-5.5: the short fill up from the face-up non-trumps
        need = HAND_SIZE - len(held[seat])
        if need > 0:
            taken = yield from _ask(Decision("fill", seat, (), tuple(face_up), (need, need)))
            held[seat] += list(taken)
            face_up = [card for card in face_up if card not in taken]
            dead = [card for card in dead if card not in taken]
    if robber is not None:
        dead += yield from _keep(rules, robber, held, trump, trumps_first=False)
    return dead + stock


def _play(
    rules: Rules, pitcher: int, held: list[list[str]], trump: str
) -> Generator[Decision, object, list[Trick]]:
    """PIT-6: the pitcher leads; each trick's winner leads the next.

    Under ``trump_only`` a player without a trump folds; a leader who has folded passes
    the lead to the next player who has not, and play ends when all have folded.
    """
    n = rules.players
    tricks: list[Trick] = []
    leader = pitcher
    while True:
        active = [seat for seat in range(n) if legal_cards(rules, held[seat], [], trump)]
        if not active:
            return tricks
        seats = [(leader + i) % n for i in range(n) if (leader + i) % n in active]
        plays: list[tuple[int, str]] = []
        for seat in seats:
            first_lead = not tricks and not plays
            options = tuple(legal_cards(rules, held[seat], plays, trump, first_lead))
            card = yield from _ask(Decision("card", seat, options))
            held[seat].remove(card)
            plays.append((seat, card))
        leader = trick_winner(rules, plays, trump)
        tricks.append(Trick(tuple(plays), leader))


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
    cards = deck(rules)
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
    """Deal at random and play with ``chooser`` until a side wins (PIT-9); the deal passes left."""

    def deal(dealer: int, scores: Sequence[int]) -> DealResult:
        hands, stock = random_deal(rng, rules)
        return play_deal_with(rules, dealer, hands, stock, chooser, scores)

    return play_to_the_end(deal, len(sides(rules)), rules.players, first_dealer, max_deals)
