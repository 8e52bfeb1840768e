"""Ten-point Pitch deals that fit the calls heard, for `allfours advise tenpoint`, drawn by
chains over the earlier seats' hands (the design of Pitch's sampler, docs/advisor.md):

- The state is the hands dealt to the seats that spoke before the hand. A move takes one
  of them, puts its cards back with the cards no earlier seat holds (the hand's excepted),
  and draws it a new hand from those uniformly, again until the earlier seats' bidders,
  seeing their hands, make exactly the calls heard, or `MOVE_DRAWS` hands were drawn, when
  it keeps its hand. The cards it draws from do not depend on the hand it had, so the move
  is reversible and leaves the law of the fitting deals unchanged, even when it stays.
- `CHAINS` chains start from a fitting deal found seat by seat (started over when a seat
  finds none in `START_DRAWS`), sweep `BURN_IN` times, then keep their state every `THIN`
  sweeps. Deal d of a run is chain d % CHAINS's state number d // CHAINS; the later seats
  and the stock are dealt afresh for every kept deal from the cards left
  (`sims.games.tenpoint.conditional.run_conditional`).
- Every chain draws from its own random stream (seed, chain), so a seed gives the same
  deals however many threads play them and however the run is cut into chunks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.rng import below
from sims.engine.common import BID
from sims.engine.threads import in_threads
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.conditional import auction_fits_nb, order_around_nb
from sims.games.tenpoint.deal import INFO_SIZE, WORK_ROWS
from sims.run.chains import FAULT, MOVE_DRAWS, NEVER_HEARD, RUNNING, START_DRAWS, STARTS
from sims.strategies import view as v


@njit(cache=True)
def draw_seat_nb(seat, upto, dealt, heard, budget, rest, rules, fids, params, rng, calls, scratch):
    """Move `seat`: draw it a hand uniformly from the cards of `rest` no other of the first
    `heard` seats holds until the bidders of seats 0 .. `upto` make `calls[:upto + 1]`;
    the draws it took (> 0), 0 if none of `budget` fitted (its hand unchanged), or -1 on a
    fault (seat and call in the scratch's error)."""
    stop, avail, order, pool, view, out, error, info, work, logs = scratch
    stop[:, :] = fids
    stop[BID, upto + 1] = -1
    size = rules[tp.R_DEALT]
    full = tp.FULL[rules[tp.R_DECK]]
    others = 0
    for k in range(heard):
        if k != seat:
            others |= dealt[k]
    n = 0
    for i in range(rest.shape[0]):
        if not (others >> rest[i]) & 1:
            avail[n] = rest[i]
            n += 1
    old = dealt[seat]
    heard_so_far = calls[: upto + 1]
    for draw in range(budget):
        mask = 0
        for k in range(size):  # a partial Fisher-Yates shuffle of the cards left
            j = k + below(rng, n - k)
            avail[k], avail[j] = avail[j], avail[k]
            mask |= np.int64(1) << avail[k]
        dealt[seat] = mask
        order_around_nb(rng, order, dealt, size, full, pool, False)
        fits = auction_fits_nb(
            order, rules, stop, params, rng, heard_so_far, view, out, error, info, work, logs
        )
        if fits == 1:
            return draw + 1
        if fits < 0:
            return -1
    dealt[seat] = old
    return 0


@njit(cache=True, nogil=True)  # the server's event loop runs beside it
def advance_chains_block_nb(
    start, stop, states, keys, status, draws, first_step, steps, count, burn_in, thin,
    kept, hand, rest, rules, fids, params, calls, outs, log_calls, log_plays, log_winners,
):  # fmt: skip
    """Chains `start` to `stop` of `advance_chains`, one after another."""
    chains, heard = states.shape
    players = rules[tp.R_PLAYERS]
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
            fids.copy(),
            np.zeros(rest.shape[0], np.int64),
            np.zeros(64, np.int64),
            np.zeros(64, np.int64),
            np.zeros(v.SIZE, np.int64),
            outs[c : c + 1],
            np.zeros(2, np.int64),
            np.zeros(INFO_SIZE, np.int64),
            np.zeros((WORK_ROWS, 64), np.int64),
            (log_calls, log_plays, log_winners),
        )
        failed = 0
        if first_step == 0:  # a first fitting deal, seat by seat, started over if need be
            for _ in range(STARTS):
                failed = 0
                for seat in range(heard):
                    dealt[seat + 1 : heard] = 0
                    took = draw_seat_nb(
                        seat, seat, dealt, seat + 1, start_draws, rest, rules, fids, params,
                        rng, calls, scratch,
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
                    took = draw_seat_nb(
                        seat, heard - 1, dealt, heard, move_draws, rest, rules, fids, params,
                        rng, calls, scratch,
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
            status[c, 1] = scratch[6][0]
            status[c, 2] = scratch[6][1]
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
    `hand` (a mask) is seat `calls.shape[0]`'s, the earlier seats are 0 .. calls.shape[0]
    - 1, the dealer the last seat; `rest` the cards outside the hand. The arguments are those of
    `advance_chains_block_nb` after its first two; each of numba's threads advances its part
    of the chains (sims.engine.threads), leaving the rest of its part once a chain stops: the
    run is refused then, naming the lowest chain stopped, the same on any number of threads."""
    in_threads(advance_chains_block_nb, states.shape[0], states, *rest)
