"""The Ten-point Pitch deal loop and its run kernel (docs/rules.md section 8): the
deal, the auction, trump named, the discard and draw (burns, the rob, a short player's
fill) or the Smear discard, the tricks, the ten points, the settlement and whole games.

The deal log's calls hold, at the offsets `C_*`: the calls from the dealer's left, the
trump named, each seat's hand at the first trick, the stock in drawing order, the seat of
each card played, and the exchanges in the order made (`sims.engine.exchanges`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import FULL_DECK, N_CARDS, N_RANKS
from sims.core.memory import unowned
from sims.core.rng import (
    STREAM_DEAL,
    STREAM_GAME,
    STREAM_PLAY,
    below,
    purpose_key,
    seed_key,
    skip,
    swap_in,
    u64_ahead,
    unit_key,
)
from sims.core.tricks import game_points, legal_following
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
from sims.engine.exchanges import DRAW as DRAW_TAG
from sims.engine.exchanges import FILL as FILL_TAG
from sims.engine.exchanges import ROB as ROB_TAG
from sims.engine.exchanges import read_exchanges
from sims.engine.threads import UnitKernel
from sims.games.tenpoint import rules as r
from sims.games.tenpoint.slots import TREY_WORTH
from sims.strategies import dispatcher
from sims.strategies import view as v

decide_cards = dispatcher(r.NAME)
decide_calls = dispatcher(r.NAME, calls=True)

FILL = r.FILL  # the view's decision of a card taken back (its log tag is FILL_TAG)
# Exchanges a deal can log: each card discarded and drawn, or discarded and taken back, once.
MAX_ENTRIES = 2 * max(deck.size for deck in r.DECKS)
MAX_STOCK = 27  # three players dealt nine
MAX_PLAYS = r.MAX_PLAYERS * r.MAX_TRICKS
C_TRUMP = r.MAX_PLAYERS
C_AT_PLAY = C_TRUMP + 1
C_STOCK = C_AT_PLAY + r.MAX_PLAYERS * r.MAX_TRICKS
C_SEATS = C_STOCK + MAX_STOCK
C_SIZES = C_SEATS + MAX_PLAYS
C_EXCHANGES = C_SIZES + r.MAX_TRICKS
CALLS_WIDTH = C_EXCHANGES + 2 * MAX_ENTRIES
# What a deal tells its caller besides the row (`info`), and its count of decisions as it
# goes: card decisions made so far, exchanges logged, exchange decisions asked, and every
# card decision made (exchanges asked, then cards played).
I_ASKED, I_LOGGED, I_EXCHANGES, I_DECISIONS = 0, 1, 2, 3
# A deal's scratch (`work`, rows of 64): per seat the cards dealt, held, discarded face
# down, and held at the first trick; per side the cards its tricks captured; per card
# played when it was played, kept only where equal jokers make the order count (the other
# cards' entries are left as they were); per side the card points, points won and score
# changes; the sides of the jokers' points; the stock's top k cards for each k. The cards
# each seat played are in the view.
W_DEALT, W_HANDS, W_CAPTURED, W_OWN_DEAD, W_AT_PLAY, W_WHEN = range(6)
W_COUNTS, W_POINTS, W_DELTA, W_JOKERS, W_ON_TOP = range(6, 11)
WORK_ROWS = 11
# The order of a deal's cards (`order`) holds the shuffled pack in its first 64 entries
# and the shuffle's draws after them.
DRAWS = 64
ORDER_SIZE = DRAWS + 64
INFO_SIZE = I_DECISIONS + 128
ACE, DEUCE, TREY, TEN, JACK = 12, 0, 1, 8, 9
SUIT = (1 << N_RANKS) - 1  # a suit's 13 cards, at its base
BIDS = (1 << (r.MAX_BID + 1)) - 1  # bits 0..MAX_BID: a pass and every bid
FIRST_WINS, SECOND_WINS = r.JOKERS.index("first_wins"), r.JOKERS.index("second_wins")


@njit(cache=True)
def point_trumps_nb(rules, trump: int, full: int) -> int:
    """The trumps that carry a point (8.E.14): A, 2, 3 (with the trey), J, the off-jack,
    the jokers, and the ten under game_card=ten_of_trumps."""
    base = trump * N_RANKS
    cards = (1 << (base + ACE)) | (1 << (base + DEUCE)) | (1 << (base + JACK))
    cards |= full & ~FULL_DECK  # the jokers
    if rules[r.R_TREY]:
        cards |= 1 << (base + TREY)
    if rules[r.R_OFF_JACK]:
        cards |= 1 << ((3 - trump) * N_RANKS + JACK)
    if rules[r.R_GAME_CARD] == 1:
        cards |= 1 << (base + TEN)
    return cards


@njit(cache=True, inline="always")
def ask_card_nb(view, kind, decision, seat, legal, state, script, fids, params, rng, error):
    """The card of a decision of `seat` (a discard, a fill or a card to a trick): the next
    of `script` while it lasts (`state[I_ASKED]` counts the decisions, `state[I_DECISIONS:]`
    holds them), else its strategy's (fid of `kind`; -1 ends a scripted deal, the view left
    as the decision shows it). Returns the card, or minus the error kind with seat and card
    in `error`. The tricks ask the same way, written out in the loop: in the deal loop
    compiled on its own, an inlined call binds its arrays afresh, a reference count taken
    and given back on each for every card."""
    view[v.DECISION] = decision
    view[v.SEAT] = seat
    view[v.LEGAL] = legal
    step = state[I_ASKED]
    state[I_ASKED] = step + 1
    if step < script.shape[0]:
        card = np.int64(script[step])
    elif fids[kind, seat] < 0:
        error[0], error[1] = seat, -1
        return -SCRIPT_EXHAUSTED
    else:
        card = decide_cards(fids[kind, seat], view, params, kind, seat, rng)
    if card < 0 or card > 63 or not (legal >> card) & 1:
        error[0], error[1] = seat, card
        return -ILLEGAL_CARD
    state[I_DECISIONS + step] = card
    return card


@njit(cache=True, inline="always")
def scripted_nb(script, index: int) -> bool:
    """Whether a script of calls gives call `index`: it reaches that far, and not with -1
    (which leaves that call to the seat's bidder)."""
    return index < script.shape[0] and script[index] >= 0


@njit(cache=True, inline="always")
def ask_call_nb(view, decision, seat, legal, index, script, fids, params, rng, error):
    """A call of `seat` (a bid, or the trump it names): `script[index]` if given
    (`scripted_nb`), else its bidder's. Returns the call, or -ILLEGAL_CALL with seat and
    call in `error`."""
    view[v.DECISION] = decision
    view[v.SEAT] = seat
    view[v.LEGAL] = legal
    if scripted_nb(script, index):
        call = np.int64(script[index])
    elif fids[BID, seat] < 0:
        call = -1
    else:
        call = decide_calls(fids[BID, seat], view, params, BID, seat, rng)
    if call < 0 or call > 62 or not (legal >> call) & 1:
        error[0], error[1] = seat, call
        return -ILLEGAL_CALL
    return call


@njit(cache=True, inline="always")
def seat_after_nb(seat: int, k: int, players: int) -> int:
    """The seat `k` places to the left of `seat` (k <= players), without a division."""
    seat += k
    return seat - players if seat >= players else seat


@njit(cache=True, inline="always")
def side_of_nb(rules, seat: int) -> int:
    """The side of a seat, -1 for none."""
    return -1 if seat < 0 else rules[r.R_SIDE_OF + seat]


@njit(cache=True, inline="always")
def owner_nb(masks, count: int, card: int) -> int:
    """Which of the first `count` masks (disjoint: a seat's, or a side's) holds `card`,
    -1 for none (or no card)."""
    return -1 if card < 0 else holder_nb(masks[:count], card)


@njit(cache=True, inline="always")
def log_exchange_nb(log_calls, row, state, tag, card) -> None:
    """An exchange (its tag: the seat, plus DRAW, FILL or ROB) into the log, in order,
    where there is a log."""
    if log_calls.shape[0] > 0:
        slot = C_EXCHANGES + 2 * state[I_LOGGED]
        log_calls[row, slot] = tag
        log_calls[row, slot + 1] = card
        state[I_LOGGED] += 1


@njit(cache=True, inline="always")
def log_discards_nb(log_calls, row, state, seat, cards) -> None:
    """`seat`'s discards `cards` into the log, lowest code first, where there is a log."""
    if log_calls.shape[0] == 0:
        return
    while cards:
        log_exchange_nb(log_calls, row, state, seat, lowest(cards))
        cards &= cards - 1


@njit(cache=True, inline="always")
def log_draws_nb(log_calls, row, state, tag, stock, start, stop) -> None:
    """The stock's cards `start` to `stop`, drawn or robbed as `tag` says, into the log in
    drawing order, where there is a log."""
    if log_calls.shape[0] == 0:
        return
    for k in range(start, stop):
        log_exchange_nb(log_calls, row, state, tag, stock[k])


def exchanges(calls: np.ndarray) -> list[tuple[str, int, int]]:
    """A deal's logged exchanges in order as (kind, seat, card): "discard" (a non-trump
    face down, or a trump burned face up), "draw" (from the stock), "fill" (a face-down
    discard taken back) or "rob" (the stock's rest, to the robber)."""
    return read_exchanges(calls, C_EXCHANGES)


def play_deal(
    order,
    dealer,
    scores,
    rules,
    fids,
    params,
    rng,
    script_calls,
    script_cards,
    view,
    out,
    fields,
    row,
    error,
    info,
    work,
    log_calls,
    log_plays,
    log_winners,
):
    """Bid, exchange, play and score one deal of the cards `order` (the hands dealt one
    seat after another, then the stock top first) into `out[row]`; the per-side and
    per-caller fields go through the views `fields`; `work` is scratch (`W_*`), its row
    W_DEALT holding the hands dealt (`hand_masks_nb`). `scores` (per side) is updated.
    Decisions come from the scripts while they last (calls: one per seat, -1 leaving one
    to the seat's bidder, then the trump, named only by a pitcher whose call was scripted;
    cards: the exchange decisions, then the cards played), then from the strategies.
    Returns the error kind (seat and card or call in `error`)."""
    players = rules[r.R_PLAYERS]
    n_sides = rules[r.R_SIDES]
    dealt_size = rules[r.R_DEALT]
    stock_size = rules[r.R_STOCK]
    deck = rules[r.R_DECK]
    suits = r.SUITS[deck]
    ranks = r.RANKS[deck]
    masks = r.MASKS[deck]
    full = r.FULL[deck]
    record = log_plays.shape[0] > 0
    calls, won_out, delta_out, card_points_out, before_out, after_out = fields
    rec = out[row]
    dealt, hands, captured = work[W_DEALT, :players], work[W_HANDS, :players], work[W_CAPTURED]
    played_by, own_dead = view[v.PLAYED_BY : v.PLAYED_BY + players], work[W_OWN_DEAD, :players]
    when = work[W_WHEN]  # the order in which each card played was played
    state = info
    for seat in range(players):
        hands[seat] = dealt[seat]
        captured[seat], own_dead[seat] = 0, 0  # no more sides than seats
    stock = order[players * dealt_size : players * dealt_size + stock_size]
    if record:
        for k in range(stock_size):
            log_calls[row, C_STOCK + k] = stock[k]
    for side in range(r.MAX_SIDES):
        won_out[row, side] = 0
        delta_out[row, side] = 0
        card_points_out[row, side] = 0
        before_out[row, side] = scores[side] if side < n_sides else 0
        after_out[row, side] = scores[side] if side < n_sides else 0
    for k in range(r.MAX_PLAYERS):
        calls[row, k] = -1
    rec.dealer = dealer
    rec.pitcher, rec.pitcher_side, rec.pitcher_position, rec.trump = -1, -1, -1, -1
    rec.high, rec.low, rec.jack, rec.off_jack = -1, -1, -1, -1
    rec.high_joker, rec.low_joker, rec.game_point, rec.ten, rec.trey = -1, -1, -1, -1, -1
    rec.winner = -1
    rec.contract, rec.stuck, rec.made = 0, False, False
    rec.trumps_in_play, rec.burned, rec.hand_trumps, rec.hand_jokers = 0, 0, 0, 0
    rec.pitcher_trumps = 0
    info[I_ASKED], info[I_LOGGED], info[I_EXCHANGES] = 0, 0, 0

    view[:] = 0
    view[v.PLAYERS] = players
    view[v.DEALER] = dealer
    view[v.TARGET] = rules[r.R_TARGET]
    view[v.HIGH_BIDDER] = -1
    view[v.PITCHER] = -1
    view[v.TRUMP] = -1
    view[v.LED_SUIT] = -1
    view[v.WINNING_CARD] = -1
    view[v.WINNING_SEAT] = -1
    view[v.SIDES] = n_sides
    view[v.FOLLOW] = rules[r.R_FOLLOW] == 1
    view[v.LOW_TO_HOLDER] = rules[r.R_LOW_TO] == 0
    view[v.GAME_WORTH] = 1 - rules[r.R_GAME_CARD]
    view[v.HIGH_LOW_WORTH] = 1
    view[v.JACK_WORTH] = 1
    view[TREY_WORTH] = r.TREY_POINTS * rules[r.R_TREY]
    view[v.NO_LOW] = r.NEVER_LOW[deck]
    view[v.HAND_SIZE] = r.MAX_TRICKS if players == 6 else r.KEEP  # cards at the first trick
    view[v.DECK] = deck
    for seat in range(players):
        view[v.CALLS + seat] = -1
        view[v.SIDE_OF + seat] = rules[r.R_SIDE_OF + seat]
    for side in range(n_sides):
        view[v.SCORE + side] = scores[side]

    # PIT-4: one call each from the eldest, the dealer last; each bid above the last.
    high, pitcher, pitched_at = 0, -1, players - 1  # pitched_at: the pitcher's call's place
    for k in range(players):
        seat = seat_after_nb(dealer, 1 + k, players)
        lowest_bid = max(rules[r.R_MIN_BID], high + 1)
        legal = 1 | (BIDS & ~((1 << lowest_bid) - 1))  # a pass, or a bid from lowest_bid
        view[v.HAND] = hands[seat]
        view[v.POSITION] = k
        view[v.HIGH_BID] = high
        view[v.HIGH_BIDDER] = pitcher
        if legal == 1 and not scripted_nb(script_calls, k):
            call = 0  # only a pass is left (after a bid of 10)
        else:
            call = ask_call_nb(view, v.BID, seat, legal, k, script_calls, fids, params, rng, error)
            if call < 0:
                return -call
        calls[row, k] = call
        view[v.CALLS + seat] = call
        if record:
            log_calls[row, k] = call
        if call > 0:
            high, pitcher, pitched_at = call, seat, k
    if pitcher < 0:
        if rules[r.R_ALL_PASS] == 1:  # PIT-4.2 option: thrown in, nothing scored
            return OK
        pitcher, high = dealer, rules[r.R_MIN_BID]  # PIT-4.2: the dealer is stuck
        rec.stuck = True
    pitching = rules[r.R_SIDE_OF + pitcher]
    view[v.PITCHER] = pitcher
    view[v.CONTRACT] = high
    view[v.HIGH_BID] = high
    view[v.HIGH_BIDDER] = pitcher
    view[v.HAND] = hands[pitcher]
    view[v.POSITION] = 0
    # The script names trump only for a pitcher whose call it made (advice scripts the
    # hand's call, not those of the seats after it).
    named_at = players if scripted_nb(script_calls, pitched_at) else script_calls.shape[0]
    trump = ask_call_nb(
        view, v.CHOOSE_TRUMP, pitcher, 15, named_at, script_calls, fids, params, rng, error
    )
    if trump < 0:
        return -trump
    if record:
        log_calls[row, C_TRUMP] = trump
    view[v.TRUMP] = trump
    trumps = masks[trump, trump]
    points = point_trumps_nb(rules, trump, full)
    protect = rules[r.R_BURN_NONPOINT] != 0
    shown = 0  # cards out of play shown to all: burned trumps, the fill's pool
    burned = 0
    robber = -1

    # PIT-5: the exchanges (none with six players, PIT-3.1 and 8.E.15).
    if players == 6:
        pass
    elif rules[r.R_DEAL] == 1:  # 8.11: keep six, every trump one can
        for k in range(players):
            seat = seat_after_nb(dealer, 1 + k, players)
            while popcount(hands[seat]) > r.KEEP:
                held = hands[seat]
                legal = held & ~trumps
                if legal == 0:
                    legal = held & ~points if protect and (held & ~points) != 0 else held
                view[v.HAND] = held
                view[v.DEAD] = own_dead[seat] | shown
                card = ask_card_nb(
                    view, PLAY, v.DISCARD, seat, legal, state, script_cards, fids, params, rng,
                    error,
                )  # fmt: skip
                if card < 0:
                    return -card
                bit = np.int64(1) << card
                hands[seat] = held & ~bit
                shown |= bit & trumps  # a trump is burned face up, a plain card goes face down
                burned += trumps >> card & 1
                own_dead[seat] |= bit & ~trumps
                log_exchange_nb(log_calls, row, state, seat, card)
    else:
        face_down = 0  # the non-trump discards, the pool a short player fills from
        for k in range(players):  # PIT-5.1 and 5.2
            seat = seat_after_nb(dealer, 1 + k, players)
            plain = hands[seat] & ~trumps
            log_discards_nb(log_calls, row, state, seat, plain)
            hands[seat] &= trumps
            own_dead[seat] |= plain
            face_down |= plain
            while popcount(hands[seat]) > r.KEEP:
                held = hands[seat]
                legal = held & ~points if protect and (held & ~points) != 0 else held
                view[v.HAND] = held
                view[v.DEAD] = own_dead[seat] | shown
                card = ask_card_nb(
                    view, PLAY, v.DISCARD, seat, legal, state, script_cards, fids, params, rng,
                    error,
                )  # fmt: skip
                if card < 0:
                    return -card
                hands[seat] = held & ~(np.int64(1) << card)
                shown |= np.int64(1) << card
                burned += 1
                log_exchange_nb(log_calls, row, state, seat, card)
        rob = rules[r.R_ROB]
        robber = pitcher if rob == 0 else (dealer if rob == 1 else -1)
        # The stock's top k cards as one mask for each k: a draw is then two loads, not a
        # loop whose length is a toss in random play.
        on_top = work[W_ON_TOP]
        on_top[0] = cards = np.int64(0)
        for k in range(stock_size):
            cards |= np.int64(1) << stock[k]
            on_top[k + 1] = cards
        taken = 0
        for k in range(players):  # PIT-5.3: to six, from the dealer's left
            seat = seat_after_nb(dealer, 1 + k, players)
            if rob == 1 and seat == dealer:
                continue
            need = min(r.KEEP - popcount(hands[seat]), stock_size - taken)
            hands[seat] |= on_top[nowrap(taken + need)] & ~on_top[nowrap(taken)]
            log_draws_nb(log_calls, row, state, DRAW_TAG + seat, stock, taken, taken + need)
            taken += need
        if robber >= 0:  # PIT-5.4: the rest of the stock to the robber
            hands[robber] |= on_top[nowrap(stock_size)] & ~on_top[nowrap(taken)]
            log_draws_nb(log_calls, row, state, ROB_TAG + robber, stock, taken, stock_size)
        for k in range(players):  # PIT-5.5, 8.E.6: the short take from the discards
            seat = seat_after_nb(dealer, 1 + k, players)
            if popcount(hands[seat]) < r.KEEP:
                shown |= face_down
            while popcount(hands[seat]) < r.KEEP:
                view[v.HAND] = hands[seat]
                view[v.DEAD] = own_dead[seat] | shown
                card = ask_card_nb(
                    view, PLAY, FILL, seat, face_down, state, script_cards, fids, params, rng,
                    error,
                )  # fmt: skip
                if card < 0:
                    return -card
                bit = np.int64(1) << card
                hands[seat] |= bit
                face_down &= ~bit
                shown &= ~bit
                for other in range(players):
                    own_dead[other] &= ~bit
                log_exchange_nb(log_calls, row, state, FILL_TAG + seat, card)
        if robber >= 0:  # PIT-5.4: the robber keeps six
            while popcount(hands[robber]) > r.KEEP:
                held = hands[robber]
                legal = held & ~points if protect and (held & ~points) != 0 else held
                view[v.HAND] = held
                view[v.DEAD] = own_dead[robber] | shown
                card = ask_card_nb(
                    view, PLAY, v.DISCARD, robber, legal, state, script_cards, fids, params,
                    rng, error,
                )  # fmt: skip
                if card < 0:
                    return -card
                bit = np.int64(1) << card
                hands[robber] = held & ~bit
                shown |= bit & trumps  # a trump is burned face up, a plain card goes face down
                burned += trumps >> card & 1
                own_dead[robber] |= bit & ~trumps
                log_exchange_nb(log_calls, row, state, robber, card)
    info[I_EXCHANGES] = info[I_ASKED]

    at_play = work[W_AT_PLAY, :players]
    at_play[:] = hands
    in_play_trumps = 0
    for seat in range(players):
        in_play_trumps += popcount(at_play[seat] & trumps)
        if record:
            rest = at_play[seat]
            k = 0
            while rest:
                log_calls[row, C_AT_PLAY + seat * r.MAX_TRICKS + k] = lowest(rest)
                rest &= rest - 1
                k += 1

    # PIT-6: the pitcher leads; follow or trump (or the options); the winner leads next.
    trump_only = rules[r.R_FOLLOW] == 2
    strict = rules[r.R_FOLLOW] == 1
    first_lead_trump = rules[r.R_FIRST_LEAD_TRUMP] != 0
    tied_jokers = rules[r.R_JOKERS] == FIRST_WINS or rules[r.R_JOKERS] == SECOND_WINS
    instead = 0 if strict else trumps  # what a player able to follow may play instead
    follows, beaten_by = r.FOLLOW_CARDS[deck], r.BEATER_CARDS[deck]
    # The options as masks rather than tests on each card: the cards a seat plays from
    # (under trump_only its trumps, a seat holding none folding; else its hand), and those
    # the deal's first card may be (the pitcher's trumps under first_lead_trump where he
    # holds one; else any).
    playable = trumps if trump_only else np.int64(-1)
    opening = np.int64(-1)
    if first_lead_trump and hands[nowrap(pitcher)] & trumps:
        opening = trumps
    tricks = popcount(at_play[0])
    leader = pitcher
    view[v.DECISION] = v.OPENING  # the deal's first card; PLAY from then on
    asked = state[I_ASKED]  # the decisions asked so far, counted in a register
    played = 0
    n_played = 0
    trick_no = 0
    while True:
        if trump_only:
            active = False
            for seat in range(players):
                active |= (hands[nowrap(seat)] & trumps) != 0
            if not active:
                break
        elif trick_no == tricks:
            break
        led, best, best_seat, trick, position = -1, -1, -1, np.int64(0), 0
        suit_led, beaters = np.int64(0), np.int64(0)  # the led suit's cards; best's beaters
        view[v.TRICK_NO] = trick_no
        for i in range(players):
            seat = seat_after_nb(leader, i, players)
            hand = hands[nowrap(seat)]
            if hand & playable == 0:
                continue  # folded (PIT-6.2 trump_only)
            # Follow; else trump (a trump led: follow) or, not strict, any card.
            legal = legal_following(hand & playable, suit_led, instead) & opening
            opening = np.int64(-1)
            view[v.HAND] = hand
            view[v.DEAD] = own_dead[seat] | shown
            view[v.POSITION] = position
            view[v.LED_SUIT] = led
            view[v.WINNING_CARD] = best
            view[v.WINNING_SEAT] = best_seat
            view[v.TRICK_CARDS] = trick
            view[v.PLAYED] = played
            kind = LEAD if n_played == 0 else PLAY
            view[v.SEAT] = seat
            view[v.LEGAL] = legal
            if asked < script_cards.shape[0]:
                card = np.int64(script_cards[asked])
            elif fids[kind, nowrap(seat)] < 0:
                state[I_ASKED] = asked + 1
                error[0], error[1] = seat, -1
                return SCRIPT_EXHAUSTED
            else:
                card = decide_cards(fids[kind, nowrap(seat)], view, params, kind, seat, rng)
            if card < 0 or card > 63 or not (legal >> card) & 1:
                state[I_ASKED] = asked + 1
                error[0], error[1] = seat, card
                return ILLEGAL_CARD
            state[nowrap(I_DECISIONS + asked)] = card
            asked += 1
            bit = np.int64(1) << card
            hands[nowrap(seat)] = hand & ~bit
            trick |= bit
            played |= bit
            view[nowrap(v.PLAYED_BY + seat)] |= bit
            if tied_jokers:
                when[nowrap(card)] = n_played
            if record:
                log_plays[row, n_played] = card
                log_calls[row, C_SEATS + n_played] = seat
            n_played += 1
            led, best, best_seat, suit_led, beaters = card_in_trick_nb(
                view, seat, card, position, trump, strict, (suits, beaten_by, follows),
                (led, best, best_seat, suit_led, beaters),
            )  # fmt: skip
            position += 1
        captured[nowrap(rules[r.R_SIDE_OF + best_seat])] |= trick
        view[nowrap(v.WON + best_seat)] |= trick
        if record:
            log_winners[row, trick_no] = best_seat
            log_calls[row, C_SIZES + trick_no] = position
        leader = best_seat
        trick_no += 1
    state[I_ASKED] = asked

    # PIT-7: the points, each to a side (-1: nobody).
    base = trump * N_RANKS
    trump_cards = played & trumps
    if rules[r.R_FIXED_HIGH_LOW]:
        high_card = base + ACE if played >> (base + ACE) & 1 else -1
        low_card = base + DEUCE if played >> (base + DEUCE) & 1 else -1
    else:
        # The suit's own cards rank as their codes do, so its highest and lowest played
        # are two bit scans; only the off-jack and the jokers, whose ranks the options
        # set, are compared, each by selects: whether each was played is a toss.
        natural = trump_cards & (SUIT << base)
        high_card = highest(natural)
        low_card = lowest(natural) if natural else -1
        moved = trump_cards & ~natural
        for card in ((3 - trump) * N_RANKS + JACK, N_CARDS, N_CARDS + 1):
            in_play = (moved >> card & 1) != 0
            rank, top = ranks[trump, card], ranks[trump, max(high_card, 0)]
            earlier = when[card] < when[max(high_card, 0)]  # equal jokers: the first played
            higher = (high_card < 0) | (rank > top) | ((rank == top) & earlier)
            high_card = card if in_play & higher else high_card
            lower = (low_card < 0) | (rank < ranks[trump, max(low_card, 0)])
            low_card = card if in_play & (card < N_CARDS) & lower else low_card
    high_side = side_of_nb(rules, owner_nb(played_by, players, high_card))
    if rules[r.R_LOW_TO] == 0:
        low_side = side_of_nb(rules, owner_nb(played_by, players, low_card))
    else:
        low_side = owner_nb(captured, n_sides, low_card)
    jack_side = owner_nb(captured, n_sides, base + JACK)
    off_side = (
        owner_nb(captured, n_sides, (3 - trump) * N_RANKS + JACK) if rules[r.R_OFF_JACK] else -1
    )
    joker_sides = work[W_JOKERS, :2]
    joker_sides[:] = -1
    for j in range(2):
        joker = N_CARDS + j
        if full >> joker & 1:
            if rules[r.R_JOKER_POINTS_TO] == 0:
                joker_sides[j] = owner_nb(captured, n_sides, joker)
            else:
                joker_sides[j] = side_of_nb(rules, owner_nb(played_by, players, joker))
    ten_side, game_side = -1, -1
    counts = work[W_COUNTS, : r.MAX_SIDES]
    for side in range(n_sides):
        counts[side] = game_points(captured[side])
    if rules[r.R_GAME_CARD] == 1:
        ten_side = owner_nb(captured, n_sides, base + TEN)
    else:
        most = -1
        for side in range(n_sides):  # -2 while the most is tied
            more, tied = counts[side] > most, counts[side] == most
            most = counts[side] if more else most
            game_side = side if more else (-2 if tied else game_side)
        game_side = max(game_side, -1)
    trey_side = owner_nb(captured, n_sides, base + TREY) if rules[r.R_TREY] else -1
    # Added, not branched on: whether a point card was in play is a toss in random play
    # (the robber may burn it). Each side's points are a byte of one register while they
    # are added, rather than a count in memory that each point loads back.
    tally = np.int64(0)
    for side in (high_side, low_side, jack_side, off_side, joker_sides[0], joker_sides[1]):
        tally = tally_nb(tally, side, 1)
    tally = tally_nb(tally_nb(tally, ten_side, 1), game_side, 1)
    tally = tally_nb(tally, trey_side, r.TREY_POINTS)
    won_points = work[W_POINTS, : r.MAX_SIDES]
    for side in range(r.MAX_SIDES):
        won_points[side] = tally >> (8 * side) & 0xFF

    # PIT-8 and PIT-9: settle the bid, then who (if anyone) has won.
    made = won_points[pitching] >= high
    delta = work[W_DELTA, : r.MAX_SIDES]
    delta[:] = won_points
    delta[pitching] = won_points[pitching] if made else -high
    moon = high == r.MAX_BID
    if moon and rules[r.R_MOON] == 2:
        delta[pitching] = 2 * r.MAX_BID if made else -2 * r.MAX_BID
    for side in range(n_sides):
        scores[side] += delta[side]
    target = rules[r.R_TARGET]
    both = rules[r.R_BOTH]
    winner = -1
    if moon and rules[r.R_MOON] == 1:
        winner = pitching if made else 1 - pitching
    elif both == 2:
        winner = pitching if made and scores[pitching] >= target else -1
    else:
        reached, best_score, leaders, pitching_leads = 0, -(1 << 40), 0, False
        for side in range(n_sides):
            if scores[side] >= target:
                reached += 1
                winner = side
                if scores[side] > best_score:
                    best_score, leaders = scores[side], 0
                if scores[side] == best_score:
                    leaders += 1
        if reached > 1:
            if both == 0 and scores[pitching] >= target:
                winner = pitching
            else:
                winner = -1
                for side in range(n_sides):
                    if scores[side] == best_score:
                        pitching_leads |= side == pitching
                        winner = side if winner < 0 else winner
                if leaders > 1:
                    winner = pitching if pitching_leads else -1

    for side in range(n_sides):
        won_out[row, side] = won_points[side]
        delta_out[row, side] = delta[side]
        card_points_out[row, side] = counts[side]
        after_out[row, side] = scores[side]
    rec.pitcher = pitcher
    rec.pitcher_side = pitching
    offset = pitcher - dealer
    rec.pitcher_position = offset + players if offset <= 0 else offset
    rec.contract = high
    rec.trump = trump
    rec.made = made
    rec.high, rec.low, rec.jack, rec.off_jack = high_side, low_side, jack_side, off_side
    rec.high_joker, rec.low_joker = joker_sides[0], joker_sides[1]
    rec.game_point, rec.ten, rec.trey = game_side, ten_side, trey_side
    rec.winner = winner
    rec.trumps_in_play = in_play_trumps
    rec.burned = burned
    rec.hand_trumps = popcount(dealt[pitcher] & trumps)
    rec.hand_jokers = popcount(dealt[pitcher] & ~FULL_DECK)
    rec.pitcher_trumps = popcount(at_play[pitcher] & trumps)
    return OK


# The run kernel's blocks inline the deal loop, on arrays that no one counts (a reference
# count on each of some twenty arrays as a deal starts, called as a function of its own).
# The scripted and conditional deals call it compiled once on its own.
play_deal_inline_nb = njit(inline="always")(play_deal)
play_deal_nb = njit(cache=True)(play_deal)


@njit(cache=True, inline="always")
def field_views_nb(out):
    """Views of the per-caller and per-side fields of `out`, for writing: numba drops
    writes to a record's nested array reached through the record."""
    return out.call, out.won, out.delta, out.card_points, out.score_before, out.score_after


@njit(cache=True, inline="always")
def deal_nb(rng, order, work, players: int, dealt_size: int, size: int) -> None:
    """The deck's `size` cards in a random order, and the hands dealt into row W_DEALT of
    `work`: Fisher-Yates from the top, card i swapped with card i + `below(rng, size - i)`.
    The draws do not depend on the cards, so all are made first, in a loop whose steps do
    not wait for each other (into `order[DRAWS:]`), then the cards swapped, each hand's
    mask made as its cards reach their places; a draw that Lemire's method might reject
    (a chance of about size in 2**32) sends the shuffle one draw at a time from the same
    state, which draws afresh where it must."""
    start = rng[0]
    suspect = False
    for k in range(size - 1):
        n = size - k
        product = ((u64_ahead(start, k) >> 32) & 0xFFFFFFFF) * n
        order[nowrap(DRAWS + k)] = k + (product >> 32)
        suspect |= (product & 0xFFFFFFFF) < n
    for i in range(size):
        order[nowrap(i)] = i
    if suspect:
        for i in range(size - 1):
            j = i + below(rng, size - i)
            order[i], order[j] = order[j], order[i]
        hand_masks_nb(order, work[W_DEALT], players, dealt_size)
        return
    last = size - 1  # the one place no swap moves a card to: the card left there
    for seat in range(players):
        mask = np.int64(0)
        for i in range(seat * dealt_size, min((seat + 1) * dealt_size, last)):
            mask |= np.int64(1) << swap_in(order, i, order[nowrap(DRAWS + i)])
        work[W_DEALT, seat] = mask
    for i in range(players * dealt_size, last):  # the stock
        swap_in(order, i, order[nowrap(DRAWS + i)])
    if players * dealt_size == size:  # no stock: the last card is the last seat's
        work[W_DEALT, players - 1] |= np.int64(1) << order[nowrap(last)]
    skip(rng, size - 1)


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
    index % players, from 0-0) or whole games to the target (up to `cap` rows each; the
    first dealer drawn, the deal passing left). Row `u * cap + k` holds deal k of unit u;
    rows left unused keep deal = -1. `errors[u]` = (kind, deal in unit, seat, card or
    call) of the first fault. Returns its scratch."""
    seed_part = seed_key(seed)
    players = rules[r.R_PLAYERS]
    size = players * rules[r.R_DEALT] + rules[r.R_STOCK]
    owned = (
        np.zeros(0, np.int64),
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(ORDER_SIZE, np.int64),
        np.zeros(r.MAX_SIDES, np.int64),
        np.zeros(2, np.int64),
        np.zeros(INFO_SIZE, np.int64),
        np.zeros((WORK_ROWS, 64), np.int64),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call, and the
    # deals played up to twice as slowly. The scratch is made here rather than handed in,
    # so that the compiler knows that no two of its arrays overlap.
    no_script, view, rng, order, scores, error, info, work = unowned(owned)
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
            deal_nb(rng, order, work, players, rules[r.R_DEALT], size)
            if log_hands.shape[0] > 0:
                log_hands[row, :players] = work[W_DEALT, :players]
            rng[0] = purpose_key(unit, play_stream)
            kind = play_deal_inline_nb(
                order, dealer, scores, rules, fids, params, rng, no_script, no_script,
                view, out, fields, row, error, info, work, log_calls, log_plays, log_winners,
            )  # fmt: skip
            rec = out[row]
            rec.game = index if games else -1
            rec.deal = k if games else index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
            if not games or rec.winner >= 0:
                break
            dealer = (dealer + 1) % players
    return owned  # alive until here: the loop used views of it that no one counted


@njit(cache=True, nogil=True)
def run_units_nb(*arguments):
    """`play_units_nb`, optimised once more (sims.engine.threads says why)."""
    play_units_nb(*arguments)


run_tenpoint = UnitKernel(run_units_nb)


@njit(cache=True)
def play_script_nb(
    order,
    dealer,
    scores,
    rules,
    script_calls,
    script_cards,
    fids,
    params,
    rng,
    view,
    out,
    error,
    info,
    log_calls,
    log_plays,
    log_winners,
):
    """Play the given calls and cards (checked for legality) through a run's deal loop;
    after them the seats' strategies decide (fid -1: none, the deal ends there, the view
    left at the decision it stopped at)."""
    work = np.zeros((WORK_ROWS, 64), np.int64)
    hand_masks_nb(order, work[W_DEALT], rules[r.R_PLAYERS], rules[r.R_DEALT])
    return play_deal_nb(
        order, dealer, scores, rules, fids, params, rng, script_calls, script_cards, view,
        out, field_views_nb(out), np.int64(0), error, info, work, log_calls, log_plays,
        log_winners,
    )  # fmt: skip
