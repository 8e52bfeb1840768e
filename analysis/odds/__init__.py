"""Bid odds and advice for a known hand, one module per game (`analysis.odds.pitch`, ...):
estimates with 95% intervals from conditional deals in which the hand pitches each suit
or declares each contract (the game descriptor's `play_conditional`), and the call they
recommend. Every game module's public functions are offered here too
(`analysis.odds.pitch_odds`)."""

from analysis.games import gather

__all__ = gather(__name__, __path__, globals())
