"""What the learned Phat and Don policy's network reads (`policy`): `FEATURES` numbers
describing one legal card in the view's position (`card_features`), by the game's own card
values, which the view names. Only the view: the player's hand, the cards played, who won
them and the trick so far."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import FULL_DECK, RANK_ACE, suit_mask, suit_of
from sims.core.tricks import CARD_GAME_POINTS, beats, game_points
from sims.games.don import rules as don
from sims.games.phat import rules as phat
from sims.games.phat.strategies.greedy import GUARDED_RANK, WORTH
from sims.strategies import view as v
from sims.strategies.tactics import beating

FEATURES = 46
# The points a card scores at once, `POINTS[values, trump, card]` (the view's CARD_VALUES).
POINTS = np.stack([phat.CARD_VALUES, don.CARD_VALUES])
RANK_QUEEN = RANK_ACE - 2


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """The `FEATURES` numbers describing legal `card` in the view's position, into `out`.
    At the opening lead, the card's suit is taken as trump (the lead names it)."""
    out[:] = 0.0
    values = view[v.CARD_VALUES]
    hand = view[v.HAND]
    unseen = FULL_DECK & ~view[v.PLAYED] & ~hand
    opening = view[v.DECISION] == v.OPENING
    suit = suit_of(card)
    rank = card - 13 * suit
    trump = suit if opening else view[v.TRUMP]
    is_trump = 1.0 if suit == trump else 0.0
    worth = WORTH[values, trump, card] / 20.0
    own_suit = suit_mask(suit)
    trumps = suit_mask(trump)
    below = (1 << card) - 1
    above = -(2 << card)
    position = view[v.POSITION]
    seat = view[v.SEAT]
    team = seat & 1
    leading = 1.0 if position == 0 else 0.0
    following = 1.0 - leading
    last = 1.0 if position == 3 else 0.0
    unbeaten = 1.0 if beating(unseen, card, trump) == 0 else 0.0  # no unseen card beats it
    # The card itself.
    out[0] = is_trump
    out[1] = is_trump * rank / 12.0
    out[2] = (1 - is_trump) * rank / 12.0
    out[3] = worth
    out[4] = POINTS[values, trump, card] / 18.0
    out[5] = CARD_GAME_POINTS[card] / 10.0
    out[6] = is_trump * (rank == GUARDED_RANK[values])  # the Big Phat, or Don's 5
    master = 1.0 if (unseen & own_suit & above) == 0 else 0.0  # none of its suit above
    out[7] = master
    out[8] = master * is_trump
    out[9] = popcount(unseen & own_suit & above) / 12.0
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
        wins = 1.0 if beats(card, best, trump) else 0.0
        partner = 1.0 if (view[v.WINNING_SEAT] & 1) == team else 0.0
        if last or beating(unseen, best, trump) == 0:
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
    out[32] = (hand & own_suit & below) == 0
    out[33] = (hand & own_suit & above) == 0
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
    out[44] = opening * (hand >> (13 * suit + GUARDED_RANK[values]) & 1)
    out[45] = opening * popcount(hand & own_suit & -(1 << (13 * suit + RANK_QUEEN))) / 3.0
