"""What a learned Ten-point Pitch policy's network reads (docs/rules.md section 8):
`FEATURES` numbers describing one legal card in the view's position (`card_features`).
Only the view: the player's hand, the cards played, who won them, the trick so far, the
bid and the scores, and the cards it knows are out of play (the trumps burned, its own
discards, the pool a short player took back from). Trump is named before the first card,
so there is no opening lead to name it. Suits, ranks and the trumps come from the deck the
view names (its `DECK`: a place in `rules.DECKS`), never from a card's printing, so the
off-jack and the jokers are trumps where the options make them so: `describe_card` reads
any of `rules.DECKS`, `card_features` the view's.

The points: High to the side that plays the highest trump in play, Low to the side that
plays the lowest pack trump (by default), the Jack, the Off-Jack, each joker and the Trey
(3, unless the view's `slots.TREY_WORTH` says trey=false) to the side that takes them, the
ten of trumps too under game_card=ten_of_trumps (the view's GAME_WORTH 0), and Game by
card points."""

from __future__ import annotations

from numba import njit

from sims.core.bits import lowest, popcount
from sims.core.cards import N_CARDS, N_RANKS
from sims.core.deck import D_ABOVE, D_BELOW, D_FULL, D_ORDER, D_SUIT, D_TRUMPS, D_VOIDS
from sims.core.tricks import CARD_GAME_POINTS, game_points
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies.tables import CARD_POINTS, JACK, PACKED, scoring_index
from sims.strategies import view as v
from sims.strategies.tactics import beating_in
from sims.strategies.trick_features import partner_after, points_in_play, trick_standing

FEATURES = 50
PACK = (1 << N_CARDS) - 1  # the pack's cards: Low is never a joker
MOST_POINTS = tp.TREY_POINTS  # the most a card scores for its taker
GAME_MOST = 10  # a card's most card points (the ten)
TRUMP_MOST = 16  # the most trumps: the suit, the off-jack and two jokers


@njit(cache=True)
def taken_points(cards: int, trump: int, deck: int, scoring: int) -> int:
    """The points `cards` score for the side that takes them under `trump`: the Jack, the
    Off-Jack and each joker 1, and the Trey and the ten of trumps as the `scoring` (a
    place in `tables.SCORINGS`) has them."""
    total = cards >> (trump * N_RANKS + JACK) & 1
    rest = cards
    while rest:
        total += CARD_POINTS[deck, scoring, trump, lowest(rest)]
        rest &= rest - 1
    return total


@njit(cache=True)
def describe_card(view, card: int, out, deck: int) -> None:
    """The `FEATURES` numbers describing legal `card` in the view's position, into `out`, by
    `rules.DECKS[deck]`."""
    out[:] = 0.0
    packed = PACKED[deck]
    hand = view[v.HAND]
    played = view[v.PLAYED]
    full = packed[0, D_FULL]
    unseen = full & ~played & ~hand & ~view[v.DEAD]
    in_play = unseen | played | hand  # every card not out of play
    trump = view[v.TRUMP]
    row = packed[trump]
    suit = row[D_SUIT + card]
    is_trump = 1.0 if suit == trump else 0.0
    trumps = row[D_TRUMPS]
    own_suit = row[D_VOIDS + (1 << suit)]
    below = row[D_BELOW + card]  # the cards of its suit ranked below it
    above = row[D_ABOVE + card]
    scoring = scoring_index(view[TREY_WORTH] != 0, view[v.GAME_WORTH] == 0)
    worth = taken_points(1 << card, trump, deck, scoring)
    points = worth / MOST_POINTS
    game = CARD_GAME_POINTS[card] / GAME_MOST
    hand_size = view[v.HAND_SIZE]
    players = view[v.PLAYERS]
    position = view[v.POSITION]
    seat = view[v.SEAT]
    side = view[v.SIDE_OF + seat]
    leading = 1.0 if position == 0 else 0.0
    following = 1.0 - leading
    last = 1.0 if position == players - 1 else 0.0
    unbeaten = 1.0 if beating_in(unseen, card, trump, packed) == 0 else 0.0  # by no unseen card
    # The card itself: its place among the trumps or in its suit, what it scores.
    out[0] = is_trump
    out[1] = is_trump * popcount(below & full) / (popcount(trumps) - 1)
    out[2] = (1 - is_trump) * row[D_ORDER + card] / 12.0
    out[3] = points
    out[4] = 1.0 if worth == MOST_POINTS else 0.0  # the Trey
    out[5] = 1.0 if worth == 1 else 0.0  # the Jack, the Off-Jack, a joker (the ten)
    out[6] = game
    master = 1.0 if (unseen & above) == 0 else 0.0  # none of its suit above is out
    out[7] = master
    out[8] = master * is_trump
    out[9] = is_trump * ((in_play & above) == 0)  # High: no trump above it in play
    out[10] = is_trump * (card < N_CARDS) * ((in_play & below & PACK) == 0)  # Low: none below
    out[11] = popcount(unseen & above) / (TRUMP_MOST - 1)
    out[12] = unbeaten
    # Leading.
    out[13] = leading
    out[14] = leading * is_trump
    out[15] = leading * unbeaten
    out[16] = leading * points  # points led: safe only if unbeaten
    out[17] = leading * points * (1 - unbeaten)
    out[18] = leading * game * (1 - unbeaten)
    # Following: the trick so far.
    standing = trick_standing(view, card, trump, packed, unseen, last)
    wins, partner, partner_safe = standing
    trick_points = 0.0
    trick_game = 0.0
    led = view[v.LED_SUIT] if position > 0 else suit
    if position > 0:
        trick = view[v.TRICK_CARDS]
        trick_points = taken_points(trick, trump, deck, scoring) / MOST_POINTS
        trick_game = game_points(trick) / GAME_MOST
    safe_win = wins * (1.0 if last or unbeaten else 0.0)
    opponent = following * (1 - partner)
    points_in_play(out, 19, last, standing, safe_win, opponent, points, trick_points)
    out[33] = safe_win * trick_game  # card points taken towards Game
    out[34] = wins * trick_game
    out[35] = opponent * (1 - wins) * game  # card points given away
    out[36] = partner_safe * game  # card points onto a partner's safe trick
    out[37] = following * (suit == led)
    can_follow = 1.0 if hand & row[D_VOIDS + (1 << led)] else 0.0
    out[38] = following * is_trump * (led != trump)  # trumping
    out[39] = out[38] * can_follow  # trumping though able to follow
    out[40] = following * (suit != led) * (1 - is_trump)  # throwing off
    out[41] = partner_after(view)  # a partner still to play to the trick
    # Its suit and the trumps: in the hand, and still out.
    out[42] = popcount(hand & own_suit) / hand_size
    out[43] = popcount(hand & trumps) / hand_size
    out[44] = popcount(unseen & trumps) / TRUMP_MOST
    out[45] = taken_points(unseen | hand, trump, deck, scoring) / tp.TOTAL_POINTS
    out[46] = view[v.TRICK_NO] / hand_size
    # The bid: the points the pitcher's side has taken so far against its bid, and whether
    # one's own side is the pitcher's.
    taken = 0
    pitching = view[v.SIDE_OF + view[v.PITCHER]]
    for other in range(players):
        if view[v.SIDE_OF + other] == pitching:
            taken += taken_points(view[v.WON + other], trump, deck, scoring)
    out[47] = 1.0 if side == pitching else 0.0
    out[48] = (view[v.CONTRACT] - taken) / tp.MAX_BID  # the pitcher's points still to take
    # The race to the target: how far one's own side still has to go.
    out[49] = (view[v.TARGET] - view[v.SCORE + side]) / view[v.TARGET]


@njit(cache=True)
def card_features(view, card: int, out) -> None:
    """`describe_card` by the deck the view names: what the network and its training
    read."""
    describe_card(view, card, out, view[v.DECK])
