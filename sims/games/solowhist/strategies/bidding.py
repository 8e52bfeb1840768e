"""Solo Whist bidders: `random_bid` and `evaluator`.

`evaluator` judges its hand alone (it ignores the other calls) with two counts:

- `tricks_estimate(hand, trump)`: the tricks the hand should take by itself, the sum over
  the suits of `suit_tricks` (capped at 13). In one suit of length n:
  * the run of touching cards down from its highest card is worth its length less the
    higher cards missing (A K Q: 3, K Q J: 2, K Q: 1, Q J: 0);
  * an honour outside a counted run: a king 0.7 with a guard (n >= 2), a queen 0.3 with two
    guards (n >= 3);
  * length: in the trump suit every card beyond the 3rd counts 1, in another suit every
    card beyond the 4th counts 0.5;
  * the suit is worth at most n; with a trump named, a side suit's worth beyond 3 counts
    half (its long cards get ruffed).
- `misere_risk(hand)`: the cards that can be forced to win. In each suit, taken from the
  low end, the i-th lowest card (0-based) is safe if its rank <= 2 i + 1 (rank 0 = deuce):
  a lone 2 or 3 is safe, 2 4 6 8 is safe, 2 A is not (the ace). It counts the unsafe cards.

It then bids the highest legal call the hand supports (parameters: `margin` tricks of
safety, `prop` tricks to propose or accept, `misere_risk` unsafe cards allowed):

  abundance_declared  no-trump estimate >= 13 + margin
  misere_ouverte      no unsafe card (and misere_risk >= 0) and no card above the jack
  abundance_trumps    turned-suit estimate >= 9 + margin
  abundance           best-suit estimate >= 9 + margin
  misere              unsafe cards <= misere_risk
  solo                turned-suit estimate >= 5 + margin
  cop, prop           turned-suit estimate >= prop + margin

and passes otherwise (so the lone proposer's last word passes unless a raise is supported).
Asked for the Abundance trump it names the suit with the best estimate.
"""

from __future__ import annotations

from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import RANK_JACK, suit_of
from sims.games.pitch.strategies.bidding import random_bid
from sims.games.solowhist.rules import (
    ABUNDANCE,
    ABUNDANCE_DECLARED,
    ABUNDANCE_TRUMPS,
    COP,
    MISERE,
    MISERE_OUVERTE,
    PASS,
    PROP,
    SOLO,
)
from sims.strategies import view as v
from sims.strategies.registry import Param, register

MARGIN = 0  # params[0]: tricks of safety over each threshold
PROP_TRICKS = 1  # params[1]: tricks needed to propose or accept (prop, cop)
MISERE_RISK = 2  # params[2]: unsafe cards a misère may hold
EVALUATOR_PARAMS = {"margin": 0.0, "prop": Param(4, 0, 13), "misere_risk": Param(0, 0, 13)}

KING_GUARDED = 0.7
QUEEN_GUARDED = 0.3
SIDE_LONG_CARD = 0.5  # each card beyond the 4th in a suit other than trumps
RUFFED_SHARE = 0.5  # a side suit's worth beyond 3 tricks, with a trump named
ABUNDANCE_TRICKS = 9
SOLO_TRICKS = 5
ALL_TRICKS = 13


@njit(cache=True)
def suit_tricks(hand: int, suit: int, trump: int) -> float:
    """The tricks `suit` of `hand` should take with `trump` (-1: no trump); see the module
    docstring for the formula."""
    cards = (hand >> (13 * suit)) & 0x1FFF
    length = popcount(cards)
    if length == 0:
        return 0.0
    top = highest(cards)
    rank = top
    run = 0
    while rank >= 0 and cards >> rank & 1:
        run += 1
        rank -= 1
    counted = run - (12 - top)  # the run after the missing higher cards have won
    in_run = 0
    value = 0.0
    if counted > 0:
        value = float(counted)
        in_run = ((1 << run) - 1) << (top - run + 1)
    outside = cards & ~in_run
    if outside >> 11 & 1 and length >= 2:
        value += KING_GUARDED
    if outside >> 10 & 1 and length >= 3:
        value += QUEEN_GUARDED
    if suit == trump:
        value += max(0, length - 3)
    else:
        value += SIDE_LONG_CARD * max(0, length - 4)
    value = min(value, float(length))
    if trump >= 0 and suit != trump and value > 3.0:
        value = 3.0 + RUFFED_SHARE * (value - 3.0)
    return value


@njit(cache=True)
def tricks_estimate(hand: int, trump: int) -> float:
    """Tricks the hand should take alone with `trump` (-1: no trump), at most 13."""
    total = 0.0
    for suit in range(4):
        total += suit_tricks(hand, suit, trump)
    return min(total, float(ALL_TRICKS))


@njit(cache=True)
def misere_risk(hand: int) -> int:
    """Cards that can be forced to win: in each suit the i-th lowest (0-based) is unsafe
    when its rank exceeds 2 i + 1."""
    unsafe = 0
    for suit in range(4):
        cards = (hand >> (13 * suit)) & 0x1FFF
        i = 0
        while cards:
            if lowest(cards) > 2 * i + 1:
                unsafe += 1
            cards &= cards - 1
            i += 1
    return unsafe


@njit(cache=True)
def best_trump(hand: int, suits: int) -> tuple[int, float]:
    """The suit among the bits of `suits` (any suit when none) with the best estimate as
    trump (the lowest suit among equals), and that estimate."""
    if suits & 0b1111 == 0:
        suits = 0b1111
    choice, value = -1, -1.0
    for suit in range(4):
        if suits >> suit & 1:
            estimate = tricks_estimate(hand, suit)
            if estimate > value:
                choice, value = suit, estimate
    return choice, value


@njit(cache=True)
def _top_rank(hand: int) -> int:
    """The highest rank held in any suit (-1 for an empty hand)."""
    top = -1
    for suit in range(4):
        cards = (hand >> (13 * suit)) & 0x1FFF
        if cards:
            top = max(top, highest(cards))
    return top


@njit(cache=True)
def evaluator_bid(view, params, rng):
    """The highest legal call the hand's estimates support, else pass; the Abundance trump:
    the suit with the best estimate."""
    hand = view[v.HAND]
    legal = view[v.LEGAL]
    if view[v.DECISION] == v.CHOOSE_TRUMP:
        suit, _ = best_trump(hand, legal)
        return suit
    margin = params[MARGIN]
    allowed_risk = params[MISERE_RISK]
    _, best = best_trump(hand, 0b1111)
    turned = view[v.TURNED]
    in_turned = tricks_estimate(hand, suit_of(turned)) if turned >= 0 else best
    risk = misere_risk(hand)
    if legal >> ABUNDANCE_DECLARED & 1 and tricks_estimate(hand, -1) >= ALL_TRICKS + margin:
        return ABUNDANCE_DECLARED
    if (
        legal >> MISERE_OUVERTE & 1
        and risk == 0
        and allowed_risk >= 0
        and _top_rank(hand) <= RANK_JACK
    ):
        return MISERE_OUVERTE
    if legal >> ABUNDANCE_TRUMPS & 1 and in_turned >= ABUNDANCE_TRICKS + margin:
        return ABUNDANCE_TRUMPS
    if legal >> ABUNDANCE & 1 and best >= ABUNDANCE_TRICKS + margin:
        return ABUNDANCE
    if legal >> MISERE & 1 and risk <= allowed_risk:
        return MISERE
    if legal >> SOLO & 1 and in_turned >= SOLO_TRICKS + margin:
        return SOLO
    enough = in_turned >= params[PROP_TRICKS] + margin
    if legal >> COP & 1 and enough:
        return COP
    if legal >> PROP & 1 and enough:
        return PROP
    if legal & 1 or legal == 0:
        return PASS
    return lowest(legal)  # never happens: passing is always legal


register(
    "random_bid",
    "solowhist",
    "bidding: a call uniform over the legal calls (the Abundance trump uniform too)",
    bid=random_bid,
)
register(
    "evaluator",
    "solowhist",
    "bidding: the highest contract its trick estimate or misère count supports",
    bid=evaluator_bid,
    params=EVALUATOR_PARAMS,
    inline=False,  # large: called, not inlined into every kernel's dispatcher
)
