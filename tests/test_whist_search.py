"""Solo Whist's `pimc`: its sampled deals place the cards its player knows another seat
holds (the turned card, an exposed misère hand), it plays whole deals legally and
reproducibly, and its parameters reach the search."""

import numpy as np

from sims.core.cards import FULL_DECK, mask_of, parse_card, parse_cards
from sims.core.deck import STANDARD
from sims.core.rng import new_state
from sims.games.solowhist import rules as w
from sims.games.solowhist.strategies.search import known_cards
from sims.run.runner import RunSpec, run
from sims.strategies import view as v
from sims.strategies.sampling import deal_hidden_around, new_pool

HAND = mask_of(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))


def whist_view(turned: str, dealer: int, contract: int = w.SOLO) -> np.ndarray:
    """The view of seat 0 leading the first trick of `contract`, seat 1 declaring."""
    view = np.zeros(v.SIZE, np.int64)
    view[[v.DECISION, v.SEAT, v.HAND, v.LEGAL, v.PLAYERS, v.FOLLOW]] = (
        v.OPENING,
        0,
        HAND,
        HAND,
        4,
        1,
    )
    view[[v.TURNED, v.DEALER, v.CONTRACT, v.DECLARERS]] = parse_card(turned), dealer, contract, 2
    view[v.TRUMP] = -1 if contract == w.MISERE_OUVERTE else parse_card(turned) // 13
    return view


def test_the_dealer_holds_the_turned_card_in_every_sampled_deal():
    view = whist_view("7H", dealer=3)
    known = np.zeros(7, np.int64)
    known_cards(view, known)
    assert known[3] == 1 << parse_card("7H") and not known[[0, 1, 2]].any()
    rng, hands, pool = new_state(3, 0, 1), np.zeros(7, np.int64), new_pool()
    for _ in range(200):
        deal_hidden_around(view, 13, known, rng, hands, pool, STANDARD.packed)
        assert hands[0] == HAND and hands[3] >> parse_card("7H") & 1
        assert [bin(hands[s]).count("1") for s in range(4)] == [13] * 4
        assert hands[1] | hands[2] | hands[3] == FULL_DECK & ~HAND


def test_an_exposed_misere_hand_is_dealt_as_shown():
    view = whist_view("7H", dealer=0, contract=w.MISERE_OUVERTE)
    view[v.TURNED] = parse_card("2S")  # the deciding seat dealt: it holds the turned card
    exposed = mask_of(parse_cards("2C 3C 4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H"))
    view[v.EXPOSED] = exposed
    known = np.zeros(7, np.int64)
    known_cards(view, known)
    assert known[1] == exposed and not known[[0, 2, 3]].any()
    rng, hands, pool = new_state(4, 0, 1), np.zeros(7, np.int64), new_pool()
    for _ in range(50):
        deal_hidden_around(view, 13, known, rng, hands, pool, STANDARD.packed)
        assert hands[1] == exposed


def test_whole_deals_are_legal_and_reproducible():
    spec = RunSpec("solowhist", 2, 24, seats=("pimc:samples=2:depth=4", "greedy") * 2)
    first = run(spec, threads=1).table
    again = run(spec, threads=2).table
    assert len(first) == 24 and (first["contract"] > 0).any()  # a fault would have raised
    assert np.array_equal(first, again)


def test_its_parameters_reach_the_search():
    plays = {}
    for label in ("pimc:samples=1:depth=5", "pimc:samples=8:depth=5", "pimc:samples=8:depth=1"):
        plays[label] = run(RunSpec("solowhist", 5, 16, seats=(label,)), record=True).plays
    first, more_samples, shallower = plays.values()
    assert not np.array_equal(first, more_samples)
    assert not np.array_equal(more_samples, shallower)
