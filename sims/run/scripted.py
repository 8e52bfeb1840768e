"""Deals with given hands and given decisions (calls, cards), played and scored by the
same deal loops as runs: how the hand-worked examples reach the engine. A continuation
plays on from the given decisions with a strategy at every seat."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.core.cards import card_name, mask_of
from sims.core.games import don, phat, pitch, solowhist
from sims.core.options import resolve as resolve_options
from sims.core.rng import STREAM_PLAY, new_state
from sims.engine.common import ILLEGAL_CALL, ILLEGAL_CARD, SCRIPT_EXHAUSTED
from sims.engine.phat import play_script_nb
from sims.engine.pitch import play_pitch_script_nb
from sims.engine.solowhist import play_whist_script_nb
from sims.run.runner import strategy_tables
from sims.strategies import resolve as resolve_strategy


class IllegalPlayError(ValueError):
    """A scripted card or call that breaks the rules: not held, not legal, or missing."""


def _raise_for_card(kind: int, error: np.ndarray) -> None:
    if kind == ILLEGAL_CARD:
        raise IllegalPlayError(
            f"seat {error[0]} may not play {card_name(int(error[1]))}: "
            "it does not hold it, or the rules forbid it here"
        )
    if kind == SCRIPT_EXHAUSTED:
        raise IllegalPlayError(f"the deal is incomplete: seat {error[0]} has no card to play")


def _tables(strategy: str | None, game: str, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Strategy tables with `strategy` at every seat, or none (fid -1) to end at the script."""
    if strategy is None:
        return np.full((3, players), -1, np.int64), np.zeros((3, players, 1), np.float64)
    return strategy_tables([resolve_strategy(strategy, game)] * players)


def _phat_deal(
    hands: Sequence[Sequence[int]],
    pitcher: int,
    cards: Sequence[int],
    *,
    scores: tuple[int, int],
    carry_in: int,
    target: int | None,
    stop_at_target: bool,
    game: str,
    variants: Sequence[str],
    strategy: str | None,
    seed: int,
) -> tuple[np.void, np.ndarray]:
    """Play a Phat or Don deal from `cards` on, by `strategy` after them: (outcome row,
    cards in play order, -1 after the last)."""
    module = don if game == "don" else phat
    size = don.HAND_SIZE if game == "don" else 13
    dealt = np.array([mask_of(hand) for hand in hands], np.int64)
    if dealt.shape != (4,) or any(len(hand) != size for hand in hands):
        raise ValueError(f"{game} needs four hands of {size} cards")
    if len(set().union(*map(set, hands))) != 4 * size:
        raise ValueError("a card is dealt twice")
    chosen = [*variants, f"target={target}"] if target is not None else variants
    rules = resolve_options(game, module.OPTIONS, chosen)
    fids, params = _tables(strategy, game, 4)
    out = np.zeros(1, module.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    plays = np.full((1, 4 * size), -1, np.int8)
    kind = play_script_nb(
        dealt,
        pitcher,
        np.array(scores, np.int64),
        carry_in,
        module.rules_array(rules),
        stop_at_target,
        np.array(cards, np.int8),
        fids,
        params,
        new_state(seed, 0, STREAM_PLAY),
        module.CARD_VALUES,
        out,
        error,
        plays,
        np.zeros((1, size), np.int8),
    )
    _raise_for_card(kind, error)
    return out[0], plays[0]


def play_phat_script(
    hands: Sequence[Sequence[int]],
    pitcher: int,
    cards: Sequence[int],
    *,
    scores: tuple[int, int] = (0, 0),
    carry_in: int = 0,
    target: int | None = None,
    stop_at_target: bool = True,
    game: str = "phat",
    variants: Sequence[str] = (),
) -> np.void:
    """Score one Phat (or, with game="don", Don) deal of given hands and cards in play
    order (the deal loop of a run, cards taken from `cards` instead of strategies) and
    return its outcome row. `variants` are the game's rule options, as on the command line;
    `target` (default: the game's) stands for the variant target=N.
    """
    row, _ = _phat_deal(
        hands, pitcher, cards, scores=scores, carry_in=carry_in, target=target,
        stop_at_target=stop_at_target, game=game, variants=variants, strategy=None, seed=0,
    )  # fmt: skip
    if 4 * int(row["tricks_played"]) != len(cards):
        raise IllegalPlayError("cards were given after the game was won")
    return row


def phat_continuation(
    hands: Sequence[Sequence[int]],
    pitcher: int,
    cards: Sequence[int],
    strategy: str,
    *,
    seed: int = 0,
    game: str = "phat",
    variants: Sequence[str] = (),
) -> list[int]:
    """The cards `strategy`, at every seat, plays after the given `cards` of a Phat (or
    Don) deal, to the end of the deal, its random stream keyed by `seed`."""
    _, plays = _phat_deal(
        hands, pitcher, cards, scores=(0, 0), carry_in=0, target=None, stop_at_target=False,
        game=game, variants=variants, strategy=strategy, seed=seed,
    )  # fmt: skip
    return [int(card) for card in plays[len(cards) :] if card >= 0]


def play_pitch_script(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    scores: Sequence[int] | None = None,
) -> np.void:
    """Score one Pitch deal of given hands, calls (in order from the dealer's left) and
    cards in play order through the run's deal loop; return its outcome row."""
    row, _ = _pitch_deal(rules, hands, dealer, calls, cards, scores, None, 0)
    if len(cards) != pitch.TRICKS * rules["players"]:
        raise IllegalPlayError("cards were given after the last trick")
    return row


def pitch_continuation(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    strategy: str,
    *,
    seed: int = 0,
) -> list[int]:
    """The cards `strategy`, at every seat, plays after the given calls and `cards` of a
    Pitch deal, to the end of the deal, its random stream keyed by `seed`."""
    _, plays = _pitch_deal(rules, hands, dealer, calls, cards, None, strategy, seed)
    return [int(card) for card in plays[len(cards) :] if card >= 0]


def _pitch_deal(
    rules: dict,
    hands: Sequence[Sequence[int]],
    dealer: int,
    calls: Sequence[int],
    cards: Sequence[int],
    scores: Sequence[int] | None,
    strategy: str | None,
    seed: int,
) -> tuple[np.void, np.ndarray]:
    """Play a Pitch deal from `calls` and `cards` on, by `strategy` after them: (outcome
    row, cards in play order, -1 after the last)."""
    players = rules["players"]
    if len(hands) != players or any(len(hand) != pitch.HAND_SIZE for hand in hands):
        raise ValueError(f"Pitch with {players} players needs {players} hands of 6 cards")
    dealt = np.array([mask_of(hand) for hand in hands], np.int64)
    if len({card for hand in hands for card in hand}) != 6 * players:
        raise ValueError("a card is dealt twice")
    before = np.zeros(pitch.MAX_PLAYERS, np.int64)
    before[: len(scores or [])] = scores or []
    fids, params = _tables(strategy, "pitch", players)
    out = np.zeros(1, pitch.OUTCOME_DTYPE)
    error = np.zeros(2, np.int64)
    plays = np.full((1, pitch.TRICKS * players), -1, np.int8)
    kind = play_pitch_script_nb(
        dealt, dealer, before, pitch.rules_array(rules), np.array(calls, np.int8),
        np.array(cards, np.int8), fids, params, new_state(seed, 0, STREAM_PLAY), out, error,
        np.zeros((1, pitch.MAX_PLAYERS), np.int8), plays,
        np.zeros((1, pitch.TRICKS), np.int8),
    )  # fmt: skip
    if kind == ILLEGAL_CALL:
        raise IllegalPlayError(f"seat {error[0]} may not call {error[1]} now")
    _raise_for_card(kind, error)
    return out[0], plays[0]


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
    _raise_for_card(kind, error)
    expected = 0 if out[0]["contract"] == solowhist.PASS else 52
    if len(cards) != expected:
        raise IllegalPlayError(f"{len(cards)} cards given; the deal plays {expected}")
    return row
