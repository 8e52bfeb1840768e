"""Phat's analysis: summaries of its outcome tables (`summary`), lead comparisons
(`leads`), odds of a hand (`odds`) and figures (`plots`, `leads_plots`)."""

from analysis.palette import GREEN, GREY, ORANGE, PURPLE, SKY, VERMILION, GameStyle

# A colour stands for one series in a notebook: Phat's own kinds keep clear of the colours
# of the players drawn beside them (greedy blue, guided_ismcts vermilion, random grey).
STYLE = GameStyle(
    SKY,
    "Phat",
    series={
        "target": {181: GREEN, 121: PURPLE},
        "lead": {
            "lead_long": PURPLE,
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
