"""Deals that fit the calls heard, however rare: the sampler behind `allfours advise pitch`.

Each earlier seat's call depends only on its own hand and the calls before it, which are
given; so the deals that fit the calls heard are those in which every earlier seat holds
one of the hands its bidder would make its call with, and advice wants them uniformly.
Rejecting whole deals finds them at the rate at which all those calls happen together,
which falls to thousandths after two high bids or three passes. Here a Gibbs sampler over
the earlier seats' hands finds them instead:

- The state is the hands of the earlier seats (those that spoke before the hand). A move
  takes one of them, puts its cards back with the cards no earlier seat holds, and draws
  it a new hand from those uniformly, again until the seats' bidders, seeing their hands,
  make exactly the calls heard (the seat's own call, and with a bidder that draws at
  random, the others' again), or `MOVE_DRAWS` hands were drawn, when it keeps its hand.
  The cards it draws from do not depend on the hand it had, so the chance of moving to
  each fitting hand is the same from every hand (in proportion to the chance that its
  bidders make the calls with it): the move is reversible and leaves the law of the
  fitting deals unchanged, even when it stays. A sweep moves every earlier seat in turn;
  a seat's draw is rejection over one hand, at the rate of that seat's call alone.
- `CHAINS` chains start from a fitting deal found seat by seat (afresh from the first seat
  when a seat finds none in `START_DRAWS`: an earlier hand can leave a later call
  impossible), sweep `BURN_IN` times, then keep their state every `THIN` sweeps. Deal d
  of a run is chain d % CHAINS's state number d // CHAINS. The later seats, whose calls
  are not heard yet, are dealt afresh for every kept deal from the cards left, as in any
  random deal.
- Every chain draws from its own random stream (seed, chain); the deals are then played
  from deal d's own streams. So a seed gives the same deals and the same answer however
  many threads play them, and however the run is cut into chunks.

The chains' sizes and draw budgets, their streams and the state carried from chunk to
chunk are those of every game's sampler, in `sims.run.chains`.

The kept deals are then played once per call the hand may make, exactly as
`sims.games.pitch.deal.run_pitch` plays a conditional run's rounds (the earlier calls
imposed, since they are already made). docs/advisor.md reports how well the chains mix and
the test that the deals have the law rejection gives them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.memory import unowned
from sims.core.rng import STREAM_DEAL, STREAM_PLAY, below, purpose_key, seed_key, unit_key
from sims.engine.common import DECK_SCRATCH, ILLEGAL_CALL, OK, REJECTED, record_fault_nb
from sims.engine.odds import deal_around_nb
from sims.engine.threads import UnitKernel, in_threads
from sims.games.pitch import rules as p
from sims.games.pitch.deal import field_views_nb, play_pitch_deal_nb
from sims.run.chains import FAULT, MOVE_DRAWS, NEVER_HEARD, RUNNING, START_DRAWS, STARTS
from sims.strategies import view as v


@njit(cache=True, inline="always")
def _fits_nb(dealt, upto, rules, stops, params, rng, calls, scratch, out, logs):
    """Whether the bidders of seats 0 .. `upto` make `calls[:upto + 1]` holding `dealt`
    (1), or one calls otherwise (0), through the deal loop's own auction: it stops at seat
    upto + 1, whose bidder `stops[upto]` removes. -1: a bidder made an illegal call (its
    seat and call in the error scratch)."""
    view, hands, won, scores, error, no_cards = scratch
    log_calls, log_plays, log_winners = logs
    players = rules[p.R_PLAYERS]
    kind = play_pitch_deal_nb(
        dealt,
        hands,
        won,
        players - 1,
        scores,
        rules,
        stops[upto],
        params,
        rng,
        calls[: upto + 1],
        upto + 1,
        no_cards,
        view,
        out,
        field_views_nb(out),
        0,
        error,
        log_calls,
        log_plays,
        log_winners,
    )
    if kind == REJECTED:
        return 0
    if kind == ILLEGAL_CALL and error[0] == upto + 1:
        return 1
    return -1


@njit(cache=True)  # called at two places: compiled once, not inlined at each
def _draw_seat_nb(
    seat, upto, dealt, heard, budget, rest, avail, rules, stops, params, rng, calls, scratch,
    out, logs,
):  # fmt: skip
    """Move `seat`: draw it a hand uniformly from the cards of `rest` no other of the first
    `heard` seats holds (its own included) until seats 0 .. `upto` make their calls; the
    draws it took (> 0), 0 if none of `budget` fitted (its hand unchanged), or -1 on a
    fault."""
    others = 0
    for k in range(heard):
        if k != seat:
            others |= dealt[k]
    n = 0
    for i in range(rest.shape[0]):
        card = rest[i]
        if not (others >> card) & 1:
            avail[n] = card
            n += 1
    old = dealt[seat]
    for draw in range(budget):
        mask = 0
        for k in range(p.HAND_SIZE):  # a partial Fisher-Yates shuffle of the cards left
            j = k + below(rng, n - k)
            avail[k], avail[j] = avail[j], avail[k]
            mask |= 1 << avail[k]
        dealt[seat] = mask
        fits = _fits_nb(dealt, upto, rules, stops, params, rng, calls, scratch, out, logs)
        if fits == 1:
            return draw + 1
        if fits < 0:
            return -1
    dealt[seat] = old
    return 0


@njit(cache=True, nogil=True)  # the server's event loop runs beside it
def advance_chains_block_nb(
    start,
    stop,
    states,
    keys,
    status,
    draws,
    first_step,
    steps,
    count,
    burn_in,
    thin,
    kept,
    hand,
    rest,
    rules,
    stops,
    params,
    calls,
    outs,
    log_calls,
    log_plays,
    log_winners,
):
    """Chains `start` to `stop` of `advance_chains`, one after another."""
    chains, heard = states.shape
    players = rules[p.R_PLAYERS]
    # Typed int64: passed as they are, each constant would be typed as its own value and
    # the draw compiled once for each.
    start_draws, move_draws = np.int64(START_DRAWS), np.int64(MOVE_DRAWS)
    for c in range(start, stop):
        if status[c, 0] != RUNNING or first_step * chains + c >= count:
            continue
        rng = np.zeros(1, np.int64)
        rng[0] = keys[c]
        dealt = np.zeros(players, np.int64)
        dealt[heard] = hand
        for k in range(heard):
            dealt[k] = states[c, k]
        scratch = (
            np.zeros(v.SIZE, np.int64),
            np.zeros(players, np.int64),
            np.zeros(players, np.int64),
            np.zeros(p.MAX_PLAYERS, np.int64),
            np.zeros(2, np.int64),
            np.zeros(0, np.int8),
        )
        logs = (log_calls, log_plays, log_winners)
        out = outs[c : c + 1]
        avail = np.zeros(rest.shape[0], np.int64)
        failed = 0
        if first_step == 0:  # a first fitting deal, seat by seat, started over if need be
            for _ in range(STARTS):
                failed = 0
                for seat in range(heard):
                    took = _draw_seat_nb(
                        seat, seat, dealt, seat + 1, start_draws, rest, avail, rules, stops,
                        params, rng, calls, scratch, out, logs,
                    )  # fmt: skip
                    draws[c] += max(took, 0)
                    if took <= 0:
                        failed = NEVER_HEARD if took == 0 else FAULT
                        status[c, 1] = seat
                        break
                if failed != NEVER_HEARD:
                    break
        for s in range(first_step, first_step + steps):
            if failed or s * chains + c >= count:
                break
            for _ in range(burn_in if s == 0 else thin):
                for seat in range(heard):
                    took = _draw_seat_nb(
                        seat, heard - 1, dealt, heard, move_draws, rest, avail, rules, stops,
                        params, rng, calls, scratch, out, logs,
                    )  # fmt: skip
                    draws[c] += took if took > 0 else MOVE_DRAWS
                    if took < 0:
                        failed = FAULT
                        break
                if failed:
                    break
            if not failed:
                for k in range(heard):
                    kept[(s - first_step) * chains + c, k] = dealt[k]
        if failed == FAULT:
            status[c, 1] = scratch[4][0]
            status[c, 2] = scratch[4][1]
        status[c, 0] = failed
        for k in range(heard):
            states[c, k] = dealt[k]
        keys[c] = rng[0]
        if failed:  # the run is refused: the rest of this share would be drawn for nothing
            break


def advance_chains(states: np.ndarray, *rest: Any) -> None:
    """Advance every chain over its steps `first_step .. first_step + steps` (step s keeps
    deal s * chains + c, while below `count`), writing the earlier seats' hands of each deal
    kept into `kept[(s - first_step) * chains + c]`.

    `states[c]` (the earlier seats' hands) and `keys[c]` (its stream's state) carry chain c
    from call to call; a chain at step 0 is first given a fitting deal seat by seat, then
    swept `burn_in` times before its first deal, `thin` times before each other. `status[c]`
    says why a chain stopped (NEVER_HEARD with the seat, or FAULT with the seat and its
    call) and `draws[c]` counts the hands it drew.
    `hand` is the fixed hand (a mask) of seat `calls.shape[0]`, the earlier seats are 0 ..
    calls.shape[0] - 1, the dealer the last seat; `stops[i]` are the bidders with seat
    i + 1's removed. The arguments are those of `advance_chains_block_nb` after its first
    two; each of numba's threads advances its part of the chains (sims.engine.threads),
    leaving the rest of its part once a chain stops: the run is refused then, naming the
    lowest chain stopped, the same on any number of threads.
    """
    in_threads(advance_chains_block_nb, states.shape[0], states, *rest)


@njit(cache=True, nogil=True)
def play_kept_block_nb(
    start,
    stop,
    seed,
    first,
    kept,
    hand,
    rest,
    rules,
    fids,
    params,
    round_calls,
    round_trumps,
    out,
    errors,
    dealt_out,
    log_calls,
    log_plays,
    log_winners,
):
    """Play deals `first + start .. first + stop` of a run of `seed` one after another, with
    one set of scratch arrays: deal u's earlier seats hold `kept[u]` and seat
    `kept.shape[1]` the hand `hand`; it is played once per round k into row u * rounds + k,
    as a conditional run of `run_pitch` plays its rounds: the scripted calls
    `round_calls[k]` (all imposed), `round_trumps[k]` the suit the hand pitches if it
    pitches (-1: its strategy's choice), every round from deal u's own play stream. The
    later seats are dealt from the cards of `rest` left, by deal u's deal stream; the
    hands dealt go to `dealt_out[u]` where it has rows. Returns its scratch."""
    seed_part = seed_key(seed)
    players = rules[p.R_PLAYERS]
    heard = kept.shape[1]
    rounds = round_trumps.shape[0]
    owned = (
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(players, np.int64),
        np.zeros(players - heard, np.int64),  # the hand first, then the later seats
        np.zeros(players, np.int64),
        np.zeros(players, np.int64),
        np.zeros(p.MAX_PLAYERS, np.int64),
        np.zeros(DECK_SCRATCH, np.int64),
        np.zeros(rest.shape[0], np.int64),
        np.zeros(2, np.int64),
        np.zeros(0, np.int8),
        rules.copy(),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call, and the
    # deals played up to twice as slowly. The scratch is made here rather than handed in,
    # so that the compiler knows that no two of its arrays overlap.
    view, rng, dealt, later, hands, won, scores, deck, pool, error, no_script, round_rules = (
        unowned(owned)
    )
    kept, rest, rules, fids = unowned((kept, rest, rules, fids))
    params, round_calls, round_trumps, out, errors = unowned(
        (params, round_calls, round_trumps, out, errors)
    )
    dealt_out, log_calls, log_plays, log_winners = unowned(
        (dealt_out, log_calls, log_plays, log_winners)
    )
    round_rules[p.R_TRUMP_SEAT] = heard
    fields = field_views_nb(out)
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        taken = 0
        for k in range(heard):
            dealt[k] = kept[u, k]
            taken |= kept[u, k]
        n = 0
        for i in range(rest.shape[0]):
            if not (taken >> rest[i]) & 1:
                pool[n] = rest[i]
                n += 1
        rng[0] = purpose_key(unit, STREAM_DEAL)
        deal_around_nb(rng, deck, pool[:n], later, p.HAND_SIZE, 0, hand)
        for k in range(players - heard):
            dealt[heard + k] = later[k]
        if dealt_out.shape[0] > 0:
            dealt_out[u, :players] = dealt
        for k in range(rounds):
            row = u * rounds + k
            rng[0] = purpose_key(unit, STREAM_PLAY)
            scores[:] = 0
            round_rules[p.R_FIXED_TRUMP] = round_trumps[k]
            kind = play_pitch_deal_nb(
                dealt,
                hands,
                won,
                players - 1,
                scores,
                round_rules,
                fids,
                params,
                rng,
                round_calls[k],
                0,
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
            record.game = -1
            record.deal = index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
    return owned  # alive until here: the loop used views of it that no one counted


# The kept deals' kernel: each of numba's threads plays its part of them in one call of
# the block function (sims.engine.threads).
play_kept = UnitKernel(play_kept_block_nb)
