"""Ten-point Pitch's analysis: summaries of its outcome tables (`summary`): bid success by
bid, shooting the moon, the points and who scores them."""

from analysis.palette import BROWN, GameStyle, ranked

# The bids are ranked shades; the game's own colour stays clear of the other games'.
STYLE = GameStyle(
    BROWN,
    "Ten-point Pitch",
    series={"bid": ranked(list(range(2, 11)))},
    names={"bid": {k: "shoot the moon" if k == 10 else f"bid {k}" for k in range(2, 11)}},
)
