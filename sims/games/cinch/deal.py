"""The Cinch deal loop and its run kernel (docs/rules.md section 6): the auction
and trump, the discard and draw with the dealer's rob, six tricks, the 14 points and the
settlement, single deals or whole games to the target.

The exchanges go to the deal log's calls after the auction's calls and trump, two slots
each (`sims.engine.exchanges`: a discard, a card drawn, a face-up discard taken back by a
player the stock left short, a card of the stock the dealer robs), in the order they
happen."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.memory import unowned
from sims.core.rng import (
    STREAM_DEAL,
    STREAM_GAME,
    STREAM_PLAY,
    below,
    draw_swaps,
    purpose_key,
    seed_key,
    shuffle_slowly,
    swap_in,
    unit_key,
)
from sims.core.tricks import legal_following
from sims.engine.common import (
    BID,
    ILLEGAL_CALL,
    ILLEGAL_CARD,
    LEAD,
    OK,
    PLAY,
    SCRIPT_EXHAUSTED,
    card_in_trick_nb,
    game_stream_nb,
    hand_masks_nb,
    holder_nb,
    nowrap,
    record_fault_nb,
    tally_nb,
)
from sims.engine.exchanges import DRAW, FILL, ROB
from sims.engine.threads import UnitKernel
from sims.games.cinch import rules as c
from sims.games.cinch import slots
from sims.games.cinch.cards import DECK
from sims.strategies import dispatcher
from sims.strategies import view as v

decide_cinch = dispatcher("cinch")
decide_cinch_calls = dispatcher("cinch", calls=True)

SUITS, MASKS, FOLLOWS, BEATERS = DECK.suits, DECK.masks, DECK.follows, DECK.beaters
CARDS = DECK.size
MAX_ENTRIES = 2 * CARDS  # exchanges a deal can log: each card discarded and drawn once
BIDS = (1 << (c.MAX_BID + 1)) - 1  # bits 0..14: pass and every bid
SUITS_ALL = 0b1111  # the legal answers to CHOOSE_TRUMP: any suit
TRACE_SEAT, TRACE_SEEN, TRACE_PLAY, TRACE_CARD = range(4)  # a card decision's trace
TRACE_WIDTH = 4
SET_DEALT, SET_HAND, SET_OWN, SET_DRAWN = range(4)  # rows of a deal's cards per seat
SET_TAKEN = 4  # a row of a deal's cards per side: the cards its tricks took
SET_ROWS = 5


@njit(cache=True, inline="always")
def ask_call_nb(view, seat, legal, decision, script, asked, fids, params, rng, error):
    """Ask `seat` for a call (a bid, or as CHOOSE_TRUMP a suit) among the bits of `legal`:
    the next scripted one while they last, else its bidder's (none: the deal ends).
    Returns it, or minus the error kind with seat and call in `error`."""
    view[v.DECISION] = decision
    view[v.SEAT] = seat
    view[v.LEGAL] = legal
    if asked < script.shape[0]:
        call = np.int64(script[asked])
    elif fids[BID, nowrap(seat)] < 0:
        error[0], error[1] = seat, -1
        return -SCRIPT_EXHAUSTED
    else:
        call = decide_cinch_calls(fids[BID, nowrap(seat)], view, params, BID, seat, rng)
    if call < 0 or call > 62 or not (legal >> call) & 1:
        error[0], error[1] = seat, call
        return -ILLEGAL_CALL
    return call


@njit(cache=True, inline="always")
def ask_card_nb(view, seat, legal, kind, script, asked, fids, params, rng, error, trace, seen):
    """Ask `seat` for a card (to discard, or to play) among `legal`: the next scripted one
    while they last, else its strategy's of `kind`; the decision's seat and the cards it
    has `seen` go to `trace` where it has room. Returns the card, or minus the error kind."""
    view[v.SEAT] = seat
    view[v.LEGAL] = legal
    if asked < trace.shape[0]:
        trace[asked, TRACE_SEAT] = seat
        trace[asked, TRACE_SEEN] = seen
        trace[asked, TRACE_PLAY] = view[v.DECISION] != v.DISCARD
    if asked < script.shape[0]:
        card = np.int64(script[asked])
    elif fids[kind, nowrap(seat)] < 0:
        error[0], error[1] = seat, -1
        return -SCRIPT_EXHAUSTED
    else:
        card = decide_cinch(fids[kind, nowrap(seat)], view, params, kind, seat, rng)
    if card < 0 or card > 63 or not (legal >> card) & 1:
        error[0], error[1] = seat, card
        return -ILLEGAL_CARD
    if asked < trace.shape[0]:
        trace[asked, TRACE_CARD] = card
    return card


@njit(cache=True, inline="always")
def log_entry_nb(log_calls, row, slot, tag, card) -> int:
    """Write an exchange (tag, card) at `slot` of the deal's log of calls; the next slot."""
    if log_calls.shape[0] > 0:
        log_calls[row, slot] = tag
        log_calls[row, slot + 1] = card
    return slot + 2


@njit(cache=True, inline="always")
def field_views_nb(out):
    """Views of the per-caller and per-side fields of `out`, for writing."""
    return out.call, out.won, out.delta, out.score_before, out.score_after


@njit(cache=True)
def game_winner_nb(rules, making, bid, made, point_side, before, after) -> int:
    """The side that wins the game after a deal (CIN-9), -1 for none (play on)."""
    n_sides, target = rules[c.R_SIDES], rules[c.R_TARGET]
    reached, first = 0, -1
    for side in range(n_sides):
        if after[side] >= target:
            reached += 1
            first = side if first < 0 else first
    if reached <= 1:
        return first
    if rules[c.R_COUNT_ORDER]:
        # The points counted one by one (CIN-9.3's order): the first side at the target.
        scores = before[:n_sides].copy()
        if not made:
            scores[making] -= bid
        for i in range(6):
            side = point_side[i]
            if side >= 0 and (made or side != making):
                scores[side] += c.POINT_VALUES[i]
                for other in range(n_sides):
                    if scores[other] >= target:
                        return other
    if bid > 0 and made and after[making] >= target:
        return making
    best, leaders, leader = -1 << 30, 0, -1
    for side in range(n_sides):
        if after[side] >= target:
            if after[side] > best:
                best, leaders, leader = after[side], 1, side
            elif after[side] == best:
                leaders += 1
    return leader if leaders == 1 else -1


@njit(cache=True)
def play_cinch_deal_nb(
    order,
    dealer,
    scores,
    rules,
    fids,
    params,
    rng,
    call_script,
    card_script,
    view,
    out,
    row,
    error,
    log_calls,
    log_plays,
    log_winners,
    trace,
):
    """Bid, exchange, play and score one Cinch deal into `out[row]`: `order` holds the 52
    cards, the hands dealt (each seat's in turn) then the stock, top first; `scores` (per
    side) is updated. Calls come from `call_script` (the bids from the dealer's left, then
    the maker's trump) and card decisions (the discards a player chooses, then the cards
    played) from `card_script` while they last, then from the strategies; `trace[k]`, where
    it has room, says who made card decision k, the cards it had seen besides its hand
    dealt (discards shown to it, its draws, cards played) and whether it was a card
    played, and the card. Returns the error kind (OK), with seat and card or call in
    `error`. Its callers, whatever the layout of their `out`, share one compiled copy of
    the deal loop: the views of `out`'s fields are made here."""
    sets = np.zeros((SET_ROWS, c.MAX_PLAYERS), np.int64)
    hand_masks_nb(order, sets[SET_DEALT], rules[c.R_PLAYERS], rules[c.R_DEALT])
    return play_deal_nb(
        order,
        dealer,
        scores,
        rules,
        fids,
        params,
        rng,
        call_script,
        card_script,
        view,
        out,
        field_views_nb(out),
        row,
        error,
        log_calls,
        log_plays,
        log_winners,
        trace,
        sets,
    )


@njit(cache=True, inline="always")
def seat_after_nb(seat: int, k: int, players: int) -> int:
    """The seat `k` places to the left of `seat` (0 <= k <= players), without a division."""
    seat += k
    return seat - players if seat >= players else seat


@njit(cache=True, inline="always")
def log_discards_nb(log_calls, row, slot, seat, cards) -> int:
    """Log the discards `cards` of `seat`, lowest first, from `slot`; the next slot."""
    if log_calls.shape[0] == 0:
        return slot + 2 * popcount(cards)
    while cards:
        slot = log_entry_nb(log_calls, row, slot, seat, lowest(cards))
        cards &= cards - 1
    return slot


@njit(cache=True, inline="always")
def play_deal_nb(
    order,
    dealer,
    scores,
    rules,
    fids,
    params,
    rng,
    call_script,
    card_script,
    view,
    out,
    fields,
    row,
    error,
    log_calls,
    log_plays,
    log_winners,
    trace,
    sets,
):
    """`play_cinch_deal_nb` with its scratch `sets`: each seat's cards dealt (given, as
    `hand_masks_nb` or `deal_nb` fill them), held, discarded and drawn, and each side's
    cards taken (the SET_* rows), which a run kernel allocates once, not per deal."""
    n = rules[c.R_PLAYERS]
    size = rules[c.R_DEALT]
    n_sides = rules[c.R_SIDES]
    strict = rules[c.R_STRICT] != 0
    record = log_plays.shape[0] > 0
    calls, won_out, delta_out, before_out, after_out = fields
    r = out[row]
    for seat in range(n):
        sets[SET_HAND, seat] = sets[SET_DEALT, seat]
        sets[SET_OWN, seat] = 0
        sets[SET_DRAWN, seat] = 0
        sets[SET_TAKEN, seat] = 0
    top = n * size
    r.dealer = dealer
    for k in range(c.MAX_PLAYERS):
        calls[row, k] = -1
        won_out[row, k] = 0
        delta_out[row, k] = 0
    for side in range(n_sides):
        before_out[row, side] = scores[side]
        after_out[row, side] = scores[side]
    r.pitcher, r.maker_side, r.maker_position, r.contract, r.trump, r.made = -1, -1, -1, -1, -1, -1
    r.high, r.low, r.jack, r.game_point, r.right_pedro, r.left_pedro = -1, -1, -1, -1, -1, -1
    r.left_dealt, r.winner = -1, -1
    view[:] = 0
    view[v.PLAYERS] = n
    view[v.DEALER] = dealer
    view[v.TARGET] = rules[c.R_TARGET]
    view[v.HIGH_BIDDER] = -1
    view[v.TRUMP] = -1
    view[v.SIDES] = n_sides
    view[v.FOLLOW] = strict
    view[v.HAND_SIZE] = c.HAND_SIZE
    for seat in range(n):
        view[v.CALLS + seat] = -1
        view[v.SIDE_OF + seat] = rules[c.R_SIDE_OF + seat]
    for side in range(n_sides):
        view[v.SCORE + side] = scores[side]

    # The auction (CIN-4): one call each from the dealer's left, each bid above the last.
    high, maker = 0, -1
    for k in range(n):
        seat = seat_after_nb(dealer, 1 + k, n)
        lowest_bid = max(rules[c.R_MIN_BID], high + 1)
        legal = 1 | (BIDS & ~((1 << lowest_bid) - 1))
        view[v.HAND] = sets[SET_HAND, nowrap(seat)]
        view[v.POSITION] = k
        view[v.HIGH_BID] = high
        view[v.HIGH_BIDDER] = maker
        call = ask_call_nb(view, seat, legal, v.BID, call_script, k, fids, params, rng, error)
        if call < 0:
            return -call
        view[nowrap(v.CALLS + seat)] = call
        calls[row, k] = call
        if record:
            log_calls[row, k] = call
        if call > 0:
            high, maker = call, seat
    if maker < 0:  # CIN-4.4: all passed
        if rules[c.R_ALL_PASS] == c.REDEAL:
            return OK  # thrown in: nothing scores, the next dealer deals
        maker = dealer
        high = rules[c.R_MIN_BID] if rules[c.R_ALL_PASS] == c.FORCED_MIN_BID else 0
    view[v.HAND] = sets[SET_HAND, nowrap(maker)]
    view[v.HIGH_BID] = high
    view[v.HIGH_BIDDER] = maker
    trump = ask_call_nb(
        view, maker, SUITS_ALL, v.CHOOSE_TRUMP, call_script, n, fids, params, rng, error
    )
    if trump < 0:
        return -trump
    if record:
        log_calls[row, n] = trump
    view[v.TRUMP] = trump
    view[v.PITCHER] = maker
    view[v.CONTRACT] = high
    trumps = MASKS[trump, trump]
    counters = c.COUNTERS_MASK[trump] if rules[c.R_KEEP_COUNTERS] else 0
    left = c.COUNTING[trump, 5]
    for seat in range(n):
        if sets[SET_DEALT, seat] >> left & 1:
            r.left_dealt = rules[c.R_SIDE_OF + seat]

    # The discard and draw (CIN-5): every discard a decision unless the rules force it.
    view[v.DECISION] = v.DISCARD
    robs = rules[c.R_ROBS] != 0
    widow = rules[c.R_WIDOW] != 0
    keep_nontrumps = rules[c.R_KEEP_NONTRUMPS] != 0
    slot = n + 1
    asked = 0
    shown = np.int64(0)  # discards shown to all
    face_up = np.int64(0)  # the face-up non-trump discards a short player may take
    for k in range(n):
        seat = seat_after_nb(dealer, 1 + k, n)
        if robs and seat == dealer:
            continue
        step = 0
        while True:
            hand = sets[SET_HAND, nowrap(seat)]
            plain = hand & ~trumps
            if widow:  # keep any six of ten (the trumps left shown)
                legal = hand & ~counters if popcount(hand) > c.HAND_SIZE else 0
            elif not keep_nontrumps:  # every non-trump (CIN-5.1), then trumps above six
                if plain:  # all at once, face up, lowest first: no decision
                    sets[SET_HAND, nowrap(seat)] = hand & trumps
                    sets[SET_OWN, nowrap(seat)] |= plain
                    shown |= plain
                    face_up |= plain
                    slot = log_discards_nb(log_calls, row, slot, seat, plain)
                    step += popcount(plain)
                    continue
                legal = hand & trumps & ~counters if popcount(hand) > c.HAND_SIZE else 0
            elif popcount(hand) > c.HAND_SIZE:  # non-trumps first, then excess trumps
                legal = plain if plain else hand & trumps & ~counters
            else:  # down to six: more non-trumps, or keep the rest (STOP)
                legal = plain | (np.int64(1) << c.STOP) if plain else 0
            if legal == 0:
                break
            view[v.HAND] = hand
            view[v.DEAD] = shown | sets[SET_OWN, nowrap(seat)]
            view[v.POSITION] = step
            card = ask_card_nb(
                view,
                seat,
                legal,
                PLAY,
                card_script,
                asked,
                fids,
                params,
                rng,
                error,
                trace,
                shown | sets[SET_OWN, nowrap(seat)] | sets[SET_DRAWN, nowrap(seat)],
            )
            if card < 0:
                return -card
            asked += 1
            if card == c.STOP:
                break
            bit = np.int64(1) << card
            sets[SET_HAND, nowrap(seat)] &= ~bit
            sets[SET_OWN, nowrap(seat)] |= bit
            if not widow or bit & trumps:
                shown |= bit
                face_up |= bit & ~trumps
            slot = log_entry_nb(log_calls, row, slot, seat, card)
            step += 1
    short = 0
    for k in range(n if not widow else 0):  # CIN-5.3: from the top of the stock, in turn
        seat = seat_after_nb(dealer, 1 + k, n)
        if robs and seat == dealer:
            continue
        hand = sets[SET_HAND, nowrap(seat)]
        drawn = np.int64(0)
        for _ in range(min(c.HAND_SIZE - popcount(hand), CARDS - top)):
            card = order[top]
            top += 1
            drawn |= np.int64(1) << card
            slot = log_entry_nb(log_calls, row, slot, DRAW + seat, card)
        sets[SET_HAND, nowrap(seat)] = hand | drawn
        sets[SET_DRAWN, nowrap(seat)] |= drawn
        if popcount(hand | drawn) < c.HAND_SIZE:
            short += 1
            # CIN-5.5: the short player takes face-up non-trump discards, here the highest
            # ranked first (the rule book leaves the choice to him).
            while (
                rules[c.R_PLAY_SHORT] == 0
                and popcount(sets[SET_HAND, nowrap(seat)]) < c.HAND_SIZE
                and face_up
            ):
                card = _best_plain(face_up)
                bit = np.int64(1) << card
                face_up &= ~bit
                shown &= ~bit
                for other in range(n):  # back in play: out of every seat's dead cards
                    sets[SET_OWN, other] &= ~bit
                sets[SET_HAND, nowrap(seat)] |= bit
                slot = log_entry_nb(log_calls, row, slot, FILL + seat, card)
    r.short = short
    stock_trumps = 0
    if robs:  # CIN-5.4: the dealer takes the stock and keeps any six
        taken = np.int64(0)
        while top < CARDS:
            card = order[top]
            top += 1
            taken |= np.int64(1) << card
            slot = log_entry_nb(log_calls, row, slot, ROB + dealer, card)
        sets[SET_HAND, nowrap(dealer)] |= taken
        sets[SET_DRAWN, nowrap(dealer)] |= taken
        stock_trumps = popcount(sets[SET_DRAWN, nowrap(dealer)] & trumps)
        view[slots.DRAWN] = sets[SET_DRAWN, nowrap(dealer)]  # the dealer knows which cards he took
        step = 0
        while popcount(sets[SET_HAND, nowrap(dealer)]) > c.HAND_SIZE:
            pool = sets[SET_HAND, nowrap(dealer)]
            legal = pool
            if rules[c.R_TAKE_TRUMPS] and pool & ~trumps:
                legal = pool & ~trumps
            legal &= ~counters
            view[v.HAND] = pool
            view[v.DEAD] = shown | sets[SET_OWN, nowrap(dealer)]
            view[v.POSITION] = step
            card = ask_card_nb(
                view,
                dealer,
                legal,
                PLAY,
                card_script,
                asked,
                fids,
                params,
                rng,
                error,
                trace,
                shown | sets[SET_OWN, nowrap(dealer)] | sets[SET_DRAWN, nowrap(dealer)],
            )
            if card < 0:
                return -card
            asked += 1
            bit = np.int64(1) << card
            sets[SET_HAND, nowrap(dealer)] &= ~bit
            sets[SET_OWN, nowrap(dealer)] |= bit
            shown |= bit & trumps  # the trumps he leaves are shown and dead
            slot = log_entry_nb(log_calls, row, slot, dealer, card)
            step += 1
        view[slots.DRAWN] = 0
    r.dealer_stock_trumps = stock_trumps
    side_trumps = 0
    maker_side = rules[c.R_SIDE_OF + maker]
    for seat in range(n):
        if rules[c.R_SIDE_OF + seat] == maker_side:
            side_trumps += popcount(sets[SET_HAND, seat] & trumps)

    # Six tricks (CIN-6): the maker leads; follow suit or trump; a seat with no card left
    # (`play_short`) is skipped and passes on the lead.
    leader = maker
    view[v.DECISION] = v.OPENING  # the deal's first card; PLAY from then on
    instead = 0 if strict else trumps  # what a player able to follow may play instead
    played = np.int64(0)
    count = 0
    trick_no = 0
    remaining = 0  # cards left in the hands
    for seat in range(n):
        remaining += popcount(sets[SET_HAND, seat])
    while remaining > 0:
        while sets[SET_HAND, nowrap(leader)] == 0:
            leader = seat_after_nb(leader, 1, n)
        led, best, best_seat, cards, position = -1, -1, -1, np.int64(0), 0
        suit_led, beaters = np.int64(0), np.int64(0)  # the led suit's cards; best's beaters
        view[v.TRICK_NO] = trick_no
        for i in range(n):
            seat = seat_after_nb(leader, i, n)
            hand = sets[SET_HAND, nowrap(seat)]
            if hand == 0:
                continue
            legal = legal_following(hand, suit_led, instead)
            view[v.HAND] = hand
            view[v.POSITION] = position
            view[v.LED_SUIT] = led
            view[v.WINNING_CARD] = best
            view[v.WINNING_SEAT] = best_seat
            view[v.TRICK_CARDS] = cards
            view[v.PLAYED] = played
            view[v.DEAD] = shown | sets[SET_OWN, nowrap(seat)]
            kind = LEAD if count == 0 else PLAY
            card = ask_card_nb(
                view,
                seat,
                legal,
                kind,
                card_script,
                asked,
                fids,
                params,
                rng,
                error,
                trace,
                shown | sets[SET_OWN, nowrap(seat)] | sets[SET_DRAWN, nowrap(seat)] | played,
            )
            if card < 0:
                return -card
            asked += 1
            bit = np.int64(1) << card
            sets[SET_HAND, nowrap(seat)] = hand & ~bit
            cards |= bit
            played |= bit
            view[nowrap(v.PLAYED_BY + seat)] |= bit
            if record:
                log_plays[row, count] = card
            count += 1
            remaining -= 1
            led, best, best_seat, suit_led, beaters = card_in_trick_nb(
                view, seat, card, position, trump, strict, (SUITS, BEATERS, FOLLOWS),
                (led, best, best_seat, suit_led, beaters),
            )  # fmt: skip
            position += 1
        view[nowrap(v.WON + best_seat)] |= cards
        sets[SET_TAKEN, nowrap(rules[c.R_SIDE_OF + best_seat])] |= cards
        if record:
            log_winners[row, trick_no] = best_seat
        leader = best_seat
        trick_no += 1

    # The points (CIN-6.7) and the settlement (CIN-8, CIN-9).
    side_tricks = sets[SET_TAKEN, :n_sides]  # the side holding a point took it; -1: none
    point_side = (
        holder_nb(side_tricks, c.COUNTING[trump, 0]),
        holder_nb(side_tricks, c.COUNTING[trump, 1]),
        holder_nb(side_tricks, c.COUNTING[trump, 2]),
        holder_nb(side_tricks, c.COUNTING[trump, 3]),
        holder_nb(side_tricks, c.COUNTING[trump, 4]),
        holder_nb(side_tricks, c.COUNTING[trump, 5]),
    )
    # Added, not branched on: whether a point card is dead is a toss in random play. Each
    # side's points are a byte of one register while they are added.
    tally = np.int64(0)
    for i in range(6):
        tally = tally_nb(tally, point_side[i], c.POINT_VALUES[i])
    dead_points = c.TOTAL_POINTS
    for side in range(n_sides):
        won_out[row, side] = tally >> (8 * side) & 0xFF
        dead_points -= won_out[row, side]
    made = won_out[row, maker_side] >= high
    if n_sides == 2 and rules[c.R_SETBACK] == 0:
        # Selects: whether the bid is made, and by which side's margin, are tosses.
        other = 1 - maker_side
        ours, theirs = won_out[row, maker_side], won_out[row, other]
        margin = ours - theirs
        if rules[c.R_SHORTFALL]:
            award = c.TOTAL_POINTS + high - ours
        else:
            award = theirs + high
        delta_out[row, maker_side] = max(margin, 0) if made else 0
        delta_out[row, other] = max(-margin, 0) if made else award
    else:
        for side in range(n_sides):
            delta_out[row, side] = won_out[row, side]
        if not made:
            delta_out[row, maker_side] = -high
    for side in range(n_sides):
        scores[side] += delta_out[row, side]
        after_out[row, side] = scores[side]
    if rules[c.R_MONEY] and high == c.MAX_BID:
        winner = maker_side if made else 1 - maker_side
    else:
        winner = game_winner_nb(rules, maker_side, high, made, point_side, before_out[row], scores)
    r.pitcher = maker
    r.maker_side = maker_side
    offset = maker - dealer
    r.maker_position = offset + n if offset <= 0 else offset
    r.contract = high
    r.trump = trump
    r.made = made
    r.high, r.low, r.jack = point_side[0], point_side[1], point_side[2]
    r.game_point, r.right_pedro, r.left_pedro = point_side[3], point_side[4], point_side[5]
    r.maker_trumps = popcount(sets[SET_DEALT, nowrap(maker)] & trumps)
    r.maker_side_trumps = side_trumps
    r.dead_points = dead_points
    r.winner = winner
    return OK


@njit(cache=True)
def _best_plain(cards: int) -> int:
    """The highest-ranked card of `cards` (non-trumps), the highest suit on a tie."""
    best = -1
    while cards:
        card = highest(cards)
        cards &= ~(np.int64(1) << card)
        if best < 0 or card % 13 > best % 13:
            best = card
    return best


@njit(cache=True, inline="always")
def deal_nb(rng, deck, sets, players: int, size: int) -> None:
    """The 52 cards shuffled into `deck[:52]` as `shuffle` would (`deck` has room for the
    draws after them), and each seat's hand into the SET_DEALT row of `sets`. Fisher-Yates
    from the bottom leaves a card where it is once swapped there, so each hand's mask is
    made as its cards are swapped, not in a pass over the pack after it."""
    for i in range(CARDS):
        deck[i] = i
    if not draw_swaps(rng, deck, CARDS, CARDS):
        shuffle_slowly(rng, deck, CARDS)
        hand_masks_nb(deck, sets[SET_DEALT], players, size)
        return
    dealt = players * size
    seat, left, mask = players - 1, size, np.int64(0)
    for i in range(CARDS - 1, 0, -1):
        card = swap_in(deck, i, deck[nowrap(2 * CARDS - 1 - i)])  # step i's draw
        if i < dealt:
            mask |= np.int64(1) << card
            left -= 1
            if left == 0:
                sets[SET_DEALT, seat] = mask
                seat, left, mask = seat - 1, size, np.int64(0)
    sets[SET_DEALT, 0] = mask | (np.int64(1) << deck[0])  # the one card no swap moves


@njit(cache=True, nogil=True)
def play_units_nb(
    start,
    stop,
    seed,
    first,
    games,
    cap,
    rules,
    fids,
    params,
    out,
    errors,
    log_hands,
    log_calls,
    log_plays,
    log_winners,
):
    """Play units `first + start .. first + stop` of a run of `seed` one after another,
    with one set of scratch arrays: single deals (games=False, one row each, dealer =
    index % players) or whole games to the target (up to `cap` rows each; the deal passes
    left; the first dealer drawn at random). Row `u * cap + k` holds deal k of unit u;
    rows left unused keep deal = -1. `errors[u]` = (kind, deal in unit, seat, card or
    call) of the first fault. Returns its scratch."""
    seed_part = seed_key(seed)
    players = rules[c.R_PLAYERS]
    size = rules[c.R_DEALT]
    owned = (
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(2 * CARDS, np.int64),
        np.zeros(c.MAX_PLAYERS, np.int64),
        np.zeros(2, np.int64),
        np.zeros(0, np.int8),
        np.zeros(0, np.int8),
        np.zeros((0, TRACE_WIDTH), np.int64),
        np.zeros((SET_ROWS, c.MAX_PLAYERS), np.int64),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call, and the
    # deals played up to twice as slowly. The scratch is made here rather than handed in,
    # so that the compiler knows that no two of its arrays overlap.
    view, rng, deck, scores, error, no_calls, no_cards, no_trace, sets = unowned(owned)
    rules, fids, params, out, errors = unowned((rules, fids, params, out, errors))
    log_hands, log_calls, log_plays, log_winners = unowned(
        (log_hands, log_calls, log_plays, log_winners)
    )
    fields = field_views_nb(out)
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        scores[:] = 0
        dealer = index % players
        if games:
            rng[0] = purpose_key(unit, STREAM_GAME)
            dealer = below(rng, players)
        for k in range(cap):
            row = u * cap + k
            deal_stream = game_stream_nb(k, STREAM_DEAL) if games else STREAM_DEAL
            play_stream = game_stream_nb(k, STREAM_PLAY) if games else STREAM_PLAY
            rng[0] = purpose_key(unit, deal_stream)
            deal_nb(rng, deck, sets, players, size)
            if log_hands.shape[0] > 0:
                log_hands[row, :players] = sets[SET_DEALT, :players]
            rng[0] = purpose_key(unit, play_stream)
            kind = play_deal_nb(
                deck,
                dealer,
                scores,
                rules,
                fids,
                params,
                rng,
                no_calls,
                no_cards,
                view,
                out,
                fields,
                row,
                error,
                log_calls,
                log_plays,
                log_winners,
                no_trace,
                sets,
            )
            record = out[row]
            record.game = index if games else -1
            record.deal = k if games else index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
            if not games or record.winner >= 0:
                break
            dealer = (dealer + 1) % players
    return owned  # alive until here: the loop used views of it that no one counted


@njit(cache=True, nogil=True)
def run_units_nb(*arguments):
    """`play_units_nb`, optimised once more (sims.engine.threads says why)."""
    play_units_nb(*arguments)


run_cinch = UnitKernel(run_units_nb)
