"""All Fours' analysis (docs/rules.md section 7): summaries of its outcome tables
(`summary`), the value of its calls, the turn-up and the Jack (`calls`), and its figures
(`plots`). Its own kind of series, "calls", says who made eldest's and the dealer's calls:
the players' own or eldest made to stand."""

from analysis.palette import BROWN, GREEN, SKY, GameStyle

STYLE = GameStyle(
    BROWN, "All Fours", series={"calls": {"own calls": GREEN, "eldest made to stand": SKY}}
)
