"""The exchanges a deal log keeps, in the games whose hands change before the first trick
(discards, draws from the stock, the stock's rest robbed, cards taken back): two slots
each in the log's calls, in the order made, a tag and the card. The tag is the seat for
a discard, `DRAW` + seat for a card drawn from the stock, `FILL` + seat for a discard
taken back by a player the stock left short, `ROB` + seat for a card of the stock's rest
taken by the player who robs it."""

from __future__ import annotations

from collections.abc import Sequence

DRAW, FILL, ROB = 8, 16, 24
KINDS = ("discard", "draw", "fill", "rob")  # by tag // DRAW


def read_exchanges(calls: Sequence[int], start: int) -> list[tuple[str, int, int]]:
    """The exchanges logged from slot `start` of a deal's calls, in order, as (kind, seat,
    card), kind one of KINDS; the first negative tag ends them."""
    found = []
    for slot in range(start, len(calls) - 1, 2):
        tag, card = int(calls[slot]), int(calls[slot + 1])
        if tag < 0:
            break
        found.append((KINDS[tag // DRAW], tag % DRAW, card))
    return found
