"""Contract odds of a Solo Whist hand: estimates, with 95% intervals, from conditional deals
in which it declares each contract (`sims.games.solowhist.odds.play_conditional`), and
the contract they recommend."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd

from sims.core.cards import parse_card
from sims.games.solowhist.odds import hand_seat, play_conditional, recommend_whist, whist_estimates
from sims.run.conditional import parse_hand
from sims.run.runner import RunSpec

__all__ = ["recommend_whist", "whist_estimates", "whist_odds"]


def whist_odds(
    hand: str | Sequence[int],
    turned: str,
    *,
    seat: int | None = None,
    deals: int = 100_000,
    strategy: str = "greedy",
    variants: Sequence[str] = (),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """Contract odds of a Solo Whist hand at `seat` (1 = the dealer's left .. 4 = the
    dealer; by default the dealer if the hand holds the `turned` card, else 1): estimates
    of `deals` conditional deals per contract, the advice in `frame.attrs["recommendation"]`.
    """
    cards = parse_hand(hand, "solowhist")
    turned_card = parse_card(turned)
    run = RunSpec("solowhist", seed, deals, seats=(strategy,), variants=tuple(variants))
    where = hand_seat(cards, turned_card, seat)
    estimates = whist_estimates(play_conditional(run, cards, turned_card, where, progress))
    estimates.attrs["recommendation"] = recommend_whist(estimates)
    estimates.attrs["seat"] = where
    return estimates
