"""Auction Pitch's analysis: summaries of its outcome tables (`summary`), bid odds and call
advice for a hand (`odds`) and figures (`plots`)."""

from analysis.palette import BLUE, GREEN, GREY, ORANGE, SKY, VERMILION, GameStyle, ranked

STYLE = GameStyle(
    GREEN,
    "Auction Pitch",
    series={
        "bidder": {
            "calibrated": VERMILION,
            "threshold": BLUE,
            "random_bid": GREY,
            "pass_unless_forced": ORANGE,
            "threshold:steal=0": SKY,
        },
        "call odds": {"in the auction": BLUE, "always pitching": ORANGE},
        "dealer": {"stole": VERMILION, "outbid": BLUE, "forced": ORANGE, "defended": GREY},
        "bid": ranked([1, 2, 3, 4]),
    },
    names={"bid": {k: f"bid {k}" for k in range(1, 5)}},
)
