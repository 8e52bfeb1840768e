"""The card model for the family (`sims.core.deck`) and the trick rules that read it
(`legal_cards_in`, `legal_following`, `beats_in`, `trump_extremes_in` of
`sims.core.tricks`, and a deck's `follows` and `beaters`): on the plain pack they are the
rules every game plays today, card for card; on Cinch's deck (the Left Pedro) and
Ten-point Pitch's (the off-jack and the jokers, every `jokers` option) they agree with each
game's plain-Python reference, written from the rule book alone, on effective suits,
legal cards and trick winners."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sims.core.cards import CardError, card_name
from sims.core.deck import STANDARD, Deck, between
from sims.core.tricks import (
    beats,
    beats_in,
    legal_cards,
    legal_cards_in,
    legal_following,
    trump_extremes_in,
)
from sims.games.cinch import reference as cinch
from sims.games.cinch.cards import DECK as CINCH
from sims.games.tenpoint import reference as tenpoint
from sims.games.tenpoint.cards import deck as tenpoint_deck

SUITS = "CDHS"


def mask(cards) -> int:
    total = 0
    for card in cards:
        total |= 1 << card
    return total


def cards_of(value: int) -> list[int]:
    return [card for card in range(64) if value >> card & 1]


def winner(deck: Deck, trick: list[int], trump: int) -> int:
    """The position in `trick` of the card that takes it, by `beats_in`."""
    best = 0
    for k in range(1, len(trick)):
        if beats_in(trick[k], trick[best], trump, deck.suits, deck.ranks):
            best = k
    return best


def winner_by_beaters(deck: Deck, trick: list[int], trump: int) -> int:
    """The position in `trick` of the card that takes it, by the deck's `beaters`: a card
    wins where it is among the beaters of the card winning so far."""
    best = 0
    for k in range(1, len(trick)):
        if deck.beaters[deck.row(trump), trick[best]] >> trick[k] & 1:
            best = k
    return best


def legal_by_follows(deck: Deck, hand: int, trick: list[int], trump: int, must: bool) -> int:
    """`legal_following` of `hand` to `trick` (empty: leading) by the deck's `follows`."""
    row = deck.row(trump)
    suit_led = int(deck.follows[row, trick[0]]) if trick else 0
    instead = 0 if must or trump < 0 else int(deck.masks[row, trump])
    return legal_following(hand, suit_led, instead)


def test_the_plain_pack_plays_as_every_game_plays_today():
    rng = random.Random(1)
    for trump in range(-1, 4):
        for card in range(52):
            for best in range(52):
                expected = beats(card, best, trump)
                assert beats_in(card, best, trump, STANDARD.suits, STANDARD.ranks) == expected
                if card != best:
                    taken = STANDARD.beaters[STANDARD.row(trump), best] >> card & 1
                    assert bool(taken) == expected
        for _ in range(300):
            hand = mask(rng.sample(range(52), rng.randint(1, 13)))
            for led in range(-1, 4):
                # Without a trump only must-follow games play (the deal has no trumps to
                # play instead), so that is all `legal_cards` is asked there.
                for must in (False, True) if trump >= 0 else (True,):
                    expected = legal_cards(hand, led, trump, must)
                    assert legal_cards_in(hand, led, trump, must, STANDARD.masks) == expected
                    lead = [] if led < 0 else [led * 13 + rng.randrange(13)]
                    assert legal_by_follows(STANDARD, hand, lead, trump, must) == expected


def test_high_and_low_are_the_extreme_trumps_by_trick_rank():
    rng = random.Random(2)
    for _ in range(500):
        cards = mask(rng.sample(range(52), 12))
        trump = rng.randrange(4)
        trumps = [c for c in cards_of(cards) if c // 13 == trump]
        high, low = trump_extremes_in(cards, trump, STANDARD.masks, STANDARD.ranks)
        assert (high, low) == ((max(trumps), min(trumps)) if trumps else (-1, -1))
    # Ten-point's lone joker ranks under the deuce: it is the lowest trump when held.
    deck = tenpoint_deck("one")
    cards = mask([52, 0, 12])  # JK, 2C, AC under clubs
    assert trump_extremes_in(cards, 0, deck.masks, deck.ranks) == (12, 52)


def test_the_left_pedro_is_a_trump_between_the_trump_five_and_four():
    for trump in range(4):
        pedro = (3 - trump) * 13 + 3
        assert CINCH.effective_suit(pedro, trump) == trump
        assert CINCH.trick_rank(trump * 13 + 3, trump) > CINCH.trick_rank(pedro, trump)
        assert CINCH.trick_rank(pedro, trump) > CINCH.trick_rank(trump * 13 + 2, trump)
        assert CINCH.effective_suit(pedro, -1) == 3 - trump  # no trump: its printed suit
    # The rule book's example (6.0.2): hearts trump, the five of diamonds is a trump, and a
    # hand whose only diamond it is has no diamond to follow with.
    hand = mask([CINCH.parse_card(c) for c in ("5D", "KC", "2H")])
    legal = legal_cards_in(hand, 1, 2, False, CINCH.masks)
    assert legal == hand  # void in diamonds: any card


def _reference_names(cards: list[int], deck: Deck) -> list[str]:
    return [deck.card_name(card) for card in cards]


@pytest.mark.parametrize("trump", range(4))
def test_cinch_deck_agrees_with_the_cinch_reference(trump):
    rng = random.Random(trump)
    name = SUITS[trump]
    for card in range(52):
        expected = cinch.effective_suit(card_name(card), name)
        assert SUITS[CINCH.effective_suit(card, trump)] == expected
    for _ in range(400):
        dealt = rng.sample(range(52), 10)
        hand, trick = dealt[:6], dealt[6 : 6 + rng.randint(1, 4)]
        plays = list(enumerate(_reference_names(trick, CINCH)))
        assert winner(CINCH, trick, trump) == cinch.trick_winner(plays, name)
        assert winner_by_beaters(CINCH, trick, trump) == cinch.trick_winner(plays, name)
        rules = cinch.Rules()
        names = _reference_names(hand, CINCH)
        expected = {CINCH.parse_card(c) for c in cinch.legal_cards(rules, names, plays, name)}
        led = CINCH.effective_suit(trick[0], trump)
        assert set(cards_of(legal_cards_in(mask(hand), led, trump, False, CINCH.masks))) == expected
        assert set(cards_of(legal_by_follows(CINCH, mask(hand), trick, trump, False))) == expected


@pytest.mark.parametrize("jokers", ["distinct", "first_wins", "one", "none"])
@pytest.mark.parametrize("off_jack", [True, False])
def test_ten_point_decks_agree_with_the_ten_point_reference(jokers, off_jack):
    deck = tenpoint_deck(jokers, off_jack)
    rules = tenpoint.Rules(jokers=jokers, off_jack=off_jack)
    rng = random.Random(f"{jokers} {off_jack}")
    for trump in range(4):
        name = SUITS[trump]
        for card in range(deck.size):
            expected = tenpoint.effective_suit(rules, deck.card_name(card), name)
            assert SUITS[deck.effective_suit(card, trump)] == expected
        for _ in range(300):
            dealt = rng.sample(range(deck.size), 10)
            hand, trick = dealt[:6], dealt[6 : 6 + rng.randint(1, 4)]
            plays = list(enumerate(_reference_names(trick, deck)))
            # Equal jokers: the first played wins (first_wins), as `>` leaves a tie to it.
            assert winner(deck, trick, trump) == tenpoint.trick_winner(rules, plays, name)
            assert winner_by_beaters(deck, trick, trump) == winner(deck, trick, trump)
            names = _reference_names(hand, deck)
            legal = tenpoint.legal_cards(rules, names, plays, name)
            led = deck.effective_suit(trick[0], trump)
            found = cards_of(legal_cards_in(mask(hand), led, trump, False, deck.masks))
            assert set(found) == {deck.parse_card(c) for c in legal}
            found = cards_of(legal_by_follows(deck, mask(hand), trick, trump, False))
            assert set(found) == {deck.parse_card(c) for c in legal}


def test_jokers_are_named_and_parsed_and_errors_name_the_deck():
    deck = tenpoint_deck()
    assert [deck.card_name(c) for c in (52, 53)] == ["HJ", "LJ"]
    assert deck.parse_cards("hj, 10h LJ") == [52, 34, 53]
    assert deck.format_cards([0, 52, 51, 53]) == "LJ HJ AS 2C"  # extra cards, then high to low
    assert deck.size == 54 and deck.full == (1 << 54) - 1
    with pytest.raises(CardError, match="54-card Ten-point deck.*HJ LJ"):
        deck.parse_card("X1")
    with pytest.raises(CardError, match="outside the 54-card"):
        deck.card_name(54)
    with pytest.raises(CardError, match="52-card pack: expected"):
        STANDARD.parse_card("HJ")
    with pytest.raises(CardError, match="given twice"):
        deck.parse_cards("HJ AS hj")
    assert tenpoint_deck("one").parse_card("JK") == 52


def test_a_deck_refuses_what_cannot_be():
    with pytest.raises(ValueError, match="at most 64"):
        Deck("too big", extra=tuple(f"X{k}" for k in range(13)))
    with pytest.raises(ValueError, match="not in the deck"):
        Deck("bad", moved=lambda trump: [(52, 0)])
    with pytest.raises(ValueError, match="no rank"):
        between(3, 3)
    assert not STANDARD.suits.flags.writeable  # the tables are shared: read-only
    assert np.array_equal(STANDARD.masks[4], STANDARD.masks[0])  # no trump moves nothing
