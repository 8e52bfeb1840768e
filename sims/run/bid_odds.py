"""The answer of `allfours odds` in a game whose hand bids and then names trump: the
highest bid that gains on average, with its best trump, and the report that says so."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pandas as pd

from sims.run.queries import OddsReport, Recommendation


def highest_gaining_bid(estimates: pd.DataFrame, bids: Iterable[int]) -> Recommendation:
    """The highest of `bids` whose expected score change (`E[score change | bid N]`) is
    positive in its best trump suit; pass (bid 0) when there is none. Once the hand makes
    the contract a lower bid never scores more, and a higher one wins the auction more
    often, so it is worth bidding up to the last bid that still gains on average."""
    values = estimates["estimate"]
    for bid in sorted(bids, reverse=True):
        by_trump = values.xs(f"E[score change | bid {bid}]", level="quantity")
        if by_trump.max() > 0:
            return Recommendation(str(by_trump.idxmax()), bid, float(by_trump.max()))
    return Recommendation("", 0, 0.0)


def bid_odds_report(
    estimates: pd.DataFrame,
    best: Recommendation,
    verb: str,
    seat: int,
    players: int,
    remarks: Mapping[int, str] | None = None,
) -> OddsReport:
    """The report of `best` for the hand at `seat` of `players`: "recommended: bid 6 and
    name H, ..." (`verb` is how the game says the trump is chosen: pitch, name), a bid's
    remark after it (such as "shooting the moon"), or a pass when no bid gains."""
    if best.bid:
        advice = (
            f"recommended: {best.words(verb, remarks)}, the highest bid that gains on average "
            f"(expected score change {best.expected:+.3f})"
        )
    else:
        advice = "recommended: pass (every bid loses points on average when the hand wins it)"
    return OddsReport(
        estimates,
        advice,
        {"trump": best.trump, "bid": best.bid, "expected": best.expected},
        where=f"as seat {seat} of {players} (the dealer is seat {players})",
        about={"seat": seat},
    )
