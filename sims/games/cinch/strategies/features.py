"""What a learned Cinch policy's network would read (docs/rules.md section 6): `FEATURES`
numbers describing one legal card in the view's position (`card_features`). Only the
view: the player's hand, the cards played, who won them, the trick so far, the bid and the
scores, and the cards it knows are out of play (the discards everyone saw, its own, the
trumps the robbing dealer left). Trump is named before the first card, so there is no
opening lead to name it. Suits, ranks and the trumps come from a deck's tables, never from
a card's printing, so the Left Pedro is a trump: `describe_card` reads any deck,
`card_features` the game's, `DECK`."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.deck import D_ABOVE, D_BELOW, D_FULL, D_JACK, D_ORDER, D_SUIT, D_TRUMPS, D_VOIDS
from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK as CINCH_DECK
from sims.strategies import view as v
from sims.strategies.tactics import beating_in
from sims.strategies.trick_features import partner_after, points_in_play, trick_standing

FEATURES = 49
DECK = CINCH_DECK.packed
CARD_POINTS = c.CARD_POINTS  # High, Low, Jack, Game 1 each, the Pedros 5: to their taker
PEDRO = 5  # a Pedro's points
TRUMP_COUNT = 14  # the trump suit and the Left Pedro


@njit(cache=True)
def points_in(cards: int, trump: int) -> int:
    """The points `cards` hold under `trump`."""
    total = 0
    while cards:
        total += CARD_POINTS[trump, lowest(cards)]
        cards &= cards - 1
    return total


@njit(cache=True)
def pedros_in(cards: int, trump: int) -> int:
    """How many of `cards` are Pedros under `trump`."""
    return (cards >> c.COUNTING[trump, 4] & 1) + (cards >> c.COUNTING[trump, 5] & 1)


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
    worth = CARD_POINTS[trump, card]
    points = worth / PEDRO
    pedro = 1.0 if worth == PEDRO else 0.0
    # A trump above the Pedros: the card that cinches one (takes the trick it is in).
    cincher = 1.0 if row[D_ABOVE + c.COUNTING[trump, 4]] >> card & 1 else 0.0
    players = view[v.PLAYERS]
    position = view[v.POSITION]
    seat = view[v.SEAT]
    side = view[v.SIDE_OF + seat]
    leading = 1.0 if position == 0 else 0.0
    following = 1.0 - leading
    last = 1.0 if position == players - 1 else 0.0
    unbeaten = 1.0 if beating_in(unseen, card, trump, deck) == 0 else 0.0  # no unseen card beats it
    later = partner_after(view)
    # The card itself: the points it scores to the side that takes it.
    out[0] = is_trump
    out[1] = is_trump * rank / 12.0
    out[2] = (1 - is_trump) * rank / 12.0
    out[3] = points
    out[4] = pedro
    out[5] = 1.0 if card == jack else 0.0
    master = 1.0 if (unseen & above) == 0 else 0.0  # none of its suit above is out
    out[6] = master
    out[7] = master * is_trump  # the highest trump still out
    out[8] = is_trump * ((unseen & below) == 0)  # the lowest trump still out
    out[9] = popcount(unseen & above) / 13.0
    out[10] = unbeaten
    out[11] = cincher
    # Leading.
    out[12] = leading
    out[13] = leading * is_trump
    out[14] = leading * unbeaten
    out[15] = leading * points  # points led: safe only if unbeaten
    out[16] = leading * points * (1 - unbeaten)
    out[17] = leading * cincher * unbeaten  # drawing trumps with a sure winner
    # Following: the trick so far.
    standing = trick_standing(view, card, trump, deck, unseen, last)
    wins, partner, partner_safe = standing
    trick_points = 0.0
    trick_pedros = 0.0
    led = view[v.LED_SUIT] if position > 0 else suit
    if position > 0:
        trick = view[v.TRICK_CARDS]
        trick_points = points_in(trick, trump) / PEDRO
        trick_pedros = pedros_in(trick, trump) / 2.0
    safe_win = wins * (1.0 if last or unbeaten else 0.0)
    opponent = following * (1 - partner)
    points_in_play(out, 18, last, standing, safe_win, opponent, points, trick_points)
    out[32] = wins * trick_pedros  # a Pedro captured
    out[33] = safe_win * cincher * trick_pedros  # a Pedro cinched
    out[34] = pedro * (1 - safe_win) * (1 - partner_safe) * following  # a Pedro risked
    out[35] = following * (suit == led)
    can_follow = 1.0 if hand & row[D_VOIDS + (1 << led)] else 0.0
    out[36] = following * is_trump * (led != trump)  # trumping
    out[37] = out[36] * can_follow  # trumping though able to follow
    out[38] = following * (suit != led) * (1 - is_trump)  # throwing off
    out[39] = later  # a partner still to play to the trick
    # Its suit and the trumps: in the hand, and still out.
    out[40] = popcount(hand & own_suit) / c.HAND_SIZE
    out[41] = popcount(hand & trumps) / c.HAND_SIZE
    out[42] = popcount(unseen & trumps) / TRUMP_COUNT
    out[43] = pedros_in(unseen, trump) / 2.0  # Pedros still out
    out[44] = view[v.TRICK_NO] / c.HAND_SIZE
    # The bid: the points the maker's side has won so far against its contract, and
    # what is still to be won; whether one's own side is the maker's.
    won = 0
    maker_side = view[v.SIDE_OF + view[v.PITCHER]]
    for other in range(players):
        if view[v.SIDE_OF + other] == maker_side:
            won += points_in(view[v.WON + other], trump)
    out[45] = 1.0 if side == maker_side else 0.0
    out[46] = (view[v.CONTRACT] - won) / c.MAX_BID  # the maker's points still to make
    out[47] = points_in(unseen | hand, trump) / c.TOTAL_POINTS  # points still to win
    # The race to the target: how far one's own side still has to go.
    out[48] = (view[v.TARGET] - view[v.SCORE + side]) / view[v.TARGET]


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """`describe_card` by the game's deck: what the network and its training read."""
    describe_card(view, card, out, DECK)
