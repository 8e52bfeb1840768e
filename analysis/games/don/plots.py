"""Nine-card Don figures, and Don beside Phat: the value of pitching and of each lead."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import palette
from analysis.games.don.summary import trumps_held
from analysis.games.phat.plots import partnership_overview
from analysis.plots import style
from analysis.stats import mean_by

__all__ = ["don_overview", "lead_gains_by_game", "pitching_share"]


def don_overview(deals: pd.DataFrame, title: str = "Nine-card Don") -> Figure:
    """Points per deal of the pitcher's side and the defenders, and who captures the 9 of
    trumps when it is in play (with 95% Wilson intervals)."""
    return partnership_overview(deals, title, 9, "9 of trumps", "card points + game bonus")


def pitching_share(sides: pd.DataFrame) -> Figure:
    """Per game of `sides` (`analysis.games.don.summary.pitcher_shares`): left, the
    pitcher's side's mean share of the deal's points by the trumps the pitcher holds; right,
    how often the pitcher holds that many. Both with 95% intervals over the same trump
    counts, those with fewer than `style.MIN_COUNT` deals left out."""
    shares = style.drop_thin(mean_by(sides, "pitcher_share", ["game", "pitcher_trumps"]))
    held = trumps_held(sides).loc[shares.index]
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.4), sharex=True, layout="constrained")
    games = style.order("game", shares.index.get_level_values("game"))
    for game, offset in zip(games, style.offsets(len(games), 0.4), strict=True):
        part = shares.xs(game, level="game")
        n = int((sides["game"] == game).sum())
        text = style.with_n(style.label("game", game), n)
        trumps = part.index.to_numpy() + offset / 4  # a nudge, so the intervals stay apart
        left.plot(
            trumps, part["estimate"], color=style.colour("game", game), linewidth=1, alpha=0.6
        )
        style.estimates(left, trumps, part, "game", game, text=f"{text} deals")
        style.label_counts(left, trumps, part["low"], part["n"])
        mine = held.xs(game, level="game")
        style.bars(right, mine.index.to_numpy() + offset, mine, "game", game, width=0.4, text=text)
    left.axhline(0.5, color=palette.GREY, linewidth=0.8, linestyle="--")
    left.set_ylabel("pitcher's side share of the deal's points, 95% interval")
    left.set_ylim(float(shares["low"].min()) - 0.06 if len(shares) else 0, None)
    left.set_title("Does each trump held pay more in Don than in Phat?")
    right.set_ylabel("share of deals, 95% interval")
    right.set_title("How many trumps does the pitcher hold?")
    for axis in (left, right):
        style.count_ticks(axis)
        axis.set_xlabel("trumps in the pitcher's hand")
    style.figure_legend(figure, left)
    style.caption(
        figure,
        "Every seat greedy, one run of deals per game; intervals are 95%; left, under each "
        f"point its n (the deals with that many trumps); {style.thin_rule()}; the dashed "
        "line is half the points.",
    )
    return figure


def lead_gains_by_game(gains: pd.DataFrame, baseline: str) -> Figure:
    """One panel per game of `gains` (`analysis.games.don.summary.gains_over`): each lead
    policy's mean gain in points per deal over `baseline` on the same deals, with its paired 95%
    interval and n, each row named on the axis (so drawn as plain estimates); the panels
    share one scale."""
    games = style.order("game", gains.index.get_level_values("game"))
    leads = style.order("lead", gains.index.get_level_values("lead"))
    figure, axes = plt.subplots(
        1,
        len(games),
        figsize=(5.5 * len(games), 0.5 * len(leads) + 2.2),
        sharex=True,
        squeeze=False,
        layout="constrained",
    )
    for axis, game in zip(axes[0], games, strict=True):
        part = gains.xs(game, level="game")
        mine = [lead for lead in leads if lead in part.index]
        positions = np.arange(len(mine))
        style.estimates(
            axis, positions, part.loc[mine], *style.ESTIMATE, horizontal=True, estimate="difference"
        )
        axis.set_yticks(positions, [style.with_n(lead, part.loc[lead, "n"]) for lead in mine])
        axis.set_ylim(len(mine) - 0.5, -0.5)  # the first lead on top
        style.zero_line(axis, horizontal=True)
        axis.set_xlabel(f"pitcher's side points per deal\nminus {baseline}'s, 95% interval")
        axis.set_ylabel("opening lead")
        axis.set_title(style.label("game", game))
    figure.suptitle(f"Which opening lead gains the pitcher's side most over {baseline}?")
    style.caption(
        figure,
        "Every seat greedy; each game's deals are played once under each lead "
        f"(differences paired deal by deal); intervals are 95%; 0 is {baseline}.",
    )
    return figure
