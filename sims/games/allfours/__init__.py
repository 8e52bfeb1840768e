"""All Fours (Seven-Up), docs/rules.md section 7: rules, deal loop, strategies, descriptor and
plain-Python reference. `TITLE`, `EXAMPLES` and `NOTES` teach the command line's help (see
Phat's package)."""

TITLE = "All Fours (Seven-Up)"
EXAMPLES = {
    "simulate": (
        "simulate allfours --deals 1000000 --seed 7 --out results/allfours.parquet",
        "simulate allfours --games 10000 --seats greedy,random --variant target=10",
        "simulate allfours --players 4 --deals 100000 --variant discard_after_run=keep_all",
    ),
    "replay": ("replay allfours --seed 7 --deal 12",),
    "compare": (
        "compare allfours --strategies greedy,random --games 5000",
        "compare allfours --strategies pimc,greedy --deals 2000",
    ),
}
NOTES = {
    "simulate": "All Fours: in deal i the dealer is seat i % players (--players 2, 3 or 4, "
    "default 2; four play in partnerships); a bunched deal is a row of its own, and with "
    "--games the same dealer deals again after it.",
    "compare": "All Fours: the points each side scores per deal (with --games, games won).",
}
