"""The Nine-card Don deal of docs/examples.md (Don 1 and Don 2) as data shared by the tests."""

from sims.games.phat.reference import parse_card


def cards(text: str) -> list[int]:
    return [parse_card(name) for name in text.split()]


def plays_of(*tricks: str) -> list[tuple[int, int]]:
    """Plays from tricks written as in docs/examples.md, e.g. ``"3:QC 0:9C 1:KC 2:4C"``."""
    plays = []
    for trick in tricks:
        for item in trick.split():
            seat, name = item.split(":")
            plays.append((int(seat), parse_card(name)))
    return plays


# --- Don 1 / Don 2 (docs/examples.md) ------------------------------------------------
# Dealer seat 2, pitcher seat 3, clubs trump. docs/examples.md gives the undealt cards, the
# two teams' captured piles and the first two tricks; the remaining seven tricks below
# are built by hand to capture exactly those piles in a legal deal.

DON1_UNDEALT = cards("AC 8C 6C 2C AS 8S 4S 3S JH TH 7H 4H KD QD 5D 2D")
DON1_TEAM0 = cards("JC TC 7C 5C 3C 2S AH KH QH 9H 8H 6H 5H 3H 2H 3D")
DON1_TEAM1 = cards("KC QC 9C 4C KS QS JS TS 9S 7S 6S 5S AD JD TD 9D 8D 7D 6D 4D")
DON1_HANDS = [
    cards("9C JC JS TS TD 9D AH KH QH"),
    cards("KC 5C KS QS 8D 7D 2H 6H 2S"),
    cards("4C TC 9S 7S 6D 4D 3H 8H 7C"),
    cards("QC 3C 6S 5S AD JD 5H 9H 3D"),
]
DON1_PLAYS = plays_of(
    "3:QC 0:9C 1:KC 2:4C",  # seat 1 (team 1): 9C 9 + KC 3 + QC 2 = 14 -> 0-14
    "1:5C 2:TC 3:3C 0:JC",  # seat 0 (team 0): 5C 10 + JC 1 = 11 -> 11-14
    "0:AH 1:2H 2:3H 3:5H",  # seat 0: 5H 5 -> 16-14
    "0:KH 1:6H 2:8H 3:9H",  # seat 0: nothing (non-trump nine)
    "0:QH 1:2S 2:7C 3:3D",  # seat 2 ruffs with 7C
    "2:9S 3:5S 0:JS 1:KS",  # seat 1: 5S 5 -> 16-19
    "1:QS 2:7S 3:6S 0:TS",  # seat 1
    "1:7D 2:4D 3:AD 0:9D",  # seat 3
    "3:JD 0:TD 1:8D 2:6D",  # seat 3
)
DON1_PITCHER = 3
