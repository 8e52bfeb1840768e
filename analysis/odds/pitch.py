"""Bid odds of an Auction Pitch hand: estimates, with 95% intervals, from conditional deals
in which the hand pitches each suit it holds (`sims.games.pitch.descriptor.play_conditional`),
and the bid and trump they recommend; and advice for a call in a real auction, from deals
conditioned on the calls heard (`sims.games.pitch.descriptor.advice_deals`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from analysis.odds.common import Recommendation
from analysis.stats import estimates_frame, mean, wilson
from sims.games.pitch.descriptor import advice_deals, play_conditional
from sims.games.pitch.rules import MAX_PLAYERS
from sims.run.runner import RunSpec
from sims.tools.advise import AdviceQuery, call_name, parse_calls
from sims.tools.odds import OddsSpec, parse_hand, parse_trump

__all__ = ["advice_table", "pitch_advice", "pitch_estimates", "pitch_odds", "recommend_pitch"]

BIDS = (1, 2, 3, 4)


def pitch_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: P(won >= k) for k = 1..4, P(High), P(Low), P(Jack), P(Game), the
    expected points won and the expected score change of each bid (made: +won, set: -bid),
    from per-deal rows of `sims.games.pitch.descriptor.play_conditional`. Index (trump,
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
    """The highest bid (at least `min_bid`) whose expected score change is positive in its
    best trump suit; pass (bid 0) when there is none. Once the hand pitches, a lower bid
    never scores less; a higher one wins the auction more often, so it is worth bidding
    up to the last bid that still gains on average."""
    values = estimates["estimate"]
    for bid in reversed(BIDS):
        if bid < min_bid:
            break
        by_trump = values.xs(f"E[score change | bid {bid}]", level="quantity")
        if by_trump.max() > 0:
            return Recommendation(str(by_trump.idxmax()), bid, float(by_trump.max()))
    return Recommendation("", 0, 0.0)


def pitch_odds(
    hand: str | Sequence[int],
    *,
    players: int = 4,
    seat: int = 1,
    trump: str = "best",
    deals: int = 200_000,
    strategy: str = "greedy",
    pitcher: str | None = None,
    variants: Sequence[str] = (),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """Bid odds of a Pitch hand at `seat` (1 = the dealer's left, `players` = the dealer):
    `pitch_estimates` of `deals` conditional deals, the recommendation in
    `frame.attrs["recommendation"]`. The hand plays `pitcher` (default: `strategy`), the
    other seats `strategy`."""
    cards = parse_hand(hand, "pitch")
    seats = [strategy]  # kernel seat k - 1 is seat k from the dealer's left
    if pitcher is not None and 1 <= seat <= players <= MAX_PLAYERS:
        seats = [pitcher if k == seat - 1 else strategy for k in range(players)]
    run = RunSpec(
        "pitch", seed, deals, seats=tuple(seats), variants=(*variants, f"players={players}")
    )
    spec = OddsSpec(run, cards, parse_trump(trump, cards), seat=seat)
    estimates = pitch_estimates(play_conditional(spec, progress))
    estimates.attrs["recommendation"] = recommend_pitch(estimates, run.rules["min_bid"])
    return estimates


def advice_table(deals: pd.DataFrame) -> pd.DataFrame:
    """Per call legal at the hand's turn, from per-deal rows of an advice run (`call`,
    `trump`, `deal`, `won_contract`, `made`, `delta`; every call played on the same
    accepted deals): the trump it pitches (the best on average when it tried several),
    P(it wins the contract), P(made | it won), E[its side's score change] and the paired
    difference from the best call, each with a 95% interval. The best call is first (of
    equally good calls, the higher); the recommendation (`Recommendation`) and whether the
    two best calls can be told apart (`tied`: the interval of their difference holds 0)
    are in `.attrs`."""
    chosen = {}
    for (call, trump), group in deals.groupby(["call", "trump"], observed=True, sort=False):
        best = chosen.get(call)
        if best is None or group["delta"].mean() > best[1]["delta"].mean():
            chosen[call] = (trump, group.sort_values("deal"))
    # Best first; of calls equally good on these deals, the higher bid (as `recommend_pitch`).
    ranked = sorted(chosen, key=lambda call: (-chosen[call][1]["delta"].mean(), -call))
    top = chosen[ranked[0]][1]["delta"].to_numpy()
    rows = []
    for call in ranked:
        trump, group = chosen[call]
        won = group["won_contract"].to_numpy(bool)
        delta = group["delta"].to_numpy()
        parts = {
            "P(wins contract)": wilson(int(won.sum()), len(won)),
            "P(made | wins)": wilson(int(group["made"].to_numpy(bool)[won].sum()), int(won.sum())),
            "E[score change]": mean(delta),
            "difference from best": mean(delta - top),
        }
        row = {"call": call_name(int(call)), "trump": trump, "deals": len(group)}
        for name, estimate in parts.items():
            row |= {name: estimate.value, f"{name} low": estimate.low}
            row |= {f"{name} high": estimate.high, f"{name} se": estimate.se}
        rows.append(row)
    table = pd.DataFrame(rows).set_index("call")
    best, runner_up = table.iloc[0], table.iloc[1] if len(table) > 1 else None
    table.attrs["recommendation"] = Recommendation(
        str(best["trump"]), int(ranked[0]), float(best["E[score change]"])
    )
    table.attrs["tied"] = bool(
        runner_up is not None
        and runner_up["difference from best low"] <= 0 <= runner_up["difference from best high"]
    )
    return table


def pitch_advice(
    hand: str | Sequence[int],
    *,
    seat: int,
    calls: str | Sequence[int] | None = None,
    players: int = 4,
    trump: str | None = None,
    deals: int = 20_000,
    strategy: str = "greedy",
    variants: Sequence[str] = (),
    seed: int = 0,
    max_tries: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """What the Pitch hand at `seat` (1 = the dealer's left, `players` = the dealer) should
    call after the `calls` of the seats before it ("pass,2" or codes, 0 a pass): every
    legal call played on the same `deals` deals whose earlier seats' bidders make exactly
    those calls (`advice_table`; the acceptance in `.attrs["accepted"]`, `["tries"]`).
    `trump`: None lets the hand's strategy choose its pitch, "best" tries each suit it
    holds, or a suit (C D H S). Every seat plays `strategy`."""
    run = RunSpec(
        "pitch", seed, deals, seats=(strategy,), variants=(*variants, f"players={players}")
    )
    query = AdviceQuery(run, parse_hand(hand, "pitch"), seat, parse_calls(calls), trump, max_tries)
    rows, tries = advice_deals(query, progress)
    table = advice_table(rows)
    table.attrs |= {"accepted": deals, "tries": tries}
    return table
