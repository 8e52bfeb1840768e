"""Cinch's blind-drawing dealer (`greedy_blind`, the counterfactual of the rob) and its
opening-lead policies: what each chooses in a view made by hand, and the blind dealer
on simulated deals."""

from __future__ import annotations

import numpy as np

from sims.core.bits import popcount
from sims.core.cards import mask_of
from sims.games.cinch import rules as c
from sims.games.cinch import slots
from sims.games.cinch.cards import DECK
from sims.games.cinch.strategies.leads import lead_low, lead_plain, lead_top
from sims.games.cinch.strategies.rob import blind_rob
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from sims.strategies import view as v

HEARTS = 2


def mask(cards: str) -> int:
    return mask_of([DECK.parse_card(card) for card in cards.split()])


def view_of(hand: str, legal: str | None = None, **slots: int) -> np.ndarray:
    """A view of the four-handed game, hearts trumps, holding `hand`."""
    view = np.zeros(v.SIZE, np.int64)
    view[v.HAND] = mask(hand)
    view[v.LEGAL] = mask(hand if legal is None else legal)
    view[v.TRUMP], view[v.PLAYERS], view[v.SIDES] = HEARTS, 4, 2
    for name, value in slots.items():
        view[getattr(v, name)] = value
    return view


def rob_until_six(pool: str, drawn: str, seed: int = 0) -> int:
    """The six cards the blind dealer (seat 3) keeps of `pool`, `drawn` from the stock."""
    rng = np.array([seed + 1], np.int64)
    view = view_of(pool, DECISION=v.DISCARD, SEAT=3, DEALER=3)
    view[slots.DRAWN] = mask(drawn)
    while popcount(int(view[v.HAND])) > c.HAND_SIZE:
        card = blind_rob(view, rng)
        assert view[v.LEGAL] >> card & 1
        view[v.HAND] &= ~(1 << card)
        view[v.LEGAL] = view[v.HAND]
    return int(view[v.HAND])


def test_the_blind_dealer_keeps_its_own_trumps_and_draws_the_rest_at_random():
    """Dealt three trumps and six plain cards, he keeps the three and three cards of the
    stock, whichever they are: the trumps found there are not preferred."""
    dealt = "AH 5H 2H KS QS JS 3C 4C 6D"
    drawn = "JH TH 5D 9C TC 8S"  # three trumps among six
    kept_stock = set()
    for seed in range(40):
        kept = rob_until_six(f"{dealt} {drawn}", drawn, seed)
        assert kept & mask("AH 5H 2H") == mask("AH 5H 2H")
        assert kept & mask("KS QS JS 3C 4C 6D") == 0
        assert popcount(kept & mask(drawn)) == 3
        kept_stock.add(kept & mask(drawn))
    assert len(kept_stock) > 5  # a random choice, not the best trumps


def test_the_blind_dealer_with_seven_trumps_keeps_six_of_them():
    dealt = "AH KH QH JH TH 9H 3H KS 4C"
    kept = rob_until_six(f"{dealt} 5H 2D", "5H 2D")
    assert kept == mask("AH KH QH JH TH 9H")  # the 3 goes, the cheapest; no stock card


def test_the_blind_rob_leaves_other_decisions_to_the_player():
    rng = np.ones(1, np.int64)
    view = view_of("AH 5H 2H KS", DECISION=v.DISCARD, SEAT=1, DEALER=3)
    assert blind_rob(view, rng) == -1  # a non-dealer's discard
    view = view_of("AH 5H 2H KS", DECISION=v.PLAY, SEAT=3, DEALER=3)
    assert blind_rob(view, rng) == -1  # a card played


def test_lead_policies():
    rng = np.ones(1, np.int64)
    view = view_of("AH 5H 7H 2H KS 3C", DECISION=v.OPENING)
    assert lead_top(view, np.zeros(1), rng) == DECK.parse_card("AH")
    assert lead_low(view, np.zeros(1), rng) == DECK.parse_card("7H")  # no point, lowest
    assert lead_plain(view, np.zeros(1), rng) == DECK.parse_card("3C")
    trumps_only = view_of("AH 5H 7H", DECISION=v.OPENING)
    assert lead_plain(trumps_only, np.zeros(1), rng) == DECK.parse_card("7H")


def test_the_blind_dealer_bids_as_the_robber_and_holds_fewer_trumps():
    """On the same deals the auctions are the same; where the dealer's side made trump,
    it holds fewer trumps after a blind draw than after the rob, and never more."""
    robbed = run_frame(run(RunSpec("cinch", 5, 3000, seats=("greedy",))))
    blind = run_frame(run(RunSpec("cinch", 5, 3000, seats=("greedy_blind",))))
    for column in ("contract", "trump", "pitcher", "dealer_stock_trumps"):
        assert (robbed[column] == blind[column]).all()
    dealer_makes = (robbed["maker_side"] == robbed["dealer"] % 2).to_numpy()
    more = robbed["maker_side_trumps"].to_numpy() - blind["maker_side_trumps"].to_numpy()
    assert (more[dealer_makes] >= 0).all()
    assert more[dealer_makes].mean() > 0.2
