"""Nine-card Don, a variant of Phat: its rules, descriptor and plain-Python reference; it is
played by Phat's deal loop and strategies. `TITLE`, `QUESTIONS`, `EXAMPLES` and `NOTES`
teach the command line's help and the pages of `allfours serve` (see Phat's package)."""

TITLE = "Nine-card Don"
QUESTIONS = {"odds": "which suit to pitch?"}  # the table question of each page
EXAMPLES = {
    "simulate": (
        "simulate don --games 10000 --variant bonus=game6_high_low --variant game_tie=carry",
    ),
    "odds": ('odds don --hand "5H 9H AH KH 3H 5S AS 9C 2D"',),
}
NOTES = {
    "simulate": "Nine-card Don: in deal i the pitcher is seat i % 4; with --games a game "
    "stops after 100 deals unless --max-deals says otherwise.",
    "odds": "Nine-card Don: the hand is the pitcher; per trump the pitcher's side's expected "
    "points, P(9 and 5 of trumps ours) and P(game ours).",
    "solve": "Nine-card Don: end positions of up to 6 cards a hand, as in Phat.",
}
