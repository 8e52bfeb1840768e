"""Ten-point Pitch (Pitch with jokers and the off-jack), with Smear as a profile of it:
docs/rules.md section 8. `TITLE`, `EXAMPLES` and `NOTES` teach the command line's help
(see Phat's package)."""

TITLE = "Ten-point Pitch"
QUESTIONS = {"odds": "which bid and which trump?", "advice": "what should I call?"}
EXAMPLES = {
    "simulate": (
        "simulate tenpoint --deals 100000 --seed 3 --strategy threshold+greedy",
        "simulate tenpoint --games 2000 --variant smear",
        "simulate tenpoint --players 5 --variant partnership=false --variant jokers=one",
    ),
    "replay": ("replay tenpoint --seed 3 --deal 42",),
    "compare": ("compare tenpoint --bids threshold,random_bid --deals 20000",),
    "odds": (
        'odds tenpoint --hand "AH JH JD HJ 3H 2H 5C 7S 9D" --seat 2',
        'odds tenpoint --hand "AH JH JD 3H 2H 5C 7S 9D KD TS" --variant smear --trump H --json',
    ),
    "advise": ('advise tenpoint --hand "AH JH JD HJ 3H 2H 5C 7S 9D" --seat 3 --calls pass,5',),
    "solve": (
        'solve tenpoint --hands "AH KH JH TH 3H HJ / QH 9H 2H KS 8C 4D / JD 8H 5H AS TC 7D / '
        'LJ 7H 6H 4H QC 9S" --trump H --leader 0',
    ),
}
NOTES = {
    "simulate": "Ten-point Pitch: in deal i the dealer is seat i % players (--players, 3 to "
    "6, default 4 in two partnerships; give partnership=false for cut-throat with 3 or 5); "
    "--variant smear plays the Smear profile; with --games a game stops after 200 deals "
    "unless --max-deals says otherwise.",
    "odds": "Ten-point Pitch: the hand (nine cards; ten with smear, eight with six players; "
    "HJ and LJ the jokers) sits at its seat, wins the auction as the others pass and names "
    "each suit, or the trump given (--trump); per trump: P(won >= k) for each bid k (10: the "
    "moon), the chance of each point and of the Jack, Off-Jack and jokers being in play, the "
    "expected points and the expected score change of each bid, then the recommended bid "
    "and trump.",
    "compare": "Ten-point Pitch: --bids plays each bidder as BID+BASE; the results are also "
    "given by role, as the pitcher's side and as a defending side.",
    "solve": "Ten-point Pitch: the hands once trump is named, after the discard, the draw and "
    "the rob (six each, eight with six players; HJ and LJ the jokers); High, Low (to the side "
    "dealt it, never a joker), Jack, Off-Jack, each joker, Game (a tie: nobody) and the Trey "
    "(3) as the rule book counts them; the number of hands sets the players (cut-throat: "
    "partnership=false). Equal jokers (and so smear), follow=trump_only, fixed_high_low, "
    "joker_points_to=holder and, at the opening lead, first_lead_trump are refused.",
}
