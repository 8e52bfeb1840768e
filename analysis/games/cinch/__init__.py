"""Cinch's analysis: summaries of its outcome tables (`summary`)."""

from analysis.palette import BROWN, GameStyle, ranked

# Cinch's own series: its contracts 1..14, ranked shades (a kind apart from Pitch's bids
# 1..4); the game itself in brown, apart from the other games' colours (Pitch green, Phat
# sky, Don orange, Solo Whist purple).
STYLE = GameStyle(
    BROWN,
    "Cinch",
    series={"contract": ranked(list(range(1, 15)))},
    names={"contract": {k: f"bid {k}" for k in range(1, 15)}},
)
