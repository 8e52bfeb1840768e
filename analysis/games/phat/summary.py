"""Phat quantities from outcome tables: the pitcher's side against the defenders, the fate
of the Big and Little Phat, muck ties, and the muck carry-over over whole games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import (
    NOBODY,
    OTHERS,
    PITCHERS,
    axis_values,
    histogram_mean,
    relative,
    stacked,
)
from analysis.stats import (
    Estimate,
    GroupKeys,
    estimates_frame,
    key_columns,
    mean,
    mean_by,
    rate_by,
    wilson,
    z_value,
)

PHAT_CARDS = {"big": "big_phat", "little": "little_phat"}

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def with_sides(deals: pd.DataFrame, tricks: int = 13) -> pd.DataFrame:
    """Add per-deal columns seen from the pitcher's side: points (phat + bonus) of the
    pitching team and of the defenders, who captured the Big Phat, and muck ties (deals of
    `tricks` tricks: 9 in Don, whose rows are Phat's)."""
    pitching = deals["pitcher"] % 2
    points_0 = deals["phat_0"].astype("int32") + deals["bonus_0"]
    points_1 = deals["phat_1"].astype("int32") + deals["bonus_1"]
    out = deals.copy()
    out["pitcher_points"] = points_0.where(pitching == 0, points_1)
    out["defender_points"] = points_1.where(pitching == 0, points_0)
    played = deals["big_phat_team"] >= 0
    out["big_phat_to_pitcher"] = played & (deals["big_phat_team"] == pitching)
    out["big_phat_kept"] = played & (deals["big_phat_team"] == deals["big_phat_holder_team"])
    out["muck_tie"] = (deals["tricks_played"] == tricks) & (deals["muck_0"] == deals["muck_1"])
    muck = (deals["muck_0"].astype("int32") - deals["muck_1"]).where(pitching == 0)
    out["muck_margin"] = muck.fillna(deals["muck_1"].astype("int32") - deals["muck_0"])
    return out


def capture(
    deals: pd.DataFrame, by: GroupKeys = None, card: str = "big", seen_from: str = "holder"
) -> pd.DataFrame:
    """How often the team dealt the Big (or `card="little"`) Phat keeps it (`seen_from=
    "holder"`; the rest it is caught by the opponents), or how often the pitcher's side
    captures it (`seen_from="pitcher"`; the rest go to the defenders), per group of `by`,
    over the deals where the card was played: rate_by's table."""
    if card not in PHAT_CARDS or seen_from not in ("holder", "pitcher"):
        raise ValueError('card is "big" or "little", seen_from "holder" or "pitcher"')
    return rate_by(deals, _captured(deals, card, seen_from), by)


def capture_given_dealt(
    deals: pd.DataFrame, by: GroupKeys = None, card: str = "big"
) -> pd.DataFrame:
    """Who ends up with the Big (or `card="little"`) Phat, told apart from who was dealt
    it, per group of `by`, over the deals where it was played: how often the pitcher's
    side is dealt it (the choice of trump decides that), how often the pitcher's side
    takes it when it was dealt it and when the defenders were, over all deals, and how
    often the team dealt it keeps it. rate_by's columns, the last index level `quantity`."""
    played, dealt_ours, taken_ours = _dealt_and_taken(deals, card)
    taken = taken_ours.where(played)
    return _stack(
        {
            "pitcher's side dealt it": rate_by(deals, dealt_ours.where(played), by),
            "pitcher's side takes it, when dealt it": rate_by(deals, taken.where(dealt_ours), by),
            "pitcher's side takes it, when the defenders were": rate_by(
                deals, taken.where(~dealt_ours), by
            ),
            "pitcher's side takes it, all deals": rate_by(deals, taken, by),
            "the team dealt it keeps it": rate_by(
                deals, (taken_ours == dealt_ours).where(played), by
            ),
        },
        by,
        "quantity",
    )


SOURCES = ("difference", "from who was dealt it", "from the play")


def capture_sources(
    deals: pd.DataFrame, by: str = "strategy", reference: str = "greedy", card: str = "big"
) -> pd.DataFrame:
    """How much of the difference between each group of `by` and `reference` in the
    Phat rates (kept by the team dealt it; taken by the pitcher's side) comes from who
    was dealt the card (the choice of trump) and how much from the play. A rate is
    d x (rate when the pitcher's side was dealt it) + (1 - d) x (rate when the defenders
    were), d the share the pitcher's side is dealt; the difference splits into the change
    of d at the mean of the two gaps between those rates, and the change of the two rates
    at the mean d. The groups play the same deals (the `deal` column), so the 95%
    intervals (delta method) are paired deal by deal. Indexed by group, `quantity` and
    `part` (SOURCES); columns n (paired deals), estimate, se, low, high."""
    codes = {}
    for name, part in deals.groupby(by, observed=True):
        played, dealt_ours, taken_ours = _dealt_and_taken(part, card)
        code = (2 * (~dealt_ours).astype(int) + (~taken_ours).astype(int)).where(played, 4)
        codes[name] = pd.Series(code.to_numpy(), index=part["deal"].to_numpy())
    if reference not in codes:
        raise ValueError(f"no deals of the reference {reference!r} in column {by!r}")
    rows = {}
    for name, code in codes.items():
        if name == reference:
            continue
        shared = codes[reference].index.intersection(code.index)
        joint = 5 * codes[reference].loc[shared].to_numpy() + code.loc[shared].to_numpy()
        counts = np.bincount(joint, minlength=25).astype(float)
        for quantity, kept in (
            ("kept by the team dealt it", True),
            ("taken by the pitcher's side", False),
        ):
            for part, estimate in zip(SOURCES, _delta(_sources, counts, kept), strict=True):
                rows[(name, quantity, part)] = (len(shared), *estimate)
    table = pd.DataFrame.from_dict(rows, orient="index", columns=["n", "estimate", "se"])
    table.index = pd.MultiIndex.from_tuples(table.index, names=[by, "quantity", "part"])
    half = z_value() * table["se"]
    return table.assign(low=table["estimate"] - half, high=table["estimate"] + half)


def _dealt_and_taken(deals: pd.DataFrame, card: str) -> tuple[pd.Series, pd.Series, pd.Series]:
    """Per deal: whether `card` was played, whether the pitcher's side was dealt it, and
    whether the pitcher's side took it."""
    if card not in PHAT_CARDS:
        raise ValueError('card is "big" or "little"')
    pitching = deals["pitcher"] % 2
    captor = deals[f"{PHAT_CARDS[card]}_team"]
    return (captor >= 0, deals[f"{PHAT_CARDS[card]}_holder_team"] == pitching, captor == pitching)


def _captured(deals: pd.DataFrame, card: str, seen_from: str) -> pd.Series:
    """Per deal, 1.0 when the team dealt `card` (`seen_from="holder"`) or the pitcher's
    side (`"pitcher"`) captured it, 0.0 when the other team did, NaN where it was not
    played."""
    captor = deals[f"{PHAT_CARDS[card]}_team"]
    holder = seen_from == "holder"
    team = deals[f"{PHAT_CARDS[card]}_holder_team"] if holder else deals["pitcher"] % 2
    return (captor == team).astype(float).where(captor >= 0)


def _rates(cells: np.ndarray, kept: bool) -> tuple[float, float, float]:
    """From the counts of (dealt to the pitcher's side: taken by it, by the defenders; dealt
    to the defenders: taken by the pitcher's side, by the defenders): the share dealt to the
    pitcher's side, and the rate when it was and when the defenders were (kept by the team
    dealt it if `kept`, else taken by the pitcher's side)."""
    ours, theirs = cells[0] + cells[1], cells[2] + cells[3]
    when_dealt = cells[0] / ours
    when_not = (cells[3] if kept else cells[2]) / theirs
    return ours / (ours + theirs), when_dealt, when_not


def _sources(shares: np.ndarray, kept: bool) -> np.ndarray:
    """The difference (second run minus the reference) of a rate and its two parts, from
    the shares of the 25 joint cells (reference's cell x 5 + the other's; cell 4: not
    played)."""
    joint = shares.reshape(5, 5)
    before = _rates(joint.sum(axis=1), kept)
    after = _rates(joint.sum(axis=0), kept)
    (d0, p0, q0), (d1, p1, q1) = before, after
    dealt = (d1 - d0) * ((p1 - q1) + (p0 - q0)) / 2
    middle = (d0 + d1) / 2
    play = middle * (p1 - p0) + (1 - middle) * (q1 - q0)
    return np.array([dealt + play, dealt, play])


def _delta(function, counts: np.ndarray, *args) -> list[tuple[float, float]]:
    """Each value of `function` (of the shares of multinomial `counts`) with its standard
    error by the delta method: a numerical gradient against the shares' covariance."""
    n = counts.sum()
    shares = counts / n
    values = function(shares, *args)
    step = 1e-6
    gradient = np.empty((len(values), len(shares)))
    for k in range(len(shares)):
        moved = np.zeros_like(shares)
        moved[k] = step
        gradient[:, k] = (function(shares + moved, *args) - function(shares - moved, *args)) / (
            2 * step
        )
    covariance = (np.diag(shares) - np.outer(shares, shares)) / n
    variances = np.einsum("ij,jk,ik->i", gradient, covariance, gradient)
    return [(float(v), float(np.sqrt(max(s, 0.0)))) for v, s in zip(values, variances, strict=True)]


def muck_ties(deals: pd.DataFrame, by: GroupKeys = None) -> pd.DataFrame:
    """How often the muck ends 40-40 (no bonus: it carries over), per group of `by`, over
    the deals whose 13 tricks were all played (in a deal cut short the muck is incomplete)."""
    tie = deals["muck_0"] == deals["muck_1"]
    return rate_by(deals, tie.where(deals["tricks_played"] == 13), by)


def deal_events(deals: pd.DataFrame) -> pd.DataFrame:
    """Per deal, 1 or 0 for each event `capture` and `muck_ties` rate (NaN where the rate
    leaves the deal out): each Phat kept by the team dealt it, each taken by the pitcher's
    side, and a 40-40 muck; for changes paired deal by deal (`analysis.compare`)."""
    columns = {}
    for card in ("big", "little"):
        for seen, seen_from in (
            ("kept by the team dealt it", "holder"),
            ("taken by the pitcher's side", "pitcher"),
        ):
            columns[f"{card.capitalize()} Phat {seen}"] = _captured(deals, card, seen_from)
    tie = (deals["muck_0"] == deals["muck_1"]).astype(float)
    columns["muck tie 40-40"] = tie.where(deals["tricks_played"] == 13)
    return pd.DataFrame(columns, index=deals.index)


def side_points(deals: pd.DataFrame, by: GroupKeys = None) -> pd.DataFrame:
    """Mean points per deal (phat + muck bonus) of the pitcher's side, of the defenders,
    and their difference (paired, deal by deal), per group of `by`: mean_by's table with a
    last index level `side`. Deals cut short by a game's end are left out."""
    sides = with_sides(deals)
    complete = sides["tricks_played"] == 13
    pitcher = sides["pitcher_points"].where(complete)
    defenders = sides["defender_points"].where(complete)
    return _stack(
        {
            "pitcher's side": mean_by(sides, pitcher, by),
            "defenders": mean_by(sides, defenders, by),
            "difference": mean_by(sides, pitcher - defenders, by),
        },
        by,
        "side",
    )


def carry_over(deals: pd.DataFrame, by: GroupKeys = None) -> pd.DataFrame:
    """The muck carry-over in whole games (the deal table of a `--games` run), per group
    of `by`: n, estimate, se, low, high, is_rate, indexed by the group keys and `quantity`:

    - deals played with a carry-over (`carry_in` > 0), over all deals;
    - the carry-over in such a deal (points), its mean;
    - carry-overs lost at the game's end: of the carry-overs (a run of ties, from the first
      until a team scores the bonus or the game ends), the share the game's end wiped out;
    - games ending with a carry-over lost: the share of games;
    - "carried bonus: its team wins the game" and "plain bonus: its team wins the game":
      of the deals where a team scored the muck bonus with and without a carry-over, the
      share in which that team went on to win. Comparing the two asks whether a carried
      bonus decides games more than a plain one; deals of one game are not independent,
      so these two intervals are somewhat too narrow.
    """
    played = _game_deals(deals)
    carried = played["carry_in"] > 0
    scored = (played["bonus_0"] + played["bonus_1"]) > 0
    last = played["_game"].ne(played["_game"].shift(-1))
    lost = last & carried & ~scored  # the game ended in play with a carry-over pending
    winner = played.groupby("_game")["winner"].transform("max")
    team_won = (played["bonus_1"] > 0).astype("int8") == winner
    decided = scored & (winner >= 0)
    return _stack(
        {
            "deals played with a carry-over": rate_by(played, carried, by),
            "carry-over in such a deal (points)": mean_by(
                played, played["carry_in"].where(carried), by
            ),
            "carry-overs lost at the game's end": rate_by(
                played, lost.where(carried & (scored | last)), by
            ),
            "games ending with a carry-over lost": rate_by(played, lost.where(last), by),
            "carried bonus: its team wins the game": rate_by(
                played, team_won.where(decided & carried), by
            ),
            "plain bonus: its team wins the game": rate_by(
                played, team_won.where(decided & ~carried), by
            ),
        },
        by,
        "quantity",
    )


def bonus_sizes(deals: pd.DataFrame, by: GroupKeys = None) -> pd.DataFrame:
    """The muck bonuses scored (8, or 16, 24, .. with a carry-over) per group of `by`: the
    deals that scored each and their share of the bonuses scored in the group, indexed by
    the group keys and `bonus`."""
    bonus = deals["bonus_0"].astype("int32") + deals["bonus_1"]
    scored = bonus > 0
    keys = key_columns(by)
    chosen = deals.loc[scored, keys].assign(bonus=bonus[scored])
    table = chosen.groupby([*keys, "bonus"], observed=True).size().rename("deals").to_frame()
    totals = (
        table.groupby(level=keys, observed=True)["deals"].transform("sum")
        if keys
        else table["deals"].sum()
    )
    table["share"] = table["deals"] / totals
    return table


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    sides = with_sides(deals)
    played = sides[sides["big_phat_team"] >= 0]
    return estimates_frame(
        {
            "pitcher side points per deal": mean(sides["pitcher_points"]),
            "defender points per deal": mean(sides["defender_points"]),
            "Big Phat captured by pitcher side": wilson(
                int(played["big_phat_to_pitcher"].sum()), len(played)
            ),
            "Big Phat captured by defenders": wilson(
                int((~played["big_phat_to_pitcher"]).sum()), len(played)
            ),
            "Big Phat kept by the team dealt it": wilson(
                int(played["big_phat_kept"].sum()), len(played)
            ),
            "muck tie 40-40": wilson(int(sides["muck_tie"].sum()), len(sides)),
        }
    )


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, wins of the first pitcher's team, mid-deal ends."""
    first_team_won = games["winner"] == games["first_pitcher"] % 2
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            "won by the first pitcher's team": wilson(int(first_team_won.sum()), len(games)),
            "ended before the muck was scored": wilson(
                int(games["ended_before_muck"].sum()), len(games)
            ),
            "muck carry-over lost at the end": wilson(int(games["carry_lost"].sum()), len(games)),
        }
    )


def _game_deals(deals: pd.DataFrame) -> pd.DataFrame:
    """The deals of whole games in play order, with `_game` numbering the games (of every
    run, told apart by the loader's `run` column)."""
    if len(deals) == 0 or (deals["game"] < 0).any():
        raise ValueError("the carry-over needs the deal table of a --games run")
    keys = ["run", "game"] if "run" in deals.columns else ["game"]
    ordered = deals.sort_values([*keys, "deal"])
    return ordered.assign(_game=ordered.groupby(keys, observed=True).ngroup())


def _stack(tables: dict[str, pd.DataFrame], by: GroupKeys, name: str) -> pd.DataFrame:
    """Tables of rate_by / mean_by under one index: the group keys (none if `by` is None),
    then `name` holding the tables' names in their order; is_rate tells rates apart."""
    frame = pd.concat(
        {
            label: table[["n", "estimate", "se", "low", "high"]].assign(
                is_rate="successes" in table.columns
            )
            for label, table in tables.items()
        },
        names=[name],
    )
    if by is None:
        return frame.droplevel(1)
    levels = frame.index.nlevels
    frame = frame.reorder_levels([*range(1, levels), 0])
    return frame.sort_index(level=list(range(levels - 1)), sort_remaining=False)


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Phat run."""
    from analysis.games.phat.plots import phat_overview

    return phat_overview(deals)


HONOUR_CAPTORS = ("high_team", "low_team", "jack_team")
TRUMP_CARDS = ("big_phat", "little_phat")  # the 9 and the 5 of trumps, in the card axis order


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Phat counters, counter by counter."""
    return partnership_cells(deals, 13)


def partnership_cells(deals: pd.DataFrame, tricks: int) -> dict[str, pd.DataFrame]:
    """The deals (of `tricks` tricks) as the cells of the partnership counters (Phat, Don)."""
    sides = with_sides(deals, tricks)
    pitchers = deals["pitcher"] % 2
    trumps = deals["pitcher_trumps"]
    own_muck = deals["muck_0"].where(pitchers == 0, deals["muck_1"]).astype("int64")
    other_muck = deals["muck_1"].where(pitchers == 0, deals["muck_0"]).astype("int64")
    return {
        "trump_cards": stacked(
            [
                {
                    "card": k,
                    "pitcher_trumps": trumps,
                    "holder": relative(deals[f"{card}_holder_team"], pitchers),
                    "captor": relative(deals[f"{card}_team"], pitchers),
                }
                for k, card in enumerate(TRUMP_CARDS)
            ]
        ),
        "honours": stacked(
            [
                {"honour": k, "pitcher_trumps": trumps, "captor": relative(deals[column], pitchers)}
                for k, column in enumerate(HONOUR_CAPTORS)
            ]
        ),
        "points": stacked(
            [
                {"team": k, "pitcher_trumps": trumps, "points": sides[column]}
                for k, column in enumerate(("pitcher_points", "defender_points"))
            ]
        ),
        "muck": pd.DataFrame(
            {
                "complete": deals["tricks_played"] == tricks,
                "pitcher_muck": own_muck,
                "muck_result": np.sign(other_muck - own_muck) + 1,
            }
        ),
        "bonuses": pd.DataFrame(
            {
                "carried": deals["carry_in"] > 0,
                "bonus": deals["bonus_0"].astype("int64") + deals["bonus_1"],
            }
        ),
    }


def counter_sums(
    name: str, counters: dict[str, np.ndarray], cells: dict[str, pd.DataFrame]
) -> None:
    """Fill the sums counter `name`, `points_excess`: over the deals past the last bin of
    `points`, the sums of (points - top) and (points^2 - top^2) by side and the pitcher's
    trumps."""
    points = cells["points"]
    top = counters["points"].shape[2] - 1
    beyond = points[points["points"] > top].astype("int64")
    sums = (
        beyond.assign(first=beyond["points"] - top, second=beyond["points"] ** 2 - top * top)
        .groupby(["team", "pitcher_trumps"])[["first", "second"]]
        .sum()
    )
    for (team, trumps), row in sums.iterrows():
        counters["points_excess"][team, trumps] += row.to_numpy()


def side_point_estimates(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """Mean points per deal of the pitcher's side and of the defenders (Phat and Don)."""
    points = counters["points"]  # side x pitcher_trumps x points
    excess = counters["points_excess"].sum(axis=1)  # side x power
    values = axis_values("phat", "points", 2, points)
    pitcher, defenders = (
        histogram_mean(values, points[side].sum(axis=0), tuple(excess[side])) for side in (0, 1)
    )
    return {"pitcher side points per deal": pitcher, "defender points per deal": defenders}


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    big = counters["trump_cards"][0].sum(axis=0)  # holder x captor
    played = int(big[:, :NOBODY].sum())
    to_pitcher = int(big[:, PITCHERS].sum())
    kept = int(big[PITCHERS, PITCHERS] + big[OTHERS, OTHERS])
    muck = counters["muck"]  # complete x pitcher_muck x result
    return side_point_estimates(counters) | {
        "Big Phat captured by pitcher side": wilson(to_pitcher, played),
        "Big Phat captured by defenders": wilson(played - to_pitcher, played),
        "Big Phat kept by the team dealt it": wilson(kept, played),
        "muck tie 40-40": wilson(int(muck[1, :, 1].sum()), int(muck.sum())),
    }
