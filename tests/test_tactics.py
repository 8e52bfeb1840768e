"""The card-choice building blocks: the cheapest and dearest card by order keys agree with
the rule they encode, stated plainly (least or most worth, then rank, then the lower card
code), for every game's worth table; the highest-valued card is the plain maximum, the
lowest card of equals; the cards that would take a trick, by the plain pack and by a
deck whose trumps include cards of other suits and jokers."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sims.core.deck import STANDARD
from sims.games.phat.strategies import greedy as phat_greedy
from sims.games.pitch.strategies import greedy as pitch_greedy
from sims.games.tenpoint.cards import deck as tenpoint_deck
from sims.strategies.tactics import (
    beating,
    beating_in,
    cheap_keys,
    cheapest,
    dear_keys,
    dearest,
    highest_valued,
)

TABLES = {
    "pitch": (pitch_greedy.WORTH, pitch_greedy.CHEAP, pitch_greedy.DEAR),
    "phat": (phat_greedy.WORTH[0], phat_greedy.CHEAP[0], phat_greedy.DEAR[0]),
    "don": (phat_greedy.WORTH[1], phat_greedy.CHEAP[1], phat_greedy.DEAR[1]),
}


def plain_choice(cards: int, worth: np.ndarray, trump: int, dearest_card: bool) -> int:
    """The card the rule names: sorted by (worth, rank), the lowest code among equals."""
    held = [card for card in range(52) if cards >> card & 1]
    if not held:
        return -1
    sign = -1 if dearest_card else 1
    return min(held, key=lambda card: (sign * worth[trump, card], sign * (card % 13), card))


@pytest.mark.parametrize("game", TABLES)
@settings(max_examples=300, deadline=None)
@given(cards=st.integers(0, (1 << 52) - 1), trump=st.integers(0, 3))
def test_cheapest_and_dearest_follow_worth_then_rank_then_card(game, cards, trump):
    worth, cheap, dear = TABLES[game]
    assert cheapest(cards, cheap, trump) == plain_choice(cards, worth, trump, False)
    assert dearest(cards, dear, trump) == plain_choice(cards, worth, trump, True)


def test_ties_of_worth_and_rank_go_to_the_lower_card_code():
    worth, cheap, dear = TABLES["phat"]
    twos = (1 << 0) | (1 << 13)  # the Deuces of the first two suits, trump the fourth
    assert worth[3, 0] == worth[3, 13]
    assert cheapest(twos, cheap, 3) == 0 and dearest(twos, dear, 3) == 0
    assert cheapest(0, cheap, 3) == -1 and dearest(0, dear, 3) == -1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, (1 << 52) - 1), st.lists(st.integers(-3, 3), min_size=52, max_size=52))
def test_the_highest_valued_card_is_the_lowest_of_the_largest_values(cards, values):
    array = np.array(values, np.float64)
    held = [card for card in range(52) if cards >> card & 1]
    expected = max(held, key=lambda card: (array[card], -card)) if held else -1
    assert highest_valued(cards, array) == expected


def test_beating_in_the_plain_pack_is_beating():
    rng = np.random.default_rng(5)
    for _ in range(2000):
        cards = int(rng.integers(0, 1 << 52))
        best, trump = int(rng.integers(52)), int(rng.integers(-1, 4))
        assert beating_in(cards, best, trump, STANDARD.packed) == beating(cards, best, trump)


def test_beating_in_reads_the_deck_s_trumps_and_trick_ranks():
    deck = tenpoint_deck("distinct")
    spades, high_joker, low_joker = 3, 52, 53
    every = deck.full
    # Over the High Joker: the trumps ranked above it (off-jack, jack to ace of spades).
    above = beating_in(every, high_joker, spades, deck.packed)
    assert above == sum(1 << deck.parse_card(c) for c in "JC JS QS KS AS".split())
    # Over a heart: the higher hearts, and every trump, jokers and off-jack included.
    trumps = int(deck.masks[spades, spades])
    over = beating_in(every, deck.parse_card("QH"), spades, deck.packed)
    assert over == trumps | sum(1 << deck.parse_card(c) for c in ("KH", "AH"))
    assert trumps >> low_joker & 1 and trumps >> deck.parse_card("JC") & 1


def test_keys_by_a_deck_order_its_moved_cards_by_their_trick_rank():
    # Ten-point under spades: the jokers rank between the ten and the jack, so a joker
    # worth as little as a deuce is dearer than the deuce and cheaper than the jack.
    deck = tenpoint_deck("distinct")
    worth = np.zeros((4, deck.size), np.int64)
    cheap, dear = cheap_keys(worth, deck), dear_keys(worth, deck)
    two, joker, jack = deck.parse_card("2S"), 52, deck.parse_card("JS")
    assert cheapest((1 << two) | (1 << joker), cheap, 3) == two
    assert dearest((1 << joker) | (1 << jack), dear, 3) == jack
    assert dearest((1 << two) | (1 << joker), dear, 3) == joker
