"""Nine-card Don's analysis: summaries of its outcome tables (`summary`), figures (`plots`)
and the odds of a hand (`odds`); what it shares with Phat it takes from
`analysis.games.phat`."""

from analysis.palette import ORANGE, GameStyle

STYLE = GameStyle(ORANGE, "Nine-card Don")
