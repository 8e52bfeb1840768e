"""Solo Whist: rules, deal loop, strategies, descriptor and plain-Python reference.
`TITLE`, `EXAMPLES` and `NOTES` teach the command line's help (see Phat's package)."""

TITLE = "Solo Whist"
QUESTIONS = {"odds": "which contract?"}  # the table question of each page
EXAMPLES = {
    "simulate": ("simulate solowhist --deals 1000000 --strategy greedy --log whist.jsonl",),
    "odds": ('odds solowhist --hand "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C" --turned 7H',),
    "compare": ("compare solowhist --strategies pimc,greedy --deals 10000",),
}
NOTES = {
    "simulate": "Solo Whist: in deal i the dealer is seat i % 4.",
    "odds": "Solo Whist: the turned card is given (the dealer, seat 4, holds it) and the hand "
    "declares each contract in turn without an auction (Prop and Cop is left out: its result "
    "depends on who accepts); per contract P(made), the expected settlement and tricks, "
    "then the contract with the best expected settlement, or pass when none gains.",
    "compare": "Solo Whist: the sides are the seatings 0 and 2 against 1 and 3.",
}
