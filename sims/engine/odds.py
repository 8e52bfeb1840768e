"""Conditional play for bid odds: one hand held fixed, the other hands dealt at random
from the rest of the deck, and each deal played once per trump suit the hand pitches.

Every suit replays the same deal with the same play stream, so the suits are compared on
common random numbers.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from sims.core.games import phat
from sims.core.games import pitch as p
from sims.core.games.tricks import opening_cards
from sims.core.rng import STREAM_DEAL, STREAM_PLAY, below, stream_key
from sims.engine.common import BLOCKS, OK, record_fault_nb
from sims.engine.phat import play_phat_deal_nb
from sims.engine.pitch import field_views_nb, play_pitch_deal_nb
from sims.engine.solowhist import play_whist_deal_nb
from sims.strategies import view as v

# Per (suit, deal) results of Pitch: points the pitcher's side won, then 1 when that
# side took High, Low, Jack, Game.
PITCH_WON, PITCH_HIGH, PITCH_LOW, PITCH_JACK, PITCH_GAME = range(5)
# Per (suit, deal) results of Phat: the pitcher's side's points (phat + muck bonus), 1 when
# it took the Big Phat, 1 when the side dealt the Big Phat kept it, its muck.
PHAT_POINTS, PHAT_BIG_PHAT_OURS, PHAT_BIG_PHAT_KEPT, PHAT_MUCK = range(4)
# Per (contract, deal) results of Solo Whist: 1 when made, the declarer's settlement, its
# tricks, the trump played (-1: none).
WHIST_MADE, WHIST_SETTLEMENT, WHIST_TRICKS, WHIST_TRUMP = range(4)


@njit(cache=True)
def deal_around_nb(state, deck, rest, dealt, hand_size: int, fixed_seat: int, fixed_hand: int):
    """Give `fixed_hand` to `fixed_seat` and every other seat `hand_size` cards drawn
    uniformly from the cards `rest` (a partial Fisher-Yates shuffle)."""
    n = rest.shape[0]
    deck[:n] = rest
    needed = min((dealt.shape[0] - 1) * hand_size, n - 1)
    for i in range(needed):
        j = i + below(state, n - i)
        deck[i], deck[j] = deck[j], deck[i]
    k = 0
    for seat in range(dealt.shape[0]):
        if seat == fixed_seat:
            dealt[seat] = fixed_hand
            continue
        mask = 0
        for i in range(k, k + hand_size):
            mask |= 1 << deck[i]
        dealt[seat] = mask
        k += hand_size


@njit(cache=True, parallel=True)
def pitch_odds_nb(seed, first, count, hand, rest, seat, dealer, suits, rules, fids, params,
                  scratch, results, errors):  # fmt: skip
    """Play deals `first .. first + count` with `hand` at `seat`, the others dealt from the
    cards `rest`, pitching each suit of `suits` (no auction) into `results[suit index,
    deal, PITCH_*]`. `rules` carries the fixed pitcher; `scratch` holds one outcome row
    per block. `errors[u]` = (kind, suit index, seat, card) of the first illegal play."""
    players = rules[p.R_PLAYERS]
    blocks = min(count, BLOCKS, scratch.shape[0])
    for block in prange(blocks):
        view = np.zeros(v.SIZE, np.int64)
        rng = np.zeros(1, np.int64)
        dealt = np.zeros(players, np.int64)
        hands = np.zeros(players, np.int64)
        won = np.zeros(players, np.int64)
        scores = np.zeros(p.MAX_PLAYERS, np.int64)
        deck = np.zeros(52, np.int64)
        error = np.zeros(2, np.int64)
        no_script = np.zeros(0, np.int8)
        no_log = np.zeros((0, 1), np.int8)
        local_rules = rules.copy()
        fields = field_views_nb(scratch)
        for u in range(count * block // blocks, count * (block + 1) // blocks):
            index = first + u
            rng[0] = stream_key(seed, index, STREAM_DEAL)
            deal_around_nb(rng, deck, rest, dealt, p.HAND_SIZE, seat, hand)
            for s in range(suits.shape[0]):
                local_rules[p.R_FIXED_TRUMP] = suits[s]
                scores[:] = 0
                rng[0] = stream_key(seed, index, STREAM_PLAY)
                kind = play_pitch_deal_nb(
                    dealt, hands, won, dealer, scores, local_rules, fids, params, rng,
                    no_script, no_script, view, scratch, fields, block, error, no_log, no_log,
                    no_log,
                )  # fmt: skip
                if kind != OK:
                    record_fault_nb(errors, u, kind, s, error)
                    break
                side = local_rules[p.R_SIDE_OF + seat]
                row = scratch[block]
                results[s, u, PITCH_WON] = fields[1][block, side]
                results[s, u, PITCH_HIGH] = row.high == side
                results[s, u, PITCH_LOW] = row.low == side
                results[s, u, PITCH_JACK] = row.jack == side
                results[s, u, PITCH_GAME] = row.game_point == side


@njit(cache=True, parallel=True)
def phat_odds_nb(seed, first, count, hand, rest, suits, rules, fids, params, card_values,
                 scratch, results, errors):  # fmt: skip
    """Play deals `first .. first + count` with `hand` at seat 0, the pitcher, opening in
    each suit of `suits` into `results[suit index, deal, PHAT_*]`; as `pitch_odds_nb`."""
    blocks = min(count, BLOCKS, scratch.shape[0])
    for block in prange(blocks):
        view = np.zeros(v.SIZE, np.int64)
        rng = np.zeros(1, np.int64)
        dealt = np.zeros(4, np.int64)
        hands = np.zeros(4, np.int64)
        scores = np.zeros(2, np.int64)
        deck = np.zeros(52, np.int64)
        error = np.zeros(2, np.int64)
        no_script = np.zeros(0, np.int8)
        no_log = np.zeros((0, 1), np.int8)
        for u in range(count * block // blocks, count * (block + 1) // blocks):
            index = first + u
            rng[0] = stream_key(seed, index, STREAM_DEAL)
            deal_around_nb(rng, deck, rest, dealt, rules[phat.R_HAND_SIZE], 0, hand)
            for s in range(suits.shape[0]):
                scores[:] = 0
                rng[0] = stream_key(seed, index, STREAM_PLAY)
                kind = play_phat_deal_nb(
                    dealt, hands, 0, scores, 0, rules, False, opening_cards(suits[s]), fids,
                    params, rng, no_script, view, scratch, block, error, card_values, no_log,
                    no_log,
                )  # fmt: skip
                if kind != OK:
                    record_fault_nb(errors, u, kind, s, error)
                    break
                row = scratch[block]
                results[s, u, PHAT_POINTS] = row.phat_0 + row.bonus_0
                results[s, u, PHAT_BIG_PHAT_OURS] = row.big_phat_team == 0
                results[s, u, PHAT_BIG_PHAT_KEPT] = row.big_phat_team == row.big_phat_holder_team
                results[s, u, PHAT_MUCK] = row.muck_0


@njit(cache=True)
def deal_whist_around_nb(state, deck, rest, dealt, seat, hand, dealer, turned):
    """Give `hand` to `seat` and the other seats 13 cards each drawn uniformly from `rest`,
    the dealer holding the `turned` card among its 13 (`rest` lacks it unless `hand` holds
    it, which makes `seat` the dealer)."""
    n = rest.shape[0]
    deck[:n] = rest
    for i in range(n - 1):
        j = i + below(state, n - i)
        deck[i], deck[j] = deck[j], deck[i]
    k = 0
    for other in range(4):
        if other == seat:
            dealt[other] = hand
            continue
        mask, size = 0, 13
        if other == dealer:
            mask, size = 1 << turned, 12
        for i in range(k, k + size):
            mask |= 1 << deck[i]
        dealt[other] = mask
        k += size


@njit(cache=True, parallel=True)
def whist_odds_nb(seed, first, count, hand, rest, seat, dealer, turned, contracts, rules, fids,
                  params, scratch, results, errors):  # fmt: skip
    """Play deals `first .. first + count` with `hand` at `seat`, declaring each contract of
    `contracts` in turn without an auction, into `results[contract index, deal, WHIST_*]`;
    as `pitch_odds_nb`."""
    blocks = min(count, BLOCKS, scratch.shape[0])
    tricks_out = scratch.tricks
    settlement_out = scratch.settlement
    for block in prange(blocks):
        view = np.zeros(v.SIZE, np.int64)
        rng = np.zeros(1, np.int64)
        dealt = np.zeros(4, np.int64)
        hands = np.zeros(4, np.int64)
        deck = np.zeros(52, np.int64)
        error = np.zeros(2, np.int64)
        no_script = np.zeros(0, np.int8)
        no_log = np.zeros((0, 1), np.int8)
        for u in range(count * block // blocks, count * (block + 1) // blocks):
            index = first + u
            rng[0] = stream_key(seed, index, STREAM_DEAL)
            deal_whist_around_nb(rng, deck, rest, dealt, seat, hand, dealer, turned)
            for c in range(contracts.shape[0]):
                rng[0] = stream_key(seed, index, STREAM_PLAY)
                kind = play_whist_deal_nb(
                    dealt, turned, dealer, hands, rules, contracts[c], seat, fids, params, rng,
                    False, no_script, no_script, no_script, view, scratch, tricks_out,
                    settlement_out, block, error, no_log, no_log, no_log,
                )  # fmt: skip
                if kind != OK:
                    record_fault_nb(errors, u, kind, c, error)
                    break
                row = scratch[block]
                results[c, u, WHIST_MADE] = row.made
                results[c, u, WHIST_SETTLEMENT] = settlement_out[block, seat]
                results[c, u, WHIST_TRICKS] = tricks_out[block, seat]
                results[c, u, WHIST_TRUMP] = row.trump
