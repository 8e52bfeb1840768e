"""All Fours' analysis (docs/rules.md section 7): summaries of its outcome tables
(`summary`), the value of its calls, the turn-up and the Jack (`calls`), and its figures
(`plots`). Its own kinds of series: "calls", who made eldest's and the dealer's calls
(the players' own or eldest made to stand), and "taker", the side that takes a point."""

from analysis.palette import BLUE, BROWN, GREEN, SKY, VERMILION, GameStyle

STYLE = GameStyle(
    BROWN,
    "All Fours",
    series={
        "calls": {"own calls": GREEN, "eldest made to stand": SKY},
        "taker": {"eldest's side": BLUE, "the dealer's side": VERMILION},
    },
)
