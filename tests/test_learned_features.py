"""The learned policies' features read the deck they are given, not the printing: under a
deck that moves a card into the trumps (Cinch's Left Pedro, Ten-point's off-jack), the
card is described as a trump of the suit led, and under the plain pack as the card of its
printed suit. The networks' games play the plain pack, where nothing changes (the fixed
runs' hashes, `tests/test_learned_policy.py`)."""

import numpy as np
import pytest

from sims.core.cards import parse_card
from sims.core.deck import STANDARD
from sims.games.cinch.cards import DECK as CINCH
from sims.games.phat.strategies import features as phat_features
from sims.games.pitch.strategies import features as pitch_features
from sims.games.tenpoint.cards import deck as tenpoint_deck
from sims.strategies import view as v

HEARTS = 2
LEFT_PEDRO = parse_card("5D")  # under hearts, in Cinch's deck
OFF_JACK = parse_card("JD")  # under hearts, in Ten-point's deck


def follow_view(hand: list[str], led: str) -> np.ndarray:
    """Seat 1 of four, second to play to a trick that seat 0 led with `led` (hearts
    trump): partnerships 0-2 and 1-3, seat 0 pitched."""
    view = np.zeros(v.SIZE, np.int64)
    card = parse_card(led)
    view[v.DECISION] = v.PLAY
    view[v.SEAT] = 1
    view[v.HAND] = sum(1 << parse_card(name) for name in hand)
    view[v.TRUMP] = HEARTS
    view[v.LED_SUIT] = card // 13
    view[v.POSITION] = 1
    view[v.WINNING_CARD] = card
    view[v.WINNING_SEAT] = 0
    view[v.TRICK_CARDS] = view[v.PLAYED] = view[v.PLAYED_BY] = 1 << card
    view[v.PLAYERS] = 4
    view[v.HAND_SIZE] = 6
    view[v.PITCHER] = 0
    view[v.CONTRACT] = 2
    view[v.SIDES] = 2
    for seat in range(4):
        view[v.SIDE_OF + seat] = seat & 1
    return view


def described(module, view: np.ndarray, card: int, deck: np.ndarray) -> np.ndarray:
    """The module's numbers for `card` in `view` by `deck`."""
    out = np.zeros(module.FEATURES, np.float64)
    module.describe_card(view, card, out, deck)
    return out


# Per module: the numbers that say the card is a trump, follows the suit led, trumps in
# while void in it, is thrown off, and wins the trick (`features.py`'s comments).
SLOTS = {
    pitch_features: {"trump": 0, "follows": 33, "trumps_in": 34, "throws": 35, "wins": 13},
    phat_features: {"trump": 0, "follows": 26, "trumps_in": 27, "throws": 28, "wins": 16},
}


@pytest.mark.parametrize("module", list(SLOTS), ids=["pitch", "phat"])
@pytest.mark.parametrize(
    ("deck", "card"),
    [(CINCH.packed, LEFT_PEDRO), (tenpoint_deck().packed, OFF_JACK)],
    ids=["left-pedro", "off-jack"],
)
def test_a_card_moved_into_the_trumps_is_described_as_a_trump(module, deck, card):
    view = follow_view(["5D", "JD", "KS"], led="4H")
    slots = SLOTS[module]
    moved = described(module, view, card, deck)
    assert moved[slots["trump"]] == 1
    assert moved[slots["follows"]] == 1  # the trump 4 was led: it follows
    assert moved[slots["trumps_in"]] == 0 and moved[slots["throws"]] == 0
    assert moved[slots["wins"]] == 1  # above the trump 4
    printed = described(module, view, card, STANDARD.packed)
    assert printed[slots["trump"]] == 0 and printed[slots["follows"]] == 0
    assert printed[slots["throws"]] == 1 and printed[slots["wins"]] == 0


def test_the_jack_of_trumps_is_the_decks_and_the_off_jack_ranks_below_it():
    """Pitch's numbers for the Jack (3) and 'no unplayed card of its suit above' (9)."""
    deck = tenpoint_deck().packed
    view = follow_view(["JH", "JD", "KS"], led="4H")
    jack, off_jack = (described(pitch_features, view, parse_card(c), deck) for c in ("JH", "JD"))
    assert jack[3] == 1 and off_jack[3] == 0
    top = follow_view(["AH", "KH", "QH", "JH", "JD"], led="4H")
    top[v.PLAYED] |= (1 << 52) | (1 << 53)  # the jokers are out too: only the hand above
    off_jack = described(pitch_features, top, OFF_JACK, deck)
    assert off_jack[9] == 0  # the trump jack, in the hand but unplayed, is above it
    top[v.PLAYED] |= sum(1 << parse_card(c) for c in ("AH", "KH", "QH", "JH"))
    top[v.HAND] = 1 << OFF_JACK
    assert described(pitch_features, top, OFF_JACK, deck)[9] == 1


@pytest.mark.parametrize("module", list(SLOTS), ids=["pitch", "phat"])
def test_the_games_own_features_read_the_plain_pack(module):
    view = follow_view(["5D", "JD", "KS"], led="4H")
    for card in (LEFT_PEDRO, OFF_JACK, parse_card("KS")):
        out = np.zeros(module.FEATURES, np.float64)
        module.card_features(view, card, out)
        np.testing.assert_array_equal(out, described(module, view, card, STANDARD.packed))
