"""The All Fours deal loop and its run kernel (docs/rules.md section 7): the
deal and upcard, begging, the gift or running the cards (bunching when the pack runs
short), the discard back to six, the tricks, and High, Low, Jack and Game counted in
order to the target."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import suit_mask, suit_of
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
from sims.core.tricks import beats, game_points, legal_cards
from sims.engine.common import (
    BID,
    ILLEGAL_CALL,
    ILLEGAL_CARD,
    LEAD,
    OK,
    PLAY,
    SCRIPT_EXHAUSTED,
    game_stream_nb,
    hand_masks_nb,
    nowrap,
    record_fault_nb,
)
from sims.engine.threads import UnitKernel
from sims.games.allfours import rules as r
from sims.strategies import dispatcher
from sims.strategies import view as v

decide_allfours = dispatcher(r.NAME)
decide_allfours_calls = dispatcher(r.NAME, calls=True)

# The deal's state kept in `state` (int64) between its steps, for the row and the log.
S_TRUMP, S_TURNED, S_RUNS, S_BUNCHED, S_BEGGED, S_GIFT, S_KICK, S_WINNER = range(8)
S_TRICKS, S_STEP, S_CALLS, S_DISCARDS, S_IN_PLAY = 8, 9, 10, 11, 12
S_ELDEST_TRUMPS, S_DEALER_TRUMPS = 13, 14  # cards of the upcard's suit dealt them
STATE_SIZE = 15
# A deal's points (`play_deal`'s `points`): the sides of High, Low, Jack and Game (-1:
# nobody), the Jack's worth, then each side's card points (P_CARD_POINTS + side).
P_JACK_WORTH, P_CARD_POINTS = 4, 5
POINTS_SIZE = P_CARD_POINTS + r.MAX_SIDES


DRAWS = r.DECK_SIZE  # the shuffle's scratch (`deck`): the pack, then its draws
DECK_SCRATCH = 2 * r.DECK_SIZE


@njit(cache=True, inline="always")
def draw_range_nb(shuffling, deck, start: int, end: int) -> bool:
    """The draws of steps `start .. end - 1` of a Fisher-Yates shuffle of the pack in
    `deck[:52]` from the top (card i swapped with card i + `below(52 - i)`), from the deal
    stream in `shuffling[0]`, into `deck[DRAWS:]`. The draws do not depend on the cards, so
    they are made in a loop whose steps do not wait for each other. False where Lemire's
    method might reject one (a chance of about 52 in 2**32): the caller then shuffles the
    range one draw at a time (`shuffle_range_slowly_nb`) from the same state."""
    begin = shuffling[0]
    suspect = False
    for k in range(end - start):
        n = r.DECK_SIZE - start - k
        product = ((u64_ahead(begin, k) >> 32) & 0xFFFFFFFF) * n
        deck[nowrap(DRAWS + k)] = start + k + (product >> 32)
        suspect |= (product & 0xFFFFFFFF) < n
    return not suspect


@njit(cache=True)
def shuffle_range_slowly_nb(shuffling, deck, start: int, end: int) -> None:
    """Steps `start .. end - 1` of the shuffle drawing one `below` at a time, which draws
    afresh where it rejects."""
    for i in range(start, end):
        j = i + below(shuffling, r.DECK_SIZE - i)
        deck[i], deck[j] = deck[j], deck[i]


@njit(cache=True, inline="always")
def shuffle_range_nb(shuffling, deck, start: int, end: int) -> None:
    """Steps `start .. end - 1` of the shuffle of the pack in `deck[:52]` (`draw_range_nb`).
    A step never moves an earlier card, so the pack shuffled a range at a time is, card for
    card, the pack shuffled in one pass, and a deal shuffles only the cards it comes to
    see."""
    end = min(end, r.DECK_SIZE - 1)  # the last card is left where it lies
    if draw_range_nb(shuffling, deck, start, end):
        for i in range(start, end):
            swap_in(deck, i, deck[nowrap(DRAWS + i - start)])
        skip(shuffling, end - start)
    else:
        shuffle_range_slowly_nb(shuffling, deck, start, end)


@njit(cache=True, inline="always")
def deal_cards_nb(shuffling, deck, hands, stock) -> None:
    """Deal six cards a seat (each seat's mask into `hands`) and turn the upcard
    (`stock[0]`) from the pack shuffled from the deal stream in `shuffling[0]`; the rest of
    the stock is shuffled as it is drawn (`draw_stock_nb`), `shuffling[1]` counting the
    stock's cards shuffled. Each hand's mask is made as its cards come to rest, not in a
    pass over the pack after the swaps."""
    for i in range(r.DECK_SIZE):
        deck[nowrap(i)] = i
    players = hands.shape[0]
    at_stock = players * r.HAND_SIZE
    if draw_range_nb(shuffling, deck, 0, at_stock + 1):
        for seat in range(players):
            mask = np.int64(0)
            for i in range(seat * r.HAND_SIZE, (seat + 1) * r.HAND_SIZE):
                mask |= np.int64(1) << swap_in(deck, i, deck[nowrap(DRAWS + i)])
            hands[nowrap(seat)] = mask
        swap_in(deck, at_stock, deck[nowrap(DRAWS + at_stock)])
        skip(shuffling, at_stock + 1)
    else:
        shuffle_range_slowly_nb(shuffling, deck, 0, at_stock + 1)
        hand_masks_nb(deck, hands, players, r.HAND_SIZE)
    stock[0] = deck[at_stock]
    shuffling[1] = 1


@njit(cache=True, inline="always")
def draw_stock_nb(shuffling, deck, stock, upto: int) -> None:
    """The stock's cards up to `upto` shuffled into `stock` (those of a stock given whole,
    `shuffling[1]` its size, are left as they are)."""
    drawn = shuffling[1]
    if drawn >= upto:
        return
    at_stock = r.DECK_SIZE - stock.shape[0]
    shuffle_range_nb(shuffling, deck, at_stock + drawn, at_stock + upto)
    stock[drawn:upto] = deck[at_stock + drawn : at_stock + upto]
    shuffling[1] = upto


@njit(cache=True, inline="always")
def start_view_nb(view, rules, dealer, scores):
    """The view's table: players, sides, scores and the rules of play and scoring (who
    takes a tied Game among them)."""
    view[:] = 0
    view[v.PLAYERS] = rules[r.R_PLAYERS]
    view[v.DEALER] = dealer
    view[v.TARGET] = rules[r.R_TARGET]
    view[v.SIDES] = rules[r.R_SIDES]
    view[v.PITCHER] = -1
    view[v.HIGH_BIDDER] = -1
    view[v.FOLLOW] = 0
    view[v.LOW_TO_HOLDER] = 1 - rules[r.R_LOW_TO_WINNER]
    view[v.GAME_WORTH] = 1
    view[v.HIGH_LOW_WORTH] = 1
    view[v.JACK_WORTH] = 1
    if rules[r.R_GAME_TIE] != 0:  # AF-6.2: a tie for Game to eldest's side, if among the tied
        eldest = dealer + 1 if dealer + 1 < rules[r.R_PLAYERS] else 0
        view[v.GAME_TIE] = rules[r.R_SIDE_OF + eldest] + 1
    for seat in range(rules[r.R_PLAYERS]):
        view[v.SIDE_OF + seat] = rules[r.R_SIDE_OF + seat]
        view[v.CALLS + seat] = -1
    for side in range(rules[r.R_SIDES]):
        view[v.SCORE + side] = scores[side]


@njit(cache=True, inline="always")
def ask_call_nb(
    question, seat, legal, hands, trump, view, fids, params, rng, script, state, log, error
):
    """The answer to call `question` (Q_*) of `seat`: the script's next, else its
    strategy's; -1 when none is given, -2 when not legal (`error`: the seat and call)."""
    step = state[S_CALLS]
    if step < script.shape[0]:
        call = script[step]
    elif fids[BID, seat] < 0:
        error[0], error[1] = seat, -1
        return -1
    else:
        view[v.DECISION], view[v.SEAT], view[v.POSITION] = v.BID, seat, question
        view[v.HAND], view[v.LEGAL], view[v.TRUMP] = hands[seat], legal, trump
        call = decide_allfours_calls(fids[BID, seat], view, params, BID, seat, rng)
    if call < 0 or call > 1 or not (legal >> call) & 1:
        error[0], error[1] = seat, call
        return -2
    view[v.CALLS + seat] = call
    state[S_CALLS] = step + 1
    log[question] = call
    return call


@njit(cache=True, inline="always")
def add_points_nb(scores, side, points, target, state):
    """Add `points` to `side`; True (and the winner noted) when it reaches the target."""
    scores[side] += points
    if points > 0 and scores[side] >= target and state[S_WINNER] < 0:
        state[S_WINNER] = side
    return state[S_WINNER] >= 0


def play_deal(
    stock,
    shuffling,
    deck,
    dealer,
    scores,
    rules,
    fids,
    params,
    rng,
    script_calls,
    script_cards,
    view,
    hands,
    played_by,
    won,
    dead_of,
    state,
    error,
    calls_log,
    plays_log,
    winners_log,
    points,
):
    """Play one deal of the hands dealt, `hands` (a mask a seat), and the `stock` (the
    upcard first; the cards past `shuffling[1]` shuffled from `deck` as they are drawn, see
    `draw_stock_nb`), `scores` (per side) updated as points arise. The calls and card
    decisions (discards, then cards played) of the scripts come first, then the seats'
    strategies'. Fills `state` (S_*), `hands` (now the cards each seat held at the first
    trick, or when the deal ended), `played_by`, `won`, the logs (calls, see
    `rules.calls_size`; cards in play order; trick winners) and `points` (POINTS_SIZE:
    High, Low, Jack and Game side and the Jack's points, as earned; each side's card
    points). Returns OK or a fault kind, seat and card or call in `error`."""
    n = rules[r.R_PLAYERS]
    target = rules[r.R_TARGET]
    kick_points = rules[r.R_KICK_POINTS] != 0
    state[:] = 0
    state[S_WINNER] = -1
    state[S_TRUMP] = -1
    state[S_TURNED] = -1
    points[:P_JACK_WORTH] = -1
    points[P_JACK_WORTH:] = 0
    for seat in range(n):
        played_by[seat] = 0
        won[seat] = 0
        dead_of[seat] = 0
    eldest = dealer + 1 if dealer + 1 < n else 0
    dealer_side = rules[r.R_SIDE_OF + dealer]
    eldest_side = rules[r.R_SIDE_OF + eldest]
    start_view_nb(view, rules, dealer, scores)
    upcard = stock[0]
    calls_log[r.LOG_STOCK] = upcard
    taken = 1
    first_suit = upcard // 13
    trump = first_suit
    state[S_ELDEST_TRUMPS] = popcount(hands[eldest] & suit_mask(first_suit))
    state[S_DEALER_TRUMPS] = popcount(hands[dealer] & suit_mask(first_suit))
    dead = np.int64(1) << upcard
    view[v.TURNED] = upcard
    state[S_TRUMP], state[S_TURNED] = trump, upcard

    kick = r.turn_up_points(upcard, kick_points)
    state[S_KICK] += kick
    if not add_points_nb(scores, dealer_side, kick, target, state):
        # AF-4.1: eldest stands or begs, the upcard's points scored.
        view[v.SCORE + dealer_side] = scores[dealer_side]
        call = ask_call_nb(
            r.Q_BEG,
            eldest,
            0b11,
            hands,
            trump,
            view,
            fids,
            params,
            rng,
            script_calls,
            state,
            calls_log,
            error,
        )
        if call < 0:
            return SCRIPT_EXHAUSTED if call == -1 else ILLEGAL_CALL
        state[S_BEGGED] = 1 if call == r.BEG else 0
        if call == r.BEG:
            # AF-4.2, AF-10.1, AF-10.2: the gift, which may not put a side out.
            second = eldest + 1 if eldest + 1 < n else 0
            second_side = rules[r.R_SIDE_OF + second]
            may_give = scores[eldest_side] + 1 < target
            if n == 3:
                may_give = may_give and scores[second_side] + 1 < target
            legal = 0b11 if may_give else 1 << r.RUN
            call = ask_call_nb(
                r.Q_GIVE,
                dealer,
                legal,
                hands,
                trump,
                view,
                fids,
                params,
                rng,
                script_calls,
                state,
                calls_log,
                error,
            )
            if call < 0:
                return SCRIPT_EXHAUSTED if call == -1 else ILLEGAL_CALL
            if call == r.GIVE:
                state[S_GIFT] = 1
                scores[eldest_side] += 1
                if n == 3:
                    scores[second_side] += 1
            else:
                # AF-4.3: run the cards until a new suit is turned, or bunch.
                while True:
                    if stock.shape[0] - taken < 3 * n + 1:
                        state[S_BUNCHED] = 1
                        break
                    draw_stock_nb(shuffling, deck, stock, taken + 3 * n + 1)
                    for k in range(n):
                        seat = eldest + k
                        seat = seat - n if seat >= n else seat
                        drawn = np.int64(0)
                        for _ in range(3):
                            drawn |= np.int64(1) << stock[taken]
                            calls_log[r.LOG_STOCK + taken] = stock[taken]
                            taken += 1
                        hands[seat] |= drawn
                    state[S_RUNS] += 1
                    turned = stock[taken]
                    calls_log[r.LOG_STOCK + taken] = turned
                    taken += 1
                    dead |= np.int64(1) << turned
                    if turned // 13 != first_suit:
                        trump = turned // 13
                        state[S_TRUMP], state[S_TURNED] = trump, turned
                        view[v.TURNED] = turned
                        kick = r.turn_up_points(turned, kick_points)
                        state[S_KICK] += kick
                        add_points_nb(scores, dealer_side, kick, target, state)
                        break
                if state[S_BUNCHED] == 0 and state[S_WINNER] < 0 and rules[r.R_BUNCH] != 0:
                    # AF-4.6: asked once, when running has made trump.
                    call = ask_call_nb(
                        r.Q_BUNCH,
                        eldest,
                        0b11,
                        hands,
                        trump,
                        view,
                        fids,
                        params,
                        rng,
                        script_calls,
                        state,
                        calls_log,
                        error,
                    )
                    if call < 0:
                        return SCRIPT_EXHAUSTED if call == -1 else ILLEGAL_CALL
                    state[S_BUNCHED] = 1 if call == r.BUNCH else 0
                discard = rules[r.R_DISCARD]
                keep = discard == r.TO_SIX or (discard == r.KEEP_IF_ONE_RUN and state[S_RUNS] > 1)
                if state[S_BUNCHED] == 0 and state[S_WINNER] < 0 and keep:
                    # AF-4.5: each, eldest first, discards face down to six.
                    at = r.LOG_STOCK + r.stock_size(n)
                    for k in range(n):
                        seat = eldest + k
                        seat = seat - n if seat >= n else seat
                        while popcount(hands[seat]) > r.HAND_SIZE:
                            step = state[S_STEP]
                            if step < script_cards.shape[0]:
                                card = script_cards[step]
                            elif fids[PLAY, seat] < 0:
                                error[0], error[1] = seat, -1
                                return SCRIPT_EXHAUSTED
                            else:
                                view[v.DECISION], view[v.SEAT] = v.DISCARD, seat
                                view[v.HAND], view[v.LEGAL] = hands[seat], hands[seat]
                                view[v.TRUMP], view[v.POSITION] = trump, 0
                                view[v.LED_SUIT], view[v.WINNING_CARD] = -1, -1
                                view[v.WINNING_SEAT] = -1
                                view[v.DEAD] = dead | dead_of[seat]
                                card = decide_allfours(
                                    fids[PLAY, seat], view, params, PLAY, seat, rng
                                )
                            if card < 0 or card >= r.DECK_SIZE or not (hands[seat] >> card) & 1:
                                error[0], error[1] = seat, card
                                return ILLEGAL_CARD
                            hands[seat] &= ~(np.int64(1) << card)
                            dead_of[seat] |= np.int64(1) << card
                            calls_log[at + state[S_DISCARDS]] = card
                            state[S_DISCARDS] += 1
                            state[S_STEP] = step + 1
    if state[S_BUNCHED] != 0:
        state[S_TRUMP], state[S_TURNED] = -1, -1
        return OK
    if state[S_WINNER] >= 0:
        return OK  # an upcard's points ended the game: no card is in play
    in_play = 0
    for seat in range(n):
        in_play |= hands[seat]
    state[S_IN_PLAY] = in_play

    # AF-5: eldest leads; follow suit or trump; the winner leads the next trick.
    for side in range(rules[r.R_SIDES]):
        view[v.SCORE + side] = scores[side]
    tricks = popcount(hands[eldest])
    view[v.HAND_SIZE] = tricks
    leader = eldest
    played = 0
    first_card = state[S_STEP]
    step = first_card  # the deal's card decisions so far: stored once the tricks are over
    view[v.DECISION] = v.PLAY  # trump is made: no lead names it (not OPENING)
    view[v.TRUMP] = trump
    for trick_no in range(tricks):
        led, best, best_seat, cards = -1, -1, -1, 0
        view[v.TRICK_NO] = trick_no
        for position in range(n):
            seat = leader + position
            seat = seat - n if seat >= n else seat
            legal = legal_cards(hands[nowrap(seat)], led, trump, False)
            opening = step == first_card
            kind = LEAD if opening else PLAY
            if step < script_cards.shape[0]:
                card = script_cards[step]
            elif fids[kind, nowrap(seat)] < 0:
                error[0], error[1] = seat, -1
                return SCRIPT_EXHAUSTED
            else:
                view[v.SEAT], view[v.HAND], view[v.LEGAL] = seat, hands[nowrap(seat)], legal
                view[v.LED_SUIT], view[v.POSITION] = led, position
                view[v.WINNING_CARD], view[v.WINNING_SEAT] = best, best_seat
                view[v.TRICK_CARDS], view[v.PLAYED] = cards, played
                view[v.DEAD] = dead | dead_of[nowrap(seat)]
                card = decide_allfours(fids[kind, nowrap(seat)], view, params, kind, seat, rng)
            if card < 0 or card >= r.DECK_SIZE or not (legal >> card) & 1:
                error[0], error[1] = seat, card
                return ILLEGAL_CARD
            bit = np.int64(1) << card
            hands[nowrap(seat)] &= ~bit
            played_by[nowrap(seat)] |= bit
            view[nowrap(v.PLAYED_BY + seat)] |= bit
            cards |= bit
            played |= bit
            plays_log[step - first_card] = card
            step += 1
            suit = suit_of(card)
            if position == 0:
                led, best, best_seat = suit, card, seat
            else:
                # Selected, not branched on: in random play each is a toss.
                wins = beats(card, best, trump)
                best = card if wins else best
                best_seat = seat if wins else best_seat
                void = (suit != led) & (suit != trump)  # shown void in the suit led
                view[nowrap(v.VOIDS + seat)] |= np.int64(void) << led
        won[nowrap(best_seat)] |= cards
        view[nowrap(v.WON + best_seat)] |= cards
        winners_log[trick_no] = best_seat
        leader = best_seat
    state[S_TRICKS], state[S_STEP] = tricks, step
    for seat in range(n):
        hands[seat] = played_by[seat]

    # AF-6, AF-7.2: High, Low, Jack and Game, counted in that order to the target.
    trumps = in_play & suit_mask(trump)
    jack = trump * 13 + r.JACK
    # Who holds or takes a card is selected, not branched on: in random play it is a toss.
    high_side, low_side, jack_side, holder = -1, -1, -1, -1
    if trumps:
        high_card, low_card = highest(trumps), lowest(trumps)
        for seat in range(n):
            side = rules[r.R_SIDE_OF + seat]
            low_pile = won[seat] if rules[r.R_LOW_TO_WINNER] else played_by[seat]
            high_side = side if played_by[seat] >> high_card & 1 else high_side
            low_side = side if low_pile >> low_card & 1 else low_side
            jack_side = side if won[seat] >> jack & 1 else jack_side
            holder = side if played_by[seat] >> jack & 1 else holder
    hanged = rules[r.R_HANG_JACK] != 0 and holder != jack_side
    points[0], points[1], points[2] = high_side, low_side, jack_side
    points[P_JACK_WORTH] = 0 if jack_side < 0 else (3 if hanged else 1)
    for seat in range(n):
        points[nowrap(P_CARD_POINTS + rules[r.R_SIDE_OF + seat])] += game_points(won[seat])
    most, leaders, game_side, eldest_points = -1, 0, -1, 0
    for side in range(rules[r.R_SIDES]):
        card_points = points[P_CARD_POINTS + side]
        more = card_points > most
        most = card_points if more else most
        leaders = 0 if more else leaders
        tied = card_points == most
        leaders += tied
        game_side = side if tied else game_side
        eldest_points = card_points if side == eldest_side else eldest_points
    if leaders > 1:
        eldest_leads = eldest_points == most
        game_side = eldest_side if eldest_leads and rules[r.R_GAME_TIE] != 0 else -1
    points[3] = game_side
    for k in range(4):  # a point nobody earned is worth nothing to side 0
        side = points[k]
        worth = points[P_JACK_WORTH] if k == 2 else np.int64(side >= 0)
        if add_points_nb(scores, max(side, 0), worth, target, state):
            break
    return OK


# The run kernel's block inlines the deal loop, on views that no one counts: no reference
# count is taken on each array when a deal starts (some twenty per deal in a function of
# its own). The scripted and conditional deals call it compiled once on its own.
play_deal_inline_nb = njit(inline="always")(play_deal)
play_deal_nb = njit(cache=True)(play_deal)


@njit(cache=True, inline="always")
def write_row_nb(out, row, stock, dealer, before, scores, rules, state, points):
    """The outcome row of a deal played by `play_deal_nb`."""
    n = rules[r.R_PLAYERS]
    rec = out[row]
    rec.dealer = dealer
    rec.pitcher = dealer + 1 if dealer + 1 < n else 0
    rec.upcard = stock[0]
    rec.turned = state[S_TURNED]
    rec.trump = state[S_TRUMP]
    rec.begged = state[S_BEGGED] != 0
    rec.gift = state[S_GIFT] != 0
    rec.runs = state[S_RUNS]
    rec.bunched = state[S_BUNCHED] != 0
    rec.kick = state[S_KICK]
    rec.tricks = state[S_TRICKS]
    rec.eldest_trumps, rec.dealer_trumps = state[S_ELDEST_TRUMPS], state[S_DEALER_TRUMPS]
    trump = state[S_TRUMP]
    in_play = state[S_IN_PLAY]
    rec.trumps_in_play = popcount(in_play & suit_mask(trump)) if trump >= 0 else 0
    rec.jack_in_play = trump >= 0 and ((in_play >> (trump * 13 + r.JACK)) & 1) != 0
    rec.high, rec.low, rec.jack, rec.game_point = points[0], points[1], points[2], points[3]
    rec.jack_points = points[P_JACK_WORTH]
    rec.winner = state[S_WINNER]
    card_points, won_col = out.card_points, out.won
    before_col, after_col = out.score_before, out.score_after
    for side in range(r.MAX_SIDES):
        card_points[row, side] = points[P_CARD_POINTS + side]
        won_col[row, side] = 0
        before_col[row, side] = 0
        after_col[row, side] = 0
    for side in range(rules[r.R_SIDES]):
        won_col[row, side] = scores[side] - before[side]
        before_col[row, side] = before[side]
        after_col[row, side] = scores[side]


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
    """Play units `first + start .. first + stop` of a run of `seed` one after another:
    single deals (games=False, one row each, dealer = index % players) or whole games to the
    target (up to `cap` rows each; the deal passes left, except after a bunched deal). Row
    `u * cap + k` holds deal k of unit u; rows left unused keep deal = -1. `errors[u]` =
    (kind, deal in unit, seat, card or call) of the first fault."""
    n = rules[r.R_PLAYERS]
    seed_part = seed_key(seed)
    record = log_plays.shape[0] > 0
    owned = (
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(2, np.int64),
        np.zeros(DECK_SCRATCH, np.int64),
        np.zeros(r.stock_size(n), np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(n, np.int64),
        np.zeros(STATE_SIZE, np.int64),
        np.zeros(2, np.int64),
        np.zeros(POINTS_SIZE, np.int64),
        np.zeros(r.MAX_SIDES, np.int64),
        np.zeros(r.MAX_SIDES, np.int64),
        np.zeros(0, np.int64),
        np.full(r.calls_size(n), -1, np.int64),
        np.full(n * r.max_tricks(n), -1, np.int64),
        np.full(r.max_tricks(n), -1, np.int64),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call.
    (
        view,
        rng,
        shuffling,
        deck,
        stock,
        hands,
        played_by,
        won,
        dead_of,
        state,
        error,
        points,
        scores,
        before,
        no_script,
        calls,
        plays,
        winners,
    ) = unowned(owned)
    rules, fids, params, out, errors = unowned((rules, fids, params, out, errors))
    log_hands, log_calls, log_plays, log_winners = unowned(
        (log_hands, log_calls, log_plays, log_winners)
    )
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        scores[:] = 0
        dealer = index % n
        if games:
            rng[0] = purpose_key(unit, STREAM_GAME)
            dealer = below(rng, n)
        for k in range(cap):
            row = u * cap + k
            deal_stream = game_stream_nb(k, STREAM_DEAL) if games else STREAM_DEAL
            shuffling[0] = purpose_key(unit, deal_stream)
            deal_cards_nb(shuffling, deck, hands, stock)
            rng[0] = purpose_key(unit, game_stream_nb(k, STREAM_PLAY) if games else STREAM_PLAY)
            before[:] = scores
            if record:  # the deal writes the logs' slots it uses, and only those
                calls[:] = -1
                plays[:] = -1
                winners[:] = -1
            kind = play_deal_inline_nb(
                stock,
                shuffling,
                deck,
                dealer,
                scores,
                rules,
                fids,
                params,
                rng,
                no_script,
                no_script,
                view,
                hands,
                played_by,
                won,
                dead_of,
                state,
                error,
                calls,
                plays,
                winners,
                points,
            )
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
            write_row_nb(out, row, stock, dealer, before, scores, rules, state, points)
            rec = out[row]
            rec.game = index if games else -1
            rec.deal = k if games else index
            if record:
                log_hands[row, :n] = hands[:n]
                log_calls[row, :] = calls
                log_plays[row, :] = plays
                log_winners[row, :] = winners
            if not games or rec.winner >= 0:
                break
            if not rec.bunched:
                dealer = dealer + 1 if dealer + 1 < n else 0
    return owned  # alive until here: the loop used views of it that no one counted


@njit(cache=True, nogil=True)
def run_units_nb(*arguments):
    """`play_units_nb`, optimised once more (sims.engine.threads says why)."""
    play_units_nb(*arguments)


run_allfours = UnitKernel(run_units_nb)
