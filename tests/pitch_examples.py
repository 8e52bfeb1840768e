"""The Auction Pitch deals of docs/examples.md as tricks `seat:card`, leader first; each seat's
hand is the six cards it plays. Where an example gives only captured piles, these deals
were built to yield exactly those piles."""

from sims.games.pitch.reference import parse_card


def deal_from_tricks(players: int, tricks: list[str]) -> tuple[list[list[int]], list]:
    """(hands, plays) of a deal written as tricks "seat:card ..." leader first.

    Each seat's hand is the six cards it plays, so the deal is fully determined.
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    plays: list[tuple[int, int]] = []
    for trick in tricks:
        for item in trick.split():
            seat, name = item.split(":")
            card = parse_card(name)
            hands[int(seat)].append(card)
            plays.append((int(seat), card))
    return hands, plays


PITCH1_TRICKS = [
    "2:JD 0:4H 1:3C",
    "2:6S 0:AS 1:8S",
    "0:KH 1:5H 2:2H",
    "0:3H 1:QH 2:TH",
    "1:KC 2:9C 0:7C",
    "1:TS 2:2S 0:5C",
]

PITCH2_TRICKS = [
    "3:6H 0:3D 1:2D 2:3C",
    "3:2S 0:8S 1:TS 2:4S",
    "1:KD 2:QD 3:TD 0:9D",
    "1:AC 2:9C 3:7C 0:4C",
    "1:5S 2:6S 3:2C 0:KS",
    "0:8D 1:7D 2:5D 3:JC",
]

PITCH3_TRICKS = [
    "2:KS 3:4S 0:5D 1:9S",
    "2:3S 3:2H 0:5H 1:3D",
    "2:6H 3:7H 0:TH 1:QH",
    "1:JC 2:2C 3:6C 0:8C",
    "1:4D 2:8D 3:TD 0:9D",
    "3:KC 0:7C 1:5C 2:4C",
]

PITCH4_TRICKS = [
    "3:QC 0:9C 1:JC 2:8D",
    "3:6C 0:2C 1:3H 2:4S",
    "3:2S 0:KS 1:TS 2:AS",
    "2:5D 3:7D 0:AD 1:9D",
    "0:6H 1:KH 2:QH 3:TH",
    "1:7S 2:5S 3:4H 0:3D",
]

PITCH5_TRICK1 = ["1:AH 2:3H 0:2H"]

PITCH5_DEFAULT = PITCH5_TRICK1 + [
    "1:KS 2:7H 0:6D",
    "2:4S 0:5C 1:7S",
    "1:3S 2:9D 0:JC",
    "1:2D 2:QC 0:QD",
    "0:8D 1:8C 2:TC",
]

PITCH5_MUST_FOLLOW = PITCH5_TRICK1 + [
    "1:KS 2:4S 0:6D",
    "1:7S 2:9D 0:5C",
    "1:3S 2:QC 0:JC",
    "1:2D 2:7H 0:8D",
    "2:TC 0:QD 1:8C",
]

PITCH6_TRICKS = [
    "0:JD 1:8D 2:AD 3:2C",
    "2:4H 3:5H 0:6H 1:3D",
    "1:2S 2:6S 3:TS 0:7S",
    "3:KC 0:3C 1:QC 2:4C",
    "3:8H 0:AH 1:TH 2:9H",
    "0:9S 1:8S 2:7H 3:6C",
]
