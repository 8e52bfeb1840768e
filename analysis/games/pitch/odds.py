"""Bid odds of an Auction Pitch hand: estimates, with 95% intervals, from conditional deals
in which the hand pitches each suit it holds (`sims.games.pitch.odds.play_conditional`),
and the bid and trump they recommend; and advice for a call in a real auction, from deals
conditioned on the calls heard (`sims.games.pitch.advice.advice_deals`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from sims.games.pitch.advice import advice_deals
from sims.games.pitch.odds import pitch_estimates, play_conditional, recommend_pitch
from sims.games.pitch.rules import MAX_PLAYERS
from sims.run.advice import advice_table
from sims.run.conditional import OddsSpec, parse_hand, parse_trump
from sims.run.queries import AdviceQuery, parse_calls
from sims.run.runner import RunSpec

__all__ = ["advice_table", "pitch_advice", "pitch_estimates", "pitch_odds", "recommend_pitch"]


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
