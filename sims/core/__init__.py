"""The core layer: cards and their encoding, the random streams, bit tricks, rule options
and each game's rules. It imports nothing else of the package."""
