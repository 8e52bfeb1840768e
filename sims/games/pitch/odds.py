"""Bid odds of an Auction Pitch hand (`allfours odds pitch`): conditional deals in which it
pitches each suit it holds, the estimates with 95% intervals, and the bid and trump they
recommend."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import mask_of
from sims.games.pitch import rules as pitch
from sims.games.pitch.deal import conditions, run_pitch
from sims.run.bid_odds import bid_odds_report, highest_gaining_bid
from sims.run.conditional import OddsSpec, parse_trump, play_round_chunks, rest_of, suits_frame
from sims.run.queries import OddsQuery, OddsReport, Recommendation
from sims.run.runner import log_arrays, seat_strategies, strategy_tables

ODDS_COLUMNS = ["won", "high", "low", "jack", "game"]  # per deal, for the pitcher's side


def play_conditional(spec: OddsSpec, progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per (trump suit, deal) of the hand pitching from `spec.seat` without an
    auction: the suit's letter, the deal index, the points won by the pitcher's side and
    whether it took High, Low, Jack and Game. `progress` is called with the deals done per
    chunk. StrategyFault on an illegal play."""
    run = spec.run
    fids, params = strategy_tables(seat_strategies(run))
    seat, dealer = spec.seat - 1, run.layout.players - 1  # the dealer, seat players, bids last
    rules = pitch.rules_array(run.rules, pitcher=seat)
    side = rules[pitch.R_SIDE_OF + seat]
    suits = np.array(spec.suits, np.int64)
    no_calls = np.zeros((len(suits), 0), np.int8)
    fixed = conditions(mask_of(spec.hand), seat, dealer, rest_of(spec.hand), no_calls, 0, suits)

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_pitch(
            run.seed,
            first,
            count,
            False,
            len(suits),
            rules,
            fids,
            params,
            out,
            errors,
            *log_arrays(0, run.layout),
            *fixed,
        )

    def results(rows: np.ndarray) -> np.ndarray:
        taken = [rows[name] == side for name in ("high", "low", "jack", "game_point")]
        return np.stack([rows["won"][:, side], *taken], -1)

    table = play_round_chunks(run, len(suits), kernel, results, progress)
    return suits_frame(spec, table, ODDS_COLUMNS, flags=ODDS_COLUMNS[1:])


BIDS = (1, 2, 3, 4)


def pitch_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: P(won >= k) for k = 1..4, P(High), P(Low), P(Jack), P(Game), the
    expected points won and the expected score change of each bid (made: +won, set: -bid),
    from per-deal rows of `sims.games.pitch.odds.play_conditional`. Index (trump,
    quantity)."""
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n, won = len(group), group["won"]
        rows = {f"P(won >= {k})": wilson(int((won >= k).sum()), n) for k in BIDS}
        for column in ("high", "low", "jack", "game"):
            rows[f"P({column.capitalize()})"] = wilson(int(group[column].sum()), n)
        rows["E[points won]"] = mean(won)
        for bid in BIDS:
            rows[f"E[score change | bid {bid}]"] = mean(won.where(won >= bid, -bid))
        tables[trump] = estimates_frame(rows)
    return pd.concat(tables, names=["trump", "quantity"])


def recommend_pitch(estimates: pd.DataFrame, min_bid: int = 1) -> Recommendation:
    """The highest of Pitch's bids from `min_bid` that gains on average, with its trump
    (`highest_gaining_bid`); pass (bid 0) when none does."""
    return highest_gaining_bid(estimates, [bid for bid in BIDS if bid >= min_bid])


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds pitch`: the hand at --seat pitches each suit it could (or --trump);
    the advice is the highest bid that gains on average, and its trump."""

    spec = OddsSpec(query.run, query.hand, parse_trump(query.trump, query.hand), query.seat or 1)
    deals = query.with_progress(len(spec.suits), lambda step: play_conditional(spec, step))
    estimates = pitch_estimates(deals)
    best = recommend_pitch(estimates, query.run.rules["min_bid"])
    return bid_odds_report(estimates, best, "pitch", spec.seat, query.run.layout.players)
