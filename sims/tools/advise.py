"""What to call from a seat in a real auction: one known hand, the calls already heard, and
deals of the other hands conditioned on those calls (rejection: a deal counts only when
the earlier seats' own bidders make exactly the calls heard). Every call legal at the
hand's turn is then played on the same accepted deals.

Each game that gives advice says so in its descriptor (`Game.advice`) and plays its own
conditional run; this module holds what they share: the calls as given, the loop that
plays chunks of candidate deals until enough are accepted, and what `allfours advise`
asks and prints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from tqdm import tqdm

from sims.core.options import quoted
from sims.descriptors import game as describe
from sims.descriptors import serving
from sims.run.runner import RunSpec
from sims.tools.odds import ROUND_ROWS, RoundsKernel, round_rows

if TYPE_CHECKING:
    from sims.descriptors import Advice

TRIES_PER_DEAL = 500  # candidate deals dealt, at most, per deal asked for


class AdviceError(ValueError):
    """Advice that cannot be given: calls the rules forbid, or too few deals that fit."""


def advice_of(game: str) -> Advice:
    """The advice `game` declares; ValueError naming the games that give it if none."""
    declared = describe(game).advice
    if declared is None:
        games = ", ".join(serving("advice"))
        raise ValueError(f"{game} gives no call advice; games that do: {games}")
    return declared


PASS_WORDS = ("pass", "p")


def parse_calls(text: str | Sequence[int] | None) -> tuple[int, ...]:
    """Calls as given on the command line, `"pass,2"` (or `call_name`'s `"pass,bid 2"`), as
    codes (0 pass, k a bid of k); a sequence is taken as codes already."""
    if text is None or isinstance(text, str) and not text.strip():
        return ()
    if not isinstance(text, str):
        return tuple(int(call) for call in text)
    return tuple(_call(part.strip().lower()) for part in text.split(","))


def _call(item: str) -> int:
    """One call's code: 0 for a pass word, k for `k` or `bid k` (1 to 9). `0` is refused:
    as a bid it means nothing, and taken as a pass a slip would be heard as one."""
    if item in PASS_WORDS:
        return 0
    number = item.removeprefix("bid").strip()
    if number.isdecimal() and number.isascii() and 1 <= int(number) <= 9:
        return int(number)
    hint = " (0 is no bid: write a pass as pass or p)" if number == "0" else ""
    raise AdviceError(
        f"bad call {quoted(item)} in --calls{hint}: give pass (or p) or a bid from 1 to 9, such "
        "as 2 or 'bid 2'"
    )


def call_name(call: int) -> str:
    """A call as the tables show it: pass, or bid k (`parse_calls` reads it back)."""
    return "pass" if call == 0 else f"bid {call}"


@dataclass(frozen=True)
class Accepted:
    """The values of the accepted deals, `(round, deal, value)`, their candidate indexes,
    and how many candidates were dealt to find them."""

    values: np.ndarray
    deals: np.ndarray
    tries: int


def play_until_accepted(
    run: RunSpec,
    rounds: int,
    kernel: RoundsKernel,
    values: Callable[[np.ndarray], np.ndarray],
    max_tries: int,
    progress: Callable[[int], None] | None = None,
) -> Accepted:
    """Play candidate deals `run.first, run.first + 1, ...` in chunks, each once per round
    (a row each, deal-major), until `run.count` are accepted or `max_tries` are dealt; the
    first `run.count` accepted (by index) are kept, so the result depends on the seed only.
    Each chunk deals as many candidates as the share accepted so far says are still needed,
    and a fifth more. `values(rows)` gives a chunk's values per row. StrategyFault on a
    fault."""
    chunk = max(1, ROUND_ROWS // rounds)
    kept: list[np.ndarray] = []
    indexes: list[np.ndarray] = []
    found, tried = 0, 0
    while found < run.count and tried < max_tries:
        needed = run.count - found
        expected = needed if tried == 0 else 6 * needed * tried // (5 * max(found, 1)) + 1
        count = min(chunk, max_tries - tried, expected)
        first = run.first + tried
        rows = round_rows(run, first, count, rounds, kernel)
        accepted = rows["deal"][::rounds] >= 0
        take = np.flatnonzero(accepted)[: run.count - found]
        kept.append(values(rows).reshape(count, rounds, -1)[take])
        indexes.append(first + take)
        found += len(take)
        tried += count
        if progress is not None:
            progress(len(take))
    table = np.concatenate(kept).transpose(1, 0, 2)
    return Accepted(table, np.concatenate(indexes), tried)


@dataclass(frozen=True)
class AdviceQuery:
    """One `allfours advise` command: the run (its count: accepted deals wanted), the hand,
    its seat from the dealer's left, the calls heard before it, the trump it tries (None:
    its strategy's choice; "best": every suit it holds) and the most candidate deals."""

    run: RunSpec
    hand: tuple[int, ...]
    seat: int
    calls: tuple[int, ...]
    trump: str | None = None
    max_tries: int = 0  # 0: TRIES_PER_DEAL per deal asked for
    show: bool = False

    @property
    def tries(self) -> int:
        """The most candidate deals dealt."""
        return self.max_tries or TRIES_PER_DEAL * self.run.count

    def with_progress(self, play: Callable[[Callable[[int], None]], Any]) -> Any:
        """`play(progress)` under a bar of the accepted deals; `progress` takes the deals
        accepted per chunk."""
        with tqdm(
            total=self.run.count,
            unit="deal",
            unit_scale=True,
            disable=not self.show,
            leave=False,
            desc="accepted",
        ) as bar:
            return play(bar.update)


@dataclass(frozen=True)
class AdviceReport:
    """What `allfours advise` prints: the table (a row per call), the advice line and its
    JSON, and the acceptance (deals accepted of those dealt)."""

    table: pd.DataFrame
    advice: str
    recommendation: dict[str, Any]
    accepted: int
    tries: int
