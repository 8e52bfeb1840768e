"""Bid odds of a Cinch hand (`allfours odds cinch`): conditional deals in which it makes
the contract and names each suit it could, the points its side takes (each Pedro
included), the score change of every bid with 95% intervals, and the bid and trump they
recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import SUITS, mask_of
from sims.games.cinch import rules as cinch
from sims.games.cinch.cards import DECK
from sims.games.cinch.conditional import run_conditional, without_bidder
from sims.run.bid_odds import bid_odds_report, highest_gaining_bid
from sims.run.conditional import parse_hand, parse_trump, play_round_chunks, rest_of, rounds_frame
from sims.run.queries import OddsQuery, OddsReport
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables

DEALT = 9  # the cards a hand is dealt in the forms odds and advice take
POINTS = {  # the counting cards, by their outcome field
    "high": "High",
    "low": "Low",
    "jack": "Jack",
    "game_point": "Game",
    "right_pedro": "Right Pedro",
    "left_pedro": "Left Pedro",
}
PEDROS = ("right_pedro", "left_pedro")
ODDS_COLUMNS = ["won", "others", *POINTS, *(f"{name}_lost" for name in PEDROS)]


def check_dealt(rules: dict[str, Any]) -> None:
    """ValueError unless the rules deal nine cards a hand (2 to 4 players, no widow), the
    hand odds and advice hold."""
    if cinch.cards_dealt(rules) != DEALT:
        raise ValueError(
            f"Cinch odds and advice hold a hand of {DEALT} cards, dealt with 2 to 4 players "
            f"and no widow; these rules deal {cinch.cards_dealt(rules)}"
        )


def named_trumps(text: str, hand: Sequence[int]) -> tuple[int, ...]:
    """The suits tried: for `best` every suit in which the hand holds a trump (the Left
    Pedro counted), else the suit named, which the maker may name whatever he holds
    (CIN-4.3). CardError for a bad name."""
    if text.strip().lower() == "best":
        return tuple(t for t in range(4) if mask_of(hand) & int(DECK.masks[t, t]))
    return parse_trump(text, range(DECK.size))  # every suit is one he may name


def score_change(
    bid: int, won: np.ndarray, others: np.ndarray, rules: dict[str, Any]
) -> np.ndarray:
    """The maker's side's score change less the mean of the other sides' (two sides: ours
    less theirs) when it bid `bid` and took `won` points, the other sides `others` in all,
    as CIN-8 settles the deal: under difference scoring one side scores the difference, or
    the opponents their points and the bid (or 14 and the shortfall); else each side its
    points, a set maker losing the bid."""
    made = won >= bid
    sides = len(cinch.sides(rules))
    if sides == 2 and rules["scoring"] == "difference":
        if rules["failed_award"] == "fourteen_plus_shortfall":
            award = cinch.TOTAL_POINTS + bid - won
        else:
            award = others + bid
        return np.where(made, won - others, -award)
    return np.where(made, won, -bid) - others / (sides - 1)


def play_conditional(
    run: RunSpec,
    hand: Sequence[int],
    seat: int,
    suits: Sequence[int],
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """One row per (trump suit, deal) of the hand at `seat` (1 = the dealer's left, the
    dealer last) bidding the least bid, every other seat passing, and naming each of
    `suits`: the suit's letter, the deal index, the points its side and the other sides
    won, whether its side took each counting card, and whether another side took each
    Pedro. `progress` is called with the deals done per chunk. StrategyFault on an
    illegal play; CardError for a hand that is not nine distinct cards of the deck."""
    hand = parse_hand(hand, cinch.NAME, run.rules)
    rules = cinch.rules_array(run.rules)
    fids, params = strategy_tables(seat_strategies(run))
    players = run.layout.players
    side = int(rules[cinch.R_SIDE_OF + seat - 1])
    sides = len(cinch.sides(run.rules))
    calls = [run.rules["min_bid"] if s == seat - 1 else 0 for s in range(players)]
    scripts = np.array([[*calls, suit] for suit in suits], np.int8)
    trumps = np.full(len(suits), -1, np.int64)
    stop = without_bidder(fids, seat - 1)
    logs = log_arrays(0, run.layout)[1:]

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_conditional(
            run.seed, first, count, mask_of(hand), seat - 1, rest_of(hand, DECK),
            np.zeros((count, 0), np.int64), False, rules, fids, stop, params, scripts, trumps,
            out, errors, *logs,
        )  # fmt: skip

    def results(rows: np.ndarray) -> np.ndarray:
        won = rows["won"][:, :sides].astype(np.int64)
        ours = won[:, side]
        taken = [rows[name] == side for name in POINTS]
        lost = [(rows[name] >= 0) & (rows[name] != side) for name in PEDROS]
        return np.stack([ours, won.sum(1) - ours, *taken, *lost], -1)

    table = play_round_chunks(run, len(suits), kernel, results, progress)
    labels = [SUITS[suit] for suit in suits]
    return rounds_frame(run, table, "trump", labels, ODDS_COLUMNS, ODDS_COLUMNS[2:], list(SUITS))


def cinch_estimates(deals: pd.DataFrame, rules: dict[str, Any]) -> pd.DataFrame:
    """Per trump suit: P(won >= k) for each bid k, P(its side takes each counting card),
    P(another side captures each Pedro), the expected points won and the expected score
    change of each bid (`score_change`), from the rows of `play_conditional`. Index
    (trump, quantity)."""
    bids = range(rules["min_bid"], cinch.MAX_BID + 1)
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n, won, others = len(group), group["won"].to_numpy(), group["others"].to_numpy()
        rows = {f"P(won >= {k})": wilson(int((won >= k).sum()), n) for k in bids}
        for column, name in POINTS.items():
            rows[f"P({name})"] = wilson(int(group[column].sum()), n)
        for column in PEDROS:
            rows[f"P({POINTS[column]} captured)"] = wilson(int(group[f"{column}_lost"].sum()), n)
        rows["E[points won]"] = mean(won)
        for bid in bids:
            rows[f"E[score change | bid {bid}]"] = mean(score_change(bid, won, others, rules))
        tables[trump] = estimates_frame(rows)
    return pd.concat(tables, names=["trump", "quantity"])


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds cinch`: the hand at --seat makes the contract and names each suit
    it could (or --trump); the advice is the highest bid that gains on average, and its
    trump."""
    run = query.run
    check_dealt(run.rules)
    players = run.layout.players
    seat = query.seat or 1
    if not 1 <= seat <= players:
        raise ValueError(f"--seat must lie in 1..{players} with {players} players")
    suits = named_trumps(query.trump, query.hand)
    deals = query.with_progress(
        len(suits), lambda step: play_conditional(run, query.hand, seat, suits, step)
    )
    estimates = cinch_estimates(deals, run.rules)
    best = highest_gaining_bid(estimates, range(run.rules["min_bid"], cinch.MAX_BID + 1))
    return bid_odds_report(estimates, best, "name", seat, players)
