"""The card-choice building blocks: the cheapest and dearest card by order keys agree with
the rule they encode, stated plainly (least or most worth, then rank, then the lower card
code), for every game's worth table; the highest-valued card is the plain maximum, the
lowest card of equals."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sims.games.phat.strategies import greedy as phat_greedy
from sims.games.pitch.strategies import greedy as pitch_greedy
from sims.strategies.tactics import cheapest, dearest, highest_valued

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
