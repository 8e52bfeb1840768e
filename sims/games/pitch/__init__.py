"""Auction Pitch: rules, deal loop, strategies, descriptor and plain-Python reference.
`TITLE`, `EXAMPLES` and `NOTES` teach the command line's help (see Phat's package)."""

TITLE = "Auction Pitch"
QUESTIONS = {"odds": "which bid and which trump?", "advice": "what should I call?"}
EXAMPLES = {
    "simulate": (
        "simulate pitch --players 4 --deals 1000000 --seed 3 --strategy threshold+greedy",
        "simulate pitch --players 6 --variant partnership --variant teams=3 --games 5000",
    ),
    "replay": ("replay pitch --players 5 --seed 3 --deal 42",),
    "odds": (
        'odds pitch --hand "AH JH 5H KS 3C 2D" --players 4 --seat 3',
        'odds pitch --hand "AH JH 5H KS 3C 2D" --trump H --strategy random --json',
    ),
    "advise": (
        'advise pitch --hand "AS 2S 8D TD QH 4C" --seat 3 --calls pass,2',
        'advise pitch --hand "AH KH QH JH TH 2H" --seat 4 --calls pass,pass,pass',
        'advise pitch --hand "AS 2S 8D TD QH 4C" --seat 1 --trump best --json',
    ),
    "calibrate": (
        "calibrate pitch --players 4",
        "calibrate pitch --players 4 --variant partnership --deals 2000000",
        "calibrate pitch --players 3 --rounds 2 --out my_tables --json",
        "calibrate pitch --players 4 --replace-shipped",
    ),
    "compare": (
        "compare pitch --bids threshold,pass_unless_forced,random_bid --deals 100000",
        "compare pitch --bids calibrated,threshold --players 3 --games 20000",
        "compare pitch --leads lead_best,lead_best_low --base threshold+greedy",
        "compare pitch --strategies ismcts,pimc,greedy --deals 1500",
    ),
    "solve": (
        'solve pitch --hands "AH JH 5H KS 3C 2D / QH 9H 4C 8D TS 2S / 3H KC TC 7D 6S 4S / '
        '2H AC 9C 5D QS JS" --trump H --leader 0',
    ),
}
NOTES = {
    "simulate": "Auction Pitch: in deal i the dealer is seat i % players (--players, 2 to 7, "
    "default 4); with --games a game stops after 200 deals unless --max-deals says otherwise.",
    "odds": "Auction Pitch: the hand sits at its seat (1 = the dealer's left; the dealer, seat "
    "= players, bids last) and pitches without an auction; per trump: P(won >= k) for "
    "k = 1..4, P(High), P(Low), P(Jack), P(Game), the expected points won and the expected "
    "score change of each bid (made: +won, set: -bid), each with a 95% interval, then the "
    "recommended bid and trump.",
    "compare": "Auction Pitch: --leads compares the pitcher's side's score change; --bids "
    "plays each bidder as BID+BASE; the results are also given by role, as the pitcher's "
    "side and as a defending side.",
    "solve": "Auction Pitch: whole deals (High, Low, Jack and Game; with more than two sides "
    "the other seats play together against the maximising one); the number of hands sets "
    "the players.",
    "calibrate": "Auction Pitch: the `calibrated` bidder's table per position, high bid "
    "heard and hand class.",
}
