"""`pimc`: the deals it samples agree with everything its player knows (the voids the
engine shows included), spread the unseen cards evenly, and it plays legal cards in every
game."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sims.core.cards import FULL_DECK, mask_of, parse_card, parse_cards, suit_mask
from sims.core.deck import STANDARD
from sims.core.rng import new_state
from sims.engine.common import take_card_nb
from sims.games.pitch import rules as pitch
from sims.run.runner import RunSpec, run
from sims.strategies import view as v
from sims.strategies.sampling import deal_hidden, new_pool, suit_shares

HAND = mask_of(parse_cards("AH JH 5H KS 3C 2D"))


def pitch_view(hand: int = HAND, me: int = 0, players: int = 4) -> np.ndarray:
    """The view of a cutthroat Pitch seat about to open (what the engine shows it)."""
    view = np.zeros(v.SIZE, np.int64)
    view[[v.DECISION, v.SEAT, v.HAND, v.LEGAL, v.TRUMP, v.PLAYERS, v.SIDES, v.PITCHER]] = (
        v.OPENING,
        me,
        hand,
        hand,
        -1,
        players,
        players,
        me,
    )
    view[[v.GAME_WORTH, v.HIGH_LOW_WORTH, v.JACK_WORTH]] = 1
    view[v.SIDE_OF : v.SIDE_OF + players] = range(players)
    return view


@pytest.mark.parametrize(
    ("card", "must_follow", "void"),
    [
        ("9H", False, False),  # followed
        ("4S", False, False),  # trumped: allowed while able to follow, so nothing is shown
        ("4S", True, True),  # trumped under must_follow: it could not follow
        ("7C", False, True),  # neither followed nor trumped
    ],
)
def test_the_engine_marks_a_seat_void_in_the_led_suit_only_when_it_could_not_follow(
    card, must_follow, void
):
    view = pitch_view()
    view[v.FOLLOW] = must_follow
    hands = np.full(4, mask_of(parse_cards(f"{card} 2D")), np.int64)  # a heart only if 9H
    out = np.zeros(1, pitch.OUTCOME_DTYPE)
    led, trump = 2, 3  # hearts led, spades trump; seat 1 plays second
    take_card_nb(
        parse_card(card),
        1,
        hands[1],
        1,
        hands,
        view,
        out,
        0,
        led,
        trump,
        True,
        parse_card("KH"),
        0,
        1 << parse_card("KH"),
        1,
        np.zeros((0, 1), np.int8),
    )
    assert view[v.VOIDS + 1] == (1 << led if void else 0)
    assert view[v.PLAYED_BY + 1] == 1 << parse_card(card)


def test_sampled_hands_hold_only_unseen_cards_of_the_right_sizes_and_respect_voids():
    view = pitch_view()
    played = {1: parse_cards("QH 4H"), 2: parse_cards("9C 2S"), 3: parse_cards("TD")}
    for seat, cards in played.items():
        view[v.PLAYED_BY + seat] = mask_of(cards)
        view[v.PLAYED] |= mask_of(cards)
    view[v.VOIDS + 2] = 1 << 2  # seat 2 has shown it holds no heart
    unseen = FULL_DECK & ~HAND & ~view[v.PLAYED]
    rng, hands, pool = new_state(5, 0, 1), np.zeros(7, np.int64), new_pool()
    for _ in range(300):
        deal_hidden(view, 6, rng, hands, pool, STANDARD.packed)
        assert hands[0] == HAND
        assert [bin(hands[s]).count("1") for s in (1, 2, 3)] == [4, 4, 5]
        others = hands[1] | hands[2] | hands[3]
        assert others & ~unseen == 0 and bin(others).count("1") == 13
        assert hands[2] & suit_mask(2) == 0


def phat_view_late(hands: np.ndarray, voids: list[int], me: int = 0) -> np.ndarray:
    """The view of Phat seat `me` at the start of a trick, the `hands` still held (13 - k
    cards each, the rest played), each other seat showing the suits in `voids`."""
    view = np.zeros(v.SIZE, np.int64)
    left = bin(int(hands[0])).count("1")
    view[[v.DECISION, v.SEAT, v.HAND, v.LEGAL, v.PLAYERS, v.SIDES, v.TRUMP]] = (
        v.PLAY,
        me,
        hands[me],
        hands[me],
        4,
        2,
        0,
    )
    played = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
    view[v.PLAYED] = played
    for seat in range(4):  # who played what does not matter here, only how many
        view[v.PLAYED_BY + seat] = mask_of(
            [c for c in range(52) if played >> c & 1][seat * (13 - left) : (seat + 1) * (13 - left)]
        )
        view[v.VOIDS + seat] = voids[seat]
    return view


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), left=st.integers(2, 8))
def test_suit_shares_meet_every_need_in_suits_each_seat_may_hold(seed, left):
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    hands = np.array([mask_of(deck[13 * s : 13 * s + left]) for s in range(4)], np.int64)
    # each other seat shows some of the suits it does not hold: the real deal fits
    voids = [0] + [
        sum(1 << suit for suit in range(4) if not hands[s] & suit_mask(suit) and rng.random() < 0.8)
        for s in (1, 2, 3)
    ]
    view = phat_view_late(hands, voids)
    unseen = hands[1] | hands[2] | hands[3]
    pool = np.array([c for c in range(52) if unseen >> c & 1] + [0] * 52, np.int64)[:52]
    count = bin(int(unseen)).count("1")
    shares = suit_shares(view, 13, np.zeros(7, np.int64), pool, count, STANDARD.packed)

    for seat in (1, 2, 3):
        assert shares[seat].sum() == left
        assert all(shares[seat, suit] == 0 for suit in range(4) if voids[seat] >> suit & 1)
    for suit in range(4):
        assert shares[:, suit].sum() == bin(int(unseen & suit_mask(suit))).count("1")
    assert shares[0].sum() == 0


def test_when_rejection_fails_the_deal_still_gives_every_seat_its_cards_in_its_suits():
    # Seat 1 may hold spades or hearts, seat 2 only hearts, seat 3 only clubs or diamonds:
    # a uniform deal of the 9 unseen cards fits once in 1,680 tries, so the fallback deals
    # nearly every time, and seat 1 taking the first cards it may hold would often take a
    # heart that seat 2 needs.
    hands = np.array(
        [mask_of(parse_cards(text)) for text in ("AS AH AC", "KS QS JS", "KH QH JH", "KC QD JD")],
        np.int64,
    )
    clubs, diamonds, hearts, spades = (1 << suit for suit in range(4))
    view = phat_view_late(hands, [0, clubs | diamonds, spades | clubs | diamonds, spades | hearts])
    rng, dealt, pool = new_state(4, 0, 1), np.zeros(7, np.int64), new_pool()
    for _ in range(50):
        deal_hidden(view, 13, rng, dealt, pool, STANDARD.packed)
        assert list(dealt[:4]) == list(hands)  # the only deal that fits


def test_without_voids_every_unseen_card_goes_to_each_seat_as_often_as_its_share():
    view = pitch_view()
    rng, hands, pool = new_state(9, 0, 1), np.zeros(7, np.int64), new_pool()
    trials, card = 20_000, parse_cards("TS")[0]
    counts = np.zeros(4, np.int64)
    for _ in range(trials):
        deal_hidden(view, 6, rng, hands, pool, STANDARD.packed)
        for seat in range(1, 4):
            counts[seat] += hands[seat] >> card & 1
    expected = 6 / 46  # each of three hands of 6 drawn from the 46 unseen cards
    se = np.sqrt(expected * (1 - expected) / trials)
    assert np.all(np.abs(counts[1:] / trials - expected) < 4 * se), counts


def test_a_dead_card_is_dealt_to_no_one_and_the_other_unseen_cards_evenly():
    view = pitch_view()
    dead = parse_cards("TS 4D 9C")
    view[v.DEAD] = mask_of(dead)  # discards the seat has seen put out of play
    rng, hands, pool = new_state(11, 0, 1), np.zeros(7, np.int64), new_pool()
    trials = 20_000
    dealt = np.zeros((trials, 4), np.int64)
    for trial in range(trials):
        deal_hidden(view, 6, rng, hands, pool, STANDARD.packed)
        dealt[trial] = hands[:4]
    held = (dealt[:, 1:, None] >> np.arange(52)) & 1  # held[trial, seat - 1, card]
    assert not held[:, :, dead].any()
    unseen = [card for card in range(52) if (FULL_DECK & ~HAND & ~mask_of(dead)) >> card & 1]
    share = held[:, :, unseen].mean(axis=0)
    expected = 6 / 43  # each of three hands of 6 drawn from the 43 cards still unseen
    se = np.sqrt(expected * (1 - expected) / trials)
    assert np.all(np.abs(share - expected) < 4.5 * se), share


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seats", "variants"),
    [
        ("pitch", ("pimc:samples=4",) * 4, ()),
        ("pitch", ("pimc:samples=3", "greedy", "greedy", "greedy"), ("players=4", "partnership")),
        ("phat", ("pimc:samples=3:depth=3", "greedy", "greedy", "greedy"), ()),
        ("don", ("pimc:samples=3:depth=3",) * 4, ()),
    ],
)
def test_pimc_plays_whole_deals_legally(game, seats, variants):
    rows = run(RunSpec(game, 1, 40, seats=seats, variants=variants)).table
    assert len(rows) == 40  # the engine checks every card: a fault would have raised
