"""Auction Pitch's strategies: each module registers its own when imported; the learned
networks are in `networks/`, the calibrated bidder's tables in `calibrated_tables/`."""
