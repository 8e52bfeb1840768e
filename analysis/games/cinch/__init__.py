"""Cinch's analysis: summaries of its outcome tables (`summary`)."""

from analysis.palette import BROWN, GameStyle, ranked

# Cinch's own series: the contracts, ranked shades; the game itself in brown, apart from
# the other games' colours (Pitch green, Phat sky, Don orange, Solo Whist purple).
STYLE = GameStyle(
    BROWN,
    "Cinch",
    series={"bid": ranked(list(range(1, 15)))},
    names={"bid": {k: f"bid {k}" for k in range(1, 15)}},
)
