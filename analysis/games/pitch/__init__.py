"""Auction Pitch's analysis: summaries of its outcome tables (`summary`), bid odds and call
advice for a hand (`odds`) and figures (`plots`)."""

from analysis.palette import BROWN, GREEN, GREY, ORANGE, PURPLE, SKY, YELLOW, GameStyle, ranked

# A colour stands for one series in a notebook: the bidders and the two ways of valuing a
# call keep clear of the card players' colours (greedy blue, guided_ismcts vermilion, pimc
# green) and of each other; the player counts and the bids are ranked shades.
STYLE = GameStyle(
    GREEN,
    "Auction Pitch",
    series={
        "bidder": {
            "calibrated": ORANGE,
            "threshold": PURPLE,
            "random_bid": GREY,
            "pass_unless_forced": YELLOW,
            "threshold:steal=0": SKY,
        },
        "call odds": {"in the auction": BROWN, "always pitching": GREY},
        "bid": ranked([1, 2, 3, 4]),
    },
    names={"bid": {k: f"bid {k}" for k in range(1, 5)}},
)
