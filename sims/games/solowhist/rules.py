"""Solo Whist, as written in docs/rules.md section 4: the auction, the contracts and settlement.

Choices made there and pinned by the tests:
- 13 cards each; the dealer's last card (the turned card) proposes trump. In deal i of a
  run the dealer is seat i % 4; a passed-out hand is a row with contract PASS (a fresh
  uniform deal follows anyway, so its redeal is simply the next deal).
- The auction runs from the eldest (dealer's left) clockwise, skipping those who passed and
  those who hold the contract; a call is a pass (final) or a higher contract. Prop only
  opens; Cop only accepts a lone Prop; Abundance in Trumps only overcalls Abundance. When
  all but a lone proposer have passed, an eldest who passed may still Cop, and then the
  proposer raises (to Solo or higher) or passes (the hand is passed out).
- Trump: the turned suit (Prop and Cop, Solo, Abundance in Trumps), the declarer's choice
  (Abundance), none (the misères, Abundance Declared). The eldest leads, the declarer in
  Abundance Declared. All 13 tricks are played.
- Settlement per seat, in points of `unit` (default 5): see `settle_nb`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from sims.core.options import POSITIVE, Option, positive_int

NAME = "solowhist"
PLAYERS = 4
HAND_SIZE = 13
MAX_CALLS = 16  # every call passes (4, and two second chances) or raises (8 levels at most)

# Calls, in rising order; a contract is named by the call that made it (COP: Prop and Cop).
PASS, PROP, COP, SOLO, MISERE, ABUNDANCE, ABUNDANCE_TRUMPS, MISERE_OUVERTE = range(8)
ABUNDANCE_DECLARED = 8
CALL_NAMES = (
    "pass",
    "prop",
    "cop",
    "solo",
    "misere",
    "abundance",
    "abundance_trumps",
    "misere_ouverte",
    "abundance_declared",
)
# The contract played after each final call (a lone Prop is never played).
CONTRACT_NAMES = ("pass", "prop", "prop_cop", *CALL_NAMES[3:])

#                        pass prop cop solo mis abund abund_t mis_o abund_d
UNIT_VALUE = np.array([0, 0, 1, 1, 2, 3, 3, 4, 6], np.int64)
PER_TRICK = np.array([0, 0, 1, 1, 0, 2, 2, 0, 0], np.int64)  # per over- or undertrick
TRICKS_NEEDED = np.array([0, 0, 8, 5, 0, 9, 9, 0, 13], np.int64)  # misères: lose them all
# Trump of each contract: TURNED (the turned suit), CHOSEN (the declarer's), NO_TRUMP.
TURNED, CHOSEN, NO_TRUMP = 0, 1, 2
TRUMP_OF = np.array(
    [NO_TRUMP, TURNED, TURNED, TURNED, NO_TRUMP, CHOSEN, TURNED, NO_TRUMP, NO_TRUMP], np.int64
)
# The calls that may open, or raise over a lone Prop on the proposer's last turn.
RAISES = (1 << SOLO) | (1 << MISERE) | (1 << ABUNDANCE) | (1 << MISERE_OUVERTE)
RAISES |= 1 << ABUNDANCE_DECLARED

OPTIONS = {
    "unit": Option(
        default=5,
        parse=positive_int,
        help="points of one unit of settlement (a table custom)",
        allowed=POSITIVE,
    )
}

PER_SEAT = ("tricks", "settlement")
OUTCOME_COLUMNS = {  # the DataFrame of a run also starts with "seed", the run's seed
    "deal": (np.int64, "deal index of the run"),
    "dealer": (np.int8, "seat of the dealer (deal i: seat i % 4)"),
    "turned": (np.int8, "code of the turned card (the dealer's last), its suit proposed trump"),
    "calls": (np.int8, "calls made in the auction"),
    "contract": (np.int8, "contract played: 0 passed out, 2 prop_cop, 3 solo, ... 8"),
    "declarer": (np.int8, "seat that made the contract's call (the proposer in Prop and Cop)"),
    "partner": (np.int8, "Prop and Cop: the seat that copped; else -1"),
    "trump": (np.int8, "trump suit 0..3 = C D H S, -1 without trumps"),
    "leader": (np.int8, "seat that led the first trick (-1: passed out)"),
    "lead_card": (np.int8, "code of the first card led (-1: passed out)"),
    "declarer_tricks": (np.int8, "tricks the declaring side won"),
    "made": (np.bool_, "the contract was made"),
    "over_under": (np.int8, "overtricks when made, undertricks when failed (counted tricks)"),
    "tricks": (np.int8, "tricks each seat won"),
    "settlement": (np.int16, "points each seat gained (negative: paid)"),
    "hand_trumps": (np.int8, "the declarer's cards in the trump suit (-1 without trumps)"),
    "hand_longest": (np.int8, "the declarer's longest suit length"),
    "hand_voids": (np.int8, "suits the declarer was dealt none of"),
    "hand_aces": (np.int8, "aces the declarer was dealt"),
    "hand_honour_points": (np.int8, "the declarer's A 4, K 3, Q 2, J 1 (bridge count)"),
}
OUTCOME_DTYPE = np.dtype(
    [
        (name, kind, (PLAYERS,)) if name in PER_SEAT else (name, kind)
        for name, (kind, _) in OUTCOME_COLUMNS.items()
    ],
    align=True,
)

# The rules array the kernels read: the unit.
R_UNIT = 0
RULES_SIZE = 1


def rules_array(rules: dict[str, Any]) -> np.ndarray:
    """The rules as the int64 array the kernels read (positions R_*)."""
    return np.array([rules["unit"]], np.int64)


@njit(cache=True)
def legal_calls_nb(current: int, last_turn: int) -> int:
    """Calls open to a seat now (bit c for call c) over the `current` contract (PASS when
    nobody has bid). `last_turn`: 0 a normal turn; 1 the eldest's late Cop; 2 the lone
    proposer's last word."""
    if last_turn == 1:
        return (1 << PASS) | (1 << COP)
    if last_turn == 2:
        return (1 << PASS) | RAISES
    legal = 1 << PASS
    if current == PASS:
        return legal | (1 << PROP) | RAISES
    if current == PROP:
        legal |= 1 << COP
    if current == ABUNDANCE:
        legal |= 1 << ABUNDANCE_TRUMPS
    above = RAISES & ~((2 << current) - 1)
    return legal | above


@njit(cache=True)
def settle_nb(contract: int, declarer: int, partner: int, tricks, unit: int, settlement):
    """Fill `settlement[seat]` and return (made, over- or undertricks).

    Made: tricks (of both partners in Prop and Cop) at least those needed; a misère: none
    won. Overtricks count above the tricks needed, undertricks below one less (Solo with 4
    tricks fails with 0 undertricks). The amount is `unit` times the contract's value plus
    its points per over- or undertrick. Prop and Cop: each declarer gains (or pays) it once,
    each defender the opposite; otherwise the declarer gains (or pays) it from each of three.
    """
    settlement[:] = 0
    if contract == PASS:
        return False, 0
    won = tricks[declarer] + (tricks[partner] if partner >= 0 else 0)
    needed = TRICKS_NEEDED[contract]
    if contract == MISERE or contract == MISERE_OUVERTE:
        made = won == 0
        extra = 0
    else:
        made = won >= needed
        extra = won - needed if made else needed - 1 - won
    amount = unit * UNIT_VALUE[contract] + PER_TRICK[contract] * extra
    sign = 1 if made else -1
    for seat in range(PLAYERS):
        settlement[seat] = -sign * amount
    if partner >= 0:
        settlement[declarer] = sign * amount
        settlement[partner] = sign * amount
    else:
        settlement[declarer] = 3 * sign * amount
    return made, extra
