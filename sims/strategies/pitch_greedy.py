"""`greedy` for Pitch: draw trumps with the top trump, win tricks that hold points as
cheaply as possible, feed game points to a partner's safe trick, and keep its Jack and
low trumps out of tricks it cannot win. Bids by `threshold`, pitches by `lead_best`.
"""

from __future__ import annotations

from numba import njit

from sims.bits import highest, lowest
from sims.cards import FULL_DECK, rank_of, suit_mask, suit_of
from sims.games.tricks import GAME_POINT_VALUES
from sims.strategies import view as v
from sims.strategies.phat_greedy import beating
from sims.strategies.pitch_bidding import threshold_bid
from sims.strategies.pitch_leads import lead_best
from sims.strategies.registry import register

JACK = 9


@njit(cache=True, inline="always")
def worth(card: int, trump: int) -> int:
    """What losing a card costs: its game points, and more for the Jack and low trumps."""
    rank = rank_of(card)
    value = GAME_POINT_VALUES[rank]
    if suit_of(card) == trump:
        if rank == JACK:
            value += 20
        elif rank <= 2:
            value += 6 - 2 * rank
    return value


@njit(cache=True)
def cheapest(cards: int, trump: int) -> int:
    """The card worth least (lowest rank among equals)."""
    choice, key = -1, 1 << 40
    while cards:
        card = lowest(cards)
        candidate = worth(card, trump) * 16 + rank_of(card)
        if candidate < key:
            choice, key = card, candidate
        cards &= cards - 1
    return choice


@njit(cache=True)
def dearest(cards: int, trump: int) -> int:
    """The card worth most (highest rank among equals)."""
    choice, key = -1, -1
    while cards:
        card = lowest(cards)
        candidate = worth(card, trump) * 16 + rank_of(card)
        if candidate > key:
            choice, key = card, candidate
        cards &= cards - 1
    return choice


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of a card for any trick after the pitch."""
    trump = view[v.TRUMP]
    legal = view[v.LEGAL]
    unseen = FULL_DECK & ~view[v.PLAYED] & ~view[v.HAND]
    trumps = suit_mask(trump)
    if view[v.POSITION] == 0:
        held = legal & trumps
        if held and unseen & trumps and beating(unseen & trumps, highest(held), trump) == 0:
            return highest(held)
        plain = legal & ~trumps
        return cheapest(plain if plain else legal, trump)
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    mine = view[v.SIDE_OF + view[v.SEAT]]
    if view[v.SIDE_OF + view[v.WINNING_SEAT]] == mine:
        if last or beating(unseen, best, trump) == 0:
            return dearest(legal, trump)
        return cheapest(legal, trump)
    winners = beating(legal, best, trump)
    jack = trump * 13 + JACK
    if not last and winners >> jack & 1 and beating(unseen, jack, trump) != 0:
        winners &= ~(1 << jack)
    if winners:
        plain = winners & ~trumps
        return lowest(plain) if plain else lowest(winners)
    return cheapest(legal, trump)


register(
    "greedy",
    "pitch",
    "draws trumps, wins point tricks cheaply, feeds a partner, guards its Jack and Low",
    play=play_greedy,
    lead=lead_best,
    bid=threshold_bid,
    params={"margin": 0.0},
)
