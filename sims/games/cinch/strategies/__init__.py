"""Cinch's strategies: each module registers its own when imported; the calibrated
bidder's tables are in `calibrated_tables/`."""
