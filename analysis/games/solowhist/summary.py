"""Solo Whist quantities from outcome tables: how often each contract is played and made,
and what it pays its declarer (in points: a unit of settlement is 5 points by default),
overall and by the declarer's hand shape."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import axis_values, histogram_mean
from analysis.stats import Estimate, GroupKeys, estimates_frame, mean, mean_by, rate_by, wilson

CONTRACTS = {
    2: "prop_cop",
    3: "solo",
    4: "misere",
    5: "abundance",
    6: "abundance_trumps",
    7: "misere_ouverte",
    8: "abundance_declared",
}
# Whether the declarer's longest suit (or one of its longest) is the turned suit.
LONGEST = {True: "the turned suit", False: "another suit"}
HONOUR_BANDS = [0, 10, 13, 16, 19, 41]  # the declarer's honour points, banded (A 4 ... J 1)

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def with_names(deals: pd.DataFrame) -> pd.DataFrame:
    """Add `contract_name` and the declarer's own settlement (`declarer_gain`; in Prop and
    Cop each partner's) to the deals that were played."""
    played = deals[deals["contract"] > 0].copy()
    played["contract_name"] = played["contract"].map(CONTRACTS)
    gains = played[[f"settlement_{seat}" for seat in range(4)]].to_numpy()
    played["declarer_gain"] = gains[range(len(played)), played["declarer"].to_numpy()]
    return played


def with_shape(deals: pd.DataFrame) -> pd.DataFrame:
    """The played deals of `with_names` with the declarer's shape: `longest_suit`, where
    its longest suit lies (`LONGEST`; known only when trump is the turned suit, so missing
    in the misères and in an Abundance in another suit), and `honours`, its honour points
    banded by `HONOUR_BANDS` ("10-12")."""
    played = with_names(deals)
    in_turned = (played["hand_trumps"] >= 0) & (played["trump"] == played["turned"] // 13)
    longest = (played["hand_trumps"] == played["hand_longest"]).map(LONGEST)
    played["longest_suit"] = longest.where(in_turned)
    bands = [f"{low}-{high - 1}" for low, high in pairwise(HONOUR_BANDS)]
    played["honours"] = pd.cut(
        played["hand_honour_points"], HONOUR_BANDS, right=False, labels=bands
    )
    return played


def made_by(deals: pd.DataFrame, by: GroupKeys = "contract_name") -> pd.DataFrame:
    """How often the contract is made, per group of `by` (rate_by's table; `by` may name
    the columns of `with_shape`)."""
    played = with_shape(deals)
    return rate_by(played, played["made"], by)


def made_in_groups(deals: pd.DataFrame) -> pd.DataFrame:
    """Per deal played (the rows of `with_shape`, with their index), 1 where its contract
    was made and 0 where not, in a column per contract and one per side of Solo's split by
    the longest suit ("solo, longest suit the turned suit"); NaN where the deal is not of
    the column's group. Two tables of the same deals and calls, played two ways, are what
    `analysis.compare.means_changed` compares deal by deal."""
    played = with_shape(deals)
    made = played["made"].astype(float)
    groups = {name: played["contract_name"] == name for name in CONTRACTS.values()}
    for where in LONGEST.values():
        groups[f"solo, longest suit {where}"] = groups["solo"] & (played["longest_suit"] == where)
    return pd.DataFrame(
        {name: made.where(member) for name, member in groups.items() if member.any()}
    )


def gain_by(deals: pd.DataFrame, by: GroupKeys = "contract_name") -> pd.DataFrame:
    """The declarer's mean settlement in points, per group of `by` (mean_by's table; `by`
    may name the columns of `with_shape`)."""
    played = with_shape(deals)
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


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Solo Whist run."""
    from analysis.games.solowhist.plots import whist_contracts

    return whist_contracts(deals)


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Solo Whist counters, counter by counter."""
    declarer = deals["declarer"].to_numpy()
    settlement = deals[[f"settlement_{seat}" for seat in range(4)]].to_numpy(np.int64)
    rows = np.arange(len(deals))
    amount = np.where(declarer >= 0, np.abs(settlement[rows, declarer.clip(0)]), 0)

    def by(*features: str) -> pd.DataFrame:
        return deals[["contract", *features, "made"]]

    return {
        "contracts": by(),
        "declarer_tricks": deals[["contract", "declarer_tricks"]],
        "declarer_gain": by().assign(amount=amount),
        "contracts_by_trumps": by("hand_trumps"),
        "contracts_by_honours": by("hand_honour_points"),
    }


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    contracts = counters["contracts"]  # contract x made
    gains = counters["declarer_gain"]  # contract x made x amount
    deals = int(contracts.sum())
    amounts = axis_values("solowhist", "declarer_gain", 2, gains)
    rows = {"passed out": wilson(int(contracts[0].sum()), deals)}
    for code, name in CONTRACTS.items():
        chosen = int(contracts[code].sum())
        if chosen == 0:
            continue
        rows[f"{name}: share of deals"] = wilson(chosen, deals)
        rows[f"{name}: made"] = wilson(int(contracts[code, 1]), chosen)
        if chosen > 1:
            values = np.concatenate([-amounts, amounts])  # paid when set, gained when made
            counts = np.concatenate([gains[code, 0], gains[code, 1]])
            rows[f"{name}: declarer's settlement"] = histogram_mean(values, counts)
    return rows
