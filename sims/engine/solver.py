"""Double-dummy solver: the exact minimax value of a position with every hand known.

Games: Auction Pitch, Phat, Nine-card Don and Solo Whist (docs/rules.md sections 1 to 4). Each
game builds its positions in its descriptor (`sims.descriptors.<game>`, on `new_position`),
and the rules of play and of scoring the search applies are the games' own compiled
functions (`sims.core.tricks`), which the deal loops call too. The value is what one
side, the maximising side, wins from the position to the end of the deal when every seat
plays perfectly; every seat of the other sides plays to minimise it. With more than two
sides (cutthroat Pitch) this is the paranoid reduction: the other players are treated as
one coalition against the maximising side, which is exact for that side's guaranteed
points but not a model of self-interested opponents.

What is counted, as the engine scores it:
- Pitch: High, Low, Jack and Game of the whole deal, including points whose captor is
  already decided (a High captured earlier, Low dealt to the side under `low_to_holder`,
  the game points captured so far).
- Phat and Don: the card points (phat) of the tricks still to be won, the trick in
  progress included, plus the end-of-deal bonus: the game (Phat's muck) bonus with the
  carry-over, and Don's High, Low and Jack under its bonus variants, from everything each
  team captured. Points scored before the position are not counted; the target is
  ignored (a game ending in mid-deal is not modelled).
- Solo Whist (`P_TRICK_COUNT`): tricks, each worth one, those won before the position
  included: the maximising side's own (`COUNT_TAKEN`), or in a misère those the other side
  takes (`COUNT_LOST`: the declarer maximises the tricks it gives away, the defenders the
  tricks they make it take). No card scores and there is no Game; trump may be -1 (none).

The cards follow the game's deck (`sims.core.deck`): a position carries, for its trump,
the row of `Deck.packed` (`P_DECK`), and every rule of play the search applies (legal
cards, who takes a trick, the highest and lowest trump for High and Low, the Jack of
trumps, the cards an opening lead names trump with) reads each card's effective suit and
trick rank from it, never the printed suit or the card's code order. So Cinch's Left Pedro
or Ten-point Pitch's off-jack and jokers play as their game says; `new_position` and
`sims.strategies.sampling` take the plain pack (`STANDARD`) unless told otherwise.

The search is alpha-beta with move ordering, fail-soft bounds on the points still open,
equivalent-card pruning (cards of adjacent trick rank in one effective suit and one hand,
with no card between them still out, that score nothing, are one move) and a
transposition table at trick boundaries keyed on the cards still out, the leader and the
game-point balance.

Against five or six opponents the coalition's replies multiply: most full Pitch deals
still solve in milliseconds, a few take seconds or minutes.

A position is one int64 array (`POSITION_SIZE`), positions `P_*`:

    P_PLAYERS       seats, 2..7
    P_SIDES         sides (a seat each cutthroat, else teams)
    P_TRUMP         trump suit 0..3 (C D H S); -1 none (Solo Whist's misères and
                    Abundance Declared)
    P_LEADER        seat that led the trick in progress (or leads the next trick)
    P_TRICK_LEN     cards in the trick in progress, 0..players-1
    P_SIDE          the maximising side
    P_MUST_FOLLOW   1: a seat able to follow must (Phat, Don, Pitch `must_follow`);
                    0: it may follow or trump
    P_OPENING       1: no card played yet; the leader's first card fixes trump, so it
                    must be a trump
    P_LOW_TO_HOLDER 1: Low scores for the side dealt it (Pitch `low_to_holder`)
    P_HIGH_LOW      points for capturing the highest and the lowest trump in play, each
    P_JACK          points for capturing the Jack of trumps (nothing if not in play)
    P_GAME_WORTH    points for the side with the most game points captured (none on a
                    tie): Pitch 1; Phat and Don their bonus plus the carry-over
    P_SIDE_OF + s   side of seat s (7 slots)
    P_HANDS + s     cards seat s holds (7 masks)
    P_DEALT + s     cards dealt to seat s in this deal, as far as known (7 masks)
    P_TRICK + i     i-th card of the trick in progress, played by seat leader + i (7)
    P_WON + t       cards side t has captured so far (7 masks)
    P_CARD_POINTS + c  points card c scores at once for its captor (Phat, Don; Pitch 0),
                    for every code a deck may use (`MAX_CARDS`)
    P_TRICK_COUNT   which tricks count one each: COUNT_NONE (the All Fours games),
                    COUNT_TAKEN (the maximising side's), COUNT_LOST (the other sides')
    P_GAME_TIE      1 + the side that takes Game on a tie for the most game points, if
                    among those tied (0: nobody does)
    P_NO_LOW        trumps that never count as Low (0: the lowest trump in play is Low)
    P_DECK + k      the deck's row for the trump (`Deck.packed`, offsets `D_*`)

The cards in play (for High, Low and Jack) are those dealt, held, in the trick or
captured: cards the position does not mention were not dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.deck import (
    D_ABOVE,
    D_BELOW,
    D_COUNT,
    D_FOLLOW,
    D_JACK,
    D_NAMING,
    D_ORDER,
    D_RANK,
    D_SUIT,
    D_TRUMP,
    D_TRUMPS,
    MAX_CARDS,
    PACKED_WIDTH,
    STANDARD,
    Deck,
)
from sims.core.memory import unowned
from sims.core.tricks import CARD_GAME_POINTS, takes_game, trump_extremes_in

MAX_SEATS = 7  # the most seats of a deal it solves (a full Pitch table; a test checks)

(
    P_PLAYERS,
    P_SIDES,
    P_TRUMP,
    P_LEADER,
    P_TRICK_LEN,
    P_SIDE,
    P_MUST_FOLLOW,
    P_OPENING,
    P_LOW_TO_HOLDER,
    P_HIGH_LOW,
    P_JACK,
    P_GAME_WORTH,
) = range(12)
P_SIDE_OF = 12
P_HANDS = P_SIDE_OF + MAX_SEATS
P_DEALT = P_HANDS + MAX_SEATS
P_TRICK = P_DEALT + MAX_SEATS
P_WON = P_TRICK + MAX_SEATS
P_CARD_POINTS = P_WON + MAX_SEATS
P_TRICK_COUNT = P_CARD_POINTS + MAX_CARDS
P_GAME_TIE = P_TRICK_COUNT + 1
P_NO_LOW = P_GAME_TIE + 1
P_DECK = P_NO_LOW + 1
POSITION_SIZE = P_DECK + PACKED_WIDTH
COUNT_NONE, COUNT_TAKEN, COUNT_LOST = range(3)  # values of P_TRICK_COUNT

# The search context, built once per solve: the rules in force, then per card the points
# its capture brings the maximising side (card points and High, Low, Jack); what a trick
# is worth to it when its side takes it and when another side does. What does not depend
# on the hands (the cards' own points and the masks they give, the tricks' points already
# won, the game-point gaps) is kept apart, so that lines reload only the hands. Last, the
# position's deck row, whose columns the search reads as `C_SUIT + card` and so on.
(
    C_PLAYERS,
    C_SIDES,
    C_SIDE,
    C_MUST_FOLLOW,
    C_WORTH,
    C_PRUNE,
    C_ROOT_MASK,
    C_PLAIN,
    C_VALUED,
    C_NODES,
    C_BEST,
    C_TRICK_TAKEN,
    C_TRICK_LOST,
    C_CARDS_PLAIN,
    C_CARDS_VALUED,
    C_TRICKS_ALREADY,
    C_TIE,
) = range(17)
C_SIDE_OF = 17
C_POINTS = C_SIDE_OF + MAX_SEATS
C_GAPS = C_POINTS + MAX_CARDS  # the game-point gaps of the position (`diff` at its start)
C_DECK = C_GAPS + MAX_SEATS
CONTEXT_SIZE = C_DECK + PACKED_WIDTH
C_SUIT, C_RANK, C_ORDER, C_ABOVE, C_BELOW, C_FOLLOW = (
    C_DECK + D_SUIT,
    C_DECK + D_RANK,
    C_DECK + D_ORDER,
    C_DECK + D_ABOVE,
    C_DECK + D_BELOW,
    C_DECK + D_FOLLOW,
)

C_TRUMPS, C_TRUMP_SUIT, C_NAMING, C_JACK = (
    C_DECK + D_TRUMPS,
    C_DECK + D_TRUMP,
    C_DECK + D_NAMING,
    C_DECK + D_JACK,
)

# A node of the search (one row per ply): where the trick stands, the window (narrowed
# as cards are tried, and as it was on entry), the table slot with its key and bounds, the
# cards to try, the best so far, and what the card being tried won (to take it back).
(
    F_LEADER,
    F_LENGTH,
    F_WIN,
    F_OUT,
    F_ALPHA,
    F_BETA,
    F_WINDOW_LOW,
    F_WINDOW_HIGH,
    F_SLOT,
    F_KEY,
    F_LOW,
    F_HIGH,
    F_FIRST,
    F_SEAT,
    F_COUNT,
    F_NEXT,
    F_MAXIMISING,
    F_BEST,
    F_BEST_CARD,
    F_GAIN,
    F_TAKEN,
    F_GAME,
) = range(22)
FRAME_SIZE = 22
MAX_PLIES = MAX_CARDS + 1

# Transposition table rows: cards still out, the rest of the key, and the packed entry
# (lower bound | upper bound << 16 | (best card + 1) << 32).
T_OUT, T_KEY, T_DATA = range(3)
TABLE_BITS = 18
MAX_CARRY = 10_000  # keeps every value within the table's 16 bits
NONE = 1 << 20  # beyond any value
_MIX_OUT = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as int64
_MIX_KEY = np.int64(-4658895280553007687)  # 0xBF58476D1CE4E5B9 as int64

GAME_POINT_CARDS = int(sum(1 << card for card in range(MAX_CARDS) if CARD_GAME_POINTS[card]))


class PositionError(ValueError):
    """A position that cannot arise: a card twice, unequal hands, a bad seat or suit."""


@njit(cache=True, inline="always")
def _at(ctx, slot: int) -> int:
    """`ctx[slot]`, indexed unsigned (no slot is negative): numba then skips the wrap-around
    of negative indices, in loads the search makes at every node."""
    return ctx[np.uint64(slot)]


# The deck's order: `cards` (not empty, all of one effective suit) in code order are
# mostly in trick-rank order too, so a guess by code is checked against the cards ranked
# above (below) it, and moves on only for a card such as a joker out of code order.


@njit(cache=True, inline="always")
def _top(ctx, cards: int) -> int:
    """The card of `cards` of the highest trick rank."""
    top = highest(cards)
    rest = cards & _at(ctx, C_ABOVE + top)
    while rest:
        top = highest(rest)
        rest &= _at(ctx, C_ABOVE + top)
    return top


@njit(cache=True, inline="always")
def _bottom(ctx, cards: int) -> int:
    """The card of `cards` of the lowest trick rank."""
    bottom = lowest(cards)
    rest = cards & _at(ctx, C_BELOW + bottom)
    while rest:
        bottom = lowest(rest)
        rest &= _at(ctx, C_BELOW + bottom)
    return bottom


@njit(cache=True, inline="always")
def _beats(ctx, card: int, best: int) -> bool:
    """Whether `card` takes the trick from `best`, the card winning it so far: by the
    deck's effective suits and trick ranks (`sims.core.tricks.beats_in`), without branches
    (in play the answer is a coin toss); without trumps `C_TRUMP_SUIT` is no card's suit."""
    suit = _at(ctx, C_SUIT + card)
    same = suit == _at(ctx, C_SUIT + best)
    return (same & (_at(ctx, C_RANK + card) > _at(ctx, C_RANK + best))) | (
        (not same) & (suit == ctx[C_TRUMP_SUIT])
    )


@njit(cache=True)
def _boundary(ctx, hands, diff, leader: int, out: int) -> tuple[int, int, int]:
    """At a trick boundary: (lower bound, upper bound, key) of the points still to come.

    The highest trump still out wins the trick it falls in, so its holder's side takes its
    points and game points. The key is the leader and each other side's game-point gap to
    the maximising side, clamped where the cards still out cannot change who takes Game.
    """
    side = ctx[C_SIDE]
    left = 0
    rest = out & GAME_POINT_CARDS
    while rest:
        left += CARD_GAME_POINTS[lowest(rest)]
        rest &= rest - 1
    low = 0
    high = 0
    rest = out & ctx[C_VALUED]
    while rest:
        high += _at(ctx, C_POINTS + lowest(rest))
        rest &= rest - 1
    taken, lost = ctx[C_TRICK_TAKEN], ctx[C_TRICK_LOST]
    tricks = popcount(out) // ctx[C_PLAYERS]
    low += tricks * min(taken, lost)
    high += tricks * max(taken, lost)
    sure = 0  # game points of the highest trump out
    taker = -1  # and the side sure to take it
    trumps = out & ctx[C_TRUMPS]
    if trumps:
        top = _top(ctx, trumps)
        sure = CARD_GAME_POINTS[top]
        for seat in range(ctx[C_PLAYERS]):
            if hands[seat] >> top & 1:
                taker = ctx[C_SIDE_OF + seat]
        trick = taken if taker == side else lost  # the trick the top trump falls in
        low += trick - min(taken, lost)
        high += trick - max(taken, lost)
        if taker == side:
            low += _at(ctx, C_POINTS + top)
        else:
            high -= _at(ctx, C_POINTS + top)
        # A valued trump below it whose higher trumps out are all held on its holder's side
        # falls in a trick that side wins: its points are that side's too.
        rest = trumps & ctx[C_VALUED] & ~(1 << top)
        while rest:
            card = lowest(rest)
            rest &= rest - 1
            holder, kept = -1, 0
            for seat in range(ctx[C_PLAYERS]):
                if hands[seat] >> card & 1:
                    holder = ctx[C_SIDE_OF + seat]
            for seat in range(ctx[C_PLAYERS]):
                if ctx[C_SIDE_OF + seat] == holder:
                    kept |= hands[seat]
            if trumps & _at(ctx, C_ABOVE + card) & ~kept == 0:
                if holder == side:
                    low += _at(ctx, C_POINTS + card)
                else:
                    high -= _at(ctx, C_POINTS + card)
    worth = ctx[C_WORTH]
    if worth == 0:  # no Game to award: the game points play no part
        return low, high, leader
    possible = True
    locked = True
    gaps = 0
    tie = ctx[C_TIE]  # 1: a tie for the most takes Game too
    for other in range(ctx[C_SIDES]):
        if other != side:
            gap = diff[other] + tie
            shift = sure if taker == side else -sure if taker == other else 0
            possible &= takes_game(gap + shift + left - sure)  # its best lead at the end
            locked &= takes_game(gap + shift - left + sure)  # its worst
            gaps = gaps << 8 | (min(max(gap, -left - 1), left + 1) + 128)
    if not possible:
        return low, high, leader | 1 << 3
    if locked:
        return low + worth, high + worth, leader | 2 << 3
    return low, high + worth, leader | gaps << 5


@njit(cache=True, inline="always")
def _legal(ctx, hand: int, played, length: int, ply: int) -> int:
    """Mask of the cards of `hand` its seat may play at `ply`, `length` cards into the trick
    (at the root, only those of `ctx[C_ROOT_MASK]`): the cards that follow the card led
    (its effective suit's) if it holds any (or, unless `C_MUST_FOLLOW`, a trump instead),
    else any; any when leading, or when the card led follows no suit (none follow it).
    Masks, not branches, on whether it can follow (as `sims.core.tricks.legal_cards`)."""
    legal = hand
    if length > 0:
        follow = hand & _at(ctx, C_FOLLOW + played[MAX_SEATS + ply - length])
        extra = 0 if ctx[C_MUST_FOLLOW] else hand & ctx[C_TRUMPS]
        can = -np.int64(follow != 0)
        legal = ((follow | extra) & can) | (hand & ~can)
    return legal & ctx[C_ROOT_MASK] if ply == 0 else legal


@njit(cache=True)
def _candidates(ctx, hands, played, moves, scores, frames, ply):
    """Fill `moves[ply]` with the distinct legal cards of the seat to play at the node
    `frames[ply]`, best guess first (the table's card, if any, in front); return how many."""
    f = frames[ply]
    seat, length, leader, win, out, first = (
        f[F_SEAT],
        f[F_LENGTH],
        f[F_LEADER],
        f[F_WIN],
        f[F_OUT],
        f[F_FIRST],
    )
    trick = MAX_SEATS + ply - length  # where the trick's first card lies in `played`
    legal = _legal(ctx, hands[seat], played, length, ply)
    if ctx[C_PRUNE]:
        alike = legal & ctx[C_PLAIN]
        rest = alike
        while rest:
            card = lowest(rest)
            rest &= rest - 1
            above = out & _at(ctx, C_ABOVE + card)
            if above and alike >> _bottom(ctx, above) & 1:
                legal ^= 1 << card  # the next card up is playable and alike: one move
    mine = ctx[C_SIDE_OF + seat] == ctx[C_SIDE]
    top = -1
    ally = False
    if length > 0:
        top = played[trick + win]
        top_seat = leader + win
        top_seat = top_seat - ctx[C_PLAYERS] if top_seat >= ctx[C_PLAYERS] else top_seat
        ally = (ctx[C_SIDE_OF + top_seat] == ctx[C_SIDE]) == mine
    count = 0
    while legal:
        card = lowest(legal)
        legal &= legal - 1
        rank = _at(ctx, C_ORDER + card)
        worth = _at(ctx, C_POINTS + card) + CARD_GAME_POINTS[card]
        if card == first:
            score = NONE
        elif length == 0:  # lead the top card of a suit, else a low one
            score = -rank if out & _at(ctx, C_ABOVE + card) else 64 + rank
        elif ally:  # give points to the trick a partner wins; do not overtake
            score = 4 * worth - rank - (64 if _beats(ctx, card, top) else 0)
        elif _beats(ctx, card, top):  # win as cheaply as possible
            score = 64 - rank
        else:  # lose the cheapest card
            score = -4 * worth - rank
        slot = count
        while slot > 0 and scores[ply, slot - 1] < score:
            moves[ply, slot] = moves[ply, slot - 1]
            scores[ply, slot] = scores[ply, slot - 1]
            slot -= 1
        moves[ply, slot] = card
        scores[ply, slot] = score
        count += 1
    return count


@njit(cache=True)
def _enter(ctx, hands, diff, table, frames, ply):
    """Open the node at `ply`: (True, value) when the deal is over or the bounds or the
    table settle it; else (False, 0) with its window narrowed and its table slot noted."""
    f = frames[ply]
    leader, length, out = f[F_LEADER], f[F_LENGTH], f[F_OUT]
    f[F_SLOT] = -1
    f[F_FIRST] = -1
    f[F_BEST_CARD] = -1
    if length == 0 and out == 0:
        return True, _boundary(ctx, hands, diff, leader, out)[0]
    if length == 0 and ply > 0:
        low, high, key = _boundary(ctx, hands, diff, leader, out)
        if low >= f[F_BETA] or low == high:
            return True, low
        if high <= f[F_ALPHA]:
            return True, high
        mixed = out * _MIX_OUT ^ key * _MIX_KEY
        slot = (mixed ^ (mixed >> 31)) & (table.shape[0] - 1)
        if table[slot, T_OUT] == out and table[slot, T_KEY] == key:
            data = table[slot, T_DATA]
            low = max(low, data & 0xFFFF)
            high = min(high, (data >> 16) & 0xFFFF)
            f[F_FIRST] = (data >> 32) - 1
            if low >= f[F_BETA] or low == high:
                return True, low
            if high <= f[F_ALPHA]:
                return True, high
        f[F_SLOT], f[F_KEY], f[F_LOW], f[F_HIGH] = slot, key, low, high
        f[F_ALPHA] = max(f[F_ALPHA], low)
        f[F_BETA] = min(f[F_BETA], high)
    f[F_WINDOW_LOW] = f[F_ALPHA]
    f[F_WINDOW_HIGH] = f[F_BETA]
    return False, 0


@njit(cache=True, inline="always")
def _take_trick(ctx, played, diff, trick: int, taker: int, out: int) -> tuple[int, int, int, int]:
    """Seat `taker` takes the trick lying in `played[trick : trick + players]`: (its side,
    the points that brings the maximising side (its cards' and the trick's own), the
    trick's game points, the cards still
    out without the trick's); `diff` moves by the game points."""
    taken = ctx[C_SIDE_OF + taker]
    gain = 0
    game = 0
    for k in range(trick, trick + ctx[C_PLAYERS]):
        gain += _at(ctx, C_POINTS + played[k])
        game += CARD_GAME_POINTS[played[k]]
        out ^= 1 << played[k]
    if taken == ctx[C_SIDE]:
        diff += game
        gain += ctx[C_TRICK_TAKEN]
    else:
        diff[taken] -= game
        gain = ctx[C_TRICK_LOST]
    return taken, gain, game, out


@njit(cache=True)
def _descend(ctx, hands, played, diff, moves, frames, ply):
    """Play the next card of the node at `ply` and set up the node it leads to; a card
    that completes the trick gives the trick to its winner."""
    players = ctx[C_PLAYERS]
    f = frames[ply]
    child = frames[ply + 1]
    card = moves[ply, f[F_NEXT]]
    f[F_NEXT] += 1
    length = f[F_LENGTH]
    hands[f[F_SEAT]] ^= 1 << card
    played[MAX_SEATS + ply] = card
    trick = MAX_SEATS + ply - length
    win = f[F_WIN]
    if length == 0 or _beats(ctx, card, played[trick + win]):
        win = length
    f[F_GAIN] = 0
    child[F_ALPHA] = f[F_ALPHA]
    child[F_BETA] = f[F_BETA]
    if length + 1 < players:
        child[F_LEADER], child[F_LENGTH], child[F_WIN], child[F_OUT] = (
            f[F_LEADER],
            length + 1,
            win,
            f[F_OUT],
        )
        return
    taker = f[F_LEADER] + win
    taker = taker - players if taker >= players else taker
    taken, gain, game, out = _take_trick(ctx, played, diff, trick, taker, f[F_OUT])
    f[F_GAIN] = gain
    f[F_TAKEN] = taken
    f[F_GAME] = game
    child[F_LEADER], child[F_LENGTH], child[F_WIN], child[F_OUT] = taker, 0, 0, out
    child[F_ALPHA] -= f[F_GAIN]
    child[F_BETA] -= f[F_GAIN]


@njit(cache=True)
def _ascend(ctx, hands, diff, moves, frames, ply, value):
    """Take back the last card of the node at `ply`, whose result is `value` from the node
    it led to, and keep the best so far."""
    f = frames[ply]
    card = moves[ply, f[F_NEXT] - 1]
    hands[f[F_SEAT]] ^= 1 << card
    if f[F_LENGTH] + 1 == ctx[C_PLAYERS]:
        if f[F_TAKEN] == ctx[C_SIDE]:
            diff -= f[F_GAME]
        else:
            diff[f[F_TAKEN]] += f[F_GAME]
        value += f[F_GAIN]
    if f[F_MAXIMISING] and value > f[F_BEST]:
        f[F_BEST] = value
        f[F_BEST_CARD] = card
        f[F_ALPHA] = max(f[F_ALPHA], value)
    elif not f[F_MAXIMISING] and value < f[F_BEST]:
        f[F_BEST] = value
        f[F_BEST_CARD] = card
        f[F_BETA] = min(f[F_BETA], value)


@njit(cache=True)
def _finish(table, frames, ply) -> int:
    """Close the node at `ply`: keep its bounds in the table and return its value."""
    f = frames[ply]
    best = f[F_BEST]
    slot = f[F_SLOT]
    if slot >= 0:
        low, high = f[F_LOW], f[F_HIGH]
        if best <= f[F_WINDOW_LOW]:
            high = min(high, best)
        elif best >= f[F_WINDOW_HIGH]:
            low = max(low, best)
        else:
            low = high = best
        table[slot, T_OUT] = f[F_OUT]
        table[slot, T_KEY] = f[F_KEY]
        table[slot, T_DATA] = low | high << 16 | (f[F_BEST_CARD] + 1) << 32
    return best


@njit(cache=True)
def _search(ctx, hands, played, diff, moves, scores, frames, table) -> int:
    """Fail-soft alpha-beta value, for the maximising side, of the points still to come
    from the root node `frames[0]` (its leader, trick length, winning card and cards out
    set by the caller), with a full window and without recursion (numba cannot cache a
    recursive function): `frames[ply]` is the node at `ply`.

    `hands` and `diff` (the maximising side's game points minus each side's) are changed
    and restored; `played[MAX_SEATS + ply]` is the card played at `ply`, the root's trick
    in progress lying just before. At the root the table and the
    bounds are not used, only cards in `ctx[C_ROOT_MASK]` are tried and the best card is
    left in `ctx[C_BEST]`. It works on views of the buffers that the runtime does not
    count (`unowned`): a node touches them through several helpers.
    """
    ctx, hands, played, diff, moves, scores, frames, table = unowned(
        (ctx, hands, played, diff, moves, scores, frames, table)
    )
    frames[0, F_ALPHA] = -NONE
    frames[0, F_BETA] = NONE
    # int64 from the start: a literal 0 has numba compile each helper below a second time,
    # for the first pass of its type inference.
    ply = np.int64(0)
    value = np.int64(0)
    entering = True
    while True:
        f = frames[ply]
        done = False
        if entering:
            ctx[C_NODES] += 1
            done, value = _enter(ctx, hands, diff, table, frames, ply)
            if not done:
                seat = (f[F_LEADER] + f[F_LENGTH]) % ctx[C_PLAYERS]
                f[F_SEAT] = seat
                f[F_COUNT] = _candidates(ctx, hands, played, moves, scores, frames, ply)
                f[F_NEXT] = 0
                f[F_MAXIMISING] = ctx[C_SIDE_OF + seat] == ctx[C_SIDE]
                f[F_BEST] = -NONE if f[F_MAXIMISING] else NONE
        else:
            _ascend(ctx, hands, diff, moves, frames, ply, value)
        if not done and (f[F_ALPHA] >= f[F_BETA] or f[F_NEXT] == f[F_COUNT]):
            value = _finish(table, frames, ply)
            done = True
        if done:
            if ply == 0:
                ctx[C_BEST] = f[F_BEST_CARD]
                return value
            ply -= 1
            entering = False
        else:
            _descend(ctx, hands, played, diff, moves, frames, ply)
            ply += 1
            entering = True


@njit(cache=True)
def _buffers():
    """Fresh buffers of a search state: (context, hands, cards played by ply, game-point
    gaps, move buffers, move scores, node frames); `_load` fills them from a position."""
    return (
        np.zeros(CONTEXT_SIZE, np.int64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros(MAX_SEATS + MAX_PLIES, np.int64),
        np.zeros(MAX_SEATS, np.int64),
        np.zeros((MAX_PLIES, 13), np.int64),
        np.zeros((MAX_PLIES, 13), np.int64),
        np.zeros((MAX_PLIES, FRAME_SIZE), np.int64),
    )


@njit(cache=True)
def _load(position, prune: bool, ctx, hands, played, diff, frames) -> int:
    """Set the search state of `position` in the buffers (the root's frame set up) and
    return the points the maximising side has already won."""
    _load_rules(position, prune, ctx, played, frames)
    return _load_hands(position, ctx, hands, diff, frames)


@njit(cache=True, inline="always")
def _load_rules(position, prune: bool, ctx, played, frames) -> None:
    """The part of `_load` that does not depend on the hands: the rules, the trick in
    progress, what the cards score by themselves and what the piles already hold; and
    the position's deck row."""
    players = position[P_PLAYERS]
    side = position[P_SIDE]
    ctx[:C_DECK] = 0
    ctx[C_DECK:] = position[P_DECK:]
    ctx[C_PLAYERS] = players
    ctx[C_SIDES] = position[P_SIDES]
    ctx[C_SIDE] = side
    ctx[C_MUST_FOLLOW] = position[P_MUST_FOLLOW]
    ctx[C_WORTH] = position[P_GAME_WORTH]
    ctx[C_TIE] = position[P_GAME_TIE] == side + 1
    ctx[C_PRUNE] = prune
    ctx[C_ROOT_MASK] = ctx[C_NAMING] if position[P_OPENING] else -1
    counting = position[P_TRICK_COUNT]
    ctx[C_TRICK_TAKEN] = counting == COUNT_TAKEN
    ctx[C_TRICK_LOST] = counting == COUNT_LOST
    ctx[C_SIDE_OF : C_SIDE_OF + MAX_SEATS] = position[P_SIDE_OF : P_SIDE_OF + MAX_SEATS]
    length = position[P_TRICK_LEN]
    played[:] = 0
    played[MAX_SEATS - length : MAX_SEATS] = position[P_TRICK : P_TRICK + length]
    win = 0
    for k in range(length):
        if _beats(ctx, position[P_TRICK + k], position[P_TRICK + win]):
            win = k
    already = 0
    for team in range(position[P_SIDES]):  # tricks won: each side's pile holds whole tricks
        tricks = popcount(position[P_WON + team]) // players
        already += tricks * (ctx[C_TRICK_TAKEN] if team == side else ctx[C_TRICK_LOST])
    ctx[C_TRICKS_ALREADY] = already
    cards = ctx[C_DECK + D_COUNT]
    for card in range(cards):  # the cards' own points; High, Low and Jack come with the hands
        if position[P_CARD_POINTS + card]:
            ctx[C_CARDS_VALUED] |= 1 << card
        elif CARD_GAME_POINTS[card] == 0 or position[P_GAME_WORTH] == 0:
            ctx[C_CARDS_PLAIN] |= 1 << card
    for team in range(position[P_SIDES]):
        for card in range(cards):
            if position[P_WON + team] >> card & 1:
                ctx[C_GAPS + team] -= CARD_GAME_POINTS[card]
    ctx[C_GAPS : C_GAPS + MAX_SEATS] -= ctx[C_GAPS + side]
    frames[0] = 0
    frames[0, F_LEADER] = position[P_LEADER]
    frames[0, F_LENGTH] = length
    frames[0, F_WIN] = win


@njit(cache=True, inline="always")
def _load_hands(position, ctx, hands, diff, frames) -> int:
    """The rest of `_load`, on a context that `_load_rules` filled from a position with
    the same rules, trick and piles: the hands, the cards still out, the points each card
    brings with High, Low and Jack (which of the trumps are in play depends on the
    hands), and the points already won."""
    players = ctx[C_PLAYERS]
    side = ctx[C_SIDE]
    hands[:] = 0
    hands[:players] = position[P_HANDS : P_HANDS + players]
    out = 0
    in_play = 0
    for seat in range(players):
        out |= hands[seat]
        in_play |= position[P_DEALT + seat]
    for k in range(position[P_TRICK_LEN]):
        out |= 1 << position[P_TRICK + k]
    for team in range(position[P_SIDES]):
        in_play |= position[P_WON + team]
    in_play |= out
    # Points a capture brings: card points, then High, Low (unless it goes to its holder)
    # and Jack; the honours already captured by the maximising side count now. High and
    # Low are the extreme trumps in play by trick rank (Low among those that may be Low).
    trumps = in_play & ctx[C_TRUMPS]
    lows = trumps & ~position[P_NO_LOW]
    high = _top(ctx, trumps) if trumps else -1
    low = _bottom(ctx, lows) if lows else -1
    jack = ctx[C_JACK]
    worth = position[P_HIGH_LOW]
    already = ctx[C_TRICKS_ALREADY]
    if position[P_LOW_TO_HOLDER]:
        for seat in range(players):
            if low >= 0 and position[P_DEALT + seat] >> low & 1 and ctx[C_SIDE_OF + seat] == side:
                already += worth
        low = -1  # no capture scores it
    ctx[C_POINTS : C_POINTS + MAX_CARDS] = position[P_CARD_POINTS : P_CARD_POINTS + MAX_CARDS]

    valued = ctx[C_CARDS_VALUED]
    plain = ctx[C_CARDS_PLAIN]
    honours = (high, low, jack)
    for k in range(3):
        card = honours[k]
        if card < 0 or (k > 0 and card == high) or (k == 2 and card == low):
            continue  # none, or the same card as an honour before it
        honour = worth * ((card == high) + (card == low)) + position[P_JACK] * (card == jack)
        points = position[P_CARD_POINTS + card] + honour
        ctx[C_POINTS + card] = points
        valued &= ~(1 << card)
        plain &= ~(1 << card)
        if points:
            valued |= 1 << card
        elif CARD_GAME_POINTS[card] == 0 or position[P_GAME_WORTH] == 0:
            plain |= 1 << card
        if position[P_WON + side] >> card & 1:
            already += honour
    ctx[C_VALUED] = valued
    ctx[C_PLAIN] = plain
    diff[:] = ctx[C_GAPS : C_GAPS + MAX_SEATS]
    frames[0, F_OUT] = out
    return already


@njit(cache=True)
def _prepare(position, table, prune: bool):
    """The search state of a position in fresh buffers (see `_buffers`), then the points
    already won. Clears the table."""
    ctx, hands, played, diff, moves, scores, frames = _buffers()
    already = _load(position, prune, ctx, hands, played, diff, frames)
    table[:, T_OUT] = -1
    return ctx, hands, played, diff, moves, scores, frames, already


@njit(cache=True)
def solve_nb(position, table, prune: bool = True) -> tuple[int, int, int]:
    """(value, a best card or -1 when the deal is over, nodes searched) of `position`.

    `table` is the transposition table, an int64 array of shape (2**bits, 3), cleared here;
    `prune` groups equivalent cards into one move.
    """
    ctx, hands, played, diff, moves, scores, frames, already = _prepare(position, table, prune)
    value = _search(ctx, hands, played, diff, moves, scores, frames, table)
    return already + value, ctx[C_BEST], ctx[C_NODES]


@njit(cache=True)
def move_values_nb(position, table, prune: bool = True) -> tuple[np.ndarray, int]:
    """(value of each card the seat to play may play, -1 for the others; nodes searched).

    Each distinct card is searched with a full window, all sharing the table; a card
    equivalent to the next one up (by trick rank, among the cards out) takes its value.
    """
    buffers = _buffers()
    load_rules_nb(position, prune, buffers)
    return deal_values_nb(position, table, buffers)


@njit(cache=True)
def search_buffers_nb():
    """Buffers for `load_rules_nb` and `deal_values_nb`: a search that solves many deals
    of one position allocates them once per decision."""
    return _buffers()


@njit(cache=True)
def load_rules_nb(position, prune: bool, buffers) -> None:
    """Load the rules, trick and piles of `position` (and its deck row) into `buffers`
    (`search_buffers_nb`) once for every deal of it that `deal_values_nb` solves."""
    ctx, _, played, _, _, _, frames = buffers
    _load_rules(position, prune, ctx, played, frames)


@njit(cache=True)
def deal_values_nb(position, table, buffers) -> tuple[np.ndarray, int]:
    """`move_values_nb` of `position`, whose rules, trick and piles `load_rules_nb` loaded
    into `buffers` (only its hands may differ from that position's). Clears the table."""
    ctx, hands, played, diff, moves, scores, frames = buffers
    prune = ctx[C_PRUNE]
    nodes = ctx[C_NODES]
    already = _load_hands(position, ctx, hands, diff, frames)
    table[:, T_OUT] = -1
    root = frames[0]
    root[F_SEAT] = (root[F_LEADER] + root[F_LENGTH]) % ctx[C_PLAYERS]
    root[F_FIRST] = -1
    values = np.full(MAX_CARDS, -1, np.int64)
    allowed = ctx[C_ROOT_MASK]  # trumps only for the opening lead
    distinct = _root_cards(ctx, hands, played, moves, scores, frames)
    while distinct:
        card = lowest(distinct)
        distinct &= distinct - 1
        ctx[C_ROOT_MASK] = 1 << card
        values[card] = already + _search(ctx, hands, played, diff, moves, scores, frames, table)
    ctx[C_ROOT_MASK] = allowed
    ctx[C_PRUNE] = False
    legal = _root_cards(ctx, hands, played, moves, scores, frames)
    ctx[C_PRUNE] = prune
    pending = 0
    for card in range(MAX_CARDS):
        if legal >> card & 1 and values[card] < 0:
            pending |= 1 << card
    while pending:  # a pruned card's partner is above it: a chain ends at a card searched
        rest = pending
        while rest:
            card = highest(rest)
            rest ^= 1 << card
            partner = _bottom(ctx, root[F_OUT] & _at(ctx, C_ABOVE + card))
            if values[partner] >= 0:
                values[card] = values[partner]
                pending ^= 1 << card
    return values, ctx[C_NODES] - nodes


@njit(cache=True)
def _root_cards(ctx, hands, played, moves, scores, frames) -> int:
    """Mask of the cards the seat to play at the root may play (distinct ones if pruning)."""
    cards = 0
    for i in range(_candidates(ctx, hands, played, moves, scores, frames, np.int64(0))):
        cards |= 1 << moves[0, i]
    return cards


# Playing a position out card by card, for search players that sample lines of play
# rather than solve them (`sims.strategies.ismcts`): a line is the search state of
# `_load` with `ply` counting the cards played since the position. Its buffers
# (`line_buffers_nb`) serve line after line: a search allocates them once per decision.
# These run millions of times a decision, so they index the frames directly: a row taken
# as an array costs a reference count each time.


@njit(cache=True)
def line_buffers_nb(contexts: int):
    """Buffers for lines: (`contexts` contexts, one a row, for positions of different
    rules, e.g. one per trump; hands, cards played, game-point gaps, node frames)."""
    _, hands, played, diff, _, _, frames = _buffers()
    return np.zeros((contexts, CONTEXT_SIZE), np.int64), hands, played, diff, frames


@njit(cache=True, inline="always")
def line_rules_nb(position, ctx, played, frames) -> None:
    """Prepare the buffers for lines from `position` and from every position that
    differs from it only in the hands (`P_HANDS`, `P_DEALT`): `line_hands_nb` starts each."""
    _load_rules(position, False, ctx, played, frames)


@njit(cache=True, inline="always")
def line_hands_nb(position, ctx, hands, diff, frames) -> int:
    """Start a line from `position`, whose rules, trick and piles `line_rules_nb` loaded;
    the points the maximising side has already won."""
    return _load_hands(position, ctx, hands, diff, frames)


@njit(cache=True, inline="always")
def line_turn_nb(ctx, hands, played, frames, ply: int) -> tuple[int, int]:
    """(seat to play, mask of its legal cards) after `ply` cards; the mask is 0 once the
    deal is over."""
    length = frames[ply, F_LENGTH]
    seat = (frames[ply, F_LEADER] + length) % ctx[C_PLAYERS]
    if length == 0 and frames[ply, F_OUT] == 0:
        return seat, 0
    return seat, _legal(ctx, hands[seat], played, length, ply)


@njit(cache=True, inline="always")
def line_play_nb(ctx, hands, played, diff, frames, ply: int, card: int) -> int:
    """Play legal `card` as the `ply`-th card of the line: the points it brings the
    maximising side now (those of a trick it completes and that side takes)."""
    players = ctx[C_PLAYERS]
    leader, length, win = frames[ply, F_LEADER], frames[ply, F_LENGTH], frames[ply, F_WIN]
    seat = leader + length
    hands[seat - players if seat >= players else seat] ^= 1 << card
    played[MAX_SEATS + ply] = card
    trick = MAX_SEATS + ply - length
    if length == 0 or _beats(ctx, card, played[trick + win]):
        win = length
    out = frames[ply, F_OUT]
    gain = 0
    if length + 1 < players:
        length += 1
    else:
        taker = leader + win
        taker = taker - players if taker >= players else taker
        _, gain, _, out = _take_trick(ctx, played, diff, trick, taker, out)
        leader, length, win = taker, 0, 0
    frames[ply + 1, F_LEADER] = leader
    frames[ply + 1, F_LENGTH] = length
    frames[ply + 1, F_WIN] = win
    frames[ply + 1, F_OUT] = out
    return gain


@njit(cache=True, inline="always")
def line_guess_nb(ctx, played, frames, ply: int, cards: int) -> int:
    """The card among `cards` (the legal ones at `ply`) that the search's move ordering
    (`_candidates`) tries first: lead a suit's top card, else a low one; win a trick as
    cheaply as possible, else throw the cheapest card; feed a partner's trick without
    overtaking it. A cheap guess at good play."""
    players = ctx[C_PLAYERS]
    leader, length = frames[ply, F_LEADER], frames[ply, F_LENGTH]
    out = frames[ply, F_OUT]
    best, best_score = -1, -NONE
    if length == 0:
        rest = cards
        while rest:
            card = lowest(rest)
            rest &= rest - 1
            rank = _at(ctx, C_ORDER + card)
            score = -rank if out & _at(ctx, C_ABOVE + card) else 64 + rank
            if score > best_score:
                best, best_score = card, score
        return best
    seat = leader + length
    seat = seat - players if seat >= players else seat
    top_seat = leader + frames[ply, F_WIN]
    top_seat = top_seat - players if top_seat >= players else top_seat
    top = played[MAX_SEATS + ply - length + frames[ply, F_WIN]]
    mine = ctx[C_SIDE_OF + seat] == ctx[C_SIDE]
    ally = (ctx[C_SIDE_OF + top_seat] == ctx[C_SIDE]) == mine
    rest = cards
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        rank = _at(ctx, C_ORDER + card)
        worth = _at(ctx, C_POINTS + card) + CARD_GAME_POINTS[card]
        wins = _beats(ctx, card, top)
        if ally:
            score = 4 * worth - rank - (64 if wins else 0)
        elif wins:
            score = 64 - rank
        else:
            score = -4 * worth - rank
        if score > best_score:
            best, best_score = card, score
    return best


@njit(cache=True, inline="always")
def line_end_nb(ctx, hands, diff, frames, ply: int) -> int:
    """At the end of a line's deal: the points of the end-of-deal bonus (Game) the
    maximising side takes."""
    return _boundary(ctx, hands, diff, frames[ply, F_LEADER], 0)[0]


@dataclass(frozen=True)
class Solution:
    """A solved position: the value for the maximising side, every card of the seat to
    play that reaches it, the value after each legal card and the nodes searched."""

    value: int
    best: list[int]
    values: dict[int, int]
    nodes: int
    seat: int
    side: int


def new_table(bits: int = TABLE_BITS) -> np.ndarray:
    """A transposition table of 2**bits entries, for `solve_nb` and `move_values_nb`."""
    return np.full((1 << bits, 3), -1, np.int64)


def seat_to_play(position: np.ndarray) -> int:
    """The seat whose turn it is."""
    return int(position[P_LEADER] + position[P_TRICK_LEN]) % int(position[P_PLAYERS])


def solve_position(
    position: np.ndarray, prune: bool = True, table: np.ndarray | None = None
) -> Solution:
    """Solve a position: its value, the best cards of the seat to play (highest value for
    the maximising side's seats, lowest for the others) and the value of each card."""
    values, nodes = move_values_nb(position, new_table() if table is None else table, prune)
    seat = seat_to_play(position)
    side = int(position[P_SIDE])
    per_card = {card: int(values[card]) for card in range(MAX_CARDS) if values[card] >= 0}

    if not per_card:  # the deal is over
        value, _, nodes = solve_nb(position, new_table(4), prune)
        return Solution(int(value), [], {}, int(nodes), seat, side)
    pick = max if position[P_SIDE_OF + seat] == side else min
    value = pick(per_card.values())
    best = [card for card, card_value in per_card.items() if card_value == value]
    return Solution(value, best, per_card, int(nodes), seat, side)


def checked_carry(carry: int) -> int:
    """A carry-over for `P_GAME_WORTH`, checked: the table packs values in 16 bits."""
    if not 0 <= carry <= MAX_CARRY:
        raise PositionError(f"the carry-over must be 0..{MAX_CARRY}, not {carry}")
    return carry


def new_position(
    name: str,
    full_hand: int,
    hands: Sequence[int],
    trump: int,
    leader: int,
    side_of: list[int],
    side: int | None = None,
    trick: Sequence[int] = (),
    captured: Sequence[int] | None = None,
    dealt: Sequence[int] | None = None,
    names_trump: bool = True,
    deck: Deck = STANDARD,
) -> np.ndarray:
    """The checked position of a deal of game `name` (as messages call it) dealing
    `full_hand` cards a seat, with what every game shares filled in; the rules in force
    (`P_MUST_FOLLOW` on) are the game's to set.

    `hands` are masks, seat 0 first, `side_of` each seat's side; the trick in progress is
    in play order from `leader`; `captured` holds each side's cards won (default none) and
    `dealt`, if known, the cards dealt to each seat (default: held or in the trick). `side`
    maximises (default: the side of the seat to play). With `names_trump`, before any card
    is played (full hands, nothing captured) the leader must lead a trump: it names trump;
    without it trump is fixed in advance, and may be -1 (no trump). The cards are
    `deck`'s: trumps, suits followed and ranks are its effective ones under `trump`, and the
    leader names trump with a card of the trump suit as the deck has it without trumps.
    """
    players = len(side_of)
    n_sides = max(side_of) + 1
    if len(hands) != players:
        raise PositionError(f"{name} needs {players} hands, not {len(hands)}")
    if trump not in range(4) and (names_trump or trump != -1):
        suits = "a suit 0..3 (C D H S)" if names_trump else "-1 or a suit 0..3 (C D H S)"
        raise PositionError(f"trump must be {suits}, not {trump}")
    if leader not in range(players):
        raise PositionError(f"the leader must be a seat 0..{players - 1}, not {leader}")
    if len(trick) >= players:
        raise PositionError(f"a trick in progress holds at most {players - 1} cards")
    captured = [0] * n_sides if captured is None else list(captured)
    if len(captured) != n_sides:
        raise PositionError(f"{name} has {n_sides} sides: give {n_sides} captured piles")
    _check_disjoint([*hands, *(1 << card for card in trick), *captured], deck)
    played = [(leader + k) % players for k in range(len(trick))]
    sizes = [bin(hand).count("1") + played.count(seat) for seat, hand in enumerate(hands)]
    if len(set(sizes)) > 1:
        raise PositionError(
            "the hands must be of equal size (counting a card played to the trick): "
            + ", ".join(f"seat {seat} {size}" for seat, size in enumerate(sizes))
        )
    if sizes[0] > full_hand:
        raise PositionError(f"{name} hands hold at most {full_hand} cards, not {sizes[0]}")
    if dealt is None:
        dealt = [
            hand | sum(1 << c for c, s in zip(trick, played, strict=True) if s == seat)
            for seat, hand in enumerate(hands)
        ]
    elif len(dealt) != players:
        raise PositionError(f"give the cards dealt to each of the {players} seats")
    else:
        _check_dealt(hands, trick, played, dealt, deck)
    if side is None:
        side = side_of[(leader + len(trick)) % players]
    if side not in range(n_sides):
        raise PositionError(f"the maximising side must be 0..{n_sides - 1}, not {side}")
    first_trick = names_trump and not any(captured) and sizes[0] == full_hand
    opening = first_trick and not trick
    naming = int(deck.packed[deck.row(trump), D_NAMING])
    if opening and not hands[leader] & naming:
        raise PositionError("the leader holds no trump, yet must lead one to name trump")
    if first_trick and trick and not naming >> trick[0] & 1:
        raise PositionError("the first card of the deal names trump: it must be a trump")
    position = np.zeros(POSITION_SIZE, np.int64)
    position[[P_PLAYERS, P_SIDES, P_TRUMP, P_LEADER, P_TRICK_LEN, P_SIDE, P_OPENING]] = (
        players,
        n_sides,
        trump,
        leader,
        len(trick),
        side,
        opening,
    )
    position[P_SIDE_OF : P_SIDE_OF + players] = side_of
    position[P_HANDS : P_HANDS + players] = hands
    position[P_DEALT : P_DEALT + players] = dealt
    position[P_TRICK : P_TRICK + len(trick)] = trick
    position[P_WON : P_WON + n_sides] = captured
    position[P_DECK:] = deck.packed[deck.row(trump)]
    return position


def _check_disjoint(masks: Sequence[int], deck: Deck) -> None:
    """Refuse a card given twice, or a mask with bits outside the deck."""
    seen = 0
    for mask in masks:
        if mask < 0 or mask >> deck.size:
            raise PositionError(f"a card mask must use bits 0..{deck.size - 1}, not {mask:#x}")
        if seen & mask:
            twice = (seen & mask).bit_length() - 1
            raise PositionError(f"card {deck.card_name(twice)} is given twice")
        seen |= mask


def _check_dealt(
    hands: Sequence[int], trick: Sequence[int], played: list[int], dealt: Sequence[int], deck: Deck
) -> None:
    """Refuse dealt hands that miss a card held or played to the trick."""
    _check_disjoint(dealt, deck)
    for seat, hand in enumerate(hands):
        mine = hand | sum(1 << c for c, s in zip(trick, played, strict=True) if s == seat)
        if mine & ~dealt[seat]:
            raise PositionError(f"seat {seat} holds or played cards it was not dealt")


def check_low_holder(position: np.ndarray, deck: Deck = STANDARD) -> None:
    """Under `P_LOW_TO_HOLDER`, refuse a lowest trump in play whose holder is unknown (the
    lowest by trick rank in `deck`, the position's)."""
    players = int(position[P_PLAYERS])
    trump = int(position[P_TRUMP])
    dealt = [int(mask) for mask in position[P_DEALT : P_DEALT + players]]
    in_play = 0
    for mask in [*dealt, *position[P_WON : P_WON + MAX_SEATS]]:
        in_play |= int(mask)
    low = trump_extremes_in(in_play, trump, deck.masks, deck.ranks)[1]
    if low >= 0:
        if not any(mask >> low & 1 for mask in dealt):
            raise PositionError(
                "low_to_holder: give the dealt hands, to say who was dealt " + deck.card_name(low)
            )
