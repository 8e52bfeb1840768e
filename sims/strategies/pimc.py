"""`pimc`: perfect-information Monte Carlo, the search player of GIB (bridge) and Kermit
(Skat). At each card it deals the cards it cannot see to the other seats at random,
consistently with what it knows (its hand, every card played and by whom, the voids
shown in play, the hand sizes), solves each of these deals exactly with the double-dummy
solver (`sims.solver`), and plays the card with the best total over the deals.

Everything it uses comes from the view, so it never reads a hidden card; the auction is
not used to shape the deals. Its side maximises its own points (in cutthroat Pitch, the
other seats are assumed to play against it). Parameters: `samples` (deals per decision)
and `depth` (tricks solved: with more tricks left it plays as `greedy` does; 0 solves to
the end of the deal). In Pitch it bids as `threshold` (parameter `margin`), in Phat and
Don `greedy`'s `guard_big_phat` serves the tricks it does not solve.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sims import solver as s
from sims.bits import lowest, popcount
from sims.cards import FULL_DECK, suit_mask
from sims.games import don, phat
from sims.rng import below
from sims.strategies import phat_greedy, pitch_greedy
from sims.strategies import view as v
from sims.strategies.phat_leads import lead_long
from sims.strategies.pitch_bidding import threshold_bid
from sims.strategies.pitch_leads import lead_best
from sims.strategies.registry import register

SAMPLES, DEPTH = 1, 2  # parameter slots; slot 0 is the fallback strategy's
TABLE_BITS = 14  # transposition table of the solver, per decision
REJECTIONS = 64  # uniform deals tried before the deal is built seat by seat
CARD_POINTS = np.stack([np.zeros((4, 52), np.int64), phat.CARD_VALUES, don.CARD_VALUES])


@njit(cache=True)
def deal_hidden(view, hand_size: int, rng, hands) -> None:
    """Fill `hands[seat]` for every seat: its own hand for the seat deciding, and for the
    others a random share of the cards it has not seen, of the right size and in no suit
    the seat has shown it lacks (uniform given these facts while a try succeeds; after
    `REJECTIONS` failed tries, seat by seat). Cards left over were not dealt."""
    me = view[v.SEAT]
    players = view[v.PLAYERS]
    unseen = FULL_DECK & ~view[v.HAND] & ~view[v.PLAYED]
    pool = np.empty(popcount(unseen), np.int64)
    for i in range(pool.shape[0]):
        pool[i] = lowest(unseen)
        unseen &= unseen - 1
    sizes = np.zeros(players, np.int64)
    for seat in range(players):
        if seat != me:
            sizes[seat] = hand_size - popcount(view[v.PLAYED_BY + seat])
    for attempt in range(REJECTIONS + 1):
        for i in range(pool.shape[0] - 1, 0, -1):  # Fisher-Yates
            j = below(rng, i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        consistent = True
        taken = 0
        for seat in range(players):
            hands[seat] = view[v.HAND] if seat == me else 0
            for _ in range(sizes[seat]):
                card = pool[taken]
                taken += 1
                hands[seat] |= 1 << card
                if view[v.VOIDS + seat] >> (card // 13) & 1:
                    consistent = False
        if consistent:
            return
        if attempt == REJECTIONS:  # each seat takes the first cards it may hold
            free = np.ones(pool.shape[0], np.bool_)
            for seat in range(players):
                if seat == me:
                    continue
                hands[seat] = 0
                need = sizes[seat]
                for i in range(pool.shape[0]):
                    if need and free[i] and not view[v.VOIDS + seat] >> (pool[i] // 13) & 1:
                        hands[seat] |= 1 << pool[i]
                        free[i] = False
                        need -= 1


@njit(cache=True)
def position_of(view, hands, game: int, trump: int):
    """The solver's position for the seat deciding, with `hands` as the deal and `trump`
    (the suit its opening card would name, when it opens)."""
    players = view[v.PLAYERS]
    me = view[v.SEAT]
    position = np.zeros(s.POSITION_SIZE, np.int64)
    position[s.P_GAME] = game
    position[s.P_PLAYERS] = players
    position[s.P_TRUMP] = trump
    length = view[v.POSITION]
    leader = (me - length) % players
    position[s.P_LEADER] = leader
    position[s.P_TRICK_LEN] = length
    position[s.P_MUST_FOLLOW] = view[v.FOLLOW]
    position[s.P_OPENING] = view[v.DECISION] == v.OPENING
    position[s.P_LOW_TO_HOLDER] = view[v.LOW_TO_HOLDER]
    position[s.P_HIGH_LOW] = view[v.HIGH_LOW_WORTH]
    position[s.P_JACK] = view[v.JACK_WORTH]
    position[s.P_GAME_WORTH] = view[v.GAME_WORTH] + view[v.CARRY]
    sides = view[v.SIDES] if game == s.GAME_PITCH else 2
    position[s.P_SIDES] = sides
    for seat in range(players):
        side = view[v.SIDE_OF + seat] if game == s.GAME_PITCH else seat & 1
        position[s.P_SIDE_OF + seat] = side
        position[s.P_HANDS + seat] = hands[seat]
        position[s.P_DEALT + seat] = hands[seat] | view[v.PLAYED_BY + seat]
        position[s.P_WON + side] |= view[v.WON + seat]
    position[s.P_SIDE] = position[s.P_SIDE_OF + me]
    for k in range(length):
        seat = (leader + k) % players
        position[s.P_TRICK + k] = lowest(view[v.TRICK_CARDS] & view[v.PLAYED_BY + seat])
    position[s.P_CARD_POINTS : s.P_CARD_POINTS + 52] = CARD_POINTS[game, trump]
    return position


@njit(cache=True)
def pimc_choice(view, params, rng, game: int, hand_size: int) -> int:
    """The legal card with the best total value over `samples` solved deals (at once when
    only one card is legal: nothing to search)."""
    legal = view[v.LEGAL]
    if legal & (legal - 1) == 0:
        return lowest(legal)
    samples = max(1, int(params[SAMPLES]))
    opening = view[v.DECISION] == v.OPENING
    totals = np.zeros(52, np.int64)
    hands = np.zeros(s.MAX_SEATS, np.int64)
    table = np.empty((1 << TABLE_BITS, 3), np.int64)
    for _ in range(samples):
        deal_hidden(view, hand_size, rng, hands)
        for trump in range(4):
            if opening:  # the opening card names trump: each suit held is its own deal
                if not legal & suit_mask(trump):
                    continue
            elif trump != view[v.TRUMP]:
                continue
            values, _ = s.move_values_nb(position_of(view, hands, game, trump), table, True)
            for card in range(52):
                if legal >> card & 1 and values[card] >= 0:  # -1: not a card of this trump
                    totals[card] += values[card]
    best, best_total = lowest(legal), -1
    for card in range(52):
        if legal >> card & 1 and totals[card] > best_total:
            best, best_total = card, totals[card]
    return best


@njit(cache=True)
def _solving(view, params, hand_size: int) -> bool:
    """Whether this trick is within the solved depth (0: every trick)."""
    depth = int(params[DEPTH])
    return depth <= 0 or hand_size - view[v.TRICK_NO] <= depth


@njit(cache=True)
def pimc_pitch(view, params, rng):
    """Pitch: every card, the opening lead included, by PIMC within the depth, else as
    `greedy` (whose opening lead is `lead_best`)."""
    if _solving(view, params, 6):
        return pimc_choice(view, params, rng, s.GAME_PITCH, 6)
    if view[v.DECISION] == v.OPENING:
        return lead_best(view, params, rng)
    return pitch_greedy.play_greedy(view, params, rng)


@njit(cache=True)
def pimc_phat(view, params, rng):
    """Phat and Don: PIMC within the depth, else `greedy` (opening with `lead_long`)."""
    game = s.GAME_DON if view[v.CARD_VALUES] else s.GAME_PHAT
    hand_size = don.HAND_SIZE if game == s.GAME_DON else 13
    if _solving(view, params, hand_size):
        return pimc_choice(view, params, rng, game, hand_size)
    if view[v.DECISION] == v.OPENING:
        return lead_long(view, params, rng)
    return phat_greedy.play_greedy(view, params, rng)


_ABOUT = "perfect-information Monte Carlo: solves sampled deals of the unseen cards"
register(
    "pimc",
    "pitch",
    f"{_ABOUT}; bids as threshold",
    play=pimc_pitch,
    lead=pimc_pitch,
    bid=threshold_bid,
    params={"margin": 0.0, "samples": 12.0, "depth": 0.0},
    inline=False,
)
for _game in ("phat", "don"):
    register(
        "pimc",
        _game,
        f"{_ABOUT} for the last `depth` tricks, greedy before",
        play=pimc_phat,
        lead=pimc_phat,
        params={"guard_big_phat": 1.0, "samples": 12.0, "depth": 4.0},
        inline=False,
    )
