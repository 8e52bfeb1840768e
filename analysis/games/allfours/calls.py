"""All Fours' calls and turn-up from outcome tables (docs/rules.md section 7): what a call
is worth as a paired contrast (the same deals played once each way: eldest made to beg and
made to stand, the dealer made to give and made to run, with `forced_calls`), by the hand
that made it; what the dealer scores by the trumps the turn-up names; and how often the
Jack of trumps is in play against the chance that it was dealt."""

from __future__ import annotations

from math import comb

import numpy as np
import pandas as pd

from analysis.games.allfours.summary import eldest_side, sides_of
from analysis.stats import mean_by, rate_by

DECK, HAND, RANKS = 52, 6, 13


def side_points(deals: pd.DataFrame, side: pd.Series) -> np.ndarray:
    """What the side `side` (one per deal) scored in each deal."""
    won = np.column_stack([deals[f"won_{s}"] for s in range(sides_of(deals))])
    return won[np.arange(len(deals)), side.to_numpy(np.int64)]


def eldest_margin(deals: pd.DataFrame) -> pd.Series:
    """Eldest's side's points in each deal minus the dealer's side's (two sides: one
    player's net gain over the other's)."""
    if sides_of(deals) != 2:
        raise ValueError("a margin between eldest and the dealer needs two sides")
    eldest = eldest_side(deals)
    return pd.Series(side_points(deals, eldest) - side_points(deals, 1 - eldest), index=deals.index)


def _with_all(frame: pd.DataFrame, column: str, by: list[str]) -> pd.DataFrame:
    """`mean_by` of `column` in each group of `by`, then over all ("all" in every key)."""
    overall = mean_by(frame, column)
    if len(by) > 1:
        overall.index = pd.MultiIndex.from_tuples([("all",) * len(by)], names=by)
    else:
        overall.index = pd.Index(["all"], name=by[0])
    return pd.concat([mean_by(frame, column, by), overall])


def same_deals(first: pd.DataFrame, second: pd.DataFrame) -> None:
    """Refuse two runs that did not play the same deals (the same deal numbers, dealers and
    first upcards, row by row)."""
    for column in ("deal", "dealer", "upcard"):
        if len(first) != len(second) or not np.array_equal(first[column], second[column]):
            raise ValueError(f"the two runs differ in {column!r}: not the same deals")


def paired_contrast(
    first: pd.DataFrame, second: pd.DataFrame, keys: pd.DataFrame, sign: int = 1
) -> pd.DataFrame:
    """The mean of eldest's margin (times `sign`: -1 for the dealer's) in `first` minus
    that in `second`, deal by deal over the same deals, in each group of `keys` (columns
    aligned with the deals) and over all ("all" in every key): n, estimate, se, low, high
    (a normal interval of the paired differences)."""
    same_deals(first, second)
    difference = sign * (eldest_margin(first) - eldest_margin(second)).reset_index(drop=True)
    frame = keys.reset_index(drop=True).assign(difference=difference)
    by = list(keys.columns)
    return _with_all(frame, "difference", by)


def margin_by(deals: pd.DataFrame, by: str | list[str], sign: int = 1) -> pd.DataFrame:
    """Eldest's margin (times `sign`) per deal in each group of `by` and over all, with
    normal intervals."""
    frame = deals.assign(margin=sign * eldest_margin(deals))
    keys = [by] if isinstance(by, str) else by
    return _with_all(frame, "margin", keys)


def dealt_chance(players: int, runs: int = 0) -> float:
    """The chance that the Jack of the suit the last upcard turned lies in the players'
    hands after `runs` runs (six cards each, three more each a run), before any discard:
    the upcard is not that Jack (12 of 13 ranks), and the Jack is then one of the 51 - runs
    cards unseen, of which the hands hold players x (6 + 3 x runs) (hypergeometric: one
    marked card among them). The earlier upcards are of another suit, so never that Jack."""
    unseen = DECK - 1 - runs
    held = players * (HAND + 3 * runs)
    in_hands = 1 - comb(unseen - 1, held) / comb(unseen, held)
    return (RANKS - 1) / RANKS * in_hands


def jack_in_play(deals: pd.DataFrame, players: int) -> pd.DataFrame:
    """How often the Jack of trumps is held when the first trick begins, by the times the
    cards were run (deals played only), with Wilson intervals, beside `dealt_chance`: the
    chance it was dealt had no call or discard chosen which deals are run or what is kept."""
    played = deals[deals["tricks"] > 0]
    table = rate_by(played, played["jack_in_play"].astype(bool), "runs")
    table["dealt chance"] = [dealt_chance(players, int(runs)) for runs in table.index]
    table.index.name = "runs"
    return table
