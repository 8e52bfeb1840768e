"""Odds and advice for a known hand, each game's in `analysis.games.<game>.odds`: estimates
with 95% intervals from conditional deals in which the hand pitches each suit or declares
each contract, and the call they recommend. Every game's public functions are offered here
too (`analysis.odds.pitch_odds`)."""

from analysis.games import gather, modules
from sims.run.queries import Recommendation

__all__ = ["Recommendation", *gather(modules("odds"), globals())]
