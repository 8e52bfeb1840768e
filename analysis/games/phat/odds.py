"""Odds of a Phat hand as the pitcher: estimates, with 95% intervals, from conditional deals
in which it pitches each suit it holds (`sims.games.phat.odds.play_conditional`), and the
trump they recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from sims.games.phat.odds import phat_estimates, play_conditional, recommend_phat
from sims.run.conditional import OddsSpec, parse_hand, parse_trump
from sims.run.runner import RunSpec

__all__ = ["phat_estimates", "phat_odds", "recommend_phat"]


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
    run = RunSpec("phat", seed, deals, seats=(strategy,), variants=tuple(variants))
    return pitcher_odds(run, hand, trump, play_conditional, phat_estimates, progress)


def pitcher_odds(
    run: RunSpec,
    hand: str | Sequence[int],
    trump: str,
    conditional: Callable[..., pd.DataFrame],
    estimates_of: Callable[[pd.DataFrame], pd.DataFrame],
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """The estimates of a pitcher's hand in Phat or a variant (`run.game`): `conditional`
    plays the deals, `estimates_of` sums them up by trump; the best trump in
    `frame.attrs["recommendation"]`."""
    cards = parse_hand(hand, run.game)
    spec = OddsSpec(run, cards, parse_trump(trump, cards))
    estimates = estimates_of(conditional(spec, progress))
    estimates.attrs["recommendation"] = recommend_phat(estimates)
    return estimates
