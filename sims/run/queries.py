"""What the tools built on conditional deals ask of a game and what a game answers: the
questions of `allfours odds`, `advise` and `calibrate` (each game's descriptor declares the
functions that answer them), the calls as given, and the answers the commands print.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from sims.core.options import quoted
from sims.run import jsonout
from sims.run.runner import RunSpec

TRIES_PER_DEAL = 500  # candidate deals dealt, at most, per deal asked for
SAMPLERS = ("chain", "rejection")  # how advice finds the deals that fit the calls heard


class AdviceError(ValueError):
    """Advice that cannot be given: calls the rules forbid, or too few deals that fit."""


PASS_WORDS = ("pass", "p")
MAX_BID = 99  # the highest bid --calls reads (each game's advice checks its own auction)


def parse_calls(text: str | Sequence[int] | None) -> tuple[int, ...]:
    """Calls as given on the command line, `"pass,2"` (or `call_name`'s `"pass,bid 2"`), as
    codes (0 pass, k a bid of k); a sequence is taken as codes already."""
    if text is None or isinstance(text, str) and not text.strip():
        return ()
    if not isinstance(text, str):
        return tuple(int(call) for call in text)
    return tuple(_call(part.strip().lower()) for part in text.split(","))


def _call(item: str) -> int:
    """One call's code: 0 for a pass word, k for `k` or `bid k` (1 to `MAX_BID`; the game's
    auction says which it takes). `0` is refused: as a bid it means nothing, and taken as
    a pass a slip would be heard as one."""
    if item in PASS_WORDS:
        return 0
    number = item.removeprefix("bid").strip()
    if number.isdecimal() and number.isascii() and 1 <= int(number) <= MAX_BID:
        return int(number)
    hint = " (0 is no bid: write a pass as pass or p)" if number == "0" else ""
    raise AdviceError(
        f"bad call {quoted(item)} in --calls{hint}: give pass (or p) or a bid from 1 to "
        f"{MAX_BID}, such as 2 or 'bid 2'"
    )


def counted(number: int, noun: str) -> str:
    """`number` of `noun` as the commands print a count: "1 deal", "20,000 deals"."""
    return f"{number:,} {noun}" + ("s" if number != 1 else "")


def untold_words(runner_up: str, deals: int, low: float) -> str:
    """What follows a recommendation whose runner-up cannot be told apart from it on
    `deals` deals, saying why (`low`: the lower bound of their paired difference's
    interval, NaN where a single deal gives none)."""
    why = "the interval of their paired difference holds 0"
    if math.isnan(low):
        why = "one deal gives no interval"
    return f"; {runner_up} cannot be told apart from it at {counted(deals, 'deal')} ({why})"


def call_name(call: int) -> str:
    """A call as the tables show it: pass, or bid k (`parse_calls` reads it back)."""
    return "pass" if call == 0 else f"bid {call}"


def bid_problem(call: int) -> str:
    """What a bidder did wrong that made `call` in an auction of bids (pass, bid k), for
    the refusal of its deal."""
    return f"made the call {call} ({call_name(call)}), which the auction does not allow"


def check_turn(calls: Sequence[int], seat: int, players: int) -> None:
    """Refuse a `seat` off the table (1 = the dealer's left, `players` = the dealer), or
    `calls` that are not one from each seat before it."""
    if not 1 <= seat <= players:
        raise AdviceError(f"--seat must lie in 1..{players} with {players} players")
    if len(calls) != seat - 1:
        raise AdviceError(
            f"seat {seat} speaks after {seat - 1} call(s), those of seats 1 to {seat - 1}; "
            f"--calls gives {len(calls)}"
        )


def call_refused(position: int, call: int, high: int, legal: Sequence[int]) -> AdviceError:
    """The error for seat `position`'s `call`, which the auction cannot hear after a high
    bid of `high` (0: none yet), naming the calls `legal` (a pass, a run of bids) it may
    make."""
    heard = f"after a high bid of {high}" if high else "before any bid"
    bids = [bid for bid in legal if bid > 0]
    allowed = ["pass"] if 0 in legal else []
    if bids:
        allowed.append(f"bid {bids[0]}" + (f" to {bids[-1]}" if len(bids) > 1 else ""))
    return AdviceError(
        f"seat {position} may not {call_name(call)} {heard}; it may {' or '.join(allowed)}"
    )


@dataclass(frozen=True)
class Recommendation:
    """The trump and bid (0: pass) with the best expected score change, and that change
    (Solo Whist: the contract in `trump`'s place, "pass" for none)."""

    trump: str
    bid: int
    expected: float

    def words(self, verb: str, remarks: Mapping[int, str] | None = None) -> str:
        """The call in words: "bid 10 (shooting the moon) and name H", with the bid's
        remark where `remarks` has one and the trump it `verb`s where it names one."""
        remark = f" ({remarks[self.bid]})" if remarks and self.bid in remarks else ""
        named = f" and {verb} {self.trump}" if self.bid and self.trump not in ("", "-") else ""
        return f"{call_name(self.bid)}{remark}{named}"


@dataclass(frozen=True)
class OddsQuery:
    """One `allfours odds` command as a game's `Odds.play` gets it: the run (deals per trump
    or contract), the hand, and --seat, --trump and --turned as given (each checked to
    apply to the game); `show` asks for a progress bar."""

    run: RunSpec
    hand: tuple[int, ...]
    seat: int | None
    trump: str
    turned: str | None
    show: bool = False

    def with_progress(
        self, rounds: int, play: Callable[[Callable[[int], None]], pd.DataFrame]
    ) -> pd.DataFrame:
        """`play(progress)` under a bar of the run's deals over `rounds` trumps or contracts;
        `progress` takes the deals done per chunk."""
        total = self.run.count * rounds
        with tqdm(
            total=total, unit="deal", unit_scale=True, disable=not self.show, leave=False
        ) as bar:
            return play(lambda done: bar.update(done * rounds))


@dataclass(frozen=True)
class OddsReport:
    """What `allfours odds` prints of a game's conditional deals: the estimates (indexed by
    trump or contract, then quantity), the advice line and its JSON, and where the hand
    sat, as the header says it (`where`: "as the pitcher") and as JSON fields (`about`)."""

    estimates: pd.DataFrame
    advice: str
    recommendation: dict[str, Any]
    where: str
    about: dict[str, Any]


@dataclass(frozen=True)
class AdviceQuery:
    """One `allfours advise` command: the run (its count: deals wanted), the hand, its
    seat from the dealer's left, the calls heard before it, the trump it tries (None: its
    strategy's choice; "best": every suit it holds), the most candidate deals and the
    sampler (`SAMPLERS`: the game's chain over the hands that fit, or rejection of whole
    deals, which `max_tries` bounds)."""

    run: RunSpec
    hand: tuple[int, ...]
    seat: int
    calls: tuple[int, ...]
    trump: str | None = None
    max_tries: int = 0  # 0: TRIES_PER_DEAL per deal asked for (rejection only)
    show: bool = False
    sampler: str = "chain"  # how the deals fitting the calls are found: chain or rejection

    def __post_init__(self) -> None:
        """Refuse what can give no advice: no deals, or a bound on candidate deals that
        the chain would ignore or that is below the deals wanted."""
        if self.run.count < 1:
            raise AdviceError("advice needs at least one deal that fits the calls, not 0")
        if self.max_tries and self.sampler != "rejection":
            raise AdviceError("--max-tries bounds --sampler rejection only")
        if self.max_tries and self.max_tries < self.run.count:
            raise AdviceError(
                f"--max-tries ({self.max_tries}) must be at least --deals ({self.run.count})"
            )

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


@dataclass(frozen=True)
class CalibrationQuery:
    """One fitting: the rules, seed and deals per round (`run`), at most `rounds` rounds,
    stopping once the decisions that changed cost less than `tolerance` points per
    decision by the new table; the tables go to
    `folder` (None: replace the package's own, which the bidder reads); `show` asks for a
    progress bar."""

    run: RunSpec
    rounds: int
    tolerance: float
    folder: Path | None = None
    show: bool = False


@dataclass(frozen=True)
class CalibrationReport:
    """The change from table to table per round, and where the table was written."""

    rounds: pd.DataFrame
    path: Path
    about: dict[str, Any]

    def text(self) -> str:
        """The rounds as a table, then the file written; a dash where a round has no change
        to show (the first, fitted from no table)."""
        rounds = self.rounds.apply(pd.to_numeric)  # the first round's None become NaN
        shown = rounds.to_string(index=False, float_format=lambda x: f"{x:.4f}", na_rep="-")
        return f"{shown}\ntable written to {self.path}"

    def json(self) -> str:
        """The report as JSON: what was fitted, the rounds and the file."""
        rounds = json.loads(self.rounds.to_json(orient="records"))
        return jsonout.dumps({**self.about, "rounds": rounds, "path": str(self.path)}, indent=2)
