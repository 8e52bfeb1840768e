"""All Fours' analysis (docs/rules.md section 7): summaries of its outcome tables
(`summary`)."""

from analysis.palette import BROWN, GameStyle

STYLE = GameStyle(BROWN, "All Fours")
