"""All Fours (Seven-Up), docs/rules.md section 7: rules, deal loop, strategies, odds,
descriptor and plain-Python reference. `TITLE`, `QUESTIONS`, `EXAMPLES` and `NOTES` teach
the command line's help and the server's pages (see Phat's package)."""

TITLE = "All Fours (Seven-Up)"
QUESTIONS = {"odds": "stand or beg, give or run?"}
EXAMPLES = {
    "simulate": (
        "simulate allfours --deals 1000000 --seed 7 --out results/allfours.parquet",
        "simulate allfours --games 10000 --seats greedy,random --variant target=10",
        "simulate allfours --players 4 --deals 100000 --variant discard_after_run=keep_all",
    ),
    "replay": ("replay allfours --seed 7 --deal 12",),
    "odds": (
        'odds allfours --hand "AH JH 5H KS 3C 2D" --turned 7H',
        'odds allfours --hand "KS 9S 4C 8D 6D 2H" --turned QS --seat 2 --json',
    ),
    "compare": (
        "compare allfours --strategies greedy,random --games 5000",
        "compare allfours --strategies pimc,greedy --deals 2000",
    ),
    "solve": (
        'solve allfours --hands "JH 2H QC 7C TD KS / AH 9H KC TC 4D 3S" --trump H --leader 1',
    ),
}
NOTES = {
    "simulate": "All Fours: in deal i the dealer is seat i % players (--players 2, 3 or 4, "
    "default 2; four play in partnerships); a bunched deal is a row of its own, and with "
    "--games the same dealer deals again after it.",
    "compare": "All Fours: the points each side scores per deal (with --games, games won).",
    "odds": "All Fours: the card turned (--turned) proposes trump; the hand is the elder hand "
    "(seat 1, the default), played once standing and once begging (the dealer then gives or "
    "runs as his strategy says), or the dealer (seat = players), played once giving and once "
    "running after the elder hand begs. The score change is the hand's side's points less "
    "the other sides' mean, the upcards' and the gift's included.",
    "solve": "All Fours: the hands once trump is made (after begging, and any running and "
    "discarding), seat 0 the dealer and seat 1 the elder hand, who leads first; High, "
    "Low (to the side dealt it), Jack and Game (a tie to the elder hand's side) as the rule "
    "book counts them, not the upcard's points or the gift, which come before play, nor the "
    "target; the number of hands sets the players (four: partnerships). hang_jack is "
    "refused.",
}
