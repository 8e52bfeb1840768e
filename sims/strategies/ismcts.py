"""`ismcts`: information-set Monte Carlo tree search (single observer, Cowling, Powley and
Whitehouse 2012). One tree of the card sequences from its decision, grown by
`iterations` descents: each deals the cards it cannot see afresh, consistently with its
view (`sims.strategies.sampling`), walks the tree among the cards legal in that deal by
UCB1 with availability counts, adds one node, plays the deal out (at random, or by the
solver's first guesses: `guide`) and scores it exactly. It plays the most visited card.

Rewards are the points its side wins, scaled to 0..1 by the points in the deal; the other
sides play to minimise them (the solver's paranoid reduction, as `pimc`). Everything it
uses comes from the view, so it never reads a hidden card. Parameters: `iterations` (at
most `MAX_ITERATIONS`: the tree takes 4 bytes per card of the deck and 24 more a node,
232 with the pack) and `exploration` (UCB1's constant), `guide` (the share of playout
cards chosen by the solver's move ordering instead of at random), `per_choice` (1:
`iterations` per legal card) and `stop_decided` (1: stop once more descents cannot change
the choice). Each game's search module
(`strategies/search.py`) registers it, and `guided_ismcts` (the same search with
other defaults: `GUIDED`), with the game's deck (`sims.core.deck`'s `Deck.packed`), card
points and hand size: the deals, the tree's cards and the solver's lines are the deck's.

A game with a learned policy may give the search a prior over the root's cards
(a game's `learned_ismcts`): the root then tries its untried cards most probable
first, and adds to a card's UCB1 score the prior times the square root of its
availability over one more than its visits (the PUCT bonus of AlphaZero), which fades as
the card's own results accumulate.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sims.core.bits import lowest, nth_bit, popcount
from sims.core.deck import D_COUNT, D_SUIT, NO_TRUMP
from sims.core.memory import unowned
from sims.core.rng import below
from sims.engine import solver as s
from sims.strategies import view as v
from sims.strategies.registry import Param
from sims.strategies.sampling import deal_hidden, load_hands, load_position, new_pool
from sims.strategies.tactics import highest_valued

MAX_ITERATIONS = 100_000
TRUMP_ROWS = NO_TRUMP + 1  # buffers per trump row at an opening lead: each suit, and none
GUIDE_STEPS = 1 << 20  # resolution of the chance `guide`


@njit(cache=True, inline="always")
def _trump_row(trump: int) -> int:
    """The row of a decision's per-trump buffers for `trump` (`NO_TRUMP`'s for none)."""
    return NO_TRUMP if trump < 0 else trump


@njit(cache=True, inline="always")
def _load_rules(view, hands, deck, card_points, trump: int, row: int, rules, line) -> None:
    """Load what every deal of a decision shares under `trump` (the rules, trick and
    piles) into row `row` of its per-trump buffers: `rules` (positions, reward scales)
    and the line's contexts. The cards played and frames a line starts from are the same
    under any trump."""
    positions, scales = rules
    contexts, _, played, _, frames = line
    load_position(view, hands, deck, card_points, trump, positions[row])
    s.line_rules_nb(positions[row], contexts[row], played, frames)
    scales[row] = _scale(view, card_points, trump)


@njit(cache=True, inline="always")
def _scale(view, card_points, trump: int) -> float:
    """The most points the deal can bring one side: a bound that puts rewards in 0..1."""
    total = view[v.GAME_WORTH] + view[v.CARRY] + 2 * view[v.HIGH_LOW_WORTH] + view[v.JACK_WORTH]
    for card in range(card_points.shape[1]):  # every card the game gives points
        total += card_points[trump, card]
    return max(1.0, float(total))


@njit(cache=True, inline="always")
def _select(node, cards, children, visits, wins, seen, maximising, exploration, rng, prior):
    """The card to play at `node` among `cards` (those legal in this deal): a card never
    tried here (the most probable by `prior` where given, else uniformly), else the best
    UCB1 score plus the prior's bonus; each available child's availability is counted."""
    untried = 0
    rest = cards
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        child = children[node, card]
        if child < 0:
            untried |= 1 << card
        else:
            seen[child] += 1
    if untried and prior.size:
        return highest_valued(untried, prior)
    if untried:
        return nth_bit(untried, below(rng, popcount(untried)))
    best, best_score = -1, -np.inf
    rest = cards
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        child = children[node, card]
        mean = wins[child] / visits[child]
        exploit = mean if maximising else 1.0 - mean
        score = exploit + exploration * math.sqrt(math.log(seen[child]) / visits[child])
        if prior.size:
            score += prior[card] * math.sqrt(seen[child]) / (1.0 + visits[child])
        if score > best_score:
            best, best_score = card, score
    return best


@njit(cache=True, inline="always")
def _decided(legal, children, visits, left) -> bool:
    """Whether the most visited card at the root leads the next by more than the `left`
    descents still to come: more of them cannot change the choice."""
    first, second = 0.0, 0.0
    rest = legal
    while rest:
        child = children[0, lowest(rest)]
        rest &= rest - 1
        count = visits[child] if child >= 0 else 0.0
        if count > first:
            first, second = count, first
        elif count > second:
            second = count
    return first - second > left


@njit(cache=True, inline="always")
def _playout_card(cards, guide, ctx, played, frames, ply, rng) -> int:
    """A playout's card among `cards`: the solver's first guess (`s.line_guess_nb`) with
    chance `guide`, else one at random (`guide` 0: always at random, drawing nothing else
    from the stream)."""
    if guide > 0 and (guide >= 1 or below(rng, GUIDE_STEPS) < guide * GUIDE_STEPS):
        return s.line_guess_nb(ctx, played, frames, ply, cards)
    return nth_bit(cards, below(rng, popcount(cards)))


@njit(cache=True)
def ismcts_choice(view, params, rng, deck, card_points, hand_size: int, slot: int, prior) -> int:
    """The legal card visited most by `params[slot]` descents, or that many per legal card
    when `params[slot + 3]` is set (`params[slot + 1]` the exploration constant,
    `params[slot + 2]` the share of playout cards guided; with `params[slot + 4]` set the
    search stops once the most visited card can no longer be overtaken; at once when only
    one card is legal: nothing to search); `deck`, `card_points` and `hand_size` are the
    game's (see `sampling.load_position`); `prior`, where not empty, weighs each root card
    (a slot per card of the deck, see the module's text)."""
    legal = view[v.LEGAL]
    if legal & (legal - 1) == 0:
        return lowest(legal)
    iterations = max(1, int(params[slot])) * (popcount(legal) if params[slot + 3] else 1)
    iterations = min(iterations, MAX_ITERATIONS)
    size = iterations + 1
    tree = (
        np.full((size, deck[NO_TRUMP, D_COUNT]), -1, np.int32),
        np.zeros(size, np.float64),
        np.zeros(size, np.float64),
        np.zeros(size, np.float64),
    )
    rows = TRUMP_ROWS if view[v.DECISION] == v.OPENING else 1
    scratch = (
        np.zeros(s.MAX_PLIES + 1, np.int64),
        np.zeros(s.MAX_SEATS, np.int64),
        new_pool(),
        np.empty((rows, s.POSITION_SIZE), np.int64),
        np.empty(rows, np.float64),
    )
    inputs = (view, params, rng, deck, card_points, prior)
    line = s.line_buffers_nb(rows)
    return _most_visited(inputs, hand_size, slot, iterations, tree, scratch, line)


@njit(cache=True)
def _most_visited(inputs, hand_size, slot, iterations, tree, scratch, line) -> int:
    """`ismcts_choice`'s search, in the buffers it allocated: the tree (children, visits,
    rewards, availability counts), scratch (path, hands, pool, and per trump row a
    position and its reward scale) and the line's (`s.line_buffers_nb`, a context per
    trump row). It works on views of them that the runtime does not count (`unowned`):
    the caller keeps them alive."""
    view, params, rng, deck, card_points, prior = unowned(inputs)
    no_prior = prior[:0]
    children, visits, wins, seen = unowned(tree)
    path, hands, pool, positions, scales = unowned(scratch)
    contexts, held, played, diff, frames = unowned(line)
    legal = view[v.LEGAL]
    exploration = params[slot + 1]
    guide = params[slot + 2]
    stop_decided = params[slot + 4] != 0
    opening = view[v.DECISION] == v.OPENING
    nodes = 1
    # Every deal shares the rules, trick and piles of its trump: load them once, for the
    # deal's trump, or at an opening lead for each suit a legal card names (its own).
    rules = (positions, scales)
    if not opening:
        _load_rules(view, hands, deck, card_points, view[v.TRUMP], 0, rules, line)
    loaded, rest = 0, legal if opening else 0
    while rest:
        trump = deck[NO_TRUMP, D_SUIT + lowest(rest)]
        rest &= rest - 1
        row = _trump_row(trump)
        if not loaded >> row & 1:
            loaded |= 1 << row
            _load_rules(view, hands, deck, card_points, trump, row, rules, line)
    row = 0
    for done in range(iterations):
        if stop_decided and _decided(legal, children, visits, iterations - done):
            break
        deal_hidden(view, hand_size, rng, hands, pool, deck)
        first = -1
        if opening:  # the opening card names trump: choose it before the deal's position
            first = _select(0, legal, children, visits, wins, seen, True, exploration, rng, prior)
            row = _trump_row(deck[NO_TRUMP, D_SUIT + first])
        position, ctx, scale = positions[row], contexts[row], scales[row]
        load_hands(view, hands, position)
        value = s.line_hands_nb(position, ctx, held, diff, frames)
        node, depth, in_tree = 0, 0, True
        path[0] = 0
        ply = 0
        while True:
            seat, cards = s.line_turn_nb(ctx, held, played, frames, ply)
            if cards == 0:
                break
            if in_tree:
                if ply == 0 and opening:
                    card = first
                else:
                    maximising = position[s.P_SIDE_OF + seat] == position[s.P_SIDE]
                    steer = prior if node == 0 else no_prior  # the prior weighs the root only
                    card = _select(
                        node,
                        cards,
                        children,
                        visits,
                        wins,
                        seen,
                        maximising,
                        exploration,
                        rng,
                        steer,
                    )
                if children[node, card] < 0:
                    children[node, card] = nodes
                    nodes += 1
                    in_tree = False
                node = children[node, card]
                depth += 1
                path[depth] = node
            else:
                card = _playout_card(cards, guide, ctx, played, frames, ply, rng)
            value += s.line_play_nb(ctx, held, played, diff, frames, ply, card)
            ply += 1
        value += s.line_end_nb(ctx, held, diff, frames, ply)
        reward = value / scale
        for k in range(depth + 1):
            visits[path[k]] += 1.0
            wins[path[k]] += reward
    best, most = lowest(legal), -1.0
    rest = legal
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        child = children[0, card]
        if child >= 0 and visits[child] > most:
            best, most = card, visits[child]
    return best


SEARCH = {
    "iterations": Param(1000, 1, MAX_ITERATIONS, whole=True),
    "exploration": Param(0.7, 0),
    "guide": Param(0.0, 0, 1),
    "per_choice": Param(0, 0, 1, whole=True),
    "stop_decided": Param(0, 0, 1, whole=True),
}
ABOUT = (
    "information-set Monte Carlo tree search over sampled deals of the unseen cards "
    f"(iterations at most {MAX_ITERATIONS:,})"
)
# `guided_ismcts`: the same search with fewer descents, each played out by the solver's
# first guesses rather than at random, stopping once the choice is settled.
GUIDED = SEARCH | {
    "iterations": Param(600, 1, MAX_ITERATIONS, whole=True),
    "exploration": Param(0.35, 0),
    "guide": Param(1.0, 0, 1),
    "stop_decided": Param(1, 0, 1, whole=True),
}
GUIDED_ABOUT = (
    "ismcts whose playouts follow the solver's move ordering (win cheaply, else throw the "
    "cheapest card, feed a partner's trick) and which stops once its choice is settled"
)
# The names this search is registered under, with their descriptions and parameters.
VERSIONS = (("ismcts", ABOUT, SEARCH), ("guided_ismcts", GUIDED_ABOUT, GUIDED))
# `learned_ismcts` (games with a learned policy): under a tenth of `ismcts`'s descents, the
# root steered by the policy's probabilities times `prior`, a parameter after `GUIDED`'s.
LEARNED = GUIDED | {
    "iterations": Param(80, 1, MAX_ITERATIONS, whole=True),
    "prior": Param(0.5, 0, 100),
}
LEARNED_ABOUT = (
    "guided_ismcts with 80 descents whose root is steered by the learned policy's "
    "probabilities, times prior"
)
