"""Ten-point Pitch quantities from outcome tables (docs/rules.md section 8): how often each
bid is made, shooting the moon (how often it is bid and made, what it is worth), and who
scores the points; from the deal rows or from the `--aggregate` counters alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import NOBODY, axis_values, histogram_mean, relative, stacked
from analysis.stats import Estimate, estimates_frame, mean, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STOPPED_LABEL = "games stopped at the deal cap"  # as `games_summary` names them
MOON = 10
# The point columns of a row, in the order of the `captures` counter.
CAPTURED = (
    "high",
    "low",
    "jack",
    "off_jack",
    "high_joker",
    "low_joker",
    "game_point",
    "ten",
    "trey",
)


def pitcher_side_values(deals: pd.DataFrame, field: str) -> pd.Series:
    """The pitcher's side's value of a per-side field (`won`, `delta`) in each deal, from
    the `<field>_<side>` column that `pitcher_side` names."""
    side_of = deals["pitcher_side"].to_numpy()
    values = np.zeros(len(deals), np.int16)
    for column in deals.columns:
        prefix, _, side = column.rpartition("_")
        if prefix == field and side.isdigit():
            rows = side_of == int(side)
            values[rows] = deals.loc[rows, column].to_numpy(dtype=np.int16)
    return pd.Series(values, index=deals.index, name=f"pitcher_{field}")


def bid_deals(deals: pd.DataFrame) -> pd.DataFrame:
    """The deals played out: those not thrown in after all passed."""
    return deals[deals["pitcher"] >= 0]


def bid_success(deals: pd.DataFrame) -> pd.DataFrame:
    """Per bid: how many were made, of how many, with the share's 95% interval."""
    played = bid_deals(deals)
    rows = {
        int(contract): wilson(int(group["made"].sum()), len(group))
        for contract, group in played.groupby("contract")
    }
    return estimates_frame(rows)


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    played = bid_deals(deals)
    won = pitcher_side_values(played, "won")
    delta = pitcher_side_values(played, "delta")
    moon = played["contract"] == MOON
    rows = {
        "bid made": wilson(int(played["made"].sum()), len(played)),
        "points won by the pitcher's side per deal": mean(won),
    }
    for contract, group in played.groupby("contract"):
        rows[f"bid of {contract} made"] = wilson(int(group["made"].sum()), len(group))
    rows |= {
        "dealer stuck (all passed)": wilson(int(played["stuck"].sum()), len(played)),
        "shooting the moon bid": wilson(int(moon.sum()), len(played)),
    }
    if moon.any():
        rows["shooting the moon made"] = wilson(int(played["made"][moon].sum()), int(moon.sum()))
        rows["score change of shooting the moon"] = mean(delta[moon])
    rows |= {
        "Jack of trumps in play": wilson(int((played["jack"] >= 0).sum()), len(played)),
        "Game tied (not awarded)": wilson(int((played["game_point"] < 0).sum()), len(played)),
        "deal thrown in (all passed)": wilson(len(deals) - len(played), len(deals)),
    }
    return estimates_frame(rows)


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: their length and the games stopped at the deal cap."""
    finished = games["winner"] >= 0
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            STOPPED_LABEL: wilson(int((~finished).sum()), len(games)),
        }
    )


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Ten-point run."""
    from analysis.games.tenpoint.plots import tenpoint_run_bids

    return tenpoint_run_bids(bid_success(deals), len(bid_deals(deals)))


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Ten-point counters, counter by counter."""
    played = bid_deals(deals)
    contract = played["contract"]
    side = played["pitcher_side"]

    def by(*features: str) -> pd.DataFrame:
        return played[["contract", *features, "made"]]

    return {
        "bids": by(),
        "bids_by_trumps": by("hand_trumps"),
        "bids_by_jokers": by("hand_jokers"),
        "stuck": by("stuck"),
        "captures": stacked(
            [
                {"contract": contract, "point": k, "captor": relative(played[column], side)}
                for k, column in enumerate(CAPTURED)
            ]
        ),
        "pitcher_won": pd.DataFrame(
            {"contract": contract, "won": pitcher_side_values(played, "won")}
        ),
        "pitcher_delta": pd.DataFrame(
            {"contract": contract, "delta": pitcher_side_values(played, "delta")}
        ),
        "thrown_in": pd.DataFrame({"thrown_in": (deals["pitcher"] < 0).astype(np.int64)}),
    }


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    stuck = counters["stuck"]  # contract x stuck x made
    made = stuck.sum(axis=1)  # contract x made
    deals = int(stuck.sum())
    contracts = axis_values("tenpoint", "stuck", 0, stuck)
    won = counters["pitcher_won"].sum(axis=0)
    rows = {
        "bid made": wilson(int(made[:, 1].sum()), deals),
        "points won by the pitcher's side per deal": histogram_mean(
            axis_values("tenpoint", "pitcher_won", 1, counters["pitcher_won"]), won
        ),
    }
    for contract, counts in zip(contracts, made, strict=True):
        if counts.sum() > 0:
            rows[f"bid of {contract} made"] = wilson(int(counts[1]), int(counts.sum()))
    moon = list(contracts).index(MOON)
    rows |= {
        "dealer stuck (all passed)": wilson(int(stuck[:, 1].sum()), deals),
        "shooting the moon bid": wilson(int(made[moon].sum()), deals),
    }
    if made[moon].sum() > 0:
        rows["shooting the moon made"] = wilson(int(made[moon, 1]), int(made[moon].sum()))
        deltas = axis_values("tenpoint", "pitcher_delta", 1, counters["pitcher_delta"])
        rows["score change of shooting the moon"] = histogram_mean(
            deltas, counters["pitcher_delta"][moon]
        )
    captures = counters["captures"].sum(axis=0)  # point x captor
    jack, game = CAPTURED.index("jack"), CAPTURED.index("game_point")
    thrown = counters["thrown_in"]
    return rows | {
        "Jack of trumps in play": wilson(int(captures[jack, :NOBODY].sum()), deals),
        "Game tied (not awarded)": wilson(int(captures[game, NOBODY]), deals),
        "deal thrown in (all passed)": wilson(int(thrown[1]), int(thrown.sum())),
    }


def made_by_bid(deals: pd.DataFrame, bids: range | list[int] | None = None) -> pd.DataFrame:
    """Per deal, 1 or 0 for a contract made or set, in the column (`bid k`) of its bid;
    NaN in the other columns: the input of a paired comparison of rates by bid."""
    made = deals["made"].astype(float)
    bids = range(4, MOON + 1) if bids is None else bids
    return pd.DataFrame({f"bid {bid}": made.where(deals["contract"] == bid) for bid in bids})


def point_sides(deals: pd.DataFrame, points: tuple[str, ...] = CAPTURED) -> pd.DataFrame:
    """Per point (a column of `points`): the deals played in which a side scored it (n),
    the pitcher's side's share of them with its 95% Wilson interval, and the share of the
    deals played in which nobody scored it (out of play, or Game tied)."""
    played = bid_deals(deals)
    rows, nobody = {}, {}
    for point in points:
        captor = played[point].to_numpy()
        scored = captor >= 0
        pitchers = int((captor[scored] == played["pitcher_side"].to_numpy()[scored]).sum())
        rows[point] = wilson(pitchers, int(scored.sum()))
        nobody[point] = 1 - scored.mean() if len(played) else np.nan
    table = estimates_frame(rows)
    table.index.name = "point"
    return table.assign(nobody=pd.Series(nobody))


def moon_attempts(deals: pd.DataFrame) -> pd.DataFrame:
    """Shooting the moon per attempt (the deals with a bid of 10): the share made (`made`,
    Wilson interval) and the pitcher's side's score change (`delta`, normal interval),
    over `n` attempts."""
    played = bid_deals(deals)
    moon = played["contract"] == MOON
    made = wilson(int(played["made"][moon].sum()), int(moon.sum()))
    delta = mean(pitcher_side_values(played[moon], "delta"))
    return pd.DataFrame(
        [
            {
                "made": made.value,
                "made_low": made.low,
                "made_high": made.high,
                "delta": delta.value,
                "delta_low": delta.low,
                "delta_high": delta.high,
                "n": int(moon.sum()),
            }
        ]
    )
