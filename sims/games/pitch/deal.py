"""The Auction Pitch deal loop and its run kernel (docs/rules.md section 1)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import highest, lowest, popcount
from sims.core.cards import suit_mask
from sims.core.memory import unowned
from sims.core.rng import (
    STREAM_DEAL,
    STREAM_GAME,
    STREAM_PLAY,
    below,
    purpose_key,
    seed_key,
    unit_key,
)
from sims.core.tricks import game_points, honour_cards, legal_cards, opening_cards, takes_game
from sims.engine.common import (
    BID,
    DECK_SCRATCH,
    ILLEGAL_CALL,
    OK,
    REJECTED,
    deal_hands_nb,
    game_stream_nb,
    next_card_nb,
    nowrap,
    record_fault_nb,
    take_card_nb,
)
from sims.engine.odds import deal_around_nb
from sims.engine.threads import UnitKernel
from sims.games.pitch import rules as p
from sims.strategies import dispatcher
from sims.strategies import view as v

decide_pitch = dispatcher("pitch")
decide_pitch_calls = dispatcher("pitch", calls=True)


@njit(cache=True, inline="always")
def next_seat_nb(seat: int, players: int) -> int:
    """The seat on the left of `seat` (for 0 <= seat < 2 players), without a division."""
    seat += 1
    return seat - players if seat >= players else seat


@njit(cache=True, inline="always")
def start_view_nb(view, rules, dealer, scores) -> None:
    """The view before a deal's first call: the table, the rules of play and scoring and
    the scores (`scores`, per side); no calls yet. The trainer rebuilds views from it."""
    view[:] = 0
    view[v.PLAYERS] = rules[p.R_PLAYERS]
    view[v.DEALER] = dealer
    view[v.TARGET] = rules[p.R_TARGET]
    view[v.HIGH_BIDDER] = -1
    view[v.TRUMP] = -1
    view[v.SIDES] = rules[p.R_SIDES]
    view[v.FOLLOW] = rules[p.R_MUST_FOLLOW] != 0
    view[v.LOW_TO_HOLDER] = rules[p.R_LOW_TO_HOLDER]
    view[v.GAME_WORTH] = 1
    view[v.HIGH_LOW_WORTH] = 1
    view[v.JACK_WORTH] = 1
    for seat in range(rules[p.R_PLAYERS]):
        view[v.CALLS + seat] = -1
        view[v.SIDE_OF + seat] = rules[p.R_SIDE_OF + seat]
    for side in range(rules[p.R_SIDES]):
        view[v.SCORE + side] = scores[side]


@njit(cache=True, inline="always")
def play_pitch_deal_nb(
    dealt,
    hands,
    won,
    dealer,
    scores,
    rules,
    fids,
    params,
    rng,
    script_calls,
    heard,
    script_cards,
    view,
    out,
    fields,
    row,
    error,
    log_calls,
    log_plays,
    log_winners,
):
    """Bid, play and score one Pitch deal of the hands `dealt` into `out[row]`; the
    per-side and per-caller fields go through the views `fields` (see `field_views_nb`).

    `hands` and `won` are scratch (cards held and captured per seat); `scores` (per side)
    is updated. Decisions come from the scripts while they last, then from the strategies;
    the first `heard` scripted calls are not imposed but heard: the seats' own bidders make
    them, and a deal where one calls otherwise is rejected (REJECTED). Returns the error
    kind with seat and card (or call) in `error`.
    """
    players = rules[p.R_PLAYERS]
    n_sides = rules[p.R_SIDES]
    must_follow = rules[p.R_MUST_FOLLOW] != 0
    record = log_plays.shape[0] > 0
    r = out[row]
    calls, points_won, score_change, side_game_points, scores_before_out, scores_after_out = fields
    start_view_nb(view, rules, dealer, scores)
    in_play = 0
    for seat in range(players):
        hands[seat] = dealt[seat]
        won[seat] = 0
        in_play |= dealt[seat]
    for side in range(n_sides):
        scores_before_out[row, side] = scores[side]
    for k in range(p.MAX_PLAYERS):
        calls[row, k] = -1
    r.dealer = dealer

    # The auction: one call each from the dealer's left, the dealer last; a 4 ends it.
    # Conditional play names the pitcher instead (no auction, contract 0).
    view[v.DECISION] = v.BID
    high = 0
    high_bidder = rules[p.R_FIXED_PITCHER]
    stolen = 0  # 1 when the dealer took the auction by matching the high bid
    for k in range(players if high_bidder < 0 else 0):
        seat = next_seat_nb(dealer + k, players)
        is_dealer = seat == dealer
        legal = p.legal_calls(high, is_dealer, rules[p.R_MIN_BID])
        view[v.SEAT] = seat
        view[v.HAND] = hands[seat]
        view[v.LEGAL] = legal
        view[v.POSITION] = k
        view[v.HIGH_BID] = high
        view[v.HIGH_BIDDER] = high_bidder
        if heard <= k < script_calls.shape[0]:
            call = np.int64(script_calls[k])
        elif fids[BID, nowrap(seat)] < 0:  # a scripted deal whose calls ran out
            call = -1
        else:
            call = decide_pitch_calls(fids[BID, nowrap(seat)], view, params, BID, seat, rng)
        if call < 0 or call > 4 or not (legal >> call) & 1:
            error[0] = seat
            error[1] = call
            return ILLEGAL_CALL
        if k < heard and call != script_calls[k]:
            return REJECTED
        view[nowrap(v.CALLS + seat)] = call
        calls[row, k] = call
        if record:
            log_calls[row, k] = call
        # A bid (not a pass) takes the auction, by arithmetic: whether a random bidder
        # passes is a toss, and LLVM compiled the conditional expressions to a branch.
        bid = np.int64(call > 0)
        stolen = (bid & is_dealer & (call == high)) | ((1 - bid) & stolen)
        high += bid * (call - high)
        high_bidder += bid * (seat - high_bidder)
        if call == 4:
            break
    pitcher = high_bidder
    pitcher_side = rules[p.R_SIDE_OF + pitcher]
    view[v.PITCHER] = pitcher
    view[v.CONTRACT] = high
    view[v.HIGH_BID] = high
    view[v.HIGH_BIDDER] = pitcher

    # Six tricks; the pitcher's first card fixes trump (of the fixed suit, if one is set
    # for the pitcher's seat).
    view[v.DECISION] = v.OPENING
    trump = -1
    opening = opening_cards(rules[p.R_FIXED_TRUMP] if pitcher == rules[p.R_TRUMP_SEAT] else -1)
    leader = pitcher
    played = 0
    for trick_no in range(p.TRICKS):
        view[v.TRICK_NO] = trick_no
        trick = 0
        led = -1
        best = -1
        best_seat = -1
        for position in range(players):
            seat = leader + position
            seat = seat - players if seat >= players else seat
            hand = hands[nowrap(seat)]
            legal = legal_cards(hand, led, trump, must_follow) & opening
            opening = -1
            card = next_card_nb(
                decide_pitch,
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
                script_cards,
                fids,
                params,
                rng,
                error,
            )
            if card < 0:
                return -card
            led, trump, best, best_seat, trick, played = take_card_nb(
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
                True,
                best,
                best_seat,
                trick,
                played,
                log_plays,
            )
        won[nowrap(best_seat)] |= trick
        view[nowrap(v.WON + best_seat)] |= trick
        if record:
            log_winners[row, trick_no] = best_seat
        leader = best_seat

    # High, Low, Jack and Game in one pass over the seats, by selects rather than
    # branches: in random play each outcome is a toss, and a mispredicted branch costs
    # more than the test.
    trumps = in_play & suit_mask(trump)
    high_card, low_card, jack = honour_cards(in_play, trump)
    low_piles = dealt if rules[p.R_LOW_TO_HOLDER] else won  # Low: its holder's, or captor's
    for side in range(p.MAX_PLAYERS):
        points_won[row, side] = 0
        score_change[row, side] = 0
        side_game_points[row, side] = 0
    high_seat, low_seat, jack_captor = -1, -1, -1
    for seat in range(players):
        pile = won[seat]
        high_seat = seat if pile >> high_card & 1 else high_seat
        low_seat = seat if low_piles[seat] >> low_card & 1 else low_seat
        jack_captor = seat if pile >> jack & 1 else jack_captor  # nobody: not dealt
        side_game_points[row, rules[p.R_SIDE_OF + seat]] += game_points(pile)
    high_side = rules[p.R_SIDE_OF + high_seat]
    low_side = rules[p.R_SIDE_OF + low_seat]
    jack_side = rules[p.R_SIDE_OF + jack_captor] if jack_captor >= 0 else -1
    leader, most, next_most = 0, side_game_points[row, 0], -1  # the first side with most
    for side in range(1, n_sides):
        points = side_game_points[row, side]
        ahead = points > most
        next_most = most if ahead else max(next_most, points)
        leader = side if ahead else leader
        most = points if ahead else most
    game_side = leader if takes_game(most - next_most) else -1  # -1: nobody takes Game
    points_won[row, high_side] += 1
    points_won[row, low_side] += 1
    points_won[row, max(jack_side, 0)] += jack_side >= 0  # nobody (-1): adds 0 to side 0
    points_won[row, max(game_side, 0)] += game_side >= 0

    # Settle the bid; only the pitcher's side can win, at the end of its deal.
    made = points_won[row, pitcher_side] >= high
    for side in range(n_sides):
        score_change[row, side] = points_won[row, side]
    score_change[row, pitcher_side] = points_won[row, pitcher_side] if made else -high
    smudged = (
        (rules[p.R_SMUDGE] != 0)
        & (high == 4)
        & (points_won[row, pitcher_side] == 4)
        & (scores[pitcher_side] >= 0)
    )
    for side in range(n_sides):
        scores[side] += score_change[row, side]
        scores_after_out[row, side] = scores[side]
    reached = scores[pitcher_side] >= rules[p.R_TARGET]
    winner = pitcher_side if smudged | (reached & (made | (rules[p.R_WIN_NEEDS_MADE] == 0))) else -1

    hand = dealt[pitcher] & suit_mask(trump)
    r.pitcher = pitcher
    r.pitcher_side = pitcher_side
    offset = pitcher - dealer  # seats to the dealer's left, the dealer itself last
    r.pitcher_position = offset + players if offset <= 0 else offset
    r.contract = high
    r.stolen = stolen
    r.made = made
    r.high = high_side
    r.low = low_side
    r.jack = jack_side
    r.game_point = game_side
    r.trumps_in_play = popcount(trumps)
    r.winner = winner
    r.smudged = smudged
    r.hand_trumps = popcount(hand)
    r.hand_high_trump = highest(hand) - 13 * trump
    r.hand_low_trump = lowest(hand) - 13 * trump
    r.hand_jack = (hand >> jack & 1) != 0
    r.hand_ace = (hand >> (trump * 13 + 12) & 1) != 0
    r.hand_deuce = (hand >> (trump * 13) & 1) != 0
    r.hand_game_points = game_points(dealt[pitcher])
    return OK


@njit(cache=True, inline="always")
def field_views_nb(out):
    """Views of the per-caller and per-side fields of `out`, for writing: numba drops
    writes to a record's nested array reached through the record."""
    return out.call, out.won, out.delta, out.game_points, out.score_before, out.score_after


# A conditional run's fixed values (`run_pitch`'s `fixed`): the hand (a mask) and its
# seat, the dealer, and how many of each round's scripted calls are heard.
FIXED_HAND, FIXED_SEAT, FIXED_DEALER, FIXED_HEARD = range(4)


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
    fixed,
    rest,
    round_calls,
    round_trumps,
):
    """Play units `first + start .. first + stop` of a run of `seed` one after another,
    with one set of scratch arrays: single deals (games=False, one row each, dealer =
    index % players) or whole games to the target (up to `cap` rows each; the deal passes
    left). Row `u * cap + k` holds deal k of unit u; rows left unused keep deal = -1.
    `errors[u]` = (kind, deal in unit, seat, card or call) of the first fault. Returns
    its scratch.

    A conditional run (bid odds, advice) has rounds (`round_trumps` not empty): in unit u,
    one deal, seat `fixed[FIXED_SEAT]` holds `fixed[FIXED_HAND]`, the dealer is
    `fixed[FIXED_DEALER]` and the other seats are dealt from the cards `rest`; the deal is
    played once per round k, from 0-0, into row `u * cap + k` (cap: the rounds), with the
    scripted calls `round_calls[k]` (the first `fixed[FIXED_HEARD]` of them heard, see
    `play_pitch_deal_nb`) and `round_trumps[k]` the suit the fixed seat pitches if it
    pitches (-1: its strategy's choice). A deal rejected keeps deal = -1 in all its rows.
    """
    seed_part = seed_key(seed)
    players = rules[p.R_PLAYERS]
    rounds = round_trumps.shape[0]
    owned = (
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(players, np.int64),
        np.zeros(players, np.int64),
        np.zeros(players, np.int64),
        np.zeros(p.MAX_PLAYERS, np.int64),
        np.zeros(DECK_SCRATCH, np.int64),
        np.zeros(2, np.int64),
        np.zeros(0, np.int8),
        rules.copy(),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call, and the
    # deals played up to twice as slowly. The scratch is made here rather than handed in,
    # so that the compiler knows that no two of its arrays overlap.
    view, rng, dealt, hands, won, scores, deck, error, no_script, round_rules = unowned(owned)
    rules, fids, params, out, errors = unowned((rules, fids, params, out, errors))
    log_hands, log_calls, log_plays, log_winners, fixed = unowned(
        (log_hands, log_calls, log_plays, log_winners, fixed)
    )
    rest, round_calls, round_trumps = unowned((rest, round_calls, round_trumps))
    round_rules[p.R_TRUMP_SEAT] = fixed[FIXED_SEAT] if rounds else -1
    fields = field_views_nb(out)
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        scores[:] = 0
        dealer = fixed[FIXED_DEALER] if rounds else index % players
        if games:
            rng[0] = purpose_key(unit, STREAM_GAME)
            dealer = below(rng, players)
        for k in range(cap):
            row = u * cap + k
            deal_stream = game_stream_nb(k, STREAM_DEAL) if games else STREAM_DEAL
            play_stream = game_stream_nb(k, STREAM_PLAY) if games else STREAM_PLAY
            if rounds == 0 or k == 0:
                rng[0] = purpose_key(unit, deal_stream)
                if rounds == 0:
                    deal_hands_nb(rng, deck, dealt, players, p.HAND_SIZE)
                else:
                    deal_around_nb(
                        rng, deck, rest, dealt, p.HAND_SIZE, fixed[FIXED_SEAT], fixed[FIXED_HAND]
                    )
            if log_hands.shape[0] > 0:
                log_hands[row, :players] = dealt
            rng[0] = purpose_key(unit, play_stream)
            calls = no_script
            heard = 0
            if rounds:
                scores[:] = 0
                round_rules[p.R_FIXED_TRUMP] = round_trumps[k]
                calls = round_calls[k]
                heard = fixed[FIXED_HEARD]
            kind = play_pitch_deal_nb(
                dealt,
                hands,
                won,
                dealer,
                scores,
                round_rules,
                fids,
                params,
                rng,
                calls,
                heard,
                no_script,
                view,
                out,
                fields,
                row,
                error,
                log_calls,
                log_plays,
                log_winners,
            )
            record = out[row]
            record.game = index if games else -1
            record.deal = k if games else index
            if kind == REJECTED:
                for j in range(cap):
                    out[u * cap + j].deal = -1
                break
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
            if rounds == 0 and (not games or record.winner >= 0):
                break
            if rounds == 0:
                dealer = next_seat_nb(dealer, players)
    return owned  # alive until here: the loop used views of it that no one counted


@njit(cache=True, nogil=True)
def run_units_nb(*arguments):
    """`play_units_nb`, optimised once more (sims.engine.threads says why)."""
    play_units_nb(*arguments)


run_pitch = UnitKernel(run_units_nb)


@njit(cache=True)
def play_pitch_script_nb(
    dealt,
    dealer,
    scores,
    rules,
    script_calls,
    script_cards,
    fids,
    params,
    rng,
    out,
    error,
    log_calls,
    log_plays,
    log_winners,
):
    """Play the given calls and cards (checked for legality) through a run's deal loop;
    after them the seats' strategies decide (fid -1: none, the deal ends there)."""
    players = rules[p.R_PLAYERS]
    view = np.zeros(v.SIZE, np.int64)
    hands = np.zeros(players, np.int64)
    won = np.zeros(players, np.int64)
    return play_pitch_deal_nb(
        dealt,
        hands,
        won,
        dealer,
        scores,
        rules,
        fids,
        params,
        rng,
        script_calls,
        0,
        script_cards,
        view,
        out,
        field_views_nb(out),
        0,
        error,
        log_calls,
        log_plays,
        log_winners,
    )


def conditions(
    hand: int,
    seat: int,
    dealer: int,
    rest: np.ndarray,
    calls: np.ndarray,
    heard: int,
    trumps: np.ndarray,
) -> tuple[np.ndarray, ...]:
    """`run_pitch`'s last four arguments for a conditional run (see there): rounds of
    scripted `calls` (rounds x calls, the first `heard` heard) and `trumps`."""
    fixed = np.zeros(4, np.int64)
    fixed[[FIXED_HAND, FIXED_SEAT, FIXED_DEALER, FIXED_HEARD]] = hand, seat, dealer, heard
    return fixed, rest, calls.astype(np.int8), trumps.astype(np.int64)


def no_conditions() -> tuple[np.ndarray, ...]:
    """`run_pitch`'s last four arguments for a normal run: no rounds."""
    no_cards = np.zeros(0, np.int64)
    return np.zeros(4, np.int64), no_cards, np.zeros((0, 0), np.int8), no_cards
