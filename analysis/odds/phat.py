"""Odds of a Phat hand as the pitcher: estimates, with 95% intervals, from conditional deals
in which it pitches each suit it holds (`sims.games.phat.descriptor.play_conditional`), and the
trump they recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from analysis.odds.common import Recommendation
from analysis.stats import estimates_frame, mean, wilson
from sims.games.phat.descriptor import play_conditional
from sims.run.runner import RunSpec
from sims.tools.odds import OddsSpec, parse_hand, parse_trump

__all__ = ["phat_estimates", "phat_odds", "recommend_phat"]


def phat_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: the pitcher's side's expected points (phat + muck bonus), P(it takes
    the Big Phat) ("ours"), P(the side dealt the Big Phat keeps it) ("kept"), P(its muck >
    40)."""
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n = len(group)
        tables[trump] = estimates_frame(
            {
                "E[points]": mean(group["points"]),
                "P(Big Phat ours)": wilson(int(group["big_phat_ours"].sum()), n),
                "P(Big Phat kept)": wilson(int(group["big_phat_kept"].sum()), n),
                "P(muck > 40)": wilson(int((group["muck"] > 40).sum()), n),
            }
        )
    return pd.concat(tables, names=["trump", "quantity"])


def recommend_phat(estimates: pd.DataFrame) -> Recommendation:
    """The trump with the most expected points for the pitcher's side."""
    points = estimates.xs("E[points]", level="quantity")["estimate"]
    return Recommendation(str(points.idxmax()), 0, float(points.max()))


def phat_odds(
    hand: str | Sequence[int],
    *,
    trump: str = "best",
    deals: int = 200_000,
    strategy: str = "greedy",
    variants: Sequence[str] = (),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """Odds of a Phat hand as the pitcher: `phat_estimates` of `deals` conditional deals,
    the best trump in `frame.attrs["recommendation"]`."""
    cards = parse_hand(hand, "phat")
    run = RunSpec("phat", seed, deals, seats=(strategy,), variants=tuple(variants))
    spec = OddsSpec(run, cards, parse_trump(trump, cards))
    estimates = phat_estimates(play_conditional(spec, progress))
    estimates.attrs["recommendation"] = recommend_phat(estimates)
    return estimates
