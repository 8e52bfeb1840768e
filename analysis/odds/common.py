"""What the odds of every game share: the call they recommend."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Recommendation"]


@dataclass(frozen=True)
class Recommendation:
    """The trump and bid (0: pass) with the best expected score change, and that change
    (Solo Whist: the contract in `trump`'s place, "pass" for none)."""

    trump: str
    bid: int
    expected: float
