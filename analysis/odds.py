"""Bid odds for a known hand: estimates, with 95% intervals, from conditional deals in
which the hand pitches each suit (`play_conditional` of the game's descriptor module,
`sims.descriptors.pitch` or `.phat`), and the bid and trump they recommend; for Solo Whist,
in which the hand declares each contract, and the contract to bid."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.core.cards import parse_card
from sims.core.games.pitch import MAX_PLAYERS
from sims.descriptors.phat import play_conditional as play_phat
from sims.descriptors.pitch import play_conditional as play_pitch
from sims.descriptors.solowhist import hand_seat
from sims.descriptors.solowhist import play_conditional as play_whist
from sims.run.runner import RunSpec
from sims.tools.odds import OddsSpec, parse_hand, parse_trump

BIDS = (1, 2, 3, 4)


@dataclass(frozen=True)
class Recommendation:
    """The trump and bid (0: pass) with the best expected score change, and that change
    (Solo Whist: the contract in `trump`'s place, "pass" for none)."""

    trump: str
    bid: int
    expected: float


def pitch_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: P(won >= k) for k = 1..4, P(High), P(Low), P(Jack), P(Game), the
    expected points won and the expected score change of each bid (made: +won, set: -bid),
    from per-deal rows of `sims.descriptors.pitch.play_conditional`. Index (trump, quantity)."""
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


def phat_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: the pitcher's side's expected points (phat + muck bonus), P(it takes
    the Big Phat) ("ours"), P(the side dealt the Big Phat keeps it) ("kept"), P(its muck >
    40)."""
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n = len(group)
        tables[trump] = estimates_frame(
            {
                "E[points]": mean(group["points"]),
                "P(Big Phat ours)": wilson(int(group["big_phat_ours"].sum()), n),
                "P(Big Phat kept)": wilson(int(group["big_phat_kept"].sum()), n),
                "P(muck > 40)": wilson(int((group["muck"] > 40).sum()), n),
            }
        )
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


def recommend_phat(estimates: pd.DataFrame) -> Recommendation:
    """The trump with the most expected points for the pitcher's side."""
    points = estimates.xs("E[points]", level="quantity")["estimate"]
    return Recommendation(str(points.idxmax()), 0, float(points.max()))


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
    estimates = pitch_estimates(play_pitch(spec, progress))
    estimates.attrs["recommendation"] = recommend_pitch(estimates, run.rules["min_bid"])
    return estimates


def phat_odds(
    hand: str | Sequence[int],
    *,
    trump: str = "best",
    deals: int = 200_000,
    strategy: str = "greedy",
    variants: Sequence[str] = (),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> pd.DataFrame:
    """Odds of a Phat hand as the pitcher: `phat_estimates` of `deals` conditional deals,
    the best trump in `frame.attrs["recommendation"]`."""
    cards = parse_hand(hand, "phat")
    run = RunSpec("phat", seed, deals, seats=(strategy,), variants=tuple(variants))
    spec = OddsSpec(run, cards, parse_trump(trump, cards))
    estimates = phat_estimates(play_phat(spec, progress))
    estimates.attrs["recommendation"] = recommend_phat(estimates)
    return estimates


def whist_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per contract: P(made), the declarer's expected settlement and expected tricks, from
    per-deal rows of `sims.descriptors.solowhist.play_conditional`. Index (contract,
    quantity)."""
    tables = {}
    for contract, group in deals.groupby("contract", observed=True, sort=False):
        tables[contract] = estimates_frame(
            {
                "P(made)": wilson(int(group["made"].sum()), len(group)),
                "E[settlement]": mean(group["settlement"]),
                "E[tricks]": mean(group["tricks"]),
            }
        )
    return pd.concat(tables, names=["contract", "quantity"])


def recommend_whist(estimates: pd.DataFrame) -> Recommendation:
    """The contract with the best expected settlement when it is positive, else pass."""
    gains = estimates.xs("E[settlement]", level="quantity")["estimate"]
    if gains.max() <= 0:
        return Recommendation("pass", 0, 0.0)
    return Recommendation(str(gains.idxmax()), 0, float(gains.max()))


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
    estimates = whist_estimates(play_whist(run, cards, turned_card, where, progress))
    estimates.attrs["recommendation"] = recommend_whist(estimates)
    estimates.attrs["seat"] = where
    return estimates
