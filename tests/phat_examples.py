"""The Phat deals of docs/examples.md as data shared by the tests."""

from sims.core.cards import parse_card, parse_cards


def plays_of(text: str) -> list[tuple[int, int]]:
    """`seat:card` items, leader first, as docs/examples.md writes tricks."""
    return [(int(seat), parse_card(name)) for seat, name in (i.split(":") for i in text.split())]


def hands_holding(plays: list[tuple[int, int]]) -> list[list[int]]:
    """Four 13-card hands with each seat's played cards, topped up with the unplayed ones."""
    hands: list[list[int]] = [[] for _ in range(4)]
    for seat, card in plays:
        hands[seat].append(card)
    rest = sorted(set(range(52)) - {card for _, card in plays})
    for hand in hands:
        while len(hand) < 13:
            hand.append(rest.pop())
    return hands


PHAT1_TEAM0 = parse_cards("AD KD QD JD TD QS TS 9S KH QH 5H AC JC")
PHAT1_TEAM1 = parse_cards("9D 5D AS KS JS 5S AH JH TH 9H KC QC TC 9C 5C")

PHAT2_DEAL1_MUCK0 = parse_cards("AS KS QS AH KH AD KD TD AC KC")
PHAT2_DEAL1_MUCK1 = parse_cards("JS TS QH JH TH QD JD QC JC TC")

PHAT3_PLAYS = plays_of("0:7C 1:QC 2:3C 3:4C 1:6C 2:TC 3:5C 0:2C")

_LATE = ["KH 3H 6H 7H", "QH 8H TH JH", "AD 4D TD 6D", "QD 8D JD 7D", "KC 3C TC 6C", "QC 8C JC 7C"]
PHAT4_TRICKS = [
    "1:AS 2:5S 3:3S 0:4S",
    "1:7S 2:QS 3:9S 0:JS",
    "2:KS 3:6S 0:TS 1:8S",
    "2:9H 3:AH 0:5H 1:4H",
    "3:5D 0:KD 1:9D 2:3D",
    "0:9C 1:AC 2:5C 3:4C",
    *(" ".join(f"{s}:{c}" for s, c in zip((1, 2, 3, 0), t.split(), strict=True)) for t in _LATE),
    "1:2H 2:2D 3:2C 0:2S",
]
PHAT4_PLAYS = plays_of(" ".join(PHAT4_TRICKS))
PHAT4_SCORES_AFTER_TRICK = [
    (0, 14),
    (21, 14),
    (24, 14),
    (24, 28),
    (38, 28),
    (38, 42),
    *[(38, 42)] * 7,
]
