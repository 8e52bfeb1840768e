"""Three-card Jick's strategies: `random` (any legal card) and `greedy` (take the trick as
cheaply as possible, else throw the cheapest card), registered in the game's own table,
which its deal loop calls by place (`CALL_RANDOM`, `CALL_GREEDY`)."""

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
def play_greedy(view, params, rng):
    """Lead the strongest card; else the weakest card that takes the trick, or failing
    that the weakest card of all."""
    legal, trump = view[v.LEGAL], view[v.TRUMP]
    best, taking = -1, -1
    cheapest = -1
    cards = legal
    while cards:
        card = lowest(cards)
        cards &= cards - 1
        worth = strength(card, trump)
        if view[v.POSITION] == 0:
            if best < 0 or worth > strength(best, trump):
                best = card
            continue
        if cheapest < 0 or worth < strength(cheapest, trump):
            cheapest = card
        takes = beats_in(card, view[v.WINNING_CARD], trump, SUITS, RANKS)
        if takes and (taking < 0 or worth < strength(taking, trump)):
            taking = card
    if view[v.POSITION] == 0:
        return best
    return taking if taking >= 0 else cheapest


add_table(NAME)
register("random", NAME, "a legal card uniformly at random", play=play_random, lead=play_random)
register(
    "greedy",
    NAME,
    "takes the trick as cheaply as it can, else throws its cheapest card; leads its strongest",
    play=play_greedy,
    lead=play_greedy,
)
CALL_RANDOM, CALL_GREEDY = (functions(NAME).index(f) for f in (play_random, play_greedy))
