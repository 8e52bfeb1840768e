"""One All Fours deal step by step (docs/rules.md sections 7.3 to 7.7 and 7.10), and
whole games to the target.

The deal is a generator that reads like the rule book: it yields a ``Decision`` whenever a
player must choose and receives the answer, checking it (ValueError on an illegal one).
``play_deal`` drives it from ``(seat, answer)`` pairs, ``play_deal_with`` from a chooser
callback. Points are added in the order they arise (AF-7.2): a turned-up card and the
gift at once, then High, Low, Jack and Game; the deal stops as soon as a side reaches
the target.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sims.games.allfours.reference import (
    HAND_SIZE,
    Award,
    Decision,
    Rules,
    check_answer,
    deal_points,
    deck,
    game_counts,
    legal_cards,
    parse_card,
    random_answer,
    side_of,
    sides,
    suit,
    trick_winner,
    turn_up_points,
)
from sims.games.reference_steps import GameResult, drive, drive_with_answers, play_to_the_end

Chooser = Callable[[Decision], object]


class Trick(NamedTuple):
    """The plays of one trick, leader first, and the seat that won it."""

    plays: tuple[tuple[int, str], ...]
    winner: int


@dataclass(frozen=True)
class DealResult:
    """Everything one deal decided; the scores are per side.

    ``upcards`` are every card turned up, in order; ``scored`` the awards actually added,
    in order, up to the one that ended the game; ``points`` High, Low, Jack and Game as
    the hand earned them (empty if the game ended before play or the deal was bunched).
    """

    dealer: int
    upcards: tuple[str, ...]
    trump: str | None
    begged: bool
    runs: int
    bunched: bool
    hands_at_play: tuple[tuple[str, ...], ...]
    dead: tuple[str, ...]
    tricks: tuple[Trick, ...]
    card_points: tuple[int, ...]
    points: tuple[Award, ...]
    scored: tuple[Award, ...]
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    winner: int | None


DealSteps = Generator[Decision, object, DealResult]


def _check_deal(rules: Rules, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> None:
    """Reject a deal that is not six cards a player plus the rest as stock, upcard first."""
    if len(hands) != rules.players:
        raise ValueError(f"need {rules.players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
    if sorted([card for hand in hands for card in hand] + list(stock)) != sorted(deck()):
        raise ValueError("the hands and the stock must hold the 52 cards once each")


def deal_steps(
    rules: Rules,
    dealer: int,
    hands: Sequence[Iterable[str]],
    stock: Sequence[str],
    scores_before: Sequence[int] | None = None,
) -> DealSteps:
    """The deal as a generator; ``stock`` is the rest of the pack top first, the upcard first."""
    n = rules.players
    held = [[parse_card(card) for card in hand] for hand in hands]
    pack = [parse_card(card) for card in stock]
    _check_deal(rules, held, pack)
    if dealer not in range(n):
        raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
    before = tuple(scores_before) if scores_before is not None else (0,) * len(sides(rules))
    if len(before) != len(sides(rules)):
        raise ValueError(f"need {len(sides(rules))} scores (one per side), got {before!r}")
    scores = list(before)
    scored: list[Award] = []
    order = [(dealer + 1 + i) % n for i in range(n)]  # eldest first, dealer last
    eldest = order[0]
    upcards = [pack.pop(0)]  # AF-3.1: the upcard is dead, never part of a hand
    trump = suit(upcards[0])
    begged, runs = False, 0

    def add(award: Award) -> bool:
        """Add an award to the scores; True when it brings its side to the target."""
        scored.append(award)
        assert award.side is not None
        scores[award.side] += award.value
        return scores[award.side] >= rules.target

    def finished(
        hands_at_play: Sequence[Sequence[str]] = (),
        tricks: Sequence[Trick] = (),
        points: Sequence[Award] = (),
        bunched: bool = False,
    ) -> DealResult:
        """The result as the deal stands; ``hands_at_play`` empty if it ended before play."""
        in_play = {card for hand in hands_at_play for card in hand}
        reached = [side for side, score in enumerate(scores) if score >= rules.target]
        return DealResult(
            dealer=dealer,
            upcards=tuple(upcards),
            trump=None if bunched else trump,
            begged=begged,
            runs=runs,
            bunched=bunched,
            hands_at_play=tuple(tuple(hand) for hand in hands_at_play),
            dead=tuple(sorted(set(deck()) - in_play)) if in_play else (),
            tricks=tuple(tricks),
            card_points=tuple(game_counts(rules, tricks)) if tricks else (),
            points=tuple(points),
            scored=tuple(scored),
            scores_before=before,
            scores_after=tuple(scores),
            winner=scored[-1].side if reached else None,
        )

    dealer_side = side_of(rules, dealer)
    kick = turn_up_points(rules, upcards[0])
    if kick and add(Award("Turn-up", upcards[0], kick, dealer_side)):
        return finished()  # AF-7.2: a Jack turned can end the game before any play

    begged = (yield from _ask(Decision("beg", eldest, ("stand", "beg")))) == "beg"
    if begged:
        # AF-4.2, AF-10.1, AF-10.2: the gift goes to eldest (three players: both non-dealers;
        # four: eldest's side) and may never bring a side to the target.
        gifted = [side_of(rules, seat) for seat in (order[:2] if n == 3 else order[:1])]
        may_give = all(scores[side] + 1 < rules.target for side in gifted)
        options = ("give", "run") if may_give else ("run",)
        if (yield from _ask(Decision("give", dealer, options))) == "give":
            for side in gifted:
                add(Award("Gift", None, 1, side))
        else:
            while True:  # AF-4.3: running the cards
                if len(pack) < 3 * n + 1:
                    return finished(bunched=True)
                for seat in order:
                    held[seat] += pack[:3]
                    del pack[:3]
                runs += 1
                upcards.append(pack.pop(0))
                if suit(upcards[-1]) != suit(upcards[0]):
                    trump = suit(upcards[-1])
                    kick = turn_up_points(rules, upcards[-1])
                    if kick and add(Award("Turn-up", upcards[-1], kick, dealer_side)):
                        return finished()
                    break
            if rules.bunch_by_agreement:
                # AF-4.6, asked once when running has fixed the trump: True means one
                # player proposed and the other agreed (a choice: the book gives no moment).
                if (yield from _ask(Decision("bunch", eldest, (False, True)))) is True:
                    return finished(bunched=True)
            one_run_kept = rules.discard_after_run == "keep_if_one_run" and runs == 1
            if rules.discard_after_run != "keep_all" and not one_run_kept:
                for seat in order:  # AF-4.5: discard face down to six, dead
                    decision = Decision("keep", seat, (), tuple(held[seat]), HAND_SIZE)
                    held[seat] = list((yield from _ask(decision)))

    hands_at_play = [list(hand) for hand in held]
    tricks = yield from _play(rules, eldest, held, trump)
    points = deal_points(rules, trump, eldest, [(t.plays, t.winner) for t in tricks])
    for award in points:  # AF-7.2: High, Low, Jack, Game; the first to the target wins
        if award.side is not None and add(award):
            break
    return finished(hands_at_play, tricks, points)


def _ask(decision: Decision) -> Generator[Decision, object, object]:
    """Yield a decision and return the checked answer."""
    answer = yield decision
    return check_answer(decision, answer)


def _play(
    rules: Rules, eldest: int, held: list[list[str]], trump: str
) -> Generator[Decision, object, list[Trick]]:
    """AF-5: eldest leads; the winner of a trick leads the next until the hands are empty."""
    n = rules.players
    tricks: list[Trick] = []
    leader = eldest
    while held[leader]:
        plays: list[tuple[int, str]] = []
        for seat in [(leader + i) % n for i in range(n)]:
            options = tuple(legal_cards(held[seat], plays, trump))
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
    """Shuffle and deal six each: (hands by seat, the rest top first, the upcard first)."""
    cards = deck()
    rng.shuffle(cards)
    hands = [cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(rules.players)]
    return hands, cards[rules.players * HAND_SIZE :]


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
    """Deal at random and play with ``chooser`` until a side reaches the target (AF-7).

    The deal passes left, except that a bunched deal is dealt again by the same dealer.
    """

    def deal(dealer: int, scores: Sequence[int]) -> DealResult:
        hands, stock = random_deal(rng, rules)
        return play_deal_with(rules, dealer, hands, stock, chooser, scores)

    def passes(result: DealResult) -> bool:
        return not result.bunched

    return play_to_the_end(deal, len(sides(rules)), rules.players, first_dealer, max_deals, passes)
