"""What the learned Phat and Don policy's network reads (`policy`): `FEATURES` numbers
describing one legal card in the view's position (`card_features`), by the game's own card
values, which the view names. Only the view: the player's hand, the cards played, who won
them and the trick so far. Suits, ranks and the trumps come from a deck's
tables, never from a card's printing: `describe_card` reads any deck, `card_features` the
game's, `DECK`."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import N_RANKS, RANK_ACE
from sims.core.deck import (
    D_ABOVE,
    D_BELOW,
    D_FULL,
    D_ORDER,
    D_SUIT,
    D_TRUMPS,
    D_VOIDS,
    NO_TRUMP,
    STANDARD,
)
from sims.core.tricks import CARD_GAME_POINTS, game_points
from sims.games.don import rules as don
from sims.games.phat import rules as phat
from sims.games.phat.strategies.greedy import GUARDED_RANK, WORTH
from sims.strategies import view as v
from sims.strategies.tactics import beating_in

FEATURES = 46
# The points a card scores at once, `POINTS[values, trump, card]` (the view's CARD_VALUES).
POINTS = np.stack([phat.CARD_VALUES, don.CARD_VALUES])
RANK_QUEEN = RANK_ACE - 2
DECK = STANDARD.packed  # the plain pack, in Phat and Don alike


@njit(cache=True)
def describe_card(view, card: int, out, deck) -> None:
    """The `FEATURES` numbers describing legal `card` in the view's position, into `out`, by
    `deck` (a `Deck.packed`). At an opening lead that names trump, the trump it names."""
    out[:] = 0.0
    values = view[v.CARD_VALUES]
    hand = view[v.HAND]
    unseen = deck[0, D_FULL] & ~view[v.PLAYED] & ~hand
    opening = view[v.DECISION] == v.OPENING
    trump = view[v.TRUMP]
    if opening and trump < 0:
        trump = deck[NO_TRUMP, D_SUIT + card]  # the suit it names: its own without trumps
    row = deck[trump]
    suit = row[D_SUIT + card]
    rank = row[D_ORDER + card]
    is_trump = 1.0 if suit == trump else 0.0
    worth = WORTH[values, trump, card] / 20.0
    own_suit = row[D_VOIDS + (1 << suit)]
    trumps = row[D_TRUMPS]
    below = row[D_BELOW + card]  # the cards of its suit ranked below it
    above = row[D_ABOVE + card]
    position = view[v.POSITION]
    seat = view[v.SEAT]
    team = seat & 1
    leading = 1.0 if position == 0 else 0.0
    following = 1.0 - leading
    last = 1.0 if position == 3 else 0.0
    unbeaten = 1.0 if beating_in(unseen, card, trump, deck) == 0 else 0.0  # no unseen card beats it
    # The card itself.
    out[0] = is_trump
    out[1] = is_trump * rank / 12.0
    out[2] = (1 - is_trump) * rank / 12.0
    out[3] = worth
    out[4] = POINTS[values, trump, card] / 18.0
    out[5] = CARD_GAME_POINTS[card] / 10.0
    out[6] = is_trump * (rank == GUARDED_RANK[values])  # the Big Phat, or Don's 5
    master = 1.0 if (unseen & above) == 0 else 0.0  # none of its suit above
    out[7] = master
    out[8] = master * is_trump
    out[9] = popcount(unseen & above) / 12.0
    out[10] = unbeaten
    # Leading.
    out[11] = leading
    out[12] = leading * is_trump
    out[13] = leading * unbeaten
    out[14] = leading * worth
    # Following: the trick so far.
    wins = 0.0
    partner = 0.0
    partner_safe = 0.0
    trick_worth = 0.0
    trick_game = 0.0
    led = view[v.LED_SUIT] if position > 0 else suit
    if position > 0:
        best = view[v.WINNING_CARD]
        wins = 1.0 if beating_in(1 << card, best, trump, deck) else 0.0
        partner = 1.0 if (view[v.WINNING_SEAT] & 1) == team else 0.0
        if last or beating_in(unseen, best, trump, deck) == 0:
            partner_safe = partner
        rest = view[v.TRICK_CARDS]
        while rest:
            played = lowest(rest)
            rest &= rest - 1
            trick_worth += WORTH[values, trump, played] / 20.0
            trick_game += CARD_GAME_POINTS[played] / 10.0
    safe_win = wins * (1.0 if last or unbeaten else 0.0)
    opponent = following * (1 - partner)
    out[15] = last
    out[16] = wins
    out[17] = wins * last
    out[18] = safe_win
    out[19] = safe_win * trick_worth
    out[20] = wins * trick_worth
    out[21] = wins * worth
    out[22] = partner
    out[23] = partner_safe * worth  # points onto a partner's safe trick
    out[24] = partner * (1 - partner_safe) * worth
    out[25] = opponent * (1 - wins) * worth  # points given away
    out[26] = following * (suit == led)
    out[27] = following * is_trump * (led != trump)  # trumping in, void in the suit led
    throw = following * (suit != led) * (1 - is_trump)
    out[28] = throw
    out[29] = throw * worth
    out[30] = wins * trick_game
    # Its suit and trumps in the hand, and whose pitch it is.
    out[31] = popcount(hand & own_suit) / 13.0
    out[32] = (hand & below) == 0
    out[33] = (hand & above) == 0
    out[34] = popcount(hand & trumps) / 13.0
    out[35] = popcount(unseen & trumps) / 13.0
    out[36] = leading * is_trump * out[35]  # drawing trumps
    pitching = 1.0 if (view[v.PITCHER] & 1) == team else 0.0
    out[37] = pitching
    out[38] = pitching * is_trump * leading
    out[39] = view[v.TRICK_NO] / view[v.HAND_SIZE]
    # The players still to play to this trick: opponents known void in its suit, a partner.
    void_opponents = 0.0
    for k in range(1, 4 - position):
        after = (seat + k) & 3
        if (after & 1) != team:
            void_opponents += view[v.VOIDS + after] >> led & 1
        else:
            out[40] = 1.0
    out[41] = void_opponents / 2.0
    # The muck so far: the game points of the tricks each team has won.
    muck = 0
    for other in range(4):
        sign = 1 if (other & 1) == team else -1
        muck += sign * game_points(view[v.WON + other])
    out[42] = muck / 40.0
    # The opening lead: the suit it names trump.
    out[43] = opening * popcount(hand & own_suit) / 13.0
    out[44] = opening * (hand >> (N_RANKS * trump + GUARDED_RANK[values]) & 1)
    queen = N_RANKS * trump + RANK_QUEEN
    out[45] = opening * popcount(hand & (row[D_ABOVE + queen] | 1 << queen)) / 3.0


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """`describe_card` by the game's deck: what the network and its training read."""
    describe_card(view, card, out, DECK)
