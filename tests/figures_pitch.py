"""Example calls of the figure functions of `analysis.games.pitch.plots`, for the house-style test
(`tests/test_plot_style.py`) and the Pitch figure tests: each draws its figure from small
made-up tables."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots
from analysis.compare import means_changed
from analysis.games.pitch.summary import dealer_breakdown, dealer_ways


def pitch_deals(rows: int = 1_200, players: int = 4, seed: int = 5) -> pd.DataFrame:
    """Deals at a table of `players` seats (one a side): random calls in auction order
    (call_0 first), the pitcher the highest caller (the dealer, last, when it matches, which
    is its steal), a hand whose highest trump can hold its trumps, and random scores."""
    rng = np.random.default_rng(seed)
    calls = rng.choice([0, 0, 1, 2, 2, 3], (rows, players))
    calls[:, -1] = np.where(calls[:, :-1].max(1) == 0, 2, calls[:, -1])  # the forced dealer
    high = calls[:, :-1].max(1)
    stolen = (calls[:, -1] == high) & (high > 0)
    position = np.where(calls[:, -1] >= high, players, calls[:, :-1].argmax(1) + 1)
    dealer = np.arange(rows) % players
    trumps = rng.integers(1, 5, rows)
    columns = {
        "players": players,
        "dealer": dealer,
        "pitcher_position": position,
        "pitcher_side": (dealer + position) % players,
        "contract": np.maximum(high, calls[:, -1]),
        "stolen": stolen,
        "made": rng.random(rows) < 0.8,
        "hand_trumps": trumps,
        "hand_high_trump": np.minimum(12, trumps + rng.integers(2, 9, rows)),
        **{f"call_{k}": calls[:, k] for k in range(players)},
    }
    for seat in range(players):
        columns[f"won_{seat}"] = rng.integers(0, 3, rows)
        columns[f"delta_{seat}"] = rng.integers(-2, 4, rows)
    return pd.DataFrame(columns)


def several_player_counts() -> pd.DataFrame:
    """Deals at 5, 3 and 4 seats (not in house order, on purpose), their shared columns."""
    frames = [pitch_deals(players=players, seed=players) for players in (5, 3, 4)]
    shared = sorted(set.intersection(*(set(frame.columns) for frame in frames)))
    return pd.concat([frame[shared] for frame in frames], ignore_index=True)


def breakdown() -> pd.DataFrame:
    """`dealer_breakdown` of made-up deals at 3, 4 and 5 seats."""
    ways = pd.concat(
        [dealer_ways(pitch_deals(players=players, seed=players)) for players in (4, 3, 5)],
        ignore_index=True,
    )
    return dealer_breakdown(ways)


def example_calls() -> pd.DataFrame:
    """Two hands' calls in the auction (pass, 1 .. 3) and always pitching (1 .. 4), the
    always-pitching rows first (against the house order, on purpose)."""
    rows = []
    for hand, worth in (("strong", 2.0), ("weak", -0.5)):
        for bid in (1, 2, 3, 4):
            rows.append((hand, "always pitching", bid, worth - 0.6 * bid, 0.1, 400))
        for call in (0, 1, 2, 3):
            rows.append((hand, "in the auction", call, worth * call / 3, 0.15, 300))
    table = pd.DataFrame(rows, columns=["hand", "kind", "call", "estimate", "half", "n"])
    return table.assign(
        low=table["estimate"] - table["half"], high=table["estimate"] + table["half"]
    ).drop(columns="half")


def calls() -> pd.DataFrame:
    """Calls at four positions by two bidders (threshold first, against the house order):
    the call rises with the strength, the dealer's less."""
    rng = np.random.default_rng(9)
    rows = 4_000
    strength = rng.uniform(0, 5, rows)
    position = rng.integers(1, 5, rows)
    bidder = np.where(np.arange(rows) < rows // 2, "threshold", "calibrated")
    call = np.clip(np.round(strength - 1 + rng.normal(0, 0.5, rows)), 0, 4).astype(int)
    call = np.where(position == 4, np.minimum(call, 2), call)
    return pd.DataFrame(
        {
            "deal": np.arange(rows),
            "position": position,
            "strength": strength,
            "call": call,
            "bidder": bidder,
        }
    )


def gains() -> tuple[pd.DataFrame, pd.DataFrame]:
    """calibrated minus threshold, per deal and per game, for three configurations."""
    index = ["3 players", "4 players", "4 players, partnership"]
    by_deal = pd.DataFrame(
        {
            "difference": [0.24, 0.2, 0.3],
            "low": [0.23, 0.19, 0.28],
            "high": [0.25, 0.21, 0.32],
            "n": 4_000,
        },
        index=index,
    )
    by_game = pd.DataFrame(
        {
            "difference": [0.3, 0.44, 0.23],
            "low": [0.28, 0.42, 0.2],
            "high": [0.32, 0.46, 0.26],
            "n": 500,
        },
        index=index,
    )
    return by_deal, by_game


def pitcher_points() -> pd.DataFrame:
    """Points won per deal by two hands, their seat playing greedy, then pimc."""
    rng = np.random.default_rng(11)
    greedy = pd.DataFrame({"strong": rng.integers(2, 5, 300), "weak": rng.integers(0, 3, 300)})
    pimc = np.minimum(4, greedy + (rng.random(greedy.shape) < 0.2))
    return means_changed(greedy.astype(float), pimc.astype(float))


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "bid_curves": lambda: plots.bid_curves(several_player_counts()),
    "calibrated_gain": lambda: plots.calibrated_gain(*gains()),
    "calls_by_strength": lambda: plots.calls_by_strength(calls()),
    "dealer_steal": lambda: plots.dealer_steal(breakdown()),
    "example_hands": lambda: plots.example_hands(example_calls()),
    "made_heatmap": lambda: plots.made_heatmap(pitch_deals(4_000)),
    "pitch_bids": lambda: plots.pitch_bids(pitch_deals()),
    "pitch_points": lambda: plots.pitch_points(pitch_deals()),
    "stronger_pitcher": lambda: plots.stronger_pitcher(pitcher_points()),
}
