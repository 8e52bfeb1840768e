"""Solo Whist deals with given hands, turned card, calls and cards, scored by the run's
deal loop: the worked examples of docs/examples.md."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.core.cards import card_name, mask_of
from sims.core.games import solowhist
from sims.engine.common import ILLEGAL_CALL, SCRIPT_EXHAUSTED
from sims.engine.solowhist import play_whist_script_nb
from sims.run.scripted import IllegalPlayError, raise_for_card


def play_whist_script(
    hands: Sequence[Sequence[int]],
    dealer: int,
    turned: int,
    calls: Sequence[str],
    cards: Sequence[int],
    *,
    trump_choice: int | None = None,
    unit: int = 5,
) -> np.void:
    """Score one Solo Whist deal of given hands, turned card (in the dealer's hand), calls
    by name in order from the eldest, the Abundance declarer's trump and the cards in play
    order, through a run's deal loop; return its outcome row."""
    if len(hands) != 4 or any(len(hand) != 13 for hand in hands):
        raise ValueError("Solo Whist needs four hands of 13 cards")
    if len({card for hand in hands for card in hand}) != 52:
        raise ValueError("a card is dealt twice")
    if turned not in hands[dealer]:
        raise ValueError(f"the turned card {card_name(turned)} is not in the dealer's hand")
    unknown = [call for call in calls if call not in solowhist.CALL_NAMES]
    if unknown:
        raise ValueError(f"unknown calls {unknown}; calls: {', '.join(solowhist.CALL_NAMES)}")
    codes = np.array([solowhist.CALL_NAMES.index(call) for call in calls], np.int8)
    out = np.zeros(1, solowhist.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    kind = play_whist_script_nb(
        np.array([mask_of(hand) for hand in hands], np.int64), turned, dealer,
        solowhist.rules_array({"unit": unit}), codes,
        np.array([-1 if trump_choice is None else trump_choice], np.int8),
        np.array(cards, np.int8), out, error,
    )  # fmt: skip
    row = out[0]
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not make the call or choice {error[1]} now")
    if kind == SCRIPT_EXHAUSTED and row["contract"] == solowhist.PASS:
        raise IllegalPlayError(f"the auction is incomplete: seat {error[0]} has no call to make")
    if int(row["calls"]) != len(calls):
        raise IllegalPlayError("calls were given after the auction ended")
    raise_for_card(kind, error)
    expected = 0 if out[0]["contract"] == solowhist.PASS else 52
    if len(cards) != expected:
        raise IllegalPlayError(f"{len(cards)} cards given; the deal plays {expected}")
    return row
