"""The Gibbs chains behind advice in a game with an auction: their sizes, their random
streams, the state an advice run carries from chunk to chunk, and what a stopped chain
tells the user. Each game's sampler moves them with its own deal loop's auction;
`sims.games.pitch.sampler` explains the design and why it is exact."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from sims.core.rng import purpose_key, seed_key, unit_key
from sims.engine.common import BID
from sims.run.queries import AdviceError, AdviceQuery, call_name
from sims.run.runner import StrategyFault

CHAINS = 64  # chains per run, whatever the threads: deal d is chain d % CHAINS's
BURN_IN = 20  # sweeps from the first fitting deal to the first deal kept
THIN = 4  # sweeps between two deals a chain keeps (docs/advisor.md: how it was chosen)
STEPS_PER_CHUNK = 32  # deals each chain keeps per chunk of a run (progress comes per chunk)
MOVE_DRAWS = 200_000  # hands drawn for one seat in one move before it keeps its hand
START_DRAWS = 100_000  # hands drawn for one seat of a first fitting deal before starting over
STARTS = 10  # first fitting deals tried, seat by seat, before the calls count as never heard
# The chains' random streams: a purpose apart from the deal and play streams of
# sims.core.rng (0 and up) and from those of the deals of a game (16 and up).
STREAM_CHAIN = -1

# A chain's status: still running, or why it stopped (`Chains.status[:, 0]`).
RUNNING, NEVER_HEARD, FAULT = 0, 1, 3


@njit(cache=True)
def chain_key(seed: int, chain: int) -> int:
    """The starting state of chain `chain`'s stream in a run of `seed`."""
    return purpose_key(unit_key(seed_key(seed), chain), STREAM_CHAIN)


@dataclass
class Chains:
    """The chains of one advice run, carried from chunk to chunk: each chain's earlier
    seats' hands and stream, why it stopped (`status[c]`: kind, seat, call), the hands it
    drew, and the step the next chunk starts at."""

    states: np.ndarray
    keys: np.ndarray
    status: np.ndarray
    draws: np.ndarray
    step: int = 0

    @classmethod
    def start(cls, seed: int, heard: int, chains: int = CHAINS) -> Chains:
        """Fresh chains of a run of `seed` whose first `heard` seats' calls are heard."""
        keys = np.array([chain_key(seed, c) for c in range(chains)], np.int64)
        return cls(
            np.zeros((chains, heard), np.int64),
            keys,
            np.zeros((chains, 3), np.int64),
            np.zeros(chains, np.int64),
        )


def bidder_stops(fids: np.ndarray, heard: int) -> np.ndarray:
    """Copies of the strategy table `fids`, the i-th with the bidder of seat i + 1 removed,
    so that a sampler's auction stops after seat i (at least one copy, for no call heard)."""
    stops = np.repeat(fids[None], max(heard, 1), axis=0)
    for i in range(max(heard, 1)):
        stops[i, BID, i + 1] = -1
    return stops


def raise_for_chains(query: AdviceQuery, chains: Chains) -> None:
    """AdviceError when a chain found no hand for a seat; StrategyFault when a bidder made
    a call the auction forbids."""
    stopped = np.flatnonzero(chains.status[:, 0])
    if not stopped.size:
        return
    kind, seat, call = (int(x) for x in chains.status[stopped[0]])
    run = query.run
    if kind == NEVER_HEARD:
        raise AdviceError(
            f"seat {seat + 1}'s bidder ({run.seats[seat]}) made no "
            f"{call_name(query.calls[seat])} with any of {STARTS * START_DRAWS:,} hands drawn "
            f"for it after {', '.join(map(call_name, query.calls[:seat])) or 'no call'}: "
            "with these bidders the calls heard (all but) never happen; other bidders may "
            f"make them (`allfours strategies {run.game}` lists them)"
        )
    raise StrategyFault(
        f"strategy {run.seats[seat]!r} at seat {seat} {run.described.call_problem(call)} "
        f"(game {run.game}, seed {run.seed})"
    )
