"""Ten-point Pitch's strategies: each module registers its own when imported."""
