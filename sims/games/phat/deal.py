"""The deal loop of the partnership games, Phat and Nine-card Don (docs/rules.md sections 2
and 3; the rules array says which), and its run kernel."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import popcount
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
from sims.core.tricks import game_points, legal_must_follow, opening_cards
from sims.engine.common import (
    DECK_SCRATCH,
    OK,
    deal_hands_nb,
    game_stream_nb,
    holder_nb,
    next_card_nb,
    nowrap,
    record_fault_nb,
    take_card_nb,
)
from sims.engine.odds import deal_around_nb
from sims.engine.threads import UnitKernel
from sims.games.phat import rules as phat
from sims.strategies import dispatcher
from sims.strategies import view as v

decide_phat = dispatcher("phat")


@njit(cache=True, inline="always")
def start_view_nb(view, rules, pitcher, carry_in, scores) -> None:
    """The view before a deal's opening lead: the table, the rules of play and scoring,
    the pitcher, the muck carried in and the scores (`scores`, per team). The trainer
    rebuilds views from it."""
    view[:] = 0
    view[v.PLAYERS] = 4
    view[v.SIDES] = 2
    for seat in range(4):
        view[v.SIDE_OF + seat] = seat & 1
    view[v.PITCHER] = pitcher
    view[v.TARGET] = rules[phat.R_TARGET]
    view[v.CARD_VALUES] = rules[phat.R_VALUES]
    view[v.HAND_SIZE] = rules[phat.R_HAND_SIZE]
    view[v.CARRY] = carry_in
    view[v.FOLLOW] = 1
    view[v.GAME_WORTH] = rules[phat.R_GAME_BONUS]
    view[v.HIGH_LOW_WORTH] = rules[phat.R_HIGH_LOW]
    view[v.JACK_WORTH] = rules[phat.R_JACK]
    view[v.SCORE] = scores[0]
    view[v.SCORE + 1] = scores[1]
    view[v.TRUMP] = -1
    view[v.DECISION] = v.OPENING


@njit(cache=True, inline="always")
def play_phat_deal_nb(
    dealt,
    hands,
    pitcher,
    scores,
    carry_in,
    rules,
    stop_at_target,
    opening,
    fids,
    params,
    rng,
    script,
    view,
    out,
    row,
    error,
    card_values,
    log_plays,
    log_winners,
):
    """Play and score one deal of the hands `dealt` into `out[row]` under `rules` (the
    game's rules array) with `card_values[trump, card]` the points a card scores at once.

    `hands` is scratch (the cards still held); `scores` is updated; `opening` masks the
    cards the pitcher may open with (-1: any; a suit fixes trump). Cards come from
    `script` while it lasts, then from the strategies. Returns the error kind (OK,
    ILLEGAL_CARD, SCRIPT_EXHAUSTED) with seat and card in `error`.
    """
    target = rules[phat.R_TARGET]
    tricks = rules[phat.R_HAND_SIZE]
    hands[:] = dealt
    record = log_plays.shape[0] > 0
    start_view_nb(view, rules, pitcher, carry_in, scores)
    r = out[row]
    r.score_before_0 = scores[0]
    r.score_before_1 = scores[1]
    r.pitcher = pitcher
    r.dealer = (pitcher + 3) & 3
    r.carry_in = carry_in
    trump = -1
    leader = pitcher
    won_0, won_1, points_0, points_1, tricks_0, tricks_1 = 0, 0, 0, 0, 0, 0
    winner = -1
    played = 0
    trick_no = 0
    while trick_no < tricks and winner < 0:
        view[v.TRICK_NO] = trick_no
        trick = 0
        led = -1
        best = -1
        best_seat = -1
        trick_points = 0
        for position in range(4):
            seat = (leader + position) & 3
            hand = hands[seat]
            legal = legal_must_follow(hand, led) & opening
            opening = -1
            card = next_card_nb(
                decide_phat,
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
            trick_points += card_values[nowrap(trump), nowrap(card)]
        # Which team took the trick is a toss in random play: selects, not a branch.
        team = best_seat & 1
        won_0 |= trick & (team - 1)  # all ones for team 0, else nothing
        won_1 |= trick & -team
        tricks_0 += 1 - team
        tricks_1 += team
        points_0 += trick_points * (1 - team)
        points_1 += trick_points * team
        scores[team] += trick_points
        view[v.POINTS + team] += trick_points
        view[v.WON + best_seat] |= trick
        if record:
            log_winners[row, trick_no] = best_seat
        leader = best_seat
        trick_no += 1
        if stop_at_target:
            winner = leader_at_target_nb(scores, target)

    muck_0 = game_points(won_0)
    muck_1 = game_points(won_1)
    in_play = dealt[0] | dealt[1] | dealt[2] | dealt[3]
    high, low, jack = phat.honour_captors(in_play, trump, won_0, won_1)
    bonus_0, bonus_1, carry_out = 0, 0, 0
    if winner < 0:
        bonus_0, bonus_1, carry_out = phat.end_bonus(
            rules, muck_0, muck_1, carry_in, high, low, jack
        )
        scores[0] += bonus_0
        scores[1] += bonus_1
        if stop_at_target:
            winner = leader_at_target_nb(scores, target)
        if winner >= 0:
            carry_out = 0  # a carry-over still pending when the game ends is lost

    big = trump * 13 + phat.BIG_PHAT_RANK
    little = trump * 13 + phat.LITTLE_PHAT_RANK
    r.big_phat_holder = holder_nb(dealt, big)
    r.big_phat_holder_team = r.big_phat_holder & 1 if r.big_phat_holder >= 0 else -1
    r.big_phat_team = phat.captor(won_0, won_1, big)
    r.little_phat_holder = holder_nb(dealt, little)
    r.little_phat_holder_team = r.little_phat_holder & 1 if r.little_phat_holder >= 0 else -1
    r.little_phat_team = phat.captor(won_0, won_1, little)
    r.high_team = high
    r.low_team = low
    r.jack_team = jack
    r.pitcher_trumps = popcount(dealt[pitcher] & suit_mask(trump))
    r.phat_0 = points_0
    r.phat_1 = points_1
    r.muck_0 = muck_0
    r.muck_1 = muck_1
    r.bonus_0 = bonus_0
    r.bonus_1 = bonus_1
    r.carry_out = carry_out
    r.tricks_0 = tricks_0
    r.tricks_1 = tricks_1
    r.tricks_played = trick_no
    r.score_after_0 = scores[0]
    r.score_after_1 = scores[1]
    r.winner = winner
    return OK


@njit(cache=True, inline="always")
def leader_at_target_nb(scores, target: int) -> int:
    """The team that has won: at or above the target and ahead of the other; else -1."""
    if scores[0] > scores[1] and scores[0] >= target:
        return 0
    if scores[1] > scores[0] and scores[1] >= target:
        return 1
    return -1


# A conditional run's fixed values (`run_phat`'s `fixed`): the hand (a mask) and its
# seat, which pitches.
FIXED_HAND, FIXED_SEAT = range(2)


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
    card_values,
    out,
    errors,
    log_hands,
    log_plays,
    log_winners,
    fixed,
    rest,
    round_trumps,
):
    """Play units `first + start .. first + stop` of a run of `seed` one after another:
    single deals (games=False, one row each, pitcher = index % 4) or whole games to the
    target (up to `cap` rows each).

    Row `u * cap + k` holds deal k of unit u; rows left unused keep deal = -1. `errors[u]` =
    (kind, deal in unit, seat, card) of the first illegal play.

    A conditional run (bid odds) has rounds (`round_trumps` not empty): in unit u, one deal,
    seat `fixed[FIXED_SEAT]` holds `fixed[FIXED_HAND]` and pitches, the other seats are
    dealt from the cards `rest`, and the deal is played once per round k, from 0-0, into row
    `u * cap + k` (cap: the rounds), opening in the suit `round_trumps[k]`.
    """
    rounds = round_trumps.shape[0]
    seed_part = seed_key(seed)
    owned = (
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(4, np.int64),
        np.zeros(4, np.int64),
        np.zeros(2, np.int64),
        np.zeros(DECK_SCRATCH, np.int64),
        np.zeros(2, np.int64),
        np.zeros(0, np.int8),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call.
    view, rng, dealt, hands, scores, deck, error, script = unowned(owned)
    rules, fids, params, card_values, out = unowned((rules, fids, params, card_values, out))
    errors, log_hands, log_plays, log_winners, fixed = unowned(
        (errors, log_hands, log_plays, log_winners, fixed)
    )
    rest, round_trumps = unowned((rest, round_trumps))
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        scores[:] = 0
        carry = 0
        if games:
            rng[0] = purpose_key(unit, STREAM_GAME)
            pitcher = below(rng, 4)
        else:
            pitcher = fixed[FIXED_SEAT] if rounds else index & 3
        for k in range(cap):
            row = u * cap + k
            deal_stream = game_stream_nb(k, STREAM_DEAL) if games else STREAM_DEAL
            play_stream = game_stream_nb(k, STREAM_PLAY) if games else STREAM_PLAY
            if rounds == 0 or k == 0:
                rng[0] = purpose_key(unit, deal_stream)
                if rounds == 0:
                    deal_hands_nb(rng, deck, dealt, 4, rules[phat.R_HAND_SIZE])
                else:
                    deal_around_nb(
                        rng,
                        deck,
                        rest,
                        dealt,
                        rules[phat.R_HAND_SIZE],
                        fixed[FIXED_SEAT],
                        fixed[FIXED_HAND],
                    )
            if log_hands.shape[0] > 0:
                log_hands[row, :] = dealt
            rng[0] = purpose_key(unit, play_stream)
            opening = -1
            if rounds:
                scores[:] = 0
                opening = opening_cards(round_trumps[k])
            kind = play_phat_deal_nb(
                dealt,
                hands,
                pitcher,
                scores,
                carry,
                rules,
                games,
                opening,
                fids,
                params,
                rng,
                script,
                view,
                out,
                row,
                error,
                card_values,
                log_plays,
                log_winners,
            )
            record = out[row]
            record.game = index if games else -1
            record.deal = k if games else index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
            if rounds == 0 and (not games or record.winner >= 0):
                break
            if rounds == 0:
                pitcher = (pitcher + 1) & 3
                carry = record.carry_out
    return owned  # alive until here: the loop used views of it that no one counted


@njit(cache=True, nogil=True)
def run_units_nb(*arguments):
    """`play_units_nb`, optimised once more (sims.engine.threads says why)."""
    play_units_nb(*arguments)


run_phat = UnitKernel(run_units_nb)


@njit(cache=True)
def play_script_nb(
    dealt,
    pitcher,
    scores,
    carry_in,
    rules,
    stop_at_target,
    script,
    fids,
    params,
    rng,
    card_values,
    out,
    error,
    log_plays,
    log_winners,
):
    """Play the given cards (checked for legality) through the same deal loop as a run;
    after them the seats' strategies decide (fid -1: none, the deal ends there)."""
    view = np.zeros(v.SIZE, np.int64)
    hands = np.zeros(4, np.int64)
    return play_phat_deal_nb(
        dealt,
        hands,
        pitcher,
        scores,
        carry_in,
        rules,
        stop_at_target,
        -1,
        fids,
        params,
        rng,
        script,
        view,
        out,
        0,
        error,
        card_values,
        log_plays,
        log_winners,
    )


def conditions(
    hand: int, seat: int, rest: np.ndarray, trumps: np.ndarray
) -> tuple[np.ndarray, ...]:
    """`run_phat`'s last three arguments for a conditional run (see there)."""
    fixed = np.zeros(2, np.int64)
    fixed[[FIXED_HAND, FIXED_SEAT]] = hand, seat
    return fixed, rest, trumps.astype(np.int64)


def no_conditions() -> tuple[np.ndarray, ...]:
    """`run_phat`'s last three arguments for a normal run: no rounds."""
    no_cards = np.zeros(0, np.int64)
    return np.zeros(2, np.int64), no_cards, no_cards
