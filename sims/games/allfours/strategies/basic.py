"""All Fours' `random` and `greedy` (docs/rules.md section 7). Each is a play strategy that
also makes the deal's calls: eldest's beg or stand, the dealer's gift or run and, under
`bunch_by_agreement`, the agreement to bunch (the view's POSITION says which question:
`Q_BEG`, `Q_GIVE`, `Q_BUNCH`; LEGAL bit c for each legal answer c); its play function also
makes the discards after running (the view's DISCARD decision)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, nth_bit, popcount
from sims.core.cards import suit_mask
from sims.core.rng import below
from sims.core.tricks import CARD_GAME_POINTS, GAME_POINT_VALUES, game_points
from sims.games.allfours.rules import (
    BEG,
    BUNCH,
    GIVE,
    JACK,
    NAME,
    PLAY_ON,
    Q_BEG,
    Q_GIVE,
    RUN,
    STAND,
)
from sims.strategies import view as v
from sims.strategies.random_play import play_random
from sims.strategies.registry import Param, register
from sims.strategies.tactics import beating, cheap_keys, cheapest, highest_valued

QUEEN, ACE = 10, 12
WORTH_TRUMP = 100  # a trump is worth keeping above every plain card
TAKE_WORTH = 3  # card points that make a trick worth a trump


@njit(cache=True)
def call_random(view, params, rng):
    """A legal answer chosen uniformly at random."""
    legal = view[v.LEGAL]
    return nth_bit(legal, below(rng, popcount(legal)))


@njit(cache=True, inline="always")
def strong_in(hand: int, trump: int) -> bool:
    """Whether `hand` is worth playing with `trump`: three trumps, the Ace, or two trumps
    with a Jack, Queen or King among them."""
    trumps = hand & suit_mask(trump)
    count = popcount(trumps)
    if count == 0:
        return False
    top = highest(trumps) % 13
    jack = (trumps >> (trump * 13 + JACK)) & 1
    return count >= 3 or top == ACE or (count >= 2 and (top >= QUEEN or jack == 1))


@njit(cache=True)
def call_greedy(view, params, rng):
    """Eldest stands with a hand strong in the proposed trump, else begs; the dealer gives
    one when strong in it himself (the suit stays), else runs; eldest agrees to bunch
    holding no trump of the new suit."""
    legal, hand, trump = view[v.LEGAL], view[v.HAND], view[v.TRUMP]
    strong = strong_in(hand, trump)
    question = view[v.POSITION]
    if question == Q_BEG:
        return STAND if strong else BEG
    if question == Q_GIVE:
        answer = GIVE if strong else RUN
        return answer if (legal >> answer) & 1 else RUN
    return BUNCH if (hand & suit_mask(trump)) == 0 else PLAY_ON


@njit(cache=True)
def call_sound(view, params, rng):
    """`greedy`'s calls but for two hand classes, where the All Fours notebook finds them
    worth less: eldest stands holding any two trumps of the proposed suit (`greedy` begs
    with two below the Jack), and the dealer runs holding the lone Ace (`greedy` gives)."""
    two = popcount(view[v.HAND] & suit_mask(view[v.TRUMP])) >= 2
    question = view[v.POSITION]
    if question == Q_BEG and two:
        return STAND
    if question == Q_GIVE and not two:
        return RUN
    return call_greedy(view, params, rng)


@njit(cache=True)
def call_forced(view, params, rng):
    """Eldest's beg and the dealer's answer as the parameters say (`beg`: 1 begs, 0
    stands; `give`: 0 gives, 1 runs; -1 leaves the call to `greedy`), a call the rules
    forbid (the gift that would put a side out) left to `greedy` too; every other call
    as `greedy`'s. For paired contrasts: the same deals played once each way."""
    question = view[v.POSITION]
    forced = -1
    if question == Q_BEG:
        forced = int(params[0])
    elif question == Q_GIVE:
        forced = int(params[1])
    if forced >= 0 and (view[v.LEGAL] >> forced) & 1:
        return forced
    return call_greedy(view, params, rng)


def _worth() -> np.ndarray:
    """What each card is worth keeping under each trump, `[trump, card]`: trumps above all
    (the Jack most of its rank), then plain cards by rank with their card points counted
    twice."""
    card = np.arange(52)
    rank = card % 13
    plain = rank + 2 * GAME_POINT_VALUES[rank]
    trumps = WORTH_TRUMP + rank + 5 * (rank == JACK)
    return np.where(card // 13 == np.arange(4)[:, None], trumps, plain)


CHEAP = cheap_keys(_worth())  # `cheapest`'s keys: by worth, then rank, then the lower card
# The cards without card points: 2 to 9 of each suit.
NO_POINTS = sum(1 << card for card in range(52) if GAME_POINT_VALUES[card % 13] == 0)


@njit(cache=True)
def master(card: int, trump: int, known: int) -> bool:
    """Whether no trump above `card` can be out against it: every higher trump is among
    the cards `known` (held, played or dead)."""
    above = suit_mask(trump) & ~((1 << (card + 1)) - 1)
    return (above & ~known) == 0


@njit(cache=True)
def lead_greedy(view, trump: int) -> int:
    """Lead a trump that cannot be beaten (it draws the others and may catch the Jack);
    else the lowest plain card without card points; else the lowest trump that is neither
    the Jack nor the highest held; else the plain card least worth keeping."""
    hand = view[v.LEGAL]
    trumps = hand & suit_mask(trump)
    known = hand | view[v.PLAYED] | view[v.DEAD]
    if trumps and master(highest(trumps), trump, known):
        return highest(trumps)
    plain = hand & ~trumps
    blank = cheapest(plain & NO_POINTS, CHEAP, trump)  # the lowest: worth is rank for these
    if blank >= 0:
        return blank
    jack = trump * 13 + JACK
    low = trumps & ~(np.int64(1) << jack)
    low &= ~(np.int64(1) << highest(trumps)) if trumps else 0
    if low:
        return lowest(low)
    if plain:
        return cheapest(plain, CHEAP, trump)
    others = trumps & ~(np.int64(1) << jack)
    return lowest(others) if others else jack


@njit(cache=True)
def play_greedy(view, params, rng):
    """Discard the card least worth keeping; lead as `lead_greedy`. Following: take the
    trick with the cheapest plain card that wins; trump a trick holding card points or a
    trump (or where the card thrown instead would give card points away) with the lowest
    trump that wins, playing the Jack only where nothing can beat it; throw card points
    on a partner's trick when last; else the cheapest card."""
    legal, trump = view[v.LEGAL], view[v.TRUMP]
    if view[v.DECISION] == v.DISCARD:
        return cheapest(legal, CHEAP, trump)
    if view[v.POSITION] == 0:
        return lead_greedy(view, trump)
    seat, best, trick = view[v.SEAT], view[v.WINNING_CARD], view[v.TRICK_CARDS]
    last = view[v.POSITION] == view[v.PLAYERS] - 1
    trumps = legal & suit_mask(trump)
    if view[v.SIDE_OF + view[v.WINNING_SEAT]] == view[v.SIDE_OF + seat]:
        plain = legal & ~trumps
        if last and plain:
            return highest_valued(plain, CARD_GAME_POINTS)
        return cheapest(legal, CHEAP, trump)
    jack = trump * 13 + JACK
    known = view[v.HAND] | view[v.PLAYED] | view[v.DEAD] | trick
    winners = beating(legal, best, trump)
    if winners & ~trumps:
        return lowest(winners & ~trumps)
    trump_wins = winners & trumps
    if not (last or master(jack, trump, known)):
        trump_wins &= ~(np.int64(1) << jack)
    throw = legal & ~(1 << jack) if legal & ~(1 << jack) else legal
    thrown = cheapest(throw, CHEAP, trump)
    # Taking is worth a trump when the trick holds card points or a trump, or when the
    # card thrown instead would give its own card points away.
    at_stake = game_points(trick) + (thrown // 13 != trump) * GAME_POINT_VALUES[thrown % 13]
    worth_taking = at_stake >= TAKE_WORTH or (trick & suit_mask(trump)) != 0
    if trump_wins and worth_taking:
        return lowest(trump_wins)
    return thrown


register(
    "random",
    NAME,
    "every call, discard and card uniform over the legal ones",
    play=play_random,
    lead=play_random,
    bid=call_random,
)
register(
    "greedy",
    NAME,
    "begs or runs unless strong in the proposed trump; keeps trumps and counting cards; "
    "takes tricks cheaply, trumps those holding card points, saves the Jack",
    play=play_greedy,
    lead=play_greedy,
    bid=call_greedy,
)
register(
    "sound_calls",
    NAME,
    "bidder: eldest stands holding two trumps of the proposed suit or its Ace, else begs; "
    "the dealer gives holding three trumps or two headed by the Jack or better, else runs",
    bid=call_sound,
)
register(
    "forced_calls",
    NAME,
    "bidder: eldest begs (beg=1) or stands (beg=0), the dealer gives (give=0) or runs "
    "(give=1), as told; -1 (the default) or a forbidden call leaves it to greedy",
    bid=call_forced,
    params={"beg": Param(-1, -1, 1, whole=True), "give": Param(-1, -1, 1, whole=True)},
)
