"""Three-card Jick's strategies: `random` (any legal card, to discard or to play) and
`greedy` (discard its weakest card; take the trick as cheaply as possible, else throw the
cheapest card), registered in the game's own table, which its deal loop calls by place
(`CALL_RANDOM`, `CALL_GREEDY`); the play strategy also makes the discard."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest
from sims.core.tricks import beats_in
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import add_table, functions, register
from tests.tiny_game import NAME
from tests.tiny_game.rules import DECK

SUITS, RANKS = DECK.suits, DECK.ranks


@njit(cache=True)
def strength(card: int, trump: int) -> int:
    """A card's worth in a trick: every trump above every other card, then trick rank."""
    return (SUITS[trump, card] == trump) * 1000 + RANKS[trump, card]


@njit(cache=True)
def weakest(cards: int, trump: int) -> int:
    """The card of `cards` lowest by `strength`: the lowest by trick rank that is not a
    trump, else the lowest trump."""
    cheapest = -1
    while cards:
        card = lowest(cards)
        cards &= cards - 1
        if cheapest < 0 or strength(card, trump) < strength(cheapest, trump):
            cheapest = card
    return cheapest


@njit(cache=True)
def play_greedy(view, params, rng):
    """Discard the weakest card; lead the strongest; else play the weakest card that
    takes the trick, or failing that the weakest card of all."""
    legal, trump = view[v.LEGAL], view[v.TRUMP]
    if view[v.DECISION] == v.DISCARD:
        return weakest(legal, trump)
    best, taking = -1, -1
    cards = legal
    while cards:
        card = lowest(cards)
        cards &= cards - 1
        worth = strength(card, trump)
        if view[v.POSITION] == 0:
            if best < 0 or worth > strength(best, trump):
                best = card
            continue
        takes = beats_in(card, view[v.WINNING_CARD], trump, SUITS, RANKS)
        if takes and (taking < 0 or worth < strength(taking, trump)):
            taking = card
    if view[v.POSITION] == 0:
        return best
    return taking if taking >= 0 else weakest(legal, trump)


add_table(NAME)
register(
    "random",
    NAME,
    "a legal card uniformly at random, discarding as playing",
    play=play_random,
    lead=play_random,
)
register(
    "greedy",
    NAME,
    "discards its weakest card; takes the trick as cheaply as it can, else throws its"
    " cheapest card; leads its strongest",
    play=play_greedy,
    lead=play_greedy,
)
CALL_RANDOM, CALL_GREEDY = (functions(NAME).index(f) for f in (play_random, play_greedy))
