"""Card codes, masks and the text form of cards."""

import pytest

from sims.core.cards import (
    FULL_DECK,
    CardError,
    card_name,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    suit_mask,
    suit_of,
)


def test_encoding_is_suit_times_13_plus_rank():
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("AS") == 51
    assert parse_card("TD") == 13 + 8


@pytest.mark.parametrize("text", ["AH", "ah", "A♥", "a♡", " AH "])
def test_ace_of_hearts_in_every_accepted_spelling(text):
    assert parse_card(text) == 2 * 13 + 12


@pytest.mark.parametrize("text", ["10D", "td", "T♦", "10♢"])
def test_ten_in_every_accepted_spelling(text):
    assert card_name(parse_card(text)) == "TD"


@pytest.mark.parametrize("text", ["", "A", "1H", "AX", "11H", "ZZ", "AHH", "♥A"])
def test_malformed_cards_are_rejected_with_the_text_named(text):
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert "card" in str(caught.value)


def test_every_card_round_trips_through_its_name():
    assert [parse_card(card_name(card)) for card in range(52)] == list(range(52))
    with pytest.raises(CardError):
        card_name(52)


def test_duplicates_in_a_card_string_are_rejected():
    assert parse_cards("AH, KH 10h") == [parse_card("AH"), parse_card("KH"), parse_card("TH")]
    with pytest.raises(CardError, match="AH is given twice"):
        parse_cards("AH KD ah")


def test_masks_follow_the_drawn_layout():
    assert FULL_DECK == (1 << 52) - 1
    assert suit_mask(0) == 0x1FFF
    assert suit_mask(3) == 0x1FFF << 39
    assert sum(suit_mask(s) for s in range(4)) == FULL_DECK
    hand = parse_cards("AS 9H 2C")
    assert cards_of(mask_of(hand)) == sorted(hand)
    assert format_cards(mask_of(hand)) == "AS 9H 2C"


def test_suit_and_rank_by_multiply_and_shift_match_division():
    for card in range(64):
        assert suit_of(card) == card // 13
        assert rank_of(card) == card % 13
