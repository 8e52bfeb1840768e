"""Odds of an All Fours hand (`allfours odds allfours`): conditional deals around the hand
and the upcard, each played once per choice its seat makes before play (the elder hand
stands or begs; the dealer, once begged, gives one or runs the cards); per choice the
chance that the hand's side takes High, Low, Jack and Game and its expected score change
with 95% intervals, the paired difference between the choices, and the choice they
recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, interval_text, mean, wilson
from sims.core.cards import CardError
from sims.core.deck import Deck
from sims.games.allfours import rules as af
from sims.games.allfours.conditional import run_conditional
from sims.run.conditional import parse_hand, play_round_chunks, rest_of, rounds_frame
from sims.run.queries import OddsQuery, OddsReport, untold_words
from sims.run.runner import RunSpec, log_arrays, seat_strategies, strategy_tables

POINTS = {"high": "High", "low": "Low", "jack": "Jack", "game_point": "Game"}  # by column
FLAGS = [*POINTS, "ran", "bunched"]
COLUMNS = ["won", "others", *FLAGS, "kick"]  # per deal and choice, of the hand's side

Choices = tuple[tuple[str, tuple[int, ...]], ...]


def seat_choices(seat: int, players: int) -> Choices:
    """The choices of the hand at `seat` (1 .. players from the dealer's left), each with
    the calls it imposes: the elder hand stands or begs (the dealer's answer then his
    strategy's); the dealer, the elder hand having begged, gives one or runs the cards.
    ValueError for another seat: none chooses before play (AF-4.1, AF-4.2, AF-10.1)."""
    if seat == 1:
        return (("stand", (af.STAND,)), ("beg", (af.BEG,)))
    if seat == players:
        return (("give", (af.BEG, af.GIVE)), ("run", (af.BEG, af.RUN)))
    raise ValueError(
        f"--seat must be 1 (the elder hand, who stands or begs) or {players} (the dealer, who "
        f"gives or runs) with {players} players: no other seat chooses before play"
    )


def parse_turned(text: str | None, hand: Sequence[int], deck: Deck) -> int:
    """The upcard's code from --turned; CardError for a malformed card or one not in
    `deck` (All Fours plays the 52-card pack: no joker), or a card the hand holds."""
    if text is None:
        raise ValueError("All Fours odds need --turned CARD, the upcard that proposes trump")
    try:
        card = deck.parse_card(text)
    except CardError as error:
        raise CardError(f"--turned: {error}") from None
    if card in hand:
        raise CardError(
            f"the turned card {deck.card_name(card)} is in the hand: the upcard is turned "
            "from the stock after the deal (AF-3.1)"
        )
    return card


def play_conditional(
    run: RunSpec,
    hand: Sequence[int],
    upcard: int,
    seat: int,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """One row per (choice, deal) of `run`'s deals with `hand` dealt to `seat` (1 ..
    players from the dealer's left), `upcard` turned and the rest at random, each deal
    played once per choice of `seat_choices`: the choice, the deal index, the points its
    side and the other sides scored (the upcards' and the gift's included, as counted to
    the target), whether its side took High, Low, Jack and Game, whether the cards were
    run and the deal bunched, and the dealer's upcard points. `progress` is called with
    the deals done per chunk. StrategyFault on an illegal call or card."""
    choices = seat_choices(seat, run.layout.players)
    rules = af.rules_array(run.rules)
    fids, params = strategy_tables(seat_strategies(run))
    side = int(rules[af.R_SIDE_OF + seat - 1])
    sides = len(af.sides(run.rules))
    scripts = np.full((len(choices), 2), -1, np.int64)
    for k, (_, calls) in enumerate(choices):
        scripts[k, : len(calls)] = calls
    cards = np.array(hand, np.int64)
    rest = rest_of((*hand, upcard))
    logs = log_arrays(0, run.layout)

    def kernel(first: int, count: int, out: np.ndarray, errors: np.ndarray) -> None:
        run_conditional(
            run.seed, first, count, cards, seat - 1, upcard, rest, rules, fids, params,
            scripts, out, errors, *logs,
        )  # fmt: skip

    def results(rows: np.ndarray) -> np.ndarray:
        won = rows["won"][:, :sides].astype(np.int64)
        ours = won[:, side]
        taken = [rows[column] == side for column in POINTS]
        ran = (rows["runs"] > 0, rows["bunched"])
        return np.stack([ours, won.sum(1) - ours, *taken, *ran, rows["kick"]], -1)

    table = play_round_chunks(run, len(choices), kernel, results, progress)
    labels = [name for name, _ in choices]
    return rounds_frame(run, table, "choice", labels, COLUMNS, FLAGS)


def score_change(won: pd.Series, others: pd.Series, sides: int) -> pd.Series:
    """The hand's side's points less the other sides' mean (two sides: ours less theirs)."""
    return won - others / (sides - 1)


def allfours_estimates(deals: pd.DataFrame, sides: int) -> pd.DataFrame:
    """Per choice, from the rows of `play_conditional`: P(the hand's side takes High, Low,
    Jack, Game), P(the cards are run), P(the deal is bunched), the expected score change
    (`score_change`), the points of the hand's side and of the others (their mean), the
    dealer's upcard points, and the paired difference of the score change from each other
    choice's on the same deals. Index (choice, quantity)."""
    groups = {
        choice: group.sort_values("deal", kind="stable")
        for choice, group in deals.groupby("choice", observed=True, sort=False)
    }
    changes = {
        choice: score_change(group["won"], group["others"], sides).to_numpy()
        for choice, group in groups.items()
    }
    tables = {}
    for choice, group in groups.items():
        n = len(group)
        rows = {
            f"P({name})": wilson(int(group[column].sum()), n) for column, name in POINTS.items()
        }
        rows["P(cards run)"] = wilson(int(group["ran"].sum()), n)
        rows["P(bunched)"] = wilson(int(group["bunched"].sum()), n)
        rows["E[score change]"] = mean(changes[choice])
        rows["E[points won]"] = mean(group["won"])
        rows["E[others' points]"] = mean(group["others"] / (sides - 1))
        rows["E[dealer's upcard points]"] = mean(group["kick"])
        for other, theirs in changes.items():
            if other != choice:
                rows[f"E[{choice} - {other}]"] = mean(changes[choice] - theirs)
        tables[choice] = estimates_frame(rows)
    return pd.concat(tables, names=["choice", "quantity"])


def recommend_allfours(estimates: pd.DataFrame) -> dict[str, Any]:
    """The choice with the best expected score change (of equals, the first), that change,
    its paired difference from the other choice and whether that difference's interval
    leaves out 0 (`told_apart`)."""
    values = estimates["estimate"].xs("E[score change]", level="quantity")
    best = str(values.idxmax())
    other = next(str(choice) for choice in values.index if choice != best)
    gap = estimates.loc[(best, f"E[{best} - {other}]")]
    return {
        "choice": best,
        "expected": float(values[best]),
        "over": other,
        "difference": float(gap["estimate"]),
        "low": float(gap["low"]),
        "high": float(gap["high"]),
        "told_apart": bool(gap["low"] > 0),
    }


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds allfours`: the hand at --seat (the elder hand, 1, or the dealer) with
    the --turned upcard, played once per choice it has; the advice is the choice with the
    better expected score change."""
    run = query.run
    players = run.layout.players
    seat = query.seat or 1
    rounds = len(seat_choices(seat, players))
    hand = parse_hand(query.hand, run.game, run.rules)
    upcard = parse_turned(query.turned, hand, run.deck)
    if seat == players and run.rules["target"] < 2:
        raise ValueError(
            "the dealer may not give at target 1: the gift would put the elder hand out "
            "(AF-4.2); give odds a target of 2 or more"
        )
    deals = query.with_progress(
        rounds, lambda step: play_conditional(run, hand, upcard, seat, step)
    )
    estimates = allfours_estimates(deals, len(af.sides(run.rules)))
    best = recommend_allfours(estimates)
    advice = (
        f"recommended: {best['choice']} (expected score change {best['expected']:+.3f}; "
        f"{best['choice']} - {best['over']} {best['difference']:+.3f} "
        f"{interval_text(best['low'], best['high'], '+.3f')} on the same deals)"
    )
    if not best["told_apart"]:
        advice += untold_words(best["over"], run.count, best["low"])
    shown = run.deck.card_name(upcard)
    role = "the elder hand, seat 1" if seat == 1 else f"the dealer, seat {players}"
    return OddsReport(
        estimates,
        advice,
        best,
        where=f"as {role} of {players}, turned {shown}",
        about={"seat": seat, "turned": shown},
    )
