"""Nine-card Don quantities from outcome tables (Phat's columns: `phat_*` are Don's card
points, `muck_*` the game value, `big_phat_*` the 9 of trumps, `little_phat_*` the 5):
the pitcher's side against the defenders, the fate of the 5 and 9 of trumps, game ties,
and the value of pitching and of each opening lead beside Phat's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import NOBODY, OTHERS, PITCHERS
from analysis.games.phat.summary import (
    counter_sums as counter_sums,  # the counters' sums, as Phat's
)
from analysis.games.phat.summary import partnership_cells, side_point_estimates, with_sides
from analysis.stats import Estimate, estimates_frame, mean, wilson

TRICKS = 9
TRICKS_OF = {"phat": 13, "don": TRICKS}  # the games whose pitching is compared
STOPPED_LABEL = "stopped at the deal cap (no winner)"  # as `games_summary` names them
CARDS = {"5 of trumps": "little_phat", "9 of trumps": "big_phat"}

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    sides = with_sides(deals, TRICKS)
    pitching = deals["pitcher"] % 2
    rows = {
        "pitcher side points per deal": mean(sides["pitcher_points"]),
        "defender points per deal": mean(sides["defender_points"]),
    }
    for label, prefix in CARDS.items():
        dealt = deals[f"{prefix}_holder"] >= 0
        played = deals[f"{prefix}_team"] >= 0
        to_pitcher = played & (deals[f"{prefix}_team"] == pitching)
        kept = played & (deals[f"{prefix}_team"] == deals[f"{prefix}_holder_team"])
        rows |= {
            f"{label} in play": wilson(int(dealt.sum()), len(deals)),
            f"{label} captured by pitcher side": wilson(int(to_pitcher.sum()), int(played.sum())),
            f"{label} kept by the team dealt it": wilson(int(kept.sum()), int(played.sum())),
        }
    complete = deals["tricks_played"] == TRICKS
    rows["game tied (no game bonus)"] = wilson(int(sides["muck_tie"].sum()), int(complete.sum()))
    return estimates_frame(rows)


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, wins of the first pitcher's team, games won
    during the tricks, and games stopped at the deal cap."""
    first_team_won = games["winner"] == games["first_pitcher"] % 2
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            "won by the first pitcher's team": wilson(int(first_team_won.sum()), len(games)),
            "ended before the end-of-deal points": wilson(
                int(games["ended_before_muck"].sum()), len(games)
            ),
            "stopped at the deal cap (no winner)": wilson(
                int((games["winner"] < 0).sum()), len(games)
            ),
        }
    )


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Don run."""
    from analysis.games.don.plots import don_overview

    return don_overview(deals)


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Don counters (Phat's, over nine tricks)."""
    return partnership_cells(deals, TRICKS)


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    rows = side_point_estimates(counters)
    deals = int(counters["muck"].sum())
    for label, card in (("5 of trumps", 1), ("9 of trumps", 0)):
        cells = counters["trump_cards"][card].sum(axis=0)  # holder x captor
        played = int(cells[:, :NOBODY].sum())
        kept = int(cells[PITCHERS, PITCHERS] + cells[OTHERS, OTHERS])
        rows |= {
            f"{label} in play": wilson(int(cells[:NOBODY].sum()), deals),
            f"{label} captured by pitcher side": wilson(int(cells[:, PITCHERS].sum()), played),
            f"{label} kept by the team dealt it": wilson(kept, played),
        }
    complete = counters["muck"][1]
    rows["game tied (no game bonus)"] = wilson(int(complete[:, 1].sum()), int(complete.sum()))
    return rows


def pitcher_shares(runs: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """The deals of each game's run (`runs`: "phat" or "don" to its deals) as one table:
    `game`, the sides' points (`with_sides`), the pitcher's side's share of the deal's
    points (`pitcher_share`, NaN when nobody scored) and its lead over the defenders
    (`pitcher_margin`), so that games with different totals compare."""
    frames = []
    for game, deals in runs.items():
        sides = with_sides(deals, TRICKS_OF[game])
        total = sides["pitcher_points"] + sides["defender_points"]
        sides["pitcher_share"] = sides["pitcher_points"] / total.where(total > 0)
        sides["pitcher_margin"] = sides["pitcher_points"] - sides["defender_points"]
        frames.append(sides.assign(game=game))
    return pd.concat(frames, ignore_index=True)


def trumps_held(sides: pd.DataFrame) -> pd.DataFrame:
    """How many trumps the pitcher holds, per game of `sides` (`pitcher_shares`): for each
    count, its deals (`successes`) of the game's deals (`n`) as a share with its 95% Wilson
    interval; index (game, pitcher_trumps)."""
    held = sides.groupby(["game", "pitcher_trumps"]).size()
    deals = held.groupby(level="game").transform("sum")
    rows = [wilson(int(k), int(n)) for k, n in zip(held, deals, strict=True)]
    return pd.DataFrame(
        {
            "n": deals.to_numpy(),
            "successes": held.to_numpy(),
            "estimate": [e.value for e in rows],
            "low": [e.low for e in rows],
            "high": [e.high for e in rows],
        },
        index=held.index,
    )


def gains_over(trials: dict[str, pd.DataFrame], baseline: str) -> pd.DataFrame:
    """Each game's lead trials (`trials`: game to per-deal results, a column per lead
    policy, as `sims.tools.compare.lead_trials` gives them): every other policy's mean gain
    over `baseline` on the same deals, with its paired 95% interval; index (game, lead)."""
    rows = {}
    for game, results in trials.items():
        base = results[baseline].to_numpy(float)
        for lead in (column for column in results.columns if column != baseline):
            gain = mean(results[lead].to_numpy(float) - base)
            rows[(game, lead)] = (gain.value, gain.se, gain.low, gain.high, gain.n)
    table = pd.DataFrame.from_dict(
        rows, orient="index", columns=["difference", "se", "low", "high", "n"]
    )
    table.index = pd.MultiIndex.from_tuples(table.index, names=["game", "lead"])
    return table
