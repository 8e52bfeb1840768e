"""What a learned All Fours policy's network would read (docs/rules.md section 7):
`FEATURES` numbers describing one legal card in the view's position (`card_features`).
Only the view: the player's hand, the cards played, who won them, the trick so far and the
cards it knows are out of play (the dead upcards, its own discards). Trump is made before
the first card, so there is no opening lead to name it. Suits, ranks and the trumps come
from a deck's tables, never from a card's printing: `describe_card` reads any deck,
`card_features` the game's, `DECK`."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.deck import (
    D_ABOVE,
    D_BELOW,
    D_FULL,
    D_JACK,
    D_ORDER,
    D_SUIT,
    D_TRUMPS,
    D_VOIDS,
    STANDARD,
)
from sims.core.tricks import CARD_GAME_POINTS, game_points
from sims.strategies import view as v
from sims.strategies.tactics import beating_in
from sims.strategies.trick_features import trick_standing

FEATURES = 44
DECK = STANDARD.packed  # the plain pack: no card changes suit (AF-2.1)
ALL_GAME_POINTS = 80  # the pack's game points: 10, 4, 3, 2, 1 a suit


@njit(cache=True)
def describe_card(view, card: int, out, deck) -> None:
    """The `FEATURES` numbers describing legal `card` in the view's position, into `out`, by
    `deck` (a `Deck.packed`)."""
    out[:] = 0.0
    hand = view[v.HAND]
    unseen = deck[0, D_FULL] & ~view[v.PLAYED] & ~hand & ~view[v.DEAD]
    trump = view[v.TRUMP]
    row = deck[trump]
    suit = row[D_SUIT + card]
    rank = row[D_ORDER + card]
    is_trump = 1.0 if suit == trump else 0.0
    trumps = row[D_TRUMPS]
    jack = row[D_JACK]
    own_suit = row[D_VOIDS + (1 << suit)]
    below = row[D_BELOW + card]  # the cards of its suit ranked below it
    above = row[D_ABOVE + card]
    points = CARD_GAME_POINTS[card] / 10.0
    players = view[v.PLAYERS]
    position = view[v.POSITION]
    seat = view[v.SEAT]
    side = view[v.SIDE_OF + seat]
    leading = 1.0 if position == 0 else 0.0
    following = 1.0 - leading
    last = 1.0 if position == players - 1 else 0.0
    unbeaten = 1.0 if beating_in(unseen, card, trump, deck) == 0 else 0.0  # no unseen card beats it
    # The card itself: High is its holder's, Low its holder's or its captor's, the Jack
    # its captor's, Game the card points won.
    out[0] = is_trump
    out[1] = is_trump * rank / 12.0
    out[2] = (1 - is_trump) * rank / 12.0
    out[3] = points
    out[4] = 1.0 if card == jack else 0.0
    master = 1.0 if (unseen & above) == 0 else 0.0  # none of its suit above is out
    out[5] = master
    out[6] = master * is_trump  # the highest trump still out
    out[7] = is_trump * ((unseen & below) == 0)  # the lowest trump still out
    out[8] = popcount(unseen & above) / 12.0
    out[9] = unbeaten
    # Leading.
    out[10] = leading
    out[11] = leading * is_trump
    out[12] = leading * unbeaten
    out[13] = leading * points
    # Following: the trick so far.
    standing = trick_standing(view, card, trump, deck, unseen, last)
    wins, partner, partner_safe = standing
    trick_points = 0.0
    trick_jack = 0.0
    trick_low = 0.0
    led = view[v.LED_SUIT] if position > 0 else suit
    if position > 0:
        trick = view[v.TRICK_CARDS]
        trick_points = game_points(trick) / 10.0
        trick_jack = 1.0 if trick >> jack & 1 else 0.0
        # The lowest trump in the trick, when no trump below it is out or in the hand.
        trick_trumps = trick & trumps
        if trick_trumps and (trumps & row[D_BELOW + lowest(trick_trumps)] & (unseen | hand)) == 0:
            trick_low = 1.0
    safe_win = wins * (1.0 if last or unbeaten else 0.0)
    opponent = following * (1 - partner)
    out[14] = last
    out[15] = wins
    out[16] = wins * last
    out[17] = safe_win
    out[18] = safe_win * trick_points
    out[19] = wins * trick_points
    out[20] = wins * points
    out[21] = partner
    out[22] = partner_safe * points  # points onto a partner's safe trick
    out[23] = opponent * (1 - wins) * points  # points given away
    out[24] = wins * trick_jack  # the Jack captured
    out[25] = opponent * (1 - wins) * trick_jack  # the Jack left to the other side
    out[26] = opponent * (1 - wins) * out[4]  # one's own Jack given away
    out[27] = wins * trick_low * (1 - view[v.LOW_TO_HOLDER])  # Low to its captor
    out[28] = following * (suit == led)
    can_follow = 1.0 if hand & row[D_VOIDS + (1 << led)] else 0.0
    out[29] = following * is_trump * (led != trump)  # trumping
    out[30] = out[29] * can_follow  # trumping though able to follow
    throw = following * (suit != led) * (1 - is_trump)
    out[31] = throw
    out[32] = throw * points
    # Its suit and the trumps: in the hand, and still out.
    out[33] = popcount(hand & own_suit) / 13.0
    out[34] = (hand & below) == 0
    out[35] = (hand & above) == 0
    out[36] = popcount(hand & trumps) / 13.0
    out[37] = popcount(unseen & trumps) / 13.0
    out[38] = leading * is_trump * out[37]  # drawing trumps
    out[39] = 1.0 if unseen >> jack & 1 else 0.0  # the Jack is out
    out[40] = view[v.TRICK_NO] / view[v.HAND_SIZE]
    # Game: the card points each side has won so far, and what is still to be won.
    won = 0
    for other in range(players):
        sign = 1 if view[v.SIDE_OF + other] == side else -1
        won += sign * game_points(view[v.WON + other])
    out[41] = won / ALL_GAME_POINTS
    out[42] = game_points(unseen | hand) / ALL_GAME_POINTS
    # The race to the target: how far one's own side still has to go.
    out[43] = (view[v.TARGET] - view[v.SCORE + side]) / view[v.TARGET]


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """`describe_card` by the game's deck: what the network and its training read."""
    describe_card(view, card, out, DECK)
