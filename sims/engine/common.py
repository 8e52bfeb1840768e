"""Pieces every deal loop shares: error kinds, stream keys of games, dealing, lookups,
and the two steps of a card: asking a strategy for it, and playing it."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.cards import suit_of
from sims.core.rng import STREAM_PLAY, below_from, next_u64, skip, u64_ahead
from sims.core.tricks import beats
from sims.strategies import view as v

# Error kinds written by the kernels; the runner turns them into exceptions.
OK = 0
ILLEGAL_CARD = 1
SCRIPT_EXHAUSTED = 2
ILLEGAL_CALL = 3
# Not a fault: in a conditional run, a seat's bidder made another call than the one the
# conditions name, so the deal is not one of those asked for.
REJECTED = 4

# Rows of the per-seat strategy tables `fids[kind, seat]` and `params[kind, seat, :]`.
BID, PLAY, LEAD = 0, 1, 2


@njit(cache=True, inline="always")
def nowrap(index: int) -> np.uint64:
    """An index known to be non-negative, as unsigned: numba then indexes without the
    wrap-around of negative indices, which costs about three instructions and a
    register per access, in loops of a few dozen instructions per card."""
    return np.uint64(index)


@njit(cache=True, inline="always")
def game_stream_nb(deal_in_game: int, purpose: int) -> int:
    """Stream purpose of deal k of a game: apart from the single-deal streams."""
    return 16 + 2 * deal_in_game + (purpose == STREAM_PLAY)


# Scratch of a deal: the 52 cards, then the shuffle's draws (two per 64 random bits).
DECK_SCRATCH = 52 + 52


@njit(cache=True, inline="always")
def deal_hands_nb(state, deck, hands, players: int, hand_size: int) -> None:
    """Shuffle by Fisher-Yates (only as far as needed) and give each seat hand_size cards;
    `deck` is scratch of DECK_SCRATCH entries.

    Each 64 random bits serve two swaps (32 bits each). Swap i's draw does not depend on
    the cards, so all are drawn first, in a loop whose steps do not depend on each other
    (the random bits come from the stream's counter, not from `state` in memory), then the
    cards are swapped: a swap no longer waits for its draw's multiplications. A draw that
    Lemire's method might reject (a chance of about n in 2**32) sends the deal down the
    one-draw-at-a-time path from the same state, which draws afresh where it must.
    """
    for i in range(52):
        deck[i] = i
    swaps = min(players * hand_size, 51)
    start = state[0]
    suspect = False
    for k in range((swaps + 1) // 2):
        bits = u64_ahead(start, k)
        n = 52 - 2 * k
        high = ((bits >> 32) & 0xFFFFFFFF) * n
        low = (bits & 0xFFFFFFFF) * (n - 1)
        deck[52 + 2 * k] = 2 * k + (high >> 32)
        deck[53 + 2 * k] = 2 * k + 1 + (low >> 32)
        second = 2 * k + 1 < swaps
        suspect |= ((high & 0xFFFFFFFF) < n) | (second & ((low & 0xFFFFFFFF) < n - 1))
    if suspect:
        _shuffle_one_at_a_time(state, deck, swaps)
    else:
        for i in range(swaps):
            j = nowrap(deck[52 + i])
            deck[nowrap(i)], deck[j] = deck[j], deck[nowrap(i)]
        skip(state, (swaps + 1) // 2)
    hand_masks_nb(deck, hands, players, hand_size)


@njit(cache=True, inline="always")
def hand_masks_nb(order, masks, players: int, size: int) -> None:
    """Each seat's hand of `size` cards dealt from `order` one seat after another (seat k's
    are `order[k * size:(k + 1) * size]`), as a mask into `masks[k]`."""
    for seat in range(players):
        mask = np.int64(0)
        for i in range(seat * size, (seat + 1) * size):
            mask |= np.int64(1) << order[nowrap(i)]
        masks[seat] = mask


@njit(cache=True)
def _shuffle_one_at_a_time(state, deck, swaps: int) -> None:
    """`deal_hands_nb`'s swaps drawn one pair at a time from `state`, redrawing where
    Lemire's method rejects."""
    for i in range(0, swaps, 2):
        bits = next_u64(state)
        j = nowrap(i + below_from((bits >> 32) & 0xFFFFFFFF, 52 - i, state))
        deck[nowrap(i)], deck[j] = deck[j], deck[nowrap(i)]
        if i + 1 < swaps:
            j = nowrap(i + 1 + below_from(bits & 0xFFFFFFFF, 51 - i, state))
            deck[nowrap(i + 1)], deck[j] = deck[j], deck[nowrap(i + 1)]


@njit(cache=True, inline="always")
def record_fault_nb(errors, unit: int, kind: int, where: int, error) -> None:
    """Row `unit` of a run's fault table: (kind, where in the unit, seat, card or call)."""
    errors[unit, 0] = kind
    errors[unit, 1] = where
    errors[unit, 2] = error[0]
    errors[unit, 3] = error[1]


@njit(cache=True, inline="always")
def holder_nb(masks, card: int) -> int:
    """Seat whose mask (hand dealt, pile captured) holds `card`, or -1: a select per seat,
    not an early exit, since in random play the seat is a toss."""
    holder = -1
    for seat in range(masks.shape[0]):
        holder = seat if masks[seat] >> card & 1 else holder
    return holder


@njit(cache=True, inline="always")
def card_in_trick_nb(view, seat, card, position, trump, strict, tables, trick_state):
    """The state of a trick, `trick_state` = (led suit, best card, its seat, the led suit's
    cards, the best card's beaters), after `seat` plays `card` at `position`, for a deal
    loop that plays by a deck's tables, `tables` = (`suits`, `beaters`, `follows`), each
    indexed [trump, card]. The first card sets the view's decision to PLAY; a later one
    that does not follow shows its seat void (the view's VOIDS). Selected, not branched
    on: in random play who wins and who follows are tosses; whether the card wins is one
    bit of the best card's beaters, not a look-up of both cards' suits and ranks."""
    led, best, best_seat, suit_led, beaters = trick_state
    suits, beaters_of, follows = tables
    suit = suits[nowrap(trump), nowrap(card)]
    card_beaters = beaters_of[nowrap(trump), nowrap(card)]
    if position == 0:
        view[v.DECISION] = v.PLAY  # set once a trick
        return suit, card, seat, follows[nowrap(trump), nowrap(card)], card_beaters
    wins = (beaters >> card & 1) != 0
    void = (suit != led) & ((suit != trump) | strict)
    view[nowrap(v.VOIDS + seat)] |= np.int64(void) << led  # shown unable to follow
    best, best_seat = (card, seat) if wins else (best, best_seat)
    return led, best, best_seat, suit_led, card_beaters if wins else beaters


@njit(cache=True, inline="always")
def tally_nb(tally: int, side: int, points: int) -> int:
    """`tally` (each side's points in a byte, side 0 lowest) with `points` added to `side`'s,
    nothing for side -1 (nobody): points summed in a register, with no branch on who took
    each, which in random play is a toss."""
    return tally + (np.int64(side >= 0) * points << (8 * max(side, 0)))


@njit(cache=True, inline="always")
def next_card_nb(
    decide,
    view,
    seat,
    hand,
    legal,
    position,
    led,
    best,
    best_seat,
    trick,
    played,
    script,
    fids,
    params,
    rng,
    error,
):
    """Show `seat` the trick so far, take its card (the next of `script` while it lasts,
    else through the game's dispatcher `decide` from its lead policy for the first card of
    the deal and its play strategy after; a seat with no strategy, fid -1, ends a scripted
    deal) and check it. Returns the card, or minus the error kind with seat and card in
    `error`."""
    view[v.SEAT] = seat
    view[v.HAND] = hand
    view[v.LEGAL] = legal
    view[v.POSITION] = position
    view[v.LED_SUIT] = led
    view[v.WINNING_CARD] = best
    view[v.WINNING_SEAT] = best_seat
    view[v.TRICK_CARDS] = trick
    kind = LEAD if played == 0 else PLAY
    fid = fids[nowrap(kind), nowrap(seat)]
    if played < script.shape[0]:
        card = np.int64(script[played])
    elif fid < 0:
        error[0] = seat
        error[1] = -1
        return -SCRIPT_EXHAUSTED
    else:
        card = decide(fid, view, params, kind, seat, rng)
    if card < 0 or card > 51 or not (legal >> card) & 1:
        error[0] = seat
        error[1] = card
        return -ILLEGAL_CARD
    return card


@njit(cache=True, inline="always")
def take_card_nb(
    card,
    seat,
    hand,
    position,
    hands,
    view,
    out,
    row,
    led,
    trump,
    fixes_trump,
    best,
    best_seat,
    trick,
    played,
    log_plays,
):
    """Play a checked card: out of the hand, into the trick, the view and the log; with
    `fixes_trump`, the first card of the deal fixes trump (recorded in `out[row]`, with the
    card as `lead_card`). Returns the trick's new state: (led, trump, best card, its seat,
    trick cards, cards played)."""
    hands[nowrap(seat)] = hand & ~(1 << card)
    if log_plays.shape[0] > 0:
        log_plays[nowrap(row), nowrap(played)] = card
    if position == 0:
        view[v.DECISION] = v.PLAY  # from the deal's first card on; set once a trick
        led = suit_of(card)
        if trump < 0 and fixes_trump:
            trump = led
            view[v.TRUMP] = trump
            record = out[row]
            record.trump = trump
            record.lead_card = card
        best = card
        best_seat = seat
    else:
        wins = beats(card, best, trump)
        best = card if wins else best
        best_seat = seat if wins else best_seat
        suit = suit_of(card)
        # It could not follow: selected, not branched on, as random play makes it a toss.
        void = (suit != led) & ((suit != trump) | (view[v.FOLLOW] != 0))
        view[nowrap(v.VOIDS + seat)] |= np.int64(void) << led
    view[v.PLAYED] |= 1 << card
    view[nowrap(v.PLAYED_BY + seat)] |= 1 << card
    return led, trump, best, best_seat, trick | (1 << card), played + 1
