"""Phat's analysis: summaries of its outcome tables (`summary`), lead comparisons
(`leads`), odds of a hand (`odds`) and figures (`plots`, `leads_plots`)."""

from analysis.palette import BLUE, GREEN, GREY, ORANGE, SKY, VERMILION, GameStyle

STYLE = GameStyle(
    BLUE,
    "Phat",
    series={
        "target": {181: BLUE, 121: ORANGE},
        "lead": {
            "lead_long": BLUE,
            "lead_phat": ORANGE,
            "lead_high": GREEN,
            "lead_best": VERMILION,
            "lead_best_low": SKY,
            "own lead": GREY,
        },
        "player": {"greedy+lead_phat": ORANGE, "greedy+lead_high": SKY},
    },
    names={"target": {181: "to 181", 121: "to 121"}},
)
