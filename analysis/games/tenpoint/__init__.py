"""Ten-point Pitch's analysis: summaries of its outcome tables (`summary`): bid success by
bid, shooting the moon, the points and who scores them; its figures (`plots`)."""

from analysis.palette import BROWN, ORANGE, SKY, GameStyle, ranked

# Its bids (2 to 10, a kind of series of its own: Auction Pitch's bids 1 to 4 have their
# colours) are ranked shades; the game's own colour stays clear of the other games'. Its
# decks: the default with the jokers and the off-jack as trumps, and the plain pack.
BIDS = list(range(2, 11))
DECKS = {"jokers and off-jack": ORANGE, "no jokers, no off-jack": SKY}
STYLE = GameStyle(
    BROWN,
    "Ten-point Pitch",
    series={"ten-point bid": ranked(BIDS), "ten-point deck": DECKS},
    names={"ten-point bid": {k: "shoot the moon" if k == 10 else f"bid {k}" for k in BIDS}},
)
