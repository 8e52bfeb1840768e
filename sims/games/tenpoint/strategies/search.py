"""The search players in Ten-point Pitch (docs/rules.md section 8), through the generic
search: `pimc`, `ismcts` and `guided_ismcts` play every card to the tricks with the run's
deck (jokers and off-jack as the options make them trumps); they discard and take back as
`greedy` does and bid as `threshold` (parameter `margin`). The solver scores High, Low,
Jack and Game as Pitch's, and the Off-Jack, each joker and the Trey by their captor."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.cards import N_CARDS, N_RANKS
from sims.core.deck import MAX_CARDS
from sims.games.tenpoint.rules import DECKS
from sims.games.tenpoint.strategies.bidding import threshold_bid
from sims.games.tenpoint.strategies.greedy import play_greedy
from sims.games.tenpoint.strategies.tables import DECK_SLOT, JACK, TREY, deck_data
from sims.strategies import view as v
from sims.strategies.ismcts import VERSIONS, ismcts_choice
from sims.strategies.pimc import ABOUT as PIMC_ABOUT
from sims.strategies.pimc import SAMPLES_PARAM, pimc_choice, solving
from sims.strategies.registry import Param, register

ITERATIONS_SLOT = 1  # `ismcts`'s parameters follow `threshold`'s margin
PACKED = np.stack([deck.packed for deck in DECKS])  # [deck, trump row, ...]


def _card_points() -> np.ndarray:
    """`[deck, trump, card]`: the points a card scores for its captor beside High, Low,
    Jack and Game: the Off-Jack and each joker 1, the Trey 3."""
    table = np.zeros((len(DECKS), 4, MAX_CARDS), np.int64)
    for d, deck in enumerate(DECKS):
        for trump in range(4):
            table[d, trump, trump * N_RANKS + TREY] = 3
            for card in range(N_CARDS, deck.size):
                table[d, trump, card] = 1
            off_jack = (3 - trump) * N_RANKS + JACK
            if deck.suits[trump, off_jack] == trump:
                table[d, trump, off_jack] = 1
    table.setflags(write=False)
    return table


CARD_POINTS = _card_points()


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
        deck = np.int64(params[DECK_SLOT])
        return pimc_choice(searched(view), params, rng, PACKED[deck], CARD_POINTS[deck], hand_size)
    return play_greedy(view, params, rng)


@njit(cache=True)
def ismcts_tenpoint(view, params, rng):
    """Every card to a trick by IS-MCTS; the exchanges as `greedy`."""
    if view[v.DECISION] != v.PLAY and view[v.DECISION] != v.OPENING:
        return play_greedy(view, params, rng)
    deck = np.int64(params[DECK_SLOT])
    no_prior = np.zeros(0)
    return ismcts_choice(
        searched(view), params, rng, PACKED[deck], CARD_POINTS[deck], view[v.HAND_SIZE],
        ITERATIONS_SLOT, no_prior,
    )  # fmt: skip


register(
    "pimc",
    "tenpoint",
    f"{PIMC_ABOUT}; discards as greedy, bids as threshold",
    play=pimc_tenpoint,
    lead=pimc_tenpoint,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": SAMPLES_PARAM, "depth": Param(0, 0, 8, whole=True)},
    data=deck_data,
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
        data=deck_data,
        inline=False,
    )
