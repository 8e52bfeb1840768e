"""Cinch (Double Pedro): rules, deal loop, strategies, odds and advice, descriptor and
plain-Python reference (docs/rules.md section 6). `TITLE`, `QUESTIONS`, `EXAMPLES` and
`NOTES` teach the command line's help and the server's pages (see Phat's package)."""

TITLE = "Cinch (Double Pedro)"
QUESTIONS = {"odds": "which bid and which trump?", "advice": "what should I call?"}
EXAMPLES = {
    "simulate": (
        "simulate cinch --deals 100000 --seed 3 --strategy threshold+greedy",
        "simulate cinch --games 2000 --variant scoring=setback --variant target=61",
        "simulate cinch --players 6 --deals 10000 --strategy random",
    ),
    "replay": ("replay cinch --seed 3 --deal 42",),
    "solve": (
        'solve cinch --hands "AH JH 9H 2H 9S QC / KH 7H 6H 6D JC 3S / TH 5H 3H TC AD 8C / '
        'QH 8H 5D 4H KC KD" --trump H --leader 0',
    ),
    "calibrate": (
        "calibrate cinch",
        "calibrate cinch --players 3 --rounds 2 --out my_tables --json",
        "calibrate cinch --variant min_bid=7 --deals 2000000",
    ),
    "odds": (
        'odds cinch --hand "AH JH 9H 2H KS 7S 4C 8D 3D" --deals 20000',
        'odds cinch --hand "AH JH 9H 2H KS 7S 4C 8D 3D" --seat 4 --trump H --json',
    ),
    "advise": (
        'advise cinch --hand "AH JH 9H 2H KS 7S 4C 8D 3D" --seat 3 --calls 3,pass',
        'advise cinch --hand "AH JH 9H 2H KS 7S 4C 8D 3D" --seat 4 --calls 5,pass,7 '
        "--trump best --json",
    ),
    "compare": (
        "compare cinch --strategies greedy,random --deals 20000",
        "compare cinch --bids calibrated,threshold --deals 20000",
        "compare cinch --bids threshold,random_bid --games 2000",
    ),
}
NOTES = {
    "simulate": "Cinch: in deal i the dealer is seat i % players (--players 2 to 6, default 4 "
    "in two partnerships); with --games a game stops after 200 deals unless --max-deals says "
    "otherwise. A deal thrown in (all_pass=redeal_next_dealer) has contract -1.",
    "compare": "Cinch: the sides' score change; --bids plays each bidder as BID+BASE.",
    "calibrate": "Cinch: the `calibrated` bidder's table per position, high bid heard and "
    "hand class (the nine cards dealt in the suit it would name trump).",
    "odds": "Cinch: the hand is dealt nine cards (2 to 4 players, no widow) at its seat "
    "(1 = the dealer's left; the dealer, seat = players, robs the pack); it makes the "
    "contract with every other seat passing and names each suit in which it holds a trump "
    "(the Left Pedro counted), or the trump given (--trump), any suit; each bid's score "
    "change is its side's less the other sides' mean.",
    "advise": "Cinch: bids run from the least (min_bid) to 14, each above the last, and the "
    "dealer may pass; the score change is the hand's side's less the other sides' mean.",
    "solve": "Cinch: the hands after the draw (six each, the Left Pedro a trump); each "
    "counting trump scores for the side taking it; the number of hands sets the players.",
}
