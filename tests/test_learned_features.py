"""The learned policies' features read the deck they are given, not the printing: under a
deck that moves a card into the trumps (Cinch's Left Pedro, Ten-point's off-jack), the
card is described as a trump of the suit led, and under the plain pack as the card of its
printed suit. The networks' games play the plain pack, where nothing changes (the fixed
runs' hashes, `tests/test_learned_policy.py`), but Cinch, whose own features read its
deck: the Left Pedro is a trump and a Pedro there, and Ten-point Pitch, whose features
read the deck its view names: the off-jack and the jokers are trumps there where the
options make them so."""

import numpy as np
import pytest

from sims.core.cards import N_CARDS, parse_card
from sims.core.deck import STANDARD
from sims.core.options import resolve
from sims.games.allfours.strategies import features as allfours_features
from sims.games.cinch.cards import DECK as CINCH
from sims.games.cinch.strategies import features as cinch_features
from sims.games.phat.strategies import features as phat_features
from sims.games.pitch.strategies import features as pitch_features
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.cards import deck as tenpoint_deck
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies import features as tenpoint_features
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


def allfours_view(hand: list[str], led: str, players: int = 2) -> np.ndarray:
    """The last seat of an All Fours table (hearts trump, made before play) to play to the
    first trick, which seat 0 led with `led` and wins; at four seats 1 and 2 threw clubs."""
    view = follow_view(hand, led)
    view[v.PLAYERS] = players
    view[v.SEAT] = view[v.POSITION] = players - 1
    view[v.SIDES] = 2 if players == 4 else players
    view[v.PITCHER] = -1
    view[v.CONTRACT] = 0
    view[v.TARGET] = 7
    for seat in range(players):
        view[v.SIDE_OF + seat] = seat & 1 if players == 4 else seat
    if players == 4:
        view[v.TRICK_CARDS] |= 1 << parse_card("2C") | 1 << parse_card("3C")
        view[v.PLAYED] = view[v.TRICK_CARDS]
    return view


def allfours_card(view: np.ndarray, name: str) -> np.ndarray:
    out = np.zeros(allfours_features.FEATURES, np.float64)
    allfours_features.card_features(view, parse_card(name), out)
    return out


# All Fours' numbers (`allfours/strategies/features.py`'s comments).
WINS, PARTNER, JACK_TAKEN, JACK_LEFT, FOLLOWS, TRUMPS, TRUMPS_OVER_SUIT = 15, 21, 24, 25, 28, 29, 30
TOP_TRUMP, TRICK_POINTS_WON = 6, 19


def test_allfours_trumping_is_told_from_following_and_from_trumping_while_void():
    view = allfours_view(["5S", "2H", "KD"], led="TS")
    trumped, followed = allfours_card(view, "2H"), allfours_card(view, "5S")
    assert trumped[TRUMPS] == 1 and trumped[TRUMPS_OVER_SUIT] == 1  # it holds a spade
    assert trumped[WINS] == 1 and trumped[TRICK_POINTS_WON] == 1  # the ten's 10 points
    assert followed[FOLLOWS] == 1 and followed[TRUMPS] == 0 and followed[WINS] == 0
    void = allfours_view(["2H", "KD"], led="TS")
    assert allfours_card(void, "2H")[TRUMPS] == 1
    assert allfours_card(void, "2H")[TRUMPS_OVER_SUIT] == 0


def test_allfours_capturing_the_jack_and_leaving_it():
    view = allfours_view(["QH", "TH"], led="JH")
    queen, ten = allfours_card(view, "QH"), allfours_card(view, "TH")
    assert queen[JACK_TAKEN] == 1 and queen[JACK_LEFT] == 0
    assert ten[JACK_TAKEN] == 0 and ten[JACK_LEFT] == 1


def test_allfours_the_dead_upcard_is_seen_and_no_longer_out():
    view = allfours_view(["KH", "3D"], led="4D")
    assert allfours_card(view, "KH")[TOP_TRUMP] == 0  # the ace of trumps may be out
    view[v.DEAD] = 1 << parse_card("AH")  # the upcard that made hearts trump, dead
    assert allfours_card(view, "KH")[TOP_TRUMP] == 1


def test_allfours_a_partner_only_at_four():
    alone = allfours_card(allfours_view(["3S", "KD"], led="4S"), "3S")
    assert alone[PARTNER] == 0
    four = allfours_view(["3S", "KD"], led="4S", players=4)  # seat 3: seat 1 is its partner
    assert allfours_card(four, "3S")[PARTNER] == 0  # seat 0 wins
    nine = parse_card("9S")  # seat 1 overtook with it instead of the 2 of clubs
    four[v.TRICK_CARDS] = four[v.PLAYED] = 1 << parse_card("4S") | 1 << nine | 1 << parse_card("3C")
    four[v.WINNING_CARD], four[v.WINNING_SEAT] = nine, 1
    assert allfours_card(four, "3S")[PARTNER] == 1


def cinch_view(hand: list[str], led: str) -> np.ndarray:
    """`follow_view` in Cinch: seat 0 made a contract of 2, the game to 51."""
    view = follow_view(hand, led)
    view[v.TARGET] = 51
    return view


def cinch_card(view: np.ndarray, name: str) -> np.ndarray:
    out = np.zeros(cinch_features.FEATURES, np.float64)
    cinch_features.card_features(view, parse_card(name), out)
    return out


# Cinch's numbers (`cinch/strategies/features.py`'s comments).
C_TRUMP, C_POINTS, C_PEDRO, C_TOP_TRUMP, C_CINCHER, C_WINS = 0, 3, 4, 7, 11, 19
C_PEDRO_TAKEN, C_CINCHED, C_PEDRO_RISKED, C_FOLLOWS, C_TRUMPS = 32, 33, 34, 35, 36
C_TRUMPS_OVER_SUIT, C_THROWS, C_PARTNER_AFTER, C_MAKERS, C_TO_MAKE = 37, 38, 39, 45, 46


def test_cinch_the_left_pedro_is_a_trump_and_a_pedro():
    view = cinch_view(["5D", "KD", "KS"], led="4H")
    left, king = cinch_card(view, "5D"), cinch_card(view, "KD")
    assert left[C_TRUMP] == 1 and left[C_PEDRO] == 1 and left[C_POINTS] == 1  # 5 of 5
    assert left[C_FOLLOWS] == 1 and left[C_TRUMPS] == 0 and left[C_THROWS] == 0
    assert left[C_WINS] == 1  # above the trump 4
    assert left[C_PEDRO_RISKED] == 1  # seats 2 and 3 may hold a higher trump
    assert king[C_TRUMP] == 0 and king[C_PEDRO] == 0 and king[C_THROWS] == 1


def test_cinch_the_left_pedro_led_to_is_not_of_its_printed_suit():
    void = cinch_view(["5D", "3C"], led="9D")
    assert cinch_card(void, "5D")[C_TRUMPS] == 1  # trumping a diamond lead
    assert cinch_card(void, "5D")[C_TRUMPS_OVER_SUIT] == 0  # the hand holds no diamond
    holding = cinch_view(["5D", "KD"], led="9D")
    assert cinch_card(holding, "5D")[C_TRUMPS_OVER_SUIT] == 1
    assert cinch_card(holding, "KD")[C_FOLLOWS] == 1


def test_cinch_a_pedro_led_is_cinched_only_by_a_trump_nothing_unseen_beats():
    view = cinch_view(["AH", "6H", "3C"], led="5H")  # the Right Pedro, led by seat 0
    ace, six = cinch_card(view, "AH"), cinch_card(view, "6H")
    assert ace[C_CINCHER] == 1 and six[C_CINCHER] == 1  # both rank above the Pedros
    assert ace[C_PEDRO_TAKEN] == six[C_PEDRO_TAKEN] == 0.5  # one Pedro of two
    assert ace[C_CINCHED] == 0.5 and six[C_CINCHED] == 0  # the king of trumps is out
    assert cinch_card(view, "3C")[C_CINCHER] == 0


def test_cinch_the_discards_everyone_saw_are_no_longer_out():
    view = cinch_view(["KH", "3C"], led="4H")
    assert cinch_card(view, "KH")[C_TOP_TRUMP] == 0  # the ace of trumps may be out
    view[v.DEAD] = 1 << parse_card("AH")  # discarded by the robbing dealer, shown
    assert cinch_card(view, "KH")[C_TOP_TRUMP] == 1


def test_cinch_a_partner_still_to_play_and_the_makers_points_to_make():
    view = cinch_view(["KH", "3C"], led="4H")  # seat 1: its partner, seat 3, plays last
    assert cinch_card(view, "KH")[C_PARTNER_AFTER] == 1
    view[v.SEAT], view[v.POSITION] = 3, 3
    assert cinch_card(view, "KH")[C_PARTNER_AFTER] == 0
    assert cinch_card(view, "KH")[C_MAKERS] == 0  # seat 0 made the contract of 2
    view[v.WON + 2] = 1 << parse_card("2H")  # Low, taken by the maker's partner
    assert cinch_card(view, "KH")[C_TO_MAKE] == pytest.approx((2 - 1) / 14)


HIGH_JOKER = N_CARDS  # the jokers' codes; the one joker of jokers=one is the first
LOW_JOKER = N_CARDS + 1


def tenpoint_view(hand: list[str], led: str, *options: str) -> np.ndarray:
    """`follow_view` in Ten-point Pitch, the game to 52, by the deck of `options`."""
    view = follow_view(hand, led)
    view[v.TARGET] = 52
    view[v.GAME_WORTH] = 1
    rules = resolve(tp.NAME, tp.OPTIONS, list(options))
    view[v.DECK] = tp.deck_index(rules)
    view[TREY_WORTH] = tp.TREY_POINTS * rules["trey"]
    return view


def tenpoint_card(view: np.ndarray, card: int | str) -> np.ndarray:
    out = np.zeros(tenpoint_features.FEATURES, np.float64)
    code = parse_card(card) if isinstance(card, str) else card
    tenpoint_features.card_features(view, code, out)
    return out


# Ten-point's numbers (`tenpoint/strategies/features.py`'s comments).
T_TRUMP, T_POINTS, T_TREY, T_ONE_POINT, T_GAME, T_MASTER, T_HIGH, T_LOW = 0, 3, 4, 5, 6, 7, 9, 10
T_WINS, T_FOLLOWS, T_TRUMPS, T_THROWS, T_MAKERS, T_TO_TAKE = 20, 37, 38, 40, 47, 48


def test_tenpoint_the_off_jack_and_the_jokers_are_trumps_of_a_point_each():
    view = tenpoint_view(["JD", "KS"], led="4H")
    view[v.HAND] |= 1 << HIGH_JOKER
    for card in ("JD", HIGH_JOKER):
        moved = tenpoint_card(view, card)
        assert moved[T_TRUMP] == 1 and moved[T_FOLLOWS] == 1 and moved[T_WINS] == 1
        assert moved[T_TRUMPS] == 0 and moved[T_THROWS] == 0
        assert moved[T_ONE_POINT] == 1 and moved[T_POINTS] == pytest.approx(1 / 3)
    assert tenpoint_card(view, "JD")[T_GAME] == pytest.approx(0.1)  # a jack's card point
    assert tenpoint_card(view, HIGH_JOKER)[T_GAME] == 0
    king = tenpoint_card(view, "KS")
    assert king[T_TRUMP] == 0 and king[T_THROWS] == 1 and king[T_POINTS] == 0


def test_tenpoint_the_features_read_the_deck_the_view_names():
    plain = tenpoint_card(tenpoint_view(["JD", "KS"], "4H", "off_jack=false"), "JD")
    assert plain[T_TRUMP] == 0 and plain[T_THROWS] == 1 and plain[T_POINTS] == 0
    no_jokers = tenpoint_card(tenpoint_view(["JD", "KS"], "4H", "jokers=none"), "JD")
    assert no_jokers[T_TRUMP] == 1 and no_jokers[T_ONE_POINT] == 1
    deck = tp.deck_index(resolve(tp.NAME, tp.OPTIONS, ["off_jack=false"]))
    out = np.zeros(tenpoint_features.FEATURES, np.float64)
    tenpoint_features.describe_card(tenpoint_view(["JD"], "4H"), parse_card("JD"), out, deck)
    np.testing.assert_array_equal(out, plain)


def test_tenpoint_the_trey_scores_three_and_the_ten_of_trumps_only_under_its_option():
    view = tenpoint_view(["3H", "TH"], led="4H")
    trey, ten = tenpoint_card(view, "3H"), tenpoint_card(view, "TH")
    assert trey[T_TREY] == 1 and trey[T_POINTS] == 1
    assert ten[T_POINTS] == 0 and ten[T_ONE_POINT] == 0 and ten[T_GAME] == 1
    view[v.GAME_WORTH] = 0  # game_card=ten_of_trumps
    assert tenpoint_card(view, "TH")[T_POINTS] == pytest.approx(1 / 3)
    no_trey = tenpoint_view(["3H", "TH"], "4H", "trey=false")
    assert no_trey[TREY_WORTH] == 0
    assert tenpoint_card(no_trey, "3H")[T_TREY] == 0 and tenpoint_card(no_trey, "3H")[T_POINTS] == 0
    no_trey[v.GAME_WORTH] = 0
    assert tenpoint_card(no_trey, "TH")[T_POINTS] == pytest.approx(1 / 3)


def test_tenpoint_high_and_low_by_the_trumps_still_in_play():
    view = tenpoint_view(["KH", "3H", "2H"], led="4H")
    assert tenpoint_card(view, "KH")[T_HIGH] == 0  # the ace of trumps may be out
    assert tenpoint_card(view, "2H")[T_LOW] == 1
    assert tenpoint_card(view, "3H")[T_LOW] == 0  # the deuce, in the hand, is lower
    played = view.copy()
    played[v.PLAYED] |= 1 << parse_card("AH")  # the ace played: High already
    assert tenpoint_card(played, "KH")[T_MASTER] == 1 and tenpoint_card(played, "KH")[T_HIGH] == 0
    view[v.DEAD] = 1 << parse_card("AH")  # the ace burned: out of play
    assert tenpoint_card(view, "KH")[T_HIGH] == 1
    one = tenpoint_view(["2H", "KS"], "4H", "jokers=one")  # the joker ranks below the deuce
    assert tenpoint_card(one, "2H")[T_LOW] == 1
    one[v.HAND] |= 1 << HIGH_JOKER
    joker = tenpoint_card(one, HIGH_JOKER)
    assert joker[T_TRUMP] == 1 and joker[T_LOW] == 0  # never Low


def test_tenpoint_the_pitchers_points_still_to_take():
    view = tenpoint_view(["KH", "3C"], led="4H")  # seat 0 pitched 2; seat 1 defends
    assert tenpoint_card(view, "KH")[T_MAKERS] == 0
    assert tenpoint_card(view, "KH")[T_TO_TAKE] == pytest.approx(2 / 10)
    view[v.WON + 2] = 1 << parse_card("JH") | 1 << LOW_JOKER  # taken by the pitcher's partner
    assert tenpoint_card(view, "KH")[T_TO_TAKE] == 0
