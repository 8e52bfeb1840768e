"""Auction Pitch's strategies: each module registers its own when imported; the learned
networks are in `networks/`, the calibrated bidder's tables in `calibrated_tables/`."""

# Every family registers first, in its order, whichever strategy module is imported first.
import sims.strategies  # noqa: F401
