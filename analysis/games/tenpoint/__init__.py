"""Ten-point Pitch's analysis: summaries of its outcome tables (`summary`): bid success by
bid, shooting the moon, the points and who scores them."""

from analysis.palette import BROWN, GameStyle, ranked

# Its bids (2 to 10, a kind of series of its own: Auction Pitch's bids 1 to 4 have their
# colours) are ranked shades; the game's own colour stays clear of the other games'.
BIDS = list(range(2, 11))
STYLE = GameStyle(
    BROWN,
    "Ten-point Pitch",
    series={"ten-point bid": ranked(BIDS)},
    names={"ten-point bid": {k: "shoot the moon" if k == 10 else f"bid {k}" for k in BIDS}},
)
