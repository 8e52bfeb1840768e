"""No strategy reads a card its player cannot see: on two deals that differ only in such
cards, played alike up to its turn, the engine's deal loop gets the same card from it with
the same seed. The deals are played through `sims.run.scripted`: the given cards, then every
seat's strategy."""

import random

import pytest

from sims.core.games import pitch
from sims.core.options import resolve
from sims.run.scripted import phat_continuation, pitch_continuation

STRATEGIES = ["random", "greedy", "pimc:samples=4", "ismcts:iterations=150"]
UNDEALT = -1


def swap_hidden(rnd: random.Random, hands: list[list[int]], seat: int, played: set[int],
                undealt: list[int]) -> list[list[int]]:  # fmt: skip
    """Copies of the hands with cards `seat` cannot see exchanged, each for one of its suit
    held by another seat (or not dealt), so every card already played stays legal."""
    owner = {card: s for s, hand in enumerate(hands) for card in hand if card not in played}
    owner |= {card: UNDEALT for card in undealt}
    hidden = [card for card, s in owner.items() if s != seat]
    changed = [list(hand) for hand in hands]
    for _ in range(3 if hidden else 0):
        first = rnd.choice(hidden)
        partners = [c for c in hidden if c // 13 == first // 13 and owner[c] != owner[first]]
        if not partners:
            continue
        second = rnd.choice(partners)
        for card, other in ((first, second), (second, first)):
            if owner[card] != UNDEALT:
                hand = changed[owner[card]]
                hand[hand.index(card)] = other
        owner[first], owner[second] = owner[second], owner[first]
    return changed


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_pitch_decisions_ignore_the_cards_a_seat_cannot_see(strategy):
    rules = resolve("pitch", pitch.OPTIONS, [])
    rnd = random.Random(f"hidden pitch {strategy}")
    differed = 0
    for case in range(25):
        deck = rnd.sample(range(52), 52)
        hands = [deck[6 * s : 6 * s + 6] for s in range(4)]
        dealer = rnd.randrange(4)
        calls = [2, 0, 0, 0]  # the dealer's left pitches
        plays = pitch_continuation(rules, hands, dealer, calls, [], "random", seed=case)
        k = rnd.randrange(len(plays))
        seat = next(s for s, hand in enumerate(hands) if plays[k] in hand)
        other = swap_hidden(rnd, hands, seat, set(plays[:k]), deck[24:])
        differed += other != hands
        seen = pitch_continuation(rules, hands, dealer, calls, plays[:k], strategy, seed=case)
        unseen = pitch_continuation(rules, other, dealer, calls, plays[:k], strategy, seed=case)
        assert seen[0] == unseen[0], (hands, other, plays[:k])
    assert differed > 20


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_phat_decisions_ignore_the_cards_a_seat_cannot_see(strategy):
    rnd = random.Random(f"hidden phat {strategy}")
    differed = 0
    for case in range(12):
        deck = rnd.sample(range(52), 52)
        hands = [deck[13 * s : 13 * s + 13] for s in range(4)]
        pitcher = rnd.randrange(4)
        plays = phat_continuation(hands, pitcher, [], "random", seed=case)
        k = rnd.randrange(len(plays))
        seat = next(s for s, hand in enumerate(hands) if plays[k] in hand)
        other = swap_hidden(rnd, hands, seat, set(plays[:k]), [])
        differed += other != hands
        seen = phat_continuation(hands, pitcher, plays[:k], strategy, seed=case)
        unseen = phat_continuation(other, pitcher, plays[:k], strategy, seed=case)
        assert seen[0] == unseen[0], (hands, other, plays[:k])
    assert differed > 8
