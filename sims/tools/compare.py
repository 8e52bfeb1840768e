"""Strategies compared on the same deals (common random numbers): each deal is played
once per policy or seating, so the luck of the cards cancels in the differences.

- Lead policies: every seat plays `base+LEAD`; only the pitcher's opening differs, so a
  deal's result is the pitcher's side's (as the game's descriptor scores sides: Phat and
  Don points, card points + end-of-deal bonus; Pitch score change).
- Whole strategies: for each pair (a, b), `a` plays the sides with an even index and `b`
  the others, then the two swap on the same deals; a deal's result is a's mean per side
  minus b's, averaged over the two seatings. In Solo Whist the sides are seatings (seats
  0 and 2 against 1 and 3) and a side's result is its seats' mean settlement. Where an
  auction decides the pitcher (Pitch), the same runs also give it by role: a's mean as
  the pitcher's side minus b's, and the same for the defending sides.
- Whole games (`game_trials`): the same seatings on the same games played to the target;
  a game's result is whether a's sides won it minus whether b's did.

Each function tells `progress` the name of each policy or pair before its runs, and with
`bars` shows each run's progress bar (deals or games done, the rate, the time left).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

import numpy as np
import pandas as pd

from sims.descriptors import Sides
from sims.run.outcomes import game_frame, run_frame
from sims.run.runner import RunSpec, run


def scoring(spec: RunSpec) -> Sides:
    """How the game of `spec` scores its fixed sides; ValueError for a game without them."""
    sides = spec.described.sides
    if sides is None:
        raise ValueError(f"{spec.game} has no fixed sides to compare: they change every deal")
    return sides


def _by_role(spec: RunSpec) -> bool:
    """Whether comparisons in the game of `spec` also split by role: an auction decides
    a pitcher's side."""
    return spec.described.auction and scoring(spec).pitcher is not None


def _pitcher_side(spec: RunSpec, frame: pd.DataFrame) -> np.ndarray:
    """Per deal, the pitcher's side; ValueError for a game whose sides are no roles."""
    pitcher = scoring(spec).pitcher
    if pitcher is None:
        raise ValueError(f"{spec.game} has no pitcher's side: its declarer changes seats")
    return np.asarray(pitcher(frame))


def _frame(spec: RunSpec, bars: bool = False) -> pd.DataFrame:
    return run_frame(run(spec, progress=bars))


def _sides(spec: RunSpec) -> list[list[int]]:
    return scoring(spec).of(spec.rules)


def lead_trials(
    game: str,
    leads: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    base: str = "greedy",
    variants: Sequence[str] = (),
    progress: Callable[[str], None] | None = None,
    bars: bool = False,
) -> pd.DataFrame:
    """Per deal (rows) and lead policy (columns): the pitcher's side's result when every
    seat plays `base+LEAD` on the same deals."""
    columns = {}
    for lead in leads:
        if progress is not None:
            progress(lead)
        spec = RunSpec(game, seed, deals, seats=(f"{base}+{lead}",), variants=tuple(variants))
        frame = _frame(spec, bars)
        per_side = scoring(spec).results(frame, len(_sides(spec)))
        pitcher_side = _pitcher_side(spec, frame)
        columns[lead] = per_side[np.arange(len(frame)), pitcher_side]
    return pd.DataFrame(columns, index=pd.RangeIndex(deals, name="deal"))


def seating(spec_sides: Sequence[Sequence[int]], players: int, a: str, b: str) -> list[str]:
    """Seat labels with `a` on the sides of even index and `b` on the others."""
    seats = [""] * players
    for index, members in enumerate(spec_sides):
        for seat in members:
            seats[seat] = a if index % 2 == 0 else b
    return seats


def _swapped_runs(
    probe: RunSpec,
    strategies: Sequence[str],
    count: int,
    swap_seed: int | None,
    progress: Callable[[str], None] | None,
) -> Iterator[tuple[str, list[RunSpec]]]:
    """For each pair of `strategies`, its name `a vs b` and its two runs of `count` units
    like `probe`: a on the sides of even index and b on the others, then swapped (on the
    deals of `swap_seed` if given, else the same ones). ValueError for fewer than two
    sides."""
    sides, players = _sides(probe), probe.layout.players
    if len(sides) < 2:
        raise ValueError("comparing whole strategies needs at least two sides")
    for a, b in combinations(strategies, 2):
        if progress is not None:
            progress(f"{a} vs {b}")
        swapped = probe.seed if swap_seed is None else swap_seed
        yield (
            f"{a} vs {b}",
            [
                dataclasses.replace(
                    probe, seed=run_seed, count=count, seats=tuple(seating(sides, players, x, y))
                )
                for x, y, run_seed in ((a, b, probe.seed), (b, a, swapped))
            ],
        )


def _seating_results(spec: RunSpec, bars: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """Per deal and side the result; per deal the pitcher's side where an auction decides
    it (else None); `bars`: a progress bar for the run."""
    frame = _frame(spec, bars)
    per_side = scoring(spec).results(frame, len(_sides(spec)))
    pitcher = _pitcher_side(spec, frame) if _by_role(spec) else None
    return per_side.astype(float), pitcher


def _role_margin(seatings: list[tuple[np.ndarray, np.ndarray]], pitching: bool) -> np.ndarray:
    """Per deal: a's mean result over the sides it held in the role (pitcher or
    defender) in either seating, minus b's; NaN where one of them never held it."""
    totals = {True: 0.0, False: 0.0}
    counts = {True: 0, False: 0}
    for a_on_even, (per_side, pitcher) in zip((True, False), seatings, strict=True):
        sides = np.arange(per_side.shape[1])
        in_role = (sides[None, :] == pitcher[:, None]) == pitching
        a_holds = (sides % 2 == 0) == a_on_even
        for strategy_is_a in (True, False):
            mask = in_role & (a_holds[None, :] == strategy_is_a)
            totals[strategy_is_a] = totals[strategy_is_a] + (per_side * mask).sum(1)
            counts[strategy_is_a] = counts[strategy_is_a] + mask.sum(1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return totals[True] / counts[True] - totals[False] / counts[False]


def role_trials(
    game: str,
    strategies: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    variants: Sequence[str] = (),
    swap_seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    bars: bool = False,
) -> dict[str, pd.DataFrame]:
    """Per deal (rows) and pair `a vs b` (columns), a's result minus b's: under "all" the
    mean of the two seatings, and in Pitch under "pitcher" and "defender" by role. A deal
    whose pitcher's seat differs between the seatings (the two bid differently) may leave
    a role empty for one of them: NaN there. `swap_seed` plays the swapped seating on other
    deals (an unpaired design, for comparison)."""
    probe = RunSpec(game, seed, 0, variants=tuple(variants))
    by_role = _by_role(probe)
    roles = ("all", "pitcher", "defender") if by_role else ("all",)
    columns: dict[str, dict[str, np.ndarray]] = {role: {} for role in roles}
    for pair, runs in _swapped_runs(probe, strategies, deals, swap_seed, progress):
        seatings = [_seating_results(spec, bars) for spec in runs]
        margins = [r[:, 0::2].mean(1) - r[:, 1::2].mean(1) for r, _ in seatings]
        columns["all"][pair] = (margins[0] - margins[1]) / 2
        if by_role:
            columns["pitcher"][pair] = _role_margin(seatings, True)
            columns["defender"][pair] = _role_margin(seatings, False)
    index = pd.RangeIndex(deals, name="deal")
    return {role: pd.DataFrame(table, index=index) for role, table in columns.items()}


def side_trials(
    game: str,
    strategies: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    variants: Sequence[str] = (),
    swap_seed: int | None = None,
    progress: Callable[[str], None] | None = None,
    bars: bool = False,
) -> pd.DataFrame:
    """Per deal (rows) and pair `a vs b` (columns): a's result minus b's, the mean of the
    two seatings (`role_trials`' "all")."""
    return role_trials(
        game,
        strategies,
        deals=deals,
        seed=seed,
        variants=variants,
        swap_seed=swap_seed,
        progress=progress,
        bars=bars,
    )["all"]


def game_trials(
    game: str,
    strategies: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    variants: Sequence[str] = (),
    progress: Callable[[str], None] | None = None,
    bars: bool = False,
) -> pd.DataFrame:
    """Per game (rows) and pair `a vs b` (columns): 1 if a's sides won the game, -1 if b's
    did, 0 if it stopped at the deal cap unwon, the mean of the two seatings (`seating`) on
    the same games. Its mean is a's share of the games won minus b's."""
    probe = RunSpec(game, seed, 0, games=True, variants=tuple(variants))
    columns = {}
    for pair, runs in _swapped_runs(probe, strategies, games, None, progress):
        margins = []
        for spec in runs:
            winner = game_frame(_frame(spec, bars))["winner"].to_numpy()
            margins.append((winner >= 0) * np.where(winner % 2 == 0, 1.0, -1.0))
        columns[pair] = (margins[0] - margins[1]) / 2
    return pd.DataFrame(columns, index=pd.RangeIndex(games, name="game"))
