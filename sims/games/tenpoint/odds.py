"""Bid odds of a Ten-point Pitch hand (`allfours odds tenpoint`): conditional deals in which
it wins the auction, every other seat passing, and names each trump suit; per suit the
chance of each bid and point (the jokers and the off-jack in play too), the expected score
change of each bid with 95% intervals, and the bid and trump they recommend."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import N_CARDS, SUIT_SYMBOLS, SUITS, CardError
from sims.core.options import quoted
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.conditional import known_hands, run_conditional, script_table
from sims.run.bid_odds import bid_odds_report, highest_gaining_bid
from sims.run.conditional import parse_hand, play_round_chunks, rounds_frame
from sims.run.queries import OddsQuery, OddsReport
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables

# The points, as (name shown, outcome column), and those a deal may leave out of play.
POINTS = (
    ("High", "high"),
    ("Low", "low"),
    ("Jack", "jack"),
    ("Off-Jack", "off_jack"),
    ("High Joker", "high_joker"),
    ("Low Joker", "low_joker"),
    ("Game", "game_point"),
    ("Ten", "ten"),
    ("Trey", "trey"),
)
MAY_BE_OUT = ("jack", "off_jack", "high_joker", "low_joker")


def points_played(rules: dict[str, Any]) -> list[tuple[str, str]]:
    """The points of `POINTS` the rules play for (their jokers, off-jack, Game or the ten
    of trumps, and the Trey)."""
    played = tp.effective(rules)
    jokers = tp.deck_size(rules) - N_CARDS
    ten = played["game_card"] == "ten_of_trumps"
    left_out = {
        "off_jack": not played["off_jack"],
        "high_joker": jokers < 1,
        "low_joker": jokers < 2,
        "game_point": ten,
        "ten": not ten,
        "trey": not played["trey"],
    }
    return [(name, column) for name, column in POINTS if not left_out.get(column, False)]


def parse_suits(text: str) -> tuple[int, ...]:
    """The suits to name: all four for `best` (a Ten-point pitcher may name a suit it does
    not hold), else the one given (C D H S or a suit symbol)."""
    name = text.strip()
    if name.lower() == "best":
        return (0, 1, 2, 3)
    name = SUIT_SYMBOLS.get(name, name.upper())
    if len(name) != 1 or name not in SUITS:
        raise CardError(f"bad trump {quoted(text)}: give one of C D H S, or best")
    return (SUITS.index(name),)


def play_conditional(
    run: RunSpec,
    hand: tuple[int, ...],
    seat: int,
    suits: tuple[int, ...],
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """One row per (trump suit, deal) of `run`'s deals with `hand` dealt to `seat` (1 ..
    players from the dealer's left) and the rest at random: the hand bids the lowest bid,
    every other seat passes, and it names the suit; the row holds the points its side won,
    whether it took each point of `points_played`, and whether each point that may be out
    of play was played. StrategyFault on an illegal play."""
    players = run.layout.players
    at = seat - 1
    rules = tp.rules_array(run.rules)
    side = rules[tp.R_SIDE_OF + at]
    fids, params = strategy_tables(seat_strategies(run))
    calls = [0] * players
    calls[at] = run.rules["min_bid"]
    scripts = script_table([[*calls, suit] for suit in suits])
    known = known_hands(run.rules, {at: hand})
    no_kept, no_check = np.zeros((0, 0), np.int64), np.zeros(0, np.int64)
    columns = [column for _, column in points_played(run.rules)]
    out_of_play = [column for column in columns if column in MAY_BE_OUT]

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_conditional(
            run.seed, first, count, rules, fids, params, known, no_kept, no_check, scripts,
            out, errors, np.zeros((0, players + 1), np.int64), *log_arrays(0, run.layout)[1:],
        )  # fmt: skip

    def results(rows: np.ndarray) -> np.ndarray:
        taken = [rows[column] == side for column in columns]
        played = [rows[column] >= 0 for column in out_of_play]
        return np.stack([rows["won"][:, side], *taken, *played], -1)

    table = play_round_chunks(run, len(suits), kernel, results, progress)
    names = ["won", *columns, *(f"{column}_played" for column in out_of_play)]
    labels = [SUITS[suit] for suit in suits]
    return rounds_frame(run, table, "trump", labels, names, names[1:], list(SUITS))


def score_change(won: pd.Series, bid: int, moon: str) -> pd.Series:
    """The pitching side's score change per deal had it bid `bid`: what it won if that
    made the bid, else minus the bid; a bid of 10 under moon=double scores plus or minus
    20 (under moon=win_or_lose_game it decides the game, which no score change shows)."""
    if bid == tp.MAX_BID and moon == "double":
        return pd.Series(np.where(won >= bid, 2 * bid, -2 * bid), index=won.index)
    return won.where(won >= bid, -bid)


def tenpoint_estimates(deals: pd.DataFrame, rules: dict[str, Any]) -> pd.DataFrame:
    """Per trump suit: P(won >= k) for each bid k (10: shooting the moon), P(each point
    played for), P(each point that may be out of play is played), the expected points won
    and the expected score change of each bid, from per-deal rows of `play_conditional`.
    Index (trump, quantity)."""
    played = tp.effective(rules)
    bids = range(rules["min_bid"], tp.MAX_BID + 1)
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n, won = len(group), group["won"]
        rows = {f"P(won >= {k})": wilson(int((won >= k).sum()), n) for k in bids}
        for name, column in points_played(rules):
            rows[f"P({name})"] = wilson(int(group[column].sum()), n)
        for name, column in points_played(rules):
            if column in MAY_BE_OUT:
                rows[f"P({name} in play)"] = wilson(int(group[f"{column}_played"].sum()), n)
        rows["E[points won]"] = mean(won)
        for bid in bids:
            change = score_change(won, bid, played["moon"])
            rows[f"E[score change | bid {bid}]"] = mean(change)
        tables[trump] = estimates_frame(rows)
    return pd.concat(tables, names=["trump", "quantity"])


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds tenpoint`: the hand at --seat names each suit (or --trump) after the
    others pass; the advice is the highest bid that gains on average, and its trump."""
    run = query.run
    if run.games:
        raise ValueError("odds are taken over single deals, not games")
    players = run.layout.players
    seat = query.seat or 1
    if not 1 <= seat <= players:
        raise ValueError(f"--seat must lie in 1..{players} with {players} players")
    hand = parse_hand(query.hand, run.game, run.rules)
    suits = parse_suits(query.trump)
    deals = query.with_progress(
        len(suits), lambda step: play_conditional(run, hand, seat, suits, step)
    )
    estimates = tenpoint_estimates(deals, run.rules)
    best = highest_gaining_bid(estimates, range(run.rules["min_bid"], tp.MAX_BID + 1))
    moon = {tp.MAX_BID: "shooting the moon"}
    return bid_odds_report(estimates, best, "name", seat, players, moon)
