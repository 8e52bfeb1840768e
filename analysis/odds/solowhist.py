"""Contract odds of a Solo Whist hand: estimates, with 95% intervals, from conditional deals
in which it declares each contract (`sims.games.solowhist.descriptor.play_conditional`), and
the contract they recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from analysis.odds.common import Recommendation
from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import parse_card
from sims.games.solowhist.descriptor import hand_seat, play_conditional
from sims.run.runner import RunSpec
from sims.tools.odds import parse_hand

__all__ = ["recommend_whist", "whist_estimates", "whist_odds"]


def whist_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per contract: P(made), the declarer's expected settlement and expected tricks, from
    per-deal rows of `sims.games.solowhist.descriptor.play_conditional`. Index (contract,
    quantity)."""
    tables = {}
    for contract, group in deals.groupby("contract", observed=True, sort=False):
        tables[contract] = estimates_frame(
            {
                "P(made)": wilson(int(group["made"].sum()), len(group)),
                "E[settlement]": mean(group["settlement"]),
                "E[tricks]": mean(group["tricks"]),
            }
        )
    return pd.concat(tables, names=["contract", "quantity"])


def recommend_whist(estimates: pd.DataFrame) -> Recommendation:
    """The contract with the best expected settlement when it is positive, else pass."""
    gains = estimates.xs("E[settlement]", level="quantity")["estimate"]
    if gains.max() <= 0:
        return Recommendation("pass", 0, 0.0)
    return Recommendation(str(gains.idxmax()), 0, float(gains.max()))


def whist_odds(
    hand: str | Sequence[int],
    turned: str,
    *,
    seat: int | None = None,
    deals: int = 100_000,
    strategy: str = "greedy",
    variants: Sequence[str] = (),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """Contract odds of a Solo Whist hand at `seat` (1 = the dealer's left .. 4 = the
    dealer; by default the dealer if the hand holds the `turned` card, else 1): estimates
    of `deals` conditional deals per contract, the advice in `frame.attrs["recommendation"]`.
    """
    cards = parse_hand(hand, "solowhist")
    turned_card = parse_card(turned)
    run = RunSpec("solowhist", seed, deals, seats=(strategy,), variants=tuple(variants))
    where = hand_seat(cards, turned_card, seat)
    estimates = whist_estimates(play_conditional(run, cards, turned_card, where, progress))
    estimates.attrs["recommendation"] = recommend_whist(estimates)
    estimates.attrs["seat"] = where
    return estimates
