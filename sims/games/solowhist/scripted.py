"""Solo Whist deals with given hands, turned card, calls and cards, scored by the run's
deal loop: the worked examples of docs/examples.md, and continuations."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.core.cards import card_name, mask_of
from sims.core.rng import STREAM_PLAY, new_state
from sims.descriptors import Continuation
from sims.engine.common import ILLEGAL_CALL, SCRIPT_EXHAUSTED
from sims.games.solowhist import rules as solowhist
from sims.games.solowhist.deal import play_whist_script_nb
from sims.run.scripted import IllegalPlayError, raise_for_card, script_tables


def _whist_deal(
    hands: Sequence[Sequence[int]],
    dealer: int,
    turned: int,
    calls: Sequence[str],
    cards: Sequence[int],
    trump_choice: int | None,
    unit: int,
    strategy: str | None,
    seed: int,
) -> tuple[int, np.ndarray, np.void, np.ndarray, np.ndarray]:
    """Play a Solo Whist deal from `calls`, the trump choice and `cards` on, by `strategy`
    after them: (fault kind, its seat and value, outcome row, calls as seat * 16 + call,
    cards in play order; -1 after the last)."""
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
    # No trump given: -1 refuses a script's Abundance, or the strategy chooses it.
    if trump_choice is None:
        chosen = [] if strategy is not None else [-1]
    else:
        chosen = [trump_choice]
    fids, params = script_tables(strategy, "solowhist", 4)
    out = np.zeros(1, solowhist.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    logged_calls = np.full((1, solowhist.MAX_CALLS), -1, np.int8)
    plays = np.full((1, 52), -1, np.int8)
    kind = play_whist_script_nb(
        np.array([mask_of(hand) for hand in hands], np.int64),
        turned,
        dealer,
        solowhist.rules_array({"unit": unit}),
        codes,
        np.array(chosen, np.int8),
        np.array(cards, np.int8),
        fids,
        params,
        new_state(seed, 0, STREAM_PLAY),
        out,
        error,
        logged_calls,
        plays,
    )
    return kind, error, out[0], logged_calls[0], plays[0]


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
    kind, error, row, _, _ = _whist_deal(
        hands, dealer, turned, calls, cards, trump_choice, unit, None, 0
    )
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not make the call or choice {error[1]} now")
    if kind == SCRIPT_EXHAUSTED and row["contract"] == solowhist.PASS:
        raise IllegalPlayError(f"the auction is incomplete: seat {error[0]} has no call to make")
    if int(row["calls"]) != len(calls):
        raise IllegalPlayError("calls were given after the auction ended")
    raise_for_card(kind, error)
    expected = 0 if row["contract"] == solowhist.PASS else 52
    if len(cards) != expected:
        raise IllegalPlayError(f"{len(cards)} cards given; the deal plays {expected}")
    return row


def whist_continuation(
    hands: Sequence[Sequence[int]],
    dealer: int,
    turned: int,
    calls: Sequence[str],
    cards: Sequence[int],
    strategy: str,
    *,
    seed: int = 0,
    trump_choice: int | None = None,
) -> tuple[list[tuple[int, str]], list[int]]:
    """Play a Solo Whist deal on from the given `calls` and `cards` by `strategy` at every
    seat, its random stream keyed by `seed` (an Abundance declarer names trump by it unless
    `trump_choice` says): the whole auction as (seat, call) pairs, the given calls first,
    and the cards played after the given ones."""
    kind, error, _, logged, plays = _whist_deal(
        hands, dealer, turned, calls, cards, trump_choice, 5, strategy, seed
    )
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not make the call or choice {error[1]} now")
    raise_for_card(kind, error)
    auction = [(int(c) // 16, solowhist.CALL_NAMES[int(c) % 16]) for c in logged if c >= 0]
    return auction, [int(card) for card in plays[len(cards) :] if card >= 0]


SOLO = ["solo", "pass", "pass", "pass"]  # the eldest plays a solo in the turned suit


def turned_card(hands: list[list[int]], dealer: int) -> int:
    """The turned card of a deal: the dealer's last."""
    return hands[dealer][-1]


def continued_calls(
    hands: list[list[int]], dealer: int, calls: list[str], label: str, seed: int
) -> list[tuple[int, str]]:
    """The calls of a deal, with their seats: the given ones, then `label`'s."""
    auction, _ = whist_continuation(
        hands, dealer, turned_card(hands, dealer), calls, [], label, seed=seed
    )
    return auction


def continued_cards(
    hands: list[list[int]], dealer: int, cards: list[int], label: str, seed: int
) -> list[int]:
    """The cards of a solo called by the eldest: the given ones, then `label`'s."""
    _, played = whist_continuation(
        hands, dealer, turned_card(hands, dealer), SOLO, cards, label, seed=seed
    )
    return played


CONTINUATION = Continuation(
    13, continued_cards, continued_calls, lambda hands, dealer: {turned_card(hands, dealer)}
)
