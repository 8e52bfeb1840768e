"""Auction Pitch quantities from outcome tables: how often bids are made, by what, and what
a bid is worth to the pitcher's side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from numba import njit

from analysis.counters import NOBODY, axis_values, histogram_mean, relative, stacked
from analysis.stats import Estimate, GroupKeys, estimates_frame, mean, mean_by, rate_by, wilson
from sims.core.cards import mask_of
from sims.core.options import resolve as resolve_options
from sims.games.pitch import rules as pitch
from sims.games.pitch.odds import BIDS, play_conditional
from sims.games.pitch.strategies.evaluation import best_suit
from sims.run.conditional import OddsSpec, parse_hand, parse_trump
from sims.run.runner import RunSpec
from sims.strategies import resolve
from sims.strategies import view as v
from sims.strategies.registry import functions

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from sims.run.runner import RunResult

STOPPED_LABEL = "games stopped at the deal cap"  # as `games_summary` names them
POINT_CAPTORS = {"high": "high", "low": "low", "jack": "jack", "game": "game_point"}


def pitcher_side_values(deals: pd.DataFrame, field: str) -> pd.Series:
    """The pitcher's side's value of a per-side field (`won`, `delta`, `game_points`, ...)
    in each deal, read from the `<field>_<side>` column that `pitcher_side` names."""
    side_of = deals["pitcher_side"].to_numpy()
    values = np.zeros(len(deals), np.int16)
    for column in deals.columns:
        prefix, _, side = column.rpartition("_")
        if prefix == field and side.isdigit():
            rows = side_of == int(side)
            values[rows] = deals.loc[rows, column].to_numpy(dtype=np.int16)
    return pd.Series(values, index=deals.index, name=f"pitcher_{field}")


def pitcher_won(deals: pd.DataFrame) -> pd.Series:
    """Points the pitcher's side won in each deal (from the won_<side> columns)."""
    return pitcher_side_values(deals, "won")


def pitcher_delta(deals: pd.DataFrame) -> pd.Series:
    """The pitcher's side's score change in each deal: what it won if it made the bid,
    else minus the bid (from the delta_<side> columns)."""
    return pitcher_side_values(deals, "delta")


def bid_success(deals: pd.DataFrame, by: GroupKeys = "contract") -> pd.DataFrame:
    """Share of bids made, grouped by `by` (e.g. contract, players, pitcher_position, hand
    features such as hand_trumps or hand_jack), with Wilson intervals: n, made, rate, low,
    high."""
    table = rate_by(deals, "made", by).rename(columns={"successes": "made", "estimate": "rate"})
    return table[["n", "made", "rate", "low", "high"]]


@njit(cache=True)
def _strengths(hands: np.ndarray, players: int, sides: int) -> np.ndarray:
    """`threshold`'s estimate of the points each hand (a mask) wins pitching its best suit."""
    out = np.empty(hands.shape, np.float64)
    for i in range(hands.shape[0]):
        for j in range(hands.shape[1]):
            out[i, j] = best_suit(hands[i, j], players, sides, hands[i, j])[1]
    return out


def calls_by_position(result: RunResult) -> pd.DataFrame:
    """One row per call of a Pitch run recorded with its deal log: the deal, the caller's
    position (1 = the dealer's left, players = the dealer), the strength of its hand
    (`threshold`'s estimate of the points pitching its best suit wins: a yardstick shared by
    every bidder) and its call (0 pass, k a bid of k)."""
    table, hands, calls = result.table, result.hands, result.calls
    players = result.spec.layout.players
    sides = len(result.spec.described.sides.of(result.spec.rules))
    positions = np.arange(players)
    seats = (table["dealer"][:, None].astype(np.int64) + 1 + positions) % players
    dealt = np.take_along_axis(hands[:, :players], seats, 1)
    made = calls[:, :players].astype(np.int64)
    called = made >= 0
    return pd.DataFrame(
        {
            "deal": np.repeat(table["deal"], players)[called.ravel()],
            "position": np.tile(positions + 1, len(table))[called.ravel()],
            "strength": _strengths(dealt, players, sides)[called],
            "call": made[called],
        }
    )


def bidder_call(
    bidder: str,
    hand: str | Sequence[int],
    *,
    position: int,
    high: int = 0,
    variants: Sequence[str] = (),
) -> int:
    """The call `bidder` makes holding `hand` at `position` of the auction (1 = the
    dealer's left, players = the dealer) after the high bid `high` (0: none yet): 0 pass,
    k a bid of k."""
    rules = resolve_options("pitch", pitch.OPTIONS, variants)
    pitch.check(rules)
    players = rules["players"]
    plan = resolve(bidder, "pitch", rules)
    if plan.bid_fid < 0 or not 1 <= position <= players or not 0 <= high <= 3:
        raise ValueError(f"no call for {bidder!r} at position {position} after a bid of {high}")
    view = np.zeros(v.SIZE, np.int64)
    view[v.DECISION] = v.BID
    view[v.HAND] = mask_of(parse_hand(hand, "pitch"))
    view[v.PLAYERS] = players
    view[v.SIDES] = len(pitch.sides(rules))
    view[v.POSITION] = position - 1
    view[v.HIGH_BID] = high
    view[v.LEGAL] = pitch.legal_calls(high, position == players, rules["min_bid"])
    decide = functions("pitch")[plan.bid_fid]
    return int(decide(view, plan.bid_params, np.zeros(1, np.int64)))


def seat_scores(deals: pd.DataFrame) -> pd.DataFrame:
    """Score change per deal of the seat at each position from the dealer's left (columns
    1 .. players; column `players` is the dealer's), for deals of one player count."""
    players = sum(column.startswith("delta_") for column in deals.columns)
    delta = deals[[f"delta_{seat}" for seat in range(players)]].to_numpy()
    rows, dealer = np.arange(len(deals)), deals["dealer"].to_numpy()
    positions = range(1, players + 1)
    columns = {position: delta[rows, (dealer + position) % players] for position in positions}
    return pd.DataFrame(columns, index=deals.index)


def dealer_edges(deals: pd.DataFrame) -> pd.Series:
    """Per deal, the dealer's score change minus the mean of the other seats' (cutthroat:
    one seat a side), for deals of one player count."""
    scores = seat_scores(deals).to_numpy(np.float64)
    own = scores[:, -1]
    edge = own - (scores.sum(1) - own) / (scores.shape[1] - 1)
    return pd.Series(edge, index=deals.index, name="dealer edge")


def dealer_edge(deals: pd.DataFrame) -> Estimate:
    """The dealer's score change per deal minus the mean of the other seats', with its 95%
    interval (cutthroat: one seat a side)."""
    return mean(dealer_edges(deals))


DEALER_WAYS = ("stole", "outbid", "forced", "defended")


def dealer_ways(deals: pd.DataFrame) -> pd.DataFrame:
    """Each deal of one player count from the dealer's chair: how it came to play it (`how`:
    it stole the contract by matching the high bid, outbid the others, was forced to bid
    when all passed, or defended) and its score change (`dealer_delta`)."""
    players = sum(column.startswith("delta_") for column in deals.columns)
    others_passed = (deals[[f"call_{k}" for k in range(players - 1)]] == 0).all(axis=1)
    dealer_pitched = deals["pitcher_position"] == players
    how = np.select(
        [deals["stolen"], dealer_pitched & others_passed, dealer_pitched],
        ["stole", "forced", "outbid"],
        "defended",
    )
    return deals.assign(how=how, dealer_delta=seat_scores(deals)[players])


def dealer_breakdown(ways: pd.DataFrame, by: GroupKeys = "players") -> pd.DataFrame:
    """For each group of `by` and each way the dealer came to play a deal (`dealer_ways`):
    how often (`share`, Wilson interval `share_low`, `share_high`) and the way's
    contribution to the dealer's score per deal (`estimate`, `low`, `high`: the mean over
    every deal of its score change where it came that way, 0 elsewhere; the ways' sum is
    its mean score per deal), `n` deals in the group."""
    parts = []
    for way in DEALER_WAYS:
        this = ways["how"] == way
        share = rate_by(ways, this, by)[["n", "estimate", "low", "high"]]
        share.columns = ["n", "share", "share_low", "share_high"]
        part = mean_by(ways, ways["dealer_delta"].where(this, 0), by)[["estimate", "low", "high"]]
        parts.append(share.join(part).assign(how=way).set_index("how", append=True))
    return pd.concat(parts).sort_index()


def score_change(deals: pd.DataFrame, by: GroupKeys = "contract") -> pd.DataFrame:
    """Expected score change of the pitcher's side per deal, grouped by `by` (the bid by
    default), with its standard error and 95% interval: n, estimate, se, low, high."""
    return mean_by(deals, pitcher_delta(deals), by)


def made_cells(deals: pd.DataFrame, contract: int) -> pd.DataFrame:
    """Bids of `contract` made, by the trumps the pitcher held and the rank 0..12 of its
    highest trump, with Wilson intervals: n, estimate, low, high indexed by (`hand_trumps`,
    `hand_high_trump`); a hand never bid has no row."""
    chosen = deals[deals["contract"] == contract]
    table = rate_by(chosen, "made", ["hand_trumps", "hand_high_trump"])
    return table[["n", "estimate", "low", "high"]]


def possible_hand(trumps: int, high_rank: int) -> bool:
    """Whether a hand can hold `trumps` trumps with the highest of rank `high_rank` (0 the
    Deuce .. 12 the Ace): the others must be of lower ranks, and a hand has six cards."""
    return 1 <= trumps <= min(6, high_rank + 1)


def made_by_bid(deals: pd.DataFrame, bids: Sequence[int] = BIDS) -> pd.DataFrame:
    """Per deal, 1 or 0 for a contract made or set, in the column (`bid k`) of its bid;
    NaN in the other columns: the input of a paired comparison of rates by bid."""
    made = deals["made"].astype(float)
    return pd.DataFrame({f"bid {bid}": made.where(deals["contract"] == bid) for bid in bids})


def won_rates(deals: pd.DataFrame) -> pd.DataFrame:
    """Share of the deals at each bid in which the pitcher's side won 0 .. 4 points, with
    Wilson intervals: n (deals at the bid), estimate, low, high, indexed by (contract,
    points won)."""
    won = pitcher_won(deals).to_numpy()
    parts = {
        points: rate_by(deals, pd.Series(won == points, index=deals.index), "contract")
        for points in range(5)
    }
    table = pd.concat(parts, names=["points won"]).reorder_levels(["contract", "points won"])
    return table[["n", "estimate", "low", "high"]].sort_index()


def pitcher_outcomes(
    hand: str | Sequence[int],
    *,
    trump: str,
    pitcher: str,
    players: int = 4,
    seat: int = 1,
    deals: int = 2_000,
    strategy: str = "greedy",
    seed: int = 0,
) -> pd.DataFrame:
    """Per conditional deal (the index) of `hand` at `seat` pitching `trump` without an
    auction, its seat playing `pitcher` and the others `strategy`: the points its side won
    and its score change at each bid. The deals depend on the seed alone, so two pitchers
    on the same seed are compared deal by deal."""
    cards = parse_hand(hand, "pitch")
    seats = tuple(pitcher if k == seat - 1 else strategy for k in range(players))
    run = RunSpec("pitch", seed, deals, seats=seats, variants=(f"players={players}",))
    rows = play_conditional(OddsSpec(run, cards, parse_trump(trump, cards), seat=seat))
    won = rows.set_index("deal")["won"].astype(float)
    changes = {f"score change, bid {bid}": won.where(won >= bid, -bid) for bid in BIDS}
    return pd.DataFrame({"points won": won, **changes})


def example_calls(odds: dict[str, pd.DataFrame], advice: dict[str, pd.DataFrame]) -> pd.DataFrame:
    """The expected score change of each call of each example hand, two ways: `in the
    auction` (`analysis.odds.pitch_advice`: each legal call played on the same deals, the
    other seats bidding) and `always pitching` (`analysis.odds.pitch_odds` in the suit the
    advice pitches, or the hand's best suit: the hand pitches whatever it bids, outbid or
    not). Long table: hand, kind, call (0 pass, k a bid of k), estimate, low, high, n."""
    rows = []
    for hand, table in advice.items():
        for call, row in table.iterrows():
            code = 0 if call == "pass" else int(str(call).split()[-1])
            rows.append(
                (
                    hand,
                    "in the auction",
                    code,
                    row["E[score change]"],
                    row["E[score change] low"],
                    row["E[score change] high"],
                    row["deals"],
                )
            )
        estimates = odds[hand]["estimate"]
        trump = table.attrs["recommendation"].trump or str(
            estimates.xs("E[points won]", level="quantity").idxmax()
        )
        pitched = odds[hand].loc[trump]
        for bid in BIDS:
            row = pitched.loc[f"E[score change | bid {bid}]"]
            rows.append(
                (hand, "always pitching", bid, row["estimate"], row["low"], row["high"], row["n"])
            )
    columns = ["hand", "kind", "call", "estimate", "low", "high", "n"]
    return pd.DataFrame(rows, columns=columns)


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    rows = {
        "bid made": wilson(int(deals["made"].sum()), len(deals)),
        "points won by the pitcher per deal": mean(pitcher_won(deals)),
    }
    for contract, group in deals.groupby("contract"):
        rows[f"bid of {contract} made"] = wilson(int(group["made"].sum()), len(group))
    rows |= {
        "contract taken by the dealer's steal": wilson(int(deals["stolen"].sum()), len(deals)),
        "Jack of trumps in play": wilson(int((deals["jack"] >= 0).sum()), len(deals)),
        "Game tied (not awarded)": wilson(int((deals["game_point"] < 0).sum()), len(deals)),
    }
    return estimates_frame(rows)


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, games stopped at the deal cap, smudges."""
    finished = games["winner"] >= 0
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            "games stopped at the deal cap": wilson(int((~finished).sum()), len(games)),
            "games won by a smudge": wilson(int(games["smudged"].sum()), len(games)),
        }
    )


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Pitch run."""
    from analysis.games.pitch.plots import pitch_bids

    return pitch_bids(deals)


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Pitch counters, counter by counter."""
    contract = deals["contract"]
    side = deals["pitcher_side"]

    def by(*features: str) -> pd.DataFrame:
        return deals[["contract", *features, "made"]]

    return {
        "bids": by("pitcher_position", "hand_trumps", "hand_high_trump", "hand_jack"),
        "bids_by_low_trump": by("hand_low_trump"),
        "bids_by_ace_deuce": by("hand_ace", "hand_deuce"),
        "bids_by_game_points": by("hand_game_points"),
        "bids_by_trumps_in_play": by("trumps_in_play"),
        "steals": by("stolen"),
        "captures": stacked(
            [
                {"contract": contract, "point": k, "captor": relative(deals[column], side)}
                for k, column in enumerate(POINT_CAPTORS.values())
            ]
        ),
        "pitcher_won": pd.DataFrame({"contract": contract, "won": pitcher_won(deals)}),
        "pitcher_delta": pd.DataFrame({"contract": contract, "delta": pitcher_delta(deals)}),
    }


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    steals = counters["steals"]  # contract x stolen x made
    made = steals.sum(axis=1)  # contract x made
    deals = int(steals.sum())
    won = counters["pitcher_won"].sum(axis=0)
    rows = {
        "bid made": wilson(int(made[:, 1].sum()), deals),
        "points won by the pitcher per deal": histogram_mean(
            axis_values("pitch", "pitcher_won", 1, counters["pitcher_won"]), won
        ),
    }
    for contract, counts in zip(axis_values("pitch", "steals", 0, steals), made, strict=True):
        if counts.sum() > 0:
            rows[f"bid of {contract} made"] = wilson(int(counts[1]), int(counts.sum()))
    captures = counters["captures"].sum(axis=0)  # point x captor
    jack, game = list(POINT_CAPTORS).index("jack"), list(POINT_CAPTORS).index("game")
    return rows | {
        "contract taken by the dealer's steal": wilson(int(steals[:, 1].sum()), deals),
        "Jack of trumps in play": wilson(int(captures[jack, :NOBODY].sum()), deals),
        "Game tied (not awarded)": wilson(int(captures[game, NOBODY]), deals),
    }
