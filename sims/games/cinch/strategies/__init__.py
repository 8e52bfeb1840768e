"""Cinch's strategies: each module registers its own when imported; the calibrated
bidder's tables are in `calibrated_tables/`."""

# Every family registers first, in its order, whichever strategy module is imported first.
import sims.strategies  # noqa: F401
