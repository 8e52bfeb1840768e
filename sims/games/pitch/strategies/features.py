"""What the learned Pitch policy's network reads (`policy`): `FEATURES` numbers
describing one legal card in the view's position (`card_features`). Only the view: the
player's hand, the cards played and the trick so far."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import RANK_ACE, RANK_JACK, suit_mask, suit_of
from sims.core.tricks import CARD_GAME_POINTS, beats
from sims.strategies import view as v

FEATURES = 40
RANK_TEN = 8


@njit(cache=True)
def _trick_honours(trick: int, trump: int, unplayed: int) -> float:
    """How many of the trick's cards are honours worth capturing: the Jack of trumps, a
    trump with no unplayed trump below it (Low, as far as the view tells) or above it
    (High)."""
    count = 0.0
    trumps = unplayed & suit_mask(trump)
    rest = trick
    while rest:
        card = lowest(rest)
        rest &= rest - 1
        if suit_of(card) == trump:
            count += card - 13 * trump == RANK_JACK
            count += (trumps & ((1 << card) - 1)) == 0
            count += (trumps & -(2 << card)) == 0
    return count


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """The `FEATURES` numbers describing legal `card` in the view's position, into `out`.
    At the opening lead, the card's suit is taken as trump (the lead names it)."""
    out[:] = 0.0
    hand = view[v.HAND]
    unplayed = ~view[v.PLAYED]
    opening = view[v.DECISION] == v.OPENING
    suit = suit_of(card)
    rank = card - 13 * suit
    trump = suit if opening else view[v.TRUMP]
    is_trump = 1.0 if suit == trump else 0.0
    led = view[v.LED_SUIT]
    position = view[v.POSITION]
    last = position == view[v.PLAYERS] - 1
    seat = view[v.SEAT]
    side = view[v.SIDE_OF + seat]
    points = CARD_GAME_POINTS[card] / 10.0
    trumps = suit_mask(trump)
    own_suit = suit_mask(suit)
    below = (1 << card) - 1
    above = -(2 << card)
    leading = 1.0 if position == 0 else 0.0
    # The card itself.
    out[0] = is_trump
    out[1] = rank / 12.0 * is_trump
    out[2] = rank / 12.0 * (1 - is_trump)
    out[3] = is_trump * (rank == RANK_JACK)
    out[4] = rank == RANK_TEN
    out[5] = points
    out[6] = is_trump * (rank == 0)
    out[7] = is_trump * ((unplayed & trumps & below) == 0)  # no unplayed trump below it
    master = 1.0 if (unplayed & own_suit & above) == 0 else 0.0  # none of its suit above
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
        wins = 1.0 if beats(card, view[v.WINNING_CARD], trump) else 0.0
        winner = view[v.WINNING_SEAT]
        partner = 1.0 if view[v.SIDE_OF + winner] == side and winner != seat else 0.0
        rest = view[v.TRICK_CARDS]
        while rest:
            trick_points += CARD_GAME_POINTS[lowest(rest)] / 10.0
            rest &= rest - 1
        honours = _trick_honours(view[v.TRICK_CARDS], trump, unplayed)
    following = 1.0 - leading
    out[13] = wins
    out[14] = wins * last
    out[15] = wins * trick_points
    out[16] = wins * honours
    out[17] = partner
    out[18] = partner * points
    out[19] = partner * is_trump
    out[20] = (1 - wins) * following * points  # points given away
    out[21] = (1 - wins) * following * is_trump * (rank == RANK_JACK)
    # Its suit in the hand, and whose contract it is.
    out[22] = popcount(hand & own_suit) / 6.0
    out[23] = (hand & own_suit & below) == 0
    out[24] = (hand & own_suit & above) == 0
    pitching = 1.0 if view[v.SIDE_OF + view[v.PITCHER]] == side else 0.0
    out[25] = pitching * is_trump
    out[26] = pitching * is_trump * leading
    # The opening lead: the suit it names trump.
    out[27] = opening * popcount(hand & own_suit) / 6.0
    out[28] = opening * (hand >> (13 * suit + RANK_ACE) & 1)
    out[29] = opening * (hand >> (13 * suit + RANK_JACK) & 1)
    out[30] = opening * (hand >> (13 * suit) & 1)
    out[31] = opening * ((hand & own_suit & above) == 0)
    # Drawing, following, trumping in, throwing off.
    out[32] = leading * is_trump * popcount(unplayed & trumps & ~hand) / 12.0
    out[33] = following * (suit == led)
    out[34] = following * is_trump * (led != trump)
    out[35] = following * (suit != led) * (1 - is_trump)
    out[36] = out[35] * rank / 12.0
    out[37] = view[v.CONTRACT] / 4.0 * is_trump * pitching
    out[38] = (1 - wins) * following * rank / 12.0 * is_trump
    out[39] = wins * following * rank / 12.0
