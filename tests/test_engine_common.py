"""The deal loops' shared selects (sims.engine.common): who holds a card, and the points
each side took, summed without a branch on who took them."""

from __future__ import annotations

import random

import numpy as np

from sims.engine.common import holder_nb, tally_nb


def test_the_holder_of_a_card_is_the_mask_that_has_it_or_nobody():
    rng = random.Random(3)
    for _ in range(200):
        cards = rng.sample(range(54), 30)
        masks = np.zeros(rng.randint(1, 6), np.int64)
        owner = {card: rng.randrange(masks.shape[0]) for card in cards[:20]}
        for card, seat in owner.items():
            masks[seat] |= np.int64(1) << card
        for card in cards:
            assert holder_nb(masks, card) == owner.get(card, -1)


def test_a_tally_holds_each_sides_points_and_gives_nobody_none():
    rng = random.Random(5)
    for _ in range(500):
        sides = rng.randint(1, 8)
        points = [(rng.randrange(-1, sides), rng.choice([1, 3, 5])) for _ in range(10)]
        tally = 0
        for side, value in points:
            tally = tally_nb(tally, side, value)
        for side in range(sides):
            expected = sum(value for taker, value in points if taker == side)
            assert tally >> (8 * side) & 0xFF == expected
        assert tally >> (8 * sides) == 0  # nobody's points went nowhere
