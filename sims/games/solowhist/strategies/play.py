"""Solo Whist play: `greedy` (bids by `evaluator`) and `random`.

`greedy` sees two sides, the declarers (the DECLARERS mask: one seat, two in Prop and Cop)
against the others, and counts only cards it has seen: unseen = the deck less the cards
played and its own hand. It assumes play runs clockwise (seat + 1 plays next).

Trick contracts (all but the misères), each seat playing for its side's tricks:
- leading: a declarer with trumps draws them with its top trump while it beats every unseen
  trump; else it cashes a card no unseen card can beat (plain suits first); else the top of
  a plain suit no unseen card of that suit beats while at least 4 of the suit are unseen
  (the others likely follow); else it leads the lowest card of its longest suit (a defender
  prefers a plain suit).
- following, a partner winning: its lowest card when the partner's card beats every unseen
  card or it plays last; else its lowest card that beats every unseen card and the trick
  (securing it), else its lowest card.
- following, an opponent winning: the lowest card that takes the trick (following suit,
  else the lowest winning trump), else its lowest card (a plain one when void).

Misère and Misère Ouverte (no trump), the declarer losing every trick:
- declarer following suit: the highest card under the winning card; if every card wins,
  its highest; void: it discards its highest card (among equals, the one with fewest lower
  cards of its suit in hand).
- declarer leading: the lowest card of the safest suit: fewest unseen cards of the suit
  below that card, then most above it; a suit with none above comes last.
- defender, the declarer has played and is winning: the highest card under it, else its
  highest; the declarer has played and lost the trick: its highest card.
- defender, the declarer still to play: its lowest card of the suit led (keeping the trick
  low); void: it discards its highest card.
- defender leading: the lowest card of a suit the exposed declarer still holds, where the
  declarer's lowest card stands highest above its own; else its lowest card.
"""

from __future__ import annotations

from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import FULL_DECK, rank_of, suit_mask, suit_of
from sims.games.solowhist.rules import MISERE, MISERE_OUVERTE
from sims.games.solowhist.strategies.bidding import EVALUATOR_PARAMS, evaluator_bid, random_bid
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import register
from sims.strategies.tactics import beating

LIKELY_FOLLOW = 4  # unseen cards of a suit for its top card to be cashed though trumps are out


@njit(cache=True)
def _plain(cards: int, trump: int) -> int:
    """The cards of `cards` outside the trump suit (all of them without trumps)."""
    return cards & ~suit_mask(trump) if trump >= 0 else cards


@njit(cache=True)
def _low_card(cards: int, trump: int) -> int:
    """The lowest-ranked card of `cards`, a non-trump when it has one (lowest suit among
    equals)."""
    pool = _plain(cards, trump)
    if pool == 0:
        pool = cards
    choice, key = -1, 99
    while pool:
        card = lowest(pool)
        if rank_of(card) < key:
            choice, key = card, rank_of(card)
        pool &= pool - 1
    return choice


@njit(cache=True)
def _high_card(cards: int, hand: int) -> int:
    """The highest-ranked card of `cards`; among equals the one with the fewest lower cards
    of its suit in `hand` (the least protected)."""
    choice, key = -1, -1
    pool = cards
    while pool:
        card = lowest(pool)
        below = popcount(hand & suit_mask(suit_of(card)) & ((1 << card) - 1))
        card_key = rank_of(card) * 16 + 15 - below
        if card_key > key:
            choice, key = card, card_key
        pool &= pool - 1
    return choice


@njit(cache=True)
def _lead_tricks(legal: int, trump: int, unseen: int, declaring: bool) -> int:
    """A lead in a trick contract (see the module docstring)."""
    if declaring and trump >= 0:
        trumps = legal & suit_mask(trump)
        if trumps and unseen & suit_mask(trump):
            if beating(unseen, highest(trumps), trump) == 0:
                return highest(trumps)
    sure_trump = -1
    for suit in range(4):
        cards = legal & suit_mask(suit)
        if cards and beating(unseen, highest(cards), trump) == 0:
            if suit != trump:
                return highest(cards)
            sure_trump = highest(cards)
    if sure_trump >= 0:
        return sure_trump
    for suit in range(4):
        cards = legal & suit_mask(suit)
        others = unseen & suit_mask(suit)
        if suit != trump and cards and popcount(others) >= LIKELY_FOLLOW:
            if beating(others, highest(cards), -1) == 0:
                return highest(cards)
    choice, length = -1, 0
    for suit in range(4):
        cards = legal & suit_mask(suit)
        held = popcount(cards)
        if not declaring and suit == trump and held:
            held -= 13  # a defender leads trumps only when it has nothing else
        if cards and (choice < 0 or held > length):
            choice, length = suit, held
    return lowest(legal & suit_mask(choice))


@njit(cache=True)
def _play_tricks(view) -> int:
    """A card in a trick contract (see the module docstring)."""
    trump = view[v.TRUMP]
    legal = view[v.LEGAL]
    seat = view[v.SEAT]
    declarers = view[v.DECLARERS]
    declaring = declarers >> seat & 1
    unseen = FULL_DECK & ~view[v.PLAYED] & ~view[v.HAND]
    if view[v.POSITION] == 0:
        return _lead_tricks(legal, trump, unseen, declaring == 1)
    best = view[v.WINNING_CARD]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    winners = beating(legal, best, trump)
    if (declarers >> view[v.WINNING_SEAT] & 1) == declaring:
        if last or beating(unseen, best, trump) == 0:
            return _low_card(legal, trump)
        pool = winners
        while pool:
            card = lowest(pool)
            if beating(unseen, card, trump) == 0:
                return card
            pool &= pool - 1
        return _low_card(legal, trump)
    if winners:
        return lowest(winners)  # one suit: the suit led, or trumps when void
    return _low_card(legal, trump)


@njit(cache=True)
def _lead_misere_declarer(legal: int, unseen: int) -> int:
    """The misère declarer's lead: the lowest card of its safest suit."""
    choice, key = -1, 1 << 30
    for suit in range(4):
        cards = legal & suit_mask(suit)
        if cards == 0:
            continue
        low = lowest(cards)
        others = unseen & suit_mask(suit)
        below = popcount(others & ((1 << low) - 1))
        above = popcount(others & ~((2 << low) - 1))
        suit_key = below * 64 - above if above else 10_000 + rank_of(low)
        if suit_key < key:
            choice, key = low, suit_key
    return choice


@njit(cache=True)
def _play_misere(view) -> int:
    """A card in Misère or Misère Ouverte (see the module docstring)."""
    legal = view[v.LEGAL]
    hand = view[v.HAND]
    seat = view[v.SEAT]
    players = view[v.PLAYERS]
    position = view[v.POSITION]
    declarers = view[v.DECLARERS]
    declarer = lowest(declarers) if declarers else -1
    unseen = FULL_DECK & ~view[v.PLAYED] & ~hand
    if seat == declarer:
        if position == 0:
            return _lead_misere_declarer(legal, unseen)
        if legal & suit_mask(view[v.LED_SUIT]):
            under = legal & ~beating(legal, view[v.WINNING_CARD], -1)
            return highest(under) if under else highest(legal)
        return _high_card(legal, hand)
    if position == 0:
        exposed = view[v.EXPOSED]
        choice, gap = -1, -99
        for suit in range(4):
            mine = legal & suit_mask(suit)
            theirs = exposed & suit_mask(suit)
            if mine and theirs and lowest(theirs) - lowest(mine) > gap:
                choice, gap = lowest(mine), lowest(theirs) - lowest(mine)
        return choice if choice >= 0 else _low_card(legal, -1)
    following = legal & suit_mask(view[v.LED_SUIT]) != 0
    if declarer >= 0 and (declarer - seat) % players > players - 1 - position:
        if view[v.WINNING_SEAT] == declarer:
            under = legal & ~beating(legal, view[v.WINNING_CARD], -1)
            if under:
                return _high_card(under, hand)
        return _high_card(legal, hand)
    if following:
        return lowest(legal)
    return _high_card(legal, hand)


@njit(cache=True)
def play_greedy(view, params, rng):
    """Greedy choice of any card, the opening lead included: tricks for its side, or in
    the misères the declarer ducking and the defenders forcing it to win."""
    contract = view[v.CONTRACT]
    if contract == MISERE or contract == MISERE_OUVERTE:
        return _play_misere(view)
    return _play_tricks(view)


register(
    "greedy",
    "solowhist",
    "cashes sure winners, wins tricks cheaply, plays low under a partner's safe card; "
    "ducks in misère (or forces the declarer to win); bids by the evaluator",
    play=play_greedy,
    lead=play_greedy,
    bid=evaluator_bid,
    params=EVALUATOR_PARAMS,
    inline=False,  # large, and only Solo Whist plays it: the other games' kernels call it
)
register(
    "random",
    "solowhist",
    "every call and card uniform over the legal ones (the Abundance trump too)",
    play=play_random,
    lead=play_random,
    bid=random_bid,
)
