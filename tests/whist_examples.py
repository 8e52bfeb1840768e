"""Hand-built Solo Whist deals shared by the tests: each trick is written leader first as
``seat:card`` and the hands are exactly the cards each seat plays, so every trick winner
can be checked by eye."""

from __future__ import annotations

from sims.games.solowhist.reference import parse_card, trick_winner

C, D, H, S = 0, 1, 2, 3


def card(name: str) -> int:
    return parse_card(name)


def tricks_to_plays(tricks: list[str]) -> list[tuple[int, int]]:
    """``["1:2C 2:AC 3:3C 0:4C", ...]`` -> ``[(1, 2C), (2, AC), ...]``."""
    plays = []
    for trick in tricks:
        for item in trick.split():
            seat, name = item.split(":")
            plays.append((int(seat), card(name)))
    return plays


def hands_of(plays: list[tuple[int, int]]) -> list[list[int]]:
    """Each seat's hand: the cards it plays."""
    hands: list[list[int]] = [[], [], [], []]
    for seat, played in plays:
        hands[seat].append(played)
    return hands


def no_trump_plays(hands, leader, high_seat):
    """Play out a no-trump deal: ``high_seat`` plays its highest legal card, the others
    their lowest."""
    remaining = [sorted(hand) for hand in hands]
    plays = []
    for _ in range(13):
        trick = []
        for offset in range(4):
            seat = (leader + offset) % 4
            led = trick[0][1] // 13 if trick else None
            following = [c for c in remaining[seat] if led is not None and c // 13 == led]
            chosen = (following or remaining[seat])[-1 if seat == high_seat else 0]
            remaining[seat].remove(chosen)
            trick.append((seat, chosen))
        plays.extend(trick)
        leader = trick_winner(trick, None)
    return plays


# Dealer 0, seat 2 plays Misère and is forced to win trick 1 with a singleton AC; it
# never wins again. No trumps.
MISERE_TRICKS = [
    "1:2C 2:AC 3:3C 0:4C",  # 2 (the only trick the declarer wins)
    "2:2D 3:5D 0:6D 1:7D",  # 1
    "1:8D 2:3D 3:9D 0:TD",  # 0
    "0:JD 1:QD 2:4D 3:KD",  # 3
    "3:AD 0:5C 1:6H 2:2H",  # 3
    "3:6C 0:7C 1:8C 2:2S",  # 1: no trump, so the 2S discard does not win
    "1:7H 2:3H 3:8H 0:9H",  # 0
    "0:TH 1:JH 2:4H 3:QH",  # 3
    "3:KH 0:AH 1:9C 2:5H",  # 0
    "0:7S 1:8S 2:3S 3:9S",  # 3
    "3:TS 0:JS 1:QS 2:4S",  # 1
    "1:KS 2:5S 3:AS 0:TC",  # 3
    "3:JC 0:QC 1:KC 2:6S",  # 1
]
MISERE_WINNERS = [2, 1, 0, 3, 3, 1, 0, 3, 0, 3, 1, 3, 1]
MISERE_CALLS = [(1, "pass"), (2, "misere"), (3, "pass"), (0, "pass")]


# Dealer 1, seat 3 plays Abundance and names hearts though the turned card is a club.
ABUNDANCE_TRICKS = [
    "2:AC 3:2C 0:4C 1:5C",  # 2
    "2:KC 3:3C 0:6C 1:7C",  # 2
    "2:QC 3:7H 0:8C 1:9C",  # 3 ruffs with the 7 of the chosen trump
    "3:AH 0:2H 1:3H 2:4H",  # 3
    "3:KH 0:5H 1:6H 2:2D",  # 3
    "3:QH 0:3D 1:4D 2:5D",  # 3
    "3:JH 0:6D 1:7D 2:8D",  # 3
    "3:TH 0:9D 1:TD 2:JD",  # 3
    "3:9H 0:QD 1:KD 2:2S",  # 3
    "3:8H 0:3S 1:4S 2:5S",  # 3
    "3:AS 0:6S 1:7S 2:8S",  # 3
    "3:KS 0:9S 1:TS 2:JS",  # 3
    "3:AD 0:QS 1:TC 2:JC",  # 3
]
ABUNDANCE_CALLS = [(2, "pass"), (3, "abundance"), (0, "pass"), (1, "pass")]
