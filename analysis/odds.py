"""Odds and advice for a known hand: estimates with 95% intervals from conditional deals in
which the hand makes each choice it has, and the choice they recommend. `hand_odds` and
`hand_advice` answer for every game that has odds or advice, as `allfours odds` and
`allfours advise` do; each game's own functions, in `analysis.games.<game>.odds`, are
offered here too (`analysis.odds.pitch_odds`)."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from analysis.games import gather, modules
from sims.run.conditional import parse_hand
from sims.run.queries import AdviceQuery, OddsQuery, Recommendation, parse_calls
from sims.run.runner import RunSpec
from sims.tools.advise import advice_of
from sims.tools.odds import odds_of, odds_refusal

__all__ = ["Recommendation", "hand_advice", "hand_odds", *gather(modules("odds"), globals())]


def _run(
    game: str,
    seed: int,
    deals: int,
    strategy: str,
    seats: Sequence[str] | None,
    players: int | None,
    variants: Sequence[str],
) -> RunSpec:
    """The run of a hand's deals: `seats` one strategy a seat, else `strategy` at every
    seat; `players` as the variant of that name."""
    chosen = tuple(seats) if seats else (strategy,)
    more = (f"players={players}",) if players is not None else ()
    return RunSpec(game, seed, deals, seats=chosen, variants=(*variants, *more))


def hand_odds(
    game: str,
    hand: str | Sequence[int],
    *,
    seat: int | None = None,
    trump: str = "best",
    turned: str | None = None,
    deals: int = 200_000,
    strategy: str = "greedy",
    seats: Sequence[str] | None = None,
    players: int | None = None,
    variants: Sequence[str] = (),
    seed: int = 0,
) -> pd.DataFrame:
    """`allfours odds GAME` for any game with odds: the estimates with their 95% intervals,
    indexed by choice (trump, contract or call) and quantity, with the recommended choice
    in `.attrs["recommendation"]` and the command's line that says it in `.attrs["advice"]`.
    The arguments are the command's options; ValueError where the game has no odds or
    takes no seat, trump or turned card (or needs one)."""
    declared = odds_of(game)
    refusal = odds_refusal(game, seat, trump, turned)
    if refusal:
        raise ValueError(refusal)
    run = _run(game, seed, deals, strategy, seats, players, variants)
    query = OddsQuery(run, parse_hand(hand, game, run.rules), seat, trump, turned)
    played = declared.play(query)
    estimates = played.estimates
    estimates.attrs |= {"recommendation": played.recommendation, "advice": played.advice}
    return estimates


def hand_advice(
    game: str,
    hand: str | Sequence[int],
    *,
    seat: int,
    calls: str | Sequence[int] | None = None,
    trump: str | None = None,
    deals: int = 20_000,
    strategy: str = "greedy",
    seats: Sequence[str] | None = None,
    players: int | None = None,
    variants: Sequence[str] = (),
    seed: int = 0,
    sampler: str = "chain",
    max_tries: int = 0,
) -> pd.DataFrame:
    """`allfours advise GAME` for any game with advice: what the hand at `seat` (1 = the
    dealer's left) should call after the `calls` heard ("pass,2", or codes with 0 a
    pass), a row per legal call played on the same deals, with the recommendation in
    `.attrs["recommendation"]`, the command's line in `.attrs["advice"]`, and the deals
    kept of those drawn in `.attrs["accepted"]` and `["tries"]`. ValueError where the game
    gives no advice."""
    declared = advice_of(game)
    run = _run(game, seed, deals, strategy, seats, players, variants)
    hand_cards = parse_hand(hand, game, run.rules)
    query = AdviceQuery(run, hand_cards, seat, parse_calls(calls), trump, max_tries, False, sampler)
    played = declared.play(query)
    table = played.table
    table.attrs |= {
        "recommendation": played.recommendation,
        "advice": played.advice,
        "accepted": played.accepted,
        "tries": played.tries,
    }
    return table
