"""Nine-card Don, a variant of Phat: its rules, descriptor and plain-Python reference; it is
played by Phat's deal loop and strategies. `TITLE`, `EXAMPLES` and `NOTES` teach the
command line's help (see Phat's package)."""

TITLE = "Nine-card Don"
EXAMPLES = {
    "simulate": (
        "simulate don --games 10000 --variant bonus=game6_high_low --variant game_tie=carry",
    )
}
NOTES = {
    "simulate": "Nine-card Don: in deal i the pitcher is seat i % 4; with --games a game "
    "stops after 100 deals unless --max-deals says otherwise.",
    "solve": "Nine-card Don: end positions of up to 6 cards a hand, as in Phat.",
}
