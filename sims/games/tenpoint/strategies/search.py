"""The search players in Ten-point Pitch (docs/rules.md section 8), through the generic
search: `pimc`, `ismcts` and `guided_ismcts` play every card to the tricks with the run's
deck (jokers and off-jack as the options make them trumps); they discard and take back as
`greedy` does and bid as `threshold` (parameter `margin`). The solver scores the deal as
`solve tenpoint` does, by the run's options: High, Low (never a joker), Jack and Game as
Pitch's, and the Off-Jack, each joker, the Trey and the ten of trumps (under `game_card`)
by their captor."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.games.tenpoint.cards import card_points
from sims.games.tenpoint.rules import DECKS, deck_index, effective
from sims.games.tenpoint.strategies.bidding import threshold_bid
from sims.games.tenpoint.strategies.greedy import play_greedy
from sims.games.tenpoint.strategies.tables import DECK_SLOT, PACKED
from sims.strategies import view as v
from sims.strategies.ismcts import VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.registry import Param, register

ITERATIONS_SLOT = 1  # `ismcts`'s parameters follow `threshold`'s margin
SCORING_SLOT = DECK_SLOT + 1  # where the search's data puts its card scoring, after the deck
SCORINGS = tuple((trey, ten) for trey in (False, True) for ten in (False, True))
# [deck, scoring, trump, card]: what a card scores for its captor (`cards.card_points`).
CARD_POINTS = np.array(
    [
        [
            [card_points(deck, trump, trey=trey, ten_of_trumps=ten) for trump in range(4)]
            for trey, ten in SCORINGS
        ]
        for deck in DECKS
    ]
)
CARD_POINTS.setflags(write=False)


def search_data(rules: dict[str, Any]) -> np.ndarray:
    """The search's data: the run's deck (`deck_data`), then the place in `SCORINGS` of
    its `trey` and `game_card` options."""
    played = effective(rules)
    index = SCORINGS.index((played["trey"], played["game_card"] == "ten_of_trumps"))
    return np.array([deck_index(rules), index], np.float64)


@njit(cache=True, inline="always")
def scoring(params):
    """The run's deck (`Deck.packed`) and card points (`[trump, card]`) from the search's
    data (`search_data`) after its parameters."""
    deck = np.int64(params[DECK_SLOT])
    return PACKED[deck], CARD_POINTS[deck, np.int64(params[SCORING_SLOT])]


@njit(cache=True, inline="always")
def searched(view):
    """The view a search reads: trump is named before the opening lead, so the opening
    lead is a card like any other (the generic search would have it name trump)."""
    seen = view.copy()
    seen[v.DECISION] = v.PLAY
    return seen


@njit(cache=True)
def pimc_tenpoint(view, params, rng):
    """Every card to a trick by PIMC within the depth, else as `greedy`; the exchanges as
    `greedy`."""
    hand_size = view[v.HAND_SIZE]
    if (view[v.DECISION] == v.PLAY or view[v.DECISION] == v.OPENING) and solving(
        view, params, hand_size
    ):
        deck, points = scoring(params)
        return pimc_choice(searched(view), params, rng, deck, points, hand_size)
    return play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_tenpoint(view, params, rng):
    """Every card to a trick by IS-MCTS; the exchanges as `greedy`."""
    if view[v.DECISION] != v.PLAY and view[v.DECISION] != v.OPENING:
        return play_greedy(view, params, rng)
    deck, points = scoring(params)
    no_prior = np.zeros(0)
    return ismcts_choice(
        searched(view), params, rng, deck, points, view[v.HAND_SIZE], ITERATIONS_SLOT, no_prior
    )


register(
    "pimc",
    "tenpoint",
    f"{PIMC_ABOUT}; discards as greedy, bids as threshold",
    play=pimc_tenpoint,
    lead=pimc_tenpoint,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 8, whole=True)},
    data=search_data,
    inline=False,
)
for _name, _about, _params in VERSIONS:
    register(
        _name,
        "tenpoint",
        f"{_about}; discards as greedy, bids as threshold",
        play=ismcts_tenpoint,
        lead=ismcts_tenpoint,
        bid=threshold_bid,
        params={"margin": 0.0, **_params},
        data=search_data,
        inline=False,
    )
