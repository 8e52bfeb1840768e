"""Phat: rules, deal loop, strategies, descriptor and plain-Python reference.

`TITLE`, `QUESTIONS`, `EXAMPLES` and `NOTES` say what is particular to the game to the
command line's help and the pages of `allfours serve`: its name in words, the question
each page answers, example command lines by command, and a sentence per command (which
names an option only in parentheses after the words a page's field uses, as "the card
turned (--turned)": the pages leave such parentheses out)."""

TITLE = "Phat"
QUESTIONS = {"odds": "which suit to pitch?"}  # the table question of each page
EXAMPLES = {
    "simulate": (
        "simulate phat --deals 1000000 --seed 7 --out results/phat.parquet",
        "simulate phat --deals 100000 --seats random,greedy,random,greedy",
        "simulate phat --deals 100000 --strategy greedy+lead_phat --log deals.jsonl",
        "simulate phat --games 10000 --variant target=121 --out results/games.parquet",
    ),
    "replay": ("replay phat --seed 7 --deal 12345",),
    "odds": ('odds phat --hand "9H 5H AH KH QH JH 9S 5S AS TS TD 9D 2C"',),
    "compare": (
        "compare phat --leads lead_long,lead_phat,lead_high --deals 200000",
        "compare phat --strategies greedy,random --deals 100000 --json",
    ),
    "solve": (
        'solve phat --hands "9H 5H AS / KH 3S 2C / QH JS 4C / AH TS 9C" --trump H --leader 1 '
        "--side 0",
    ),
}
NOTES = {
    "simulate": "Phat: in deal i the pitcher is seat i % 4.",
    "odds": "Phat: the hand is the pitcher; per trump the pitcher's side's expected points, "
    "P(Big Phat kept) and P(muck > 40).",
    "compare": "Phat: --leads compares the pitcher's side's points with the muck bonus.",
    "solve": "Phat: end positions of up to 6 cards a hand (the points still to be won, with "
    "the end-of-deal bonus from the cards given).",
}
