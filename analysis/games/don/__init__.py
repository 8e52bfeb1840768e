"""Nine-card Don's analysis: summaries of its outcome tables (`summary`) and figures
(`plots`); what it shares with Phat it takes from `analysis.games.phat`."""

from analysis.palette import ORANGE, GameStyle

STYLE = GameStyle(ORANGE, "Nine-card Don")
