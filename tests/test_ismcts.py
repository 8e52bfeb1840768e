"""`ismcts`, `guided_ismcts` and `learned_ismcts`: whole deals played legally in every game
they are registered for, the same cards from the same seed, and every parameter reaching
the search: guided playouts choose otherwise, a settled search stops early with the choice
the full search makes, `per_choice` multiplies the descents by the legal cards, and a
prior steers the root (none at all with `prior=0`)."""

import random

import numpy as np
import pytest

from sims.core.cards import FULL_DECK, mask_of
from sims.core.rng import new_state
from sims.games.pitch.rules import HAND_SIZE
from sims.games.pitch.strategies.search import CARD_POINTS, DECK, ITERATIONS_SLOT
from sims.run.runner import RunSpec, run
from sims.strategies import view as v
from sims.strategies.ismcts import SEARCH, ismcts_choice
from tests.test_pimc import pitch_view


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seats", "variants"),
    [
        ("pitch", ("ismcts:iterations=60",) * 4, ()),
        ("pitch", ("ismcts:iterations=40", "greedy", "random"), ("players=3", "must_follow")),
        ("pitch", ("ismcts:iterations=40", "greedy") * 3, ("players=6", "partnership", "teams=3")),
        ("phat", ("ismcts:iterations=40", "greedy", "random", "greedy"), ()),
        ("don", ("ismcts:iterations=40",) * 4, ("bonus=game5_high_low_jack",)),
        ("pitch", ("guided_ismcts:iterations=40",) * 4, ()),
        ("pitch", ("guided_ismcts:iterations=30", "greedy") * 3, ("players=6", "partnership")),
        ("phat", ("guided_ismcts:iterations=30", "greedy") * 2, ()),
        ("don", ("guided_ismcts:iterations=30",) * 4, ()),
        ("pitch", ("learned_ismcts:iterations=40",) * 4, ()),
        ("pitch", ("learned_ismcts:iterations=30", "greedy") * 3, ("players=6", "partnership")),
        ("phat", ("learned_ismcts:iterations=30", "greedy") * 2, ()),
        ("don", ("learned_ismcts:iterations=30",) * 4, ("game_tie=carry",)),
        ("cinch", ("learned_ismcts:iterations=30", "greedy") * 2, ()),
        ("tenpoint", ("learned_ismcts:iterations=30", "greedy") * 2, ("jokers=one",)),
    ],
)
def test_search_plays_whole_deals_legally_and_the_same_from_the_same_seed(game, seats, variants):
    spec = RunSpec(game, 2, 30, seats=seats, variants=variants)
    first, again = run(spec, record=True), run(spec, record=True)
    assert len(first.table) == 30  # the engine checks every card: a fault would have raised
    assert np.array_equal(first.plays, again.plays)


def test_more_iterations_play_differently_from_a_single_one():
    # One descent tries a single random card: the parameter must reach the search.
    def plays(iterations: int) -> np.ndarray:
        seats = (f"ismcts:iterations={iterations}", "greedy", "greedy", "greedy")
        return run(RunSpec("pitch", 4, 60, seats=seats), record=True).plays

    few, many = plays(1), plays(400)
    assert not np.array_equal(few, many)


def _openings(count: int) -> list[np.ndarray]:
    """Views of cutthroat Pitch seats about to open, holding random hands."""
    rnd = random.Random("ismcts openings")
    deck = [card for card in range(52) if FULL_DECK >> card & 1]
    return [pitch_view(mask_of(rnd.sample(deck, HAND_SIZE))) for _ in range(count)]


def _search(
    view: np.ndarray, seed: int = 3, prior: np.ndarray | None = None, **settings: float
) -> tuple[int, int]:
    """(the card `ismcts_choice` plays, the stream's state after it) under `settings`
    (the rest as `ismcts`'s defaults) and `prior` (default none), from a fresh stream."""
    row = np.zeros(ITERATIONS_SLOT + len(SEARCH))
    row[ITERATIONS_SLOT:] = [settings.get(key, param.default) for key, param in SEARCH.items()]
    rng = new_state(seed, 0, 1)
    steer = np.empty(0) if prior is None else prior
    card = ismcts_choice(view, row, rng, DECK, CARD_POINTS, HAND_SIZE, ITERATIONS_SLOT, steer)
    return card, int(rng[0])


def test_a_settled_search_stops_early_and_plays_the_card_the_full_search_plays():
    stopped = 0
    for view in _openings(12):
        card, state = _search(view, iterations=400)
        early_card, early_state = _search(view, iterations=400, stop_decided=1)
        assert early_card == card
        stopped += early_state != state  # fewer descents drew fewer numbers
    assert stopped >= 6, stopped


def test_per_choice_gives_that_many_descents_per_legal_card():
    for view in _openings(3):  # six legal cards each
        assert _search(view, iterations=30, per_choice=1) == _search(view, iterations=180)
        assert _search(view, iterations=30, per_choice=1) != _search(view, iterations=30)


def test_guided_playouts_change_the_choices():
    views = _openings(30)
    randomly = [_search(view, iterations=200)[0] for view in views]
    guided = [_search(view, iterations=200, guide=1)[0] for view in views]
    assert randomly != guided


def test_a_strong_prior_on_one_card_makes_the_search_play_it():
    chosen = []
    for view in _openings(8):
        legal = [card for card in range(52) if view[v.LEGAL] >> card & 1]
        favourite = legal[len(legal) // 2]
        prior = np.zeros(52)
        prior[favourite] = 1000.0
        card, _ = _search(view, prior=prior, iterations=60)
        chosen.append(card == favourite)
        assert _search(view, prior=np.zeros(52), iterations=60)[0] in legal
    assert all(chosen)


@pytest.mark.parametrize(
    ("game", "deals"), [("pitch", 40), ("phat", 8), ("don", 12), ("cinch", 20), ("tenpoint", 20)]
)
def test_learned_ismcts_searches_as_guided_ismcts_without_its_prior_and_otherwise_with_it(
    game, deals
):
    def plays(label: str) -> np.ndarray:
        seats = (label, "greedy", "greedy", "greedy")
        return run(RunSpec(game, 8, deals, seats=seats), record=True).plays

    unsteered = plays("learned_ismcts:prior=0:iterations=50")
    assert np.array_equal(unsteered, plays("guided_ismcts:iterations=50"))
    assert not np.array_equal(unsteered, plays("learned_ismcts:iterations=50"))
