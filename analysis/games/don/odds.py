"""Odds of a Nine-card Don hand as the pitcher: estimates, with 95% intervals, from
conditional deals in which it pitches each suit it holds (`sims.games.don.odds`), and the
trump they recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from analysis.games.phat.odds import pitcher_odds
from sims.games.don.odds import don_estimates, play_conditional
from sims.run.runner import RunSpec

__all__ = ["don_estimates", "don_odds"]


def don_odds(
    hand: str | Sequence[int],
    *,
    trump: str = "best",
    deals: int = 200_000,
    strategy: str = "greedy",
    variants: Sequence[str] = (),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """Odds of a Nine-card Don hand as the pitcher: `don_estimates` of `deals` conditional
    deals, the best trump in `frame.attrs["recommendation"]`."""
    run = RunSpec("don", seed, deals, seats=(strategy,), variants=tuple(variants))
    return pitcher_odds(run, hand, trump, play_conditional, don_estimates, progress)
