"""What the learned Pitch policy's network reads (`policy`): `FEATURES` numbers
describing one legal card in the view's position (`card_features`). Only the view: the
player's hand, the cards played and the trick so far. Suits, ranks and the trumps come from
a deck's tables, never from a card's printing: `describe_card` reads any deck (a variant
with moved cards passes its own), `card_features` the game's, `DECK`."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import N_RANKS, RANK_ACE
from sims.core.deck import (
    D_ABOVE,
    D_BELOW,
    D_JACK,
    D_ORDER,
    D_SUIT,
    D_TRUMPS,
    D_VOIDS,
    NO_TRUMP,
    STANDARD,
)
from sims.core.tricks import CARD_GAME_POINTS
from sims.strategies import view as v
from sims.strategies.tactics import beating_in

FEATURES = 40
DECK = STANDARD.packed  # Pitch's deck: the plain pack
RANK_TEN = 8


@njit(cache=True)
def _trick_honours(trick: int, trump: int, unplayed: int, deck) -> float:
    """How many of the trick's cards are honours worth capturing: the Jack of trumps, a
    trump with no unplayed trump below it (Low, as far as the view tells) or above it
    (High)."""
    count = 0.0
    row = deck[trump]
    trumps = unplayed & row[D_TRUMPS]
    rest = trick & row[D_TRUMPS]
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        count += card == row[D_JACK]
        count += (trumps & row[D_BELOW + card]) == 0
        count += (trumps & row[D_ABOVE + card]) == 0
    return count


@njit(cache=True)
def describe_card(view, card: int, out, deck) -> None:
    """The `FEATURES` numbers describing legal `card` in the view's position, into `out`, by
    `deck` (a `Deck.packed`). At an opening lead that names trump, the trump it names."""
    out[:] = 0.0
    hand = view[v.HAND]
    unplayed = ~view[v.PLAYED]
    opening = view[v.DECISION] == v.OPENING
    trump = view[v.TRUMP]
    if opening and trump < 0:
        trump = deck[NO_TRUMP, D_SUIT + card]  # the suit it names: its own without trumps
    row = deck[trump]
    suit = row[D_SUIT + card]
    rank = row[D_ORDER + card]
    is_trump = 1.0 if suit == trump else 0.0
    jack = 1.0 if card == row[D_JACK] else 0.0
    led = view[v.LED_SUIT]
    position = view[v.POSITION]
    last = position == view[v.PLAYERS] - 1
    seat = view[v.SEAT]
    side = view[v.SIDE_OF + seat]
    points = CARD_GAME_POINTS[card] / 10.0
    trumps = row[D_TRUMPS]
    own_suit = row[D_VOIDS + (1 << suit)]
    below = row[D_BELOW + card]  # the cards of its suit ranked below it
    above = row[D_ABOVE + card]
    leading = 1.0 if position == 0 else 0.0
    # The card itself.
    out[0] = is_trump
    out[1] = rank / 12.0 * is_trump
    out[2] = rank / 12.0 * (1 - is_trump)
    out[3] = jack
    out[4] = rank == RANK_TEN
    out[5] = points
    out[6] = is_trump * (rank == 0)
    out[7] = is_trump * ((unplayed & below) == 0)  # no unplayed trump below it
    master = 1.0 if (unplayed & above) == 0 else 0.0  # none of its suit above
    out[8] = master * (1 - is_trump)
    out[9] = master * is_trump
    # Where it is played.
    out[10] = leading
    out[11] = leading * is_trump
    out[12] = last
    wins = 0.0
    partner = 0.0
    trick_points = 0.0
    honours = 0.0
    if position > 0:
        wins = 1.0 if beating_in(1 << card, view[v.WINNING_CARD], trump, deck) else 0.0
        winner = view[v.WINNING_SEAT]
        partner = 1.0 if view[v.SIDE_OF + winner] == side and winner != seat else 0.0
        rest = view[v.TRICK_CARDS]
        while rest:
            trick_points += CARD_GAME_POINTS[lowest(rest)] / 10.0
            rest &= rest - 1
        honours = _trick_honours(view[v.TRICK_CARDS], trump, unplayed, deck)
    following = 1.0 - leading
    out[13] = wins
    out[14] = wins * last
    out[15] = wins * trick_points
    out[16] = wins * honours
    out[17] = partner
    out[18] = partner * points
    out[19] = partner * is_trump
    out[20] = (1 - wins) * following * points  # points given away
    out[21] = (1 - wins) * following * jack
    # Its suit in the hand, and whose contract it is.
    out[22] = popcount(hand & own_suit) / 6.0
    out[23] = (hand & below) == 0
    out[24] = (hand & above) == 0
    pitching = 1.0 if view[v.SIDE_OF + view[v.PITCHER]] == side else 0.0
    out[25] = pitching * is_trump
    out[26] = pitching * is_trump * leading
    # The opening lead: the suit it names trump.
    out[27] = opening * popcount(hand & own_suit) / 6.0
    out[28] = opening * (hand >> (N_RANKS * trump + RANK_ACE) & 1)
    out[29] = opening * (hand >> row[D_JACK] & 1)
    out[30] = opening * (hand >> (N_RANKS * trump) & 1)
    out[31] = opening * ((hand & above) == 0)
    # Drawing, following, trumping in, throwing off.
    out[32] = leading * is_trump * popcount(unplayed & trumps & ~hand) / 12.0
    out[33] = following * (suit == led)
    out[34] = following * is_trump * (led != trump)
    out[35] = following * (suit != led) * (1 - is_trump)
    out[36] = out[35] * rank / 12.0
    out[37] = view[v.CONTRACT] / 4.0 * is_trump * pitching
    out[38] = (1 - wins) * following * rank / 12.0 * is_trump
    out[39] = wins * following * rank / 12.0


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """`describe_card` by the game's deck: what the network and its training read."""
    describe_card(view, card, out, DECK)
