"""Solo Whist quantities from outcome tables: how often each contract is played and made,
and what it pays its declarer, overall and by the declarer's hand shape."""

from __future__ import annotations

import pandas as pd

from analysis.stats import GroupKeys, estimates_frame, mean, mean_by, rate_by, wilson

CONTRACTS = {
    2: "prop_cop", 3: "solo", 4: "misere", 5: "abundance", 6: "abundance_trumps",
    7: "misere_ouverte", 8: "abundance_declared",
}  # fmt: skip


def with_names(deals: pd.DataFrame) -> pd.DataFrame:
    """Add `contract_name` and the declarer's own settlement (`declarer_gain`; in Prop and
    Cop each partner's) to the deals that were played."""
    played = deals[deals["contract"] > 0].copy()
    played["contract_name"] = played["contract"].map(CONTRACTS)
    gains = played[[f"settlement_{seat}" for seat in range(4)]].to_numpy()
    played["declarer_gain"] = gains[range(len(played)), played["declarer"].to_numpy()]
    return played


def made_by(deals: pd.DataFrame, by: GroupKeys = "contract_name") -> pd.DataFrame:
    """How often the contract is made, per group of `by` (rate_by's table)."""
    played = with_names(deals)
    return rate_by(played, played["made"], by)


def gain_by(deals: pd.DataFrame, by: GroupKeys = "contract_name") -> pd.DataFrame:
    """The declarer's mean settlement, per group of `by` (mean_by's table)."""
    played = with_names(deals)
    return mean_by(played, played["declarer_gain"], by)


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval: passed-out hands, then for
    each contract played its share of deals, how often it is made and what it pays."""
    rows = {"passed out": wilson(int((deals["contract"] == 0).sum()), len(deals))}
    played = with_names(deals)
    for code, name in CONTRACTS.items():
        chosen = played[played["contract"] == code]
        if len(chosen) == 0:
            continue
        rows[f"{name}: share of deals"] = wilson(len(chosen), len(deals))
        rows[f"{name}: made"] = wilson(int(chosen["made"].sum()), len(chosen))
        if len(chosen) > 1:  # a mean's interval needs two deals
            rows[f"{name}: declarer's settlement"] = mean(chosen["declarer_gain"])
    return estimates_frame(rows)
