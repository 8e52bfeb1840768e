"""Phat and Don deals with given hands and cards, played and scored by Phat's deal loop
(which plays Don too): the worked examples of docs/examples.md, and continuations."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sims.core.cards import mask_of
from sims.core.options import resolve as resolve_options
from sims.core.rng import STREAM_PLAY, new_state
from sims.descriptors import Continuation
from sims.games.don import rules as don
from sims.games.phat import rules as phat
from sims.games.phat.deal import play_script_nb
from sims.run.scripted import IllegalPlayError, raise_for_card, script_tables


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
    fids, params = script_tables(strategy, game, 4, rules)
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
    raise_for_card(kind, error)
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
        hands,
        pitcher,
        cards,
        scores=scores,
        carry_in=carry_in,
        target=target,
        stop_at_target=stop_at_target,
        game=game,
        variants=variants,
        strategy=None,
        seed=0,
    )
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
        hands,
        pitcher,
        cards,
        scores=(0, 0),
        carry_in=0,
        target=None,
        stop_at_target=False,
        game=game,
        variants=variants,
        strategy=strategy,
        seed=seed,
    )
    return [int(card) for card in plays[len(cards) :] if card >= 0]


def continuation(game: str, hand_size: int) -> Continuation:
    """How `game` (Phat, or Don on Phat's deal loop) plays on from given cards."""

    def cards(hands: list[list[int]], pitcher: int, played: list[int], label: str, seed: int):
        return phat_continuation(hands, pitcher, played, label, seed=seed, game=game)

    return Continuation(hand_size, cards)


CONTINUATION = continuation("phat", 13)
