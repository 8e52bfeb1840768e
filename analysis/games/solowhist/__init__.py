"""Solo Whist's analysis: summaries of its outcome tables (`summary`), contract odds for a
hand (`odds`) and figures (`plots`)."""

from analysis.palette import BROWN, PURPLE, GameStyle, ranked

# Its contracts by rank, the lowest first.
CONTRACTS = (
    "prop_cop",
    "solo",
    "misere",
    "abundance",
    "abundance_trumps",
    "misere_ouverte",
    "abundance_declared",
)
STYLE = GameStyle(
    PURPLE,
    "Solo Whist",
    series={
        "contract": ranked(CONTRACTS, "plasma"),
        # Clear of the card players' colours (greedy blue, guided_ismcts vermilion, pimc
        # green) and of the games' (Don orange, Phat sky) drawn in the same notebook.
        "longest suit": {"the turned suit": BROWN, "another suit": PURPLE},
    },
    names={
        "contract": {
            "prop_cop": "prop and cop",
            "solo": "solo",
            "misere": "misère",
            "abundance": "abundance",
            "abundance_trumps": "abundance in trumps",
            "misere_ouverte": "misère ouverte",
            "abundance_declared": "abundance declared",
        }
    },
)
