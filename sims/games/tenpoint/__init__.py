"""Ten-point Pitch (Pitch with jokers and the off-jack), with Smear as a profile of it:
docs/rules.md section 8. `TITLE`, `EXAMPLES` and `NOTES` teach the command line's help
(see Phat's package)."""

TITLE = "Ten-point Pitch"
EXAMPLES = {
    "simulate": (
        "simulate tenpoint --deals 100000 --seed 3 --strategy threshold+greedy",
        "simulate tenpoint --games 2000 --variant smear",
        "simulate tenpoint --players 5 --variant partnership=false --variant jokers=one",
    ),
    "replay": ("replay tenpoint --seed 3 --deal 42",),
    "compare": ("compare tenpoint --bids threshold,random_bid --deals 20000",),
}
NOTES = {
    "simulate": "Ten-point Pitch: in deal i the dealer is seat i % players (--players, 3 to "
    "6, default 4 in two partnerships; give partnership=false for cut-throat with 3 or 5); "
    "--variant smear plays the Smear profile; with --games a game stops after 200 deals "
    "unless --max-deals says otherwise.",
    "compare": "Ten-point Pitch: --bids plays each bidder as BID+BASE; the results are also "
    "given by role, as the pitcher's side and as a defending side.",
}
