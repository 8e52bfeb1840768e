"""Feature blocks that several games' learned policies (their `strategies/features.py`)
compute alike from the view: where a card stands in the trick so far, and what follows
from it for the points it and the trick carry."""

from __future__ import annotations

from numba import njit

from sims.strategies import view as v
from sims.strategies.tactics import beating_in


@njit(cache=True)
def partner_after(view) -> float:
    """1 if a partner of the deciding seat has still to play to this trick."""
    players = view[v.PLAYERS]
    seat = view[v.SEAT]
    side = view[v.SIDE_OF + seat]
    for k in range(1, players - view[v.POSITION]):
        other = (seat + k) % players
        if view[v.SIDE_OF + other] == side:
            return 1.0
    return 0.0


@njit(cache=True, inline="always")
def trick_standing(view, card: int, trump: int, deck, unseen: int, last: float):
    """(whether `card` would win the trick so far, whether a partner of the seat deciding
    is winning it, and whether that partner keeps it: the seat plays last or no unseen
    card beats it), each 0.0 or 1.0; all 0.0 when leading. `deck` is a `Deck.packed`."""
    wins, partner, partner_safe = 0.0, 0.0, 0.0
    if view[v.POSITION] > 0:
        seat, winner = view[v.SEAT], view[v.WINNING_SEAT]
        best = view[v.WINNING_CARD]
        wins = 1.0 if beating_in(1 << card, best, trump, deck) else 0.0
        same_side = view[v.SIDE_OF + winner] == view[v.SIDE_OF + seat]
        partner = 1.0 if winner != seat and same_side else 0.0
        if last or beating_in(unseen, best, trump, deck) == 0:
            partner_safe = partner
    return wins, partner, partner_safe


@njit(cache=True, inline="always")
def points_in_play(out, start: int, last, standing, safe_win, opponent, points, trick_points):
    """The 14 features from `out[start]` on of a card's points and the trick's: playing
    last, winning (for now, last, surely), the trick's points won, its own points won, a
    partner winning (surely), points fed to a partner's trick (safe or at risk), and
    points given away. `standing` is `trick_standing`'s."""
    wins, partner, partner_safe = standing
    out[start] = last
    out[start + 1] = wins
    out[start + 2] = wins * last
    out[start + 3] = safe_win
    out[start + 4] = safe_win * trick_points
    out[start + 5] = wins * trick_points
    out[start + 6] = wins * points  # its own points, on a trick it wins for now
    out[start + 7] = safe_win * points  # its own points, on a trick it surely takes
    out[start + 8] = partner
    out[start + 9] = partner_safe
    out[start + 10] = partner_safe * points  # points onto a partner's safe trick
    out[start + 11] = partner * (1 - partner_safe) * points  # onto a partner's trick at risk
    out[start + 12] = opponent * (1 - wins) * points  # points given away
    out[start + 13] = opponent * (1 - wins) * trick_points  # the trick's points left to them
