"""Deals that fit the calls heard, however rare: the chains behind `allfours advise cinch`,
built as Pitch's (`sims.games.pitch.sampler` explains the design and why it is exact).

The state of a chain is the hands of the seats that spoke before the hand (nine cards
each). A move draws one of them a new hand uniformly from the cards no other earlier seat
holds, again until the earlier seats' bidders, seeing their hands, make exactly the calls
heard (through the deal loop's own auction, `sims.games.cinch.conditional.heard_nb`), or
`MOVE_DRAWS` hands were drawn, when it keeps its hand. A chain starts from a fitting deal
found seat by seat, sweeps `BURN_IN` times, then keeps its state every `THIN` sweeps; deal
d of a run is chain d % CHAINS's state number d // CHAINS. The later seats and the stock
are dealt afresh for every kept deal from the cards left, by the deal's own stream
(`sims.games.cinch.conditional.run_conditional`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.bits import lowest
from sims.core.rng import below
from sims.engine.common import OK, REJECTED
from sims.engine.threads import in_threads
from sims.games.cinch import rules as c
from sims.games.cinch.conditional import heard_nb
from sims.games.cinch.deal import CARDS
from sims.run.chains import FAULT, MOVE_DRAWS, NEVER_HEARD, RUNNING, START_DRAWS, STARTS
from sims.strategies import view as v


@njit(cache=True)  # called at two places: compiled once, not inlined at each
def _draw_seat_nb(seat, upto, dealt, heard, budget, rest, avail, rules, stops, params, rng,
                  calls, order, view, out, error, logs) -> int:  # fmt: skip
    """Move `seat`: draw it a hand uniformly from the cards of `rest` no other of the first
    `heard` seats holds (its own included) until seats 0 .. `upto` make their calls; the
    draws it took (> 0), 0 if none of `budget` fitted (its hand unchanged), or -1 on a
    fault (seat and call in `error`)."""
    size = rules[c.R_DEALT]
    others = np.int64(0)
    for k in range(heard):
        if k != seat:
            others |= dealt[k]
    n = 0
    for i in range(rest.shape[0]):
        if not (others >> rest[i]) & 1:
            avail[n] = rest[i]
            n += 1
    for k in range(upto + 1):  # the deal loop reads the earlier hands from `order`
        if k != seat:
            mask = dealt[k]
            for i in range(size):
                card = lowest(mask)
                order[k * size + i] = card
                mask &= ~(np.int64(1) << card)
    old = dealt[seat]
    for draw in range(budget):
        mask = np.int64(0)
        for k in range(size):  # a partial Fisher-Yates shuffle of the cards left
            j = k + below(rng, n - k)
            avail[k], avail[j] = avail[j], avail[k]
            order[seat * size + k] = avail[k]
            mask |= np.int64(1) << avail[k]
        dealt[seat] = mask
        kind = heard_nb(order, upto + 1, rules, stops[upto], params, rng, calls, view, out,
                        np.int64(0), error, logs)  # fmt: skip
        if kind == OK:
            return draw + 1
        if kind != REJECTED:
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
    players = rules[c.R_PLAYERS]
    logs = (log_calls, log_plays, log_winners)
    # Typed int64: passed as they are, each constant would be typed as its own value and
    # the draw compiled once for each.
    start_draws, move_draws = np.int64(START_DRAWS), np.int64(MOVE_DRAWS)
    for ch in range(start, stop):
        if status[ch, 0] != RUNNING or first_step * chains + ch >= count:
            continue
        rng = np.zeros(1, np.int64)
        rng[0] = keys[ch]
        dealt = np.zeros(players, np.int64)
        for k in range(heard):
            dealt[k] = states[ch, k]
        view = np.zeros(v.SIZE, np.int64)
        order = np.zeros(CARDS, np.int64)
        error = np.zeros(2, np.int64)
        out = outs[ch : ch + 1]
        avail = np.zeros(rest.shape[0], np.int64)
        failed = 0
        if first_step == 0:  # a first fitting deal, seat by seat, started over if need be
            for _ in range(STARTS):
                failed = 0
                for seat in range(heard):
                    took = _draw_seat_nb(seat, seat, dealt, seat + 1, start_draws, rest, avail,
                                         rules, stops, params, rng, calls, order, view, out,
                                         error, logs)  # fmt: skip
                    draws[ch] += max(took, 0)
                    if took <= 0:
                        failed = NEVER_HEARD if took == 0 else FAULT
                        status[ch, 1] = seat
                        break
                if failed != NEVER_HEARD:
                    break
        for s in range(first_step, first_step + steps):
            if failed or s * chains + ch >= count:
                break
            for _ in range(burn_in if s == 0 else thin):
                for seat in range(heard):
                    took = _draw_seat_nb(seat, heard - 1, dealt, heard, move_draws, rest, avail,
                                         rules, stops, params, rng, calls, order, view, out,
                                         error, logs)  # fmt: skip
                    draws[ch] += took if took > 0 else MOVE_DRAWS
                    if took < 0:
                        failed = FAULT
                        break
                if failed:
                    break
            if not failed:
                for k in range(heard):
                    kept[(s - first_step) * chains + ch, k] = dealt[k]
        if failed == FAULT:
            status[ch, 1] = error[0]
            status[ch, 2] = error[1]
        status[ch, 0] = failed
        for k in range(heard):
            states[ch, k] = dealt[k]
        keys[ch] = rng[0]
        if failed:  # the run is refused: the rest of this share would be drawn for nothing
            break


def advance_chains(states: np.ndarray, *rest: Any) -> None:
    """Advance every chain over its steps `first_step .. first_step + steps` (step s keeps
    deal s * chains + c, while below `count`), writing the earlier seats' hands of each deal
    kept into `kept[(s - first_step) * chains + c]`. `states[c]` (the earlier seats'
    hands) and `keys[c]` (its stream's state) carry chain c from call to call; `status[c]`
    says why it stopped (NEVER_HEARD with the seat, or FAULT with the seat and its call);
    `draws[c]` counts the hands it drew. The earlier seats are 0 .. calls.shape[0] - 1;
    `stops[i]` are the strategies with seat i + 1's bidder removed. The arguments are those of
    `advance_chains_block_nb` after its first two; each of numba's threads advances its part
    of the chains (sims.engine.threads), leaving the rest of its part once a chain stops: the
    run is refused then, naming the lowest chain stopped, the same on any number of threads."""
    in_threads(advance_chains_block_nb, states.shape[0], states, *rest)
