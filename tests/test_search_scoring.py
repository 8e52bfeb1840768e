"""The search players' scoring in All Fours and Ten-point Pitch (docs/rules.md sections 7
and 8): the solver position a search player builds from a seat's view, given the true
hidden hands (`sims.strategies.sampling.load_position`, with the deck and card points its
search module passes), scores the deal as `solve` does for the same deal, field by field,
under every scoring option the solver plays: All Fours' Game on a tie (`game_tie`) and
`low_to`; Ten-point's jokers (never Low), Off-Jack, Trey, ten of trumps and `low_to`. A
tied Game goes where the deal loop scored it, whoever dealt."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import product

import numpy as np
import pytest

from sims.core.options import resolve
from sims.engine import solver as s
from sims.engine.common import OK, SCRIPT_EXHAUSTED
from sims.games.allfours import rules as af
from sims.games.allfours.descriptor import allfours_position
from sims.games.allfours.strategies import search as allfours_search
from sims.games.allfours.training import decision_views
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.deal import C_AT_PLAY, I_ASKED, I_DECISIONS, I_EXCHANGES
from sims.games.tenpoint.descriptor import tenpoint_position
from sims.games.tenpoint.scripted import play_given
from sims.games.tenpoint.strategies import search as tenpoint_search
from sims.run.runner import RunSpec, run
from sims.strategies import view as v
from sims.strategies.registry import resolve as resolve_strategy
from sims.strategies.sampling import load_position

FIELDS = {  # the fields compared: what the deal scores, and who was dealt what
    "P_GAME_TIE": s.P_GAME_TIE,
    "P_NO_LOW": s.P_NO_LOW,
    "P_GAME_WORTH": s.P_GAME_WORTH,
    "P_HIGH_LOW": s.P_HIGH_LOW,
    "P_JACK": s.P_JACK,
    "P_LOW_TO_HOLDER": s.P_LOW_TO_HOLDER,
    "P_MUST_FOLLOW": s.P_MUST_FOLLOW,
    "P_SIDES": s.P_SIDES,
    "P_TRUMP": s.P_TRUMP,
}
SPANS = {  # (first, length)
    "P_CARD_POINTS": (s.P_CARD_POINTS, s.P_TRICK_COUNT - s.P_CARD_POINTS),
    "P_SIDE_OF": (s.P_SIDE_OF, s.MAX_SEATS),
    "P_DEALT": (s.P_DEALT, s.MAX_SEATS),
    "P_DECK": (s.P_DECK, s.POSITION_SIZE - s.P_DECK),
}


def differences(found: np.ndarray, expected: np.ndarray) -> dict[str, tuple]:
    """The compared fields in which two positions differ: name -> (found, expected)."""
    apart = {
        name: (int(found[at]), int(expected[at]))
        for name, at in FIELDS.items()
        if found[at] != expected[at]
    }
    for name, (first, length) in SPANS.items():
        mine, theirs = found[first : first + length], expected[first : first + length]
        if not np.array_equal(mine, theirs):
            apart[name] = (mine.tolist(), theirs.tolist())
    return apart


def from_view(view: np.ndarray, hands: list[int], deck, points) -> np.ndarray:
    """The position a search player loads from `view` with `hands` as the deal."""
    position = np.zeros(s.POSITION_SIZE, np.int64)
    load_position(view, np.array(hands, np.int64), deck, points, int(view[v.TRUMP]), position)
    return position


# --- All Fours ------------------------------------------------------------------------------

ALLFOURS = [
    (),
    ("game_tie=none",),
    ("low_to=winner",),
    ("game_tie=none", "low_to=winner", "discard_after_run=keep_all"),
    ("players=3",),
    ("players=3", "game_tie=none"),
    ("players=4",),
    ("players=4", "game_tie=none", "discard_after_run=keep_if_one_run"),
]


def allfours_deals(variants: tuple[str, ...], count: int):
    """(row, hands at the first trick, [views]) of each deal of a random run that was
    played out, the views rebuilt from its log as the deal loop showed them."""
    result = run(RunSpec(af.NAME, 21, count, seats=("random",), variants=variants), record=True)
    logs = ("table", "hands", "calls", "plays", "winners")
    for deal in range(count):
        one = replace(result, **{name: getattr(result, name)[deal : deal + 1] for name in logs})
        views = [view for view, _ in decision_views(one)]
        if views:
            yield result.table[deal], [int(hand) for hand in result.hands[deal]], views


@pytest.mark.parametrize("variants", ALLFOURS)
def test_an_allfours_view_scores_the_deal_as_solve_does(variants):
    """Deals dealt by seat 0 (the solve position's dealer, eldest seat 1), every card
    decision with a choice: the position from the view equals `allfours_position`'s."""
    rules = resolve(af.NAME, af.OPTIONS, list(variants))
    compared = 0
    for row, dealt, views in allfours_deals(variants, 60):
        if row["dealer"] != 0:
            continue
        trump = int(row["trump"])
        expected = allfours_position(dealt, trump, 1, rules)
        for view in views:
            hands = [hand & ~int(view[v.PLAYED]) for hand in dealt]
            found = from_view(view, hands, allfours_search.DECK, allfours_search.CARD_POINTS)
            assert differences(found, expected) == {}, (variants, row["deal"], hands)
            compared += 1
    assert compared > 50


@pytest.mark.parametrize("variants", [(), ("players=3",), ("players=4",), ("game_tie=none",)])
def test_a_tied_game_goes_where_the_deal_loop_scored_it(variants):
    """Every dealer: where the sides tied for the most card points, the side a search
    player's position gives Game (`P_GAME_TIE`, if among the tied) is the row's."""
    sides = len(af.sides(resolve(af.NAME, af.OPTIONS, list(variants))))
    ties = 0
    for row, dealt, views in allfours_deals(variants, 600):
        counts = [int(points) for points in row["card_points"][:sides]]
        tied = [side for side, points in enumerate(counts) if points == max(counts)]
        if len(tied) < 2:
            continue
        ties += 1
        view = views[0]
        hands = [hand & ~int(view[v.PLAYED]) for hand in dealt]
        search = allfours_search.DECK, allfours_search.CARD_POINTS
        taker = from_view(view, hands, *search)[s.P_GAME_TIE] - 1
        assert row["game_point"] == (taker if taker in tied else -1), (row["deal"], counts)
    assert ties >= 5


# --- Ten-point Pitch --------------------------------------------------------------------------

TENPOINT = [  # every scoring option the solver plays, each value in some case
    (f"jokers={jokers}", f"off_jack={off_jack}", f"trey={trey}", f"game_card={game}")
    for jokers, off_jack, trey, game in product(
        ("distinct", "one", "none"), ("true", "false"), ("true", "false"),
        ("card_points", "ten_of_trumps"),
    )
] + [("low_to=winner",), ("players=3", "partnership=false"), ("players=6", "teams=3")]  # fmt: skip


def tenpoint_views(rules: dict, rnd: random.Random, count: int):
    """(trump, the hands at the first trick, a view) of `count` card decisions to tricks,
    each of its own deal played by `random` from a random pack, the dealer's left bidding
    the minimum and naming a random trump: the view the deal loop showed, stopped there."""
    players = rules["players"]
    size = tp.cards_dealt(rules)
    for _ in range(count):
        pack = list(range(tp.deck_size(rules)))
        rnd.shuffle(pack)
        hands = [pack[seat * size : (seat + 1) * size] for seat in range(players)]
        stock = pack[players * size :]
        trump = rnd.randrange(4)
        calls = [rules["min_bid"], *[0] * (players - 1), trump]
        whole = play_given(rules, hands, stock, 0, calls, [], "random", seed=rnd.randrange(99))
        assert whole.kind == OK
        asked = whole.info[I_DECISIONS : I_DECISIONS + whole.info[I_ASKED]]
        stop = rnd.randrange(int(whole.info[I_EXCHANGES]), len(asked))
        stopped = play_given(rules, hands, stock, 0, calls, [int(card) for card in asked[:stop]])
        assert stopped.kind == SCRIPT_EXHAUSTED
        at_play = []
        for seat in range(players):
            first = C_AT_PLAY + seat * tp.MAX_TRICKS
            cards = whole.calls[first : first + tp.MAX_TRICKS]
            at_play.append(sum(1 << int(card) for card in cards if card >= 0))
        yield trump, at_play, stopped.view


def tenpoint_search_tables(rules: dict):
    """The deck and card points `pimc` and `ismcts` search with under `rules`."""
    params = resolve_strategy("pimc", tp.NAME, rules).play_params
    return tenpoint_search.scoring(params)


@pytest.mark.parametrize("variants", TENPOINT)
def test_a_tenpoint_view_scores_the_deal_as_solve_does(variants):
    rules = resolve(tp.NAME, tp.OPTIONS, list(variants))
    deck, points = tenpoint_search_tables(rules)
    rnd = random.Random(f"search scoring {variants}")
    for trump, at_play, view in tenpoint_views(rules, rnd, 6):
        assert view[v.TRUMP] == trump
        hands = [hand & ~int(view[v.PLAYED]) for hand in at_play]
        assert hands[view[v.SEAT]] == view[v.HAND]
        found = from_view(tenpoint_search.searched(view), hands, deck, points)
        expected = tenpoint_position(at_play, trump, int(view[v.PITCHER]), rules)
        assert differences(found, expected) == {}, (variants, hands)
