"""Hostile input never crashes `allfours`.

Hypothesis feeds arbitrary and near-valid text to the card and hand parsers, the rule
variants, the strategy labels and the options of every command but `bench`. Each input
gives a valid result or the project's own error: a parser raises CardError, OptionError or
StrategyError (ValueError subclasses) with a message, and a command exits with status 2
after one line `allfours: error: ...` on stderr (argparse's usage and error lines for an
option it cannot parse), prints no traceback and leaves nothing behind on disk.

Inputs that once broke this are kept as explicit examples at the end of the file.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from sims.core.cards import N_CARDS, SUITS, CardError, card_name, parse_card, parse_cards
from sims.core.options import MAX_NUMBER, POSITIVE, OptionError, positive_int, variants_of
from sims.core.options import resolve as resolve_options
from sims.descriptors import game as describe
from sims.descriptors import names, serving
from sims.run.conditional import parse_hand, parse_trump
from sims.strategies import Strategy, StrategyError, strategies
from sims.strategies import resolve as resolve_strategy
from sims.strategies.registry import MAX_PARAMS, TABLE_OF, functions
from sims.tools.odds import odds_of
from tests.conftest import call

GAME_MODULES = {name: describe(name).rules for name in names()}  # each game's rules module


def default_rules(game: str) -> dict:
    return resolve_options(game, describe(game).rules.OPTIONS, [])


def hand_size(game: str) -> int:
    """A game's hand for odds under its default rules (some games' change with the rules)."""
    size = odds_of(game).hand_size
    return size if isinstance(size, int) else size(default_rules(game))


HAND_SIZES = {game: hand_size(game) for game in serving("odds")}
# Each game's deck under its default rules: card codes run 0 .. size - 1 (52 and up the
# extra cards, such as Ten-point Pitch's jokers).
DECK_SIZES = {game: describe(game).deck(default_rules(game)).size for game in serving("odds")}
GAMES = tuple(GAME_MODULES)
INT64_MAX = (1 << 63) - 1
# The first call of a helper numba compiles (or loads) may take a while: no deadlines.
QUICK = settings(deadline=None)

# Cards ---------------------------------------------------------------------------------

RANK_SPELLINGS = {r: i for i, r in enumerate("23456789TJQKA")} | {"10": 8}
SUIT_SPELLINGS = {s: i for i, s in enumerate(SUITS)} | {
    "♣": 0,
    "♧": 0,
    "♦": 1,
    "♢": 1,
    "♥": 2,
    "♡": 2,
    "♠": 3,
    "♤": 3,
}
BAD_RANKS = ("", "1", "0", "01", "11", "1O", "TT", "AA", "B", "Z", "X", "½", "٣")
BAD_SUITS = ("", "X", "E", "CD", "♔", "♚", "☃", "1", "0")
PADDING = ("", " ", "  ", "\t", "\n", "\u00a0", "\u3000")
# Separators `parse_cards` splits on, and junk it does not.
SEPARATORS = (" ", ",", ", ", " , ", "\t", "\n", ",,", "\u2003")
JUNK_SEPARATORS = (";", "/", "|", "-", ".", "", "_")


def cased(text: str) -> st.SearchStrategy[str]:
    return st.sampled_from([text, text.lower(), text.upper()])


@st.composite
def card_tokens(draw) -> tuple[str, int | None]:
    """A near-valid card token and the card it names (None: not a card)."""
    rank = draw(st.sampled_from([*RANK_SPELLINGS, *BAD_RANKS]).flatmap(cased))
    suit = draw(st.sampled_from([*SUIT_SPELLINGS, *BAD_SUITS]).flatmap(cased))
    pad = draw(st.sampled_from(PADDING))
    expected = None
    if rank.upper() in RANK_SPELLINGS and suit.upper() in SUIT_SPELLINGS:
        expected = 13 * SUIT_SPELLINGS[suit.upper()] + RANK_SPELLINGS[rank.upper()]
    return pad + rank + suit + pad, expected


@st.composite
def card_spellings(draw, card: int) -> str:
    """One of the ways a valid card may be written."""
    rank, suit = card_name(card)
    rank = draw(st.sampled_from(["10", "T"])) if rank == "T" else rank
    symbol = {"C": "♣♧", "D": "♦♢", "H": "♥♡", "S": "♠♤"}[suit]
    suit = draw(st.sampled_from([suit, suit.lower(), *symbol]))
    return draw(st.sampled_from([rank, rank.lower()])) + suit


@st.composite
def hand_texts(draw, size: int) -> tuple[str, list[int]]:
    """A near-valid hand of about `size` cards, perhaps with a card given twice, and its
    cards in order."""
    count = draw(st.sampled_from([size, size, size, size - 1, size + 1, 0, 1, 52]))
    cards = draw(st.permutations(range(N_CARDS)))[:count]
    if cards and draw(st.integers(0, 4)) == 0:
        cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(cards)))
    tokens = [draw(card_spellings(card)) for card in cards]
    separator = draw(st.sampled_from(SEPARATORS))
    return separator.join(tokens), cards


def test_parse_card_reads_every_documented_spelling():
    assert parse_card("AH") == parse_card("ah") == parse_card("A♥") == parse_card(" a♡ ") == 38
    assert parse_card("10D") == parse_card("td") == parse_card("T♦") == 21
    assert parse_card("2C") == 0 and parse_card("AS") == 51


@QUICK
@given(st.text())
def test_parse_card_of_any_text_is_a_card_or_a_card_error(text):
    try:
        card = parse_card(text)
    except CardError as error:
        assert str(error)
        return
    assert 0 <= card < N_CARDS
    assert len(text.strip()) in (2, 3)
    assert parse_card(card_name(card)) == card


@QUICK
@given(card_tokens())
def test_parse_card_of_a_near_valid_token_is_exactly_the_card_it_names(drawn):
    token, expected = drawn
    if expected is None:
        with pytest.raises(CardError, match="card"):
            parse_card(token)
    else:
        card = parse_card(token)
        assert card == expected
        assert parse_card(card_name(card)) == card


@QUICK
@given(st.integers(0, N_CARDS - 1))
def test_a_card_name_round_trips_through_the_parser(card):
    name = card_name(card)
    assert len(name) == 2 and parse_card(name) == card
    assert parse_card(name.lower()) == card


@QUICK
@given(st.integers().filter(lambda code: not 0 <= code < N_CARDS))
def test_card_name_of_a_code_outside_the_deck_is_a_card_error(code):
    with pytest.raises(CardError, match="outside 0..51"):
        card_name(code)


@QUICK
@given(st.text())
def test_parse_cards_of_any_text_gives_distinct_cards_or_a_card_error(text):
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert str(error)
        return
    assert all(0 <= card < N_CARDS for card in cards)
    assert len(set(cards)) == len(cards) == len(text.replace(",", " ").split())


@QUICK
@given(st.lists(card_tokens(), max_size=8), st.sampled_from(SEPARATORS))
def test_parse_cards_of_near_valid_tokens_is_their_cards_or_a_card_error(tokens, separator):
    text = separator.join(token for token, _ in tokens)
    cards = [card for token, card in tokens if token.strip()]  # blank tokens vanish
    if None in cards:
        with pytest.raises(CardError, match="bad card|given twice"):
            parse_cards(text)
    elif len(set(cards)) != len(cards):
        with pytest.raises(CardError, match="given twice"):
            parse_cards(text)
    else:
        assert parse_cards(text) == cards


@QUICK
@given(st.lists(card_tokens(), min_size=2, max_size=6), st.sampled_from(JUNK_SEPARATORS))
def test_parse_cards_with_junk_separators_never_crashes(tokens, separator):
    text = separator.join(token for token, _ in tokens)
    try:
        cards = parse_cards(text)
    except CardError as error:
        assert str(error)
        return
    assert len(set(cards)) == len(cards) and all(0 <= c < N_CARDS for c in cards)


@pytest.mark.parametrize("game", sorted(HAND_SIZES))
@QUICK
@given(data=st.data())
def test_parse_hand_gives_the_right_number_of_distinct_cards_or_a_card_error(game, data):
    size = HAND_SIZES[game]
    text, cards = data.draw(hand_texts(size))
    if len(set(cards)) != len(cards):
        with pytest.raises(CardError, match="twice"):
            parse_hand(text, game)
    elif len(cards) != size:
        with pytest.raises(CardError, match=f"a hand in {game} has {size} cards; {len(cards)}"):
            parse_hand(text, game)
    else:
        hand = parse_hand(text, game)
        assert hand == tuple(cards)
        again = parse_hand(" ".join(card_name(card) for card in hand), game)
        assert again == hand


@pytest.mark.parametrize("game", sorted(HAND_SIZES))
@QUICK
@given(text=st.text())
def test_parse_hand_of_any_text_is_a_hand_or_a_card_error(game, text):
    try:
        hand = parse_hand(text, game)
    except CardError as error:
        assert str(error)
        return
    assert len(hand) == len(set(hand)) == HAND_SIZES[game]
    assert all(0 <= card < DECK_SIZES[game] for card in hand)


@pytest.mark.parametrize("game", sorted(HAND_SIZES))
@QUICK
@given(
    codes=st.lists(
        st.one_of(st.integers(0, N_CARDS + 2), st.integers(), st.integers(-(2**70), 2**70)),
        max_size=14,
    )
)
def test_parse_hand_of_card_codes_is_a_hand_or_a_card_error(game, codes):
    try:
        hand = parse_hand(codes, game)
    except CardError as error:
        assert str(error)
        return
    assert hand == tuple(codes) and len(set(hand)) == HAND_SIZES[game]
    assert all(0 <= card < DECK_SIZES[game] for card in hand)


TRUMP_TEXTS = ("best", "BEST", " Best ", "c", "D", " h ", "S", "♣", "♦", "♥", "♠", "♧", "♡")
TRUMP_JUNK = ("", " ", "X", "CD", "hearts", "bestt", "10", "♔", "trump")


@QUICK
@given(
    hand=st.lists(st.integers(0, N_CARDS - 1), min_size=1, max_size=13, unique=True),
    text=st.one_of(st.sampled_from(TRUMP_TEXTS + TRUMP_JUNK), st.text(max_size=4)),
)
def test_parse_trump_names_suits_the_hand_holds_or_is_a_card_error(hand, text):
    held = sorted({card // 13 for card in hand})
    try:
        suits = parse_trump(text, hand)
    except CardError as error:
        assert "trump" in str(error) or "cannot pitch" in str(error)
        return
    if text.strip().lower() == "best":
        assert list(suits) == held
    else:
        assert len(suits) == 1 and suits[0] in held


# Variants ------------------------------------------------------------------------------

VARIANT_NAMES = sorted({name for module in GAME_MODULES.values() for name in module.OPTIONS})
VARIANT_JUNK_NAMES = ("", " ", "Target", "TARGET", "smudgee", "player", "tëam", "=", "x y")
VARIANT_VALUES = (
    "",
    " ",
    "0",
    "1",
    "-1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "11",
    "15",
    "21",
    "91",
    "121",
    "true",
    "False",
    "YES",
    "off",
    "on",
    "maybe",
    "1.5",
    "1e3",
    "0x10",
    "+7",
    " 5 ",
    "٣",
    "game8",
    "game6_high_low",
    "game5_high_low_jack",
    "carry",
    "none",
    "Carry",
    "nan",
    "inf",
    "=",
    "==",
    "9" * 30,
    "-" + "9" * 30,
    str(INT64_MAX),
    str(INT64_MAX + 1),
    "1_000",
)


def variant_items(values: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """One `--variant` item: NAME=VALUE, a bare NAME, or junk."""
    names = st.sampled_from(VARIANT_NAMES + list(VARIANT_JUNK_NAMES))
    return st.one_of(
        st.builds(lambda n, v: f"{n}={v}", names, values),
        names,
        st.builds(lambda n, v: f" {n} = {v} ", names, values),
        st.builds(lambda n, v: f"{n}=={v}", names, values),
        st.text(max_size=12),
    )


NEAR_VALUES = st.one_of(st.sampled_from(VARIANT_VALUES), st.integers().map(str))


def checked_rules(game: str, items: list[str]) -> dict:
    """The rules of `game` under `items`, with the game's check of combinations."""
    module = GAME_MODULES[game]
    rules = resolve_options(game, module.OPTIONS, items)
    if hasattr(module, "check"):
        module.check(rules)
    return rules


@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(items=st.lists(variant_items(NEAR_VALUES), max_size=4))
def test_variants_resolve_to_checked_rules_or_an_option_error_naming_the_problem(game, items):
    module = GAME_MODULES[game]
    try:
        rules = checked_rules(game, items)
    except OptionError as error:
        message = str(error)
        named = {repr(item.partition("=")[0].strip()) for item in items}
        assert any(name in message for name in named) or (
            game == "pitch" and ("partnership" in message or "teams=3" in message)
        ), message
        return
    assert set(rules) == set(module.OPTIONS)
    for name, option in module.OPTIONS.items():
        assert option.check(rules[name]), (name, rules[name])
    for item in items:  # the last setting of an option wins
        name, sep, text = item.partition("=")
        last = [i for i in items if i.partition("=")[0].strip() == name.strip()][-1]
        if sep and last == item:
            assert rules[name.strip()] == module.OPTIONS[name.strip()].parse(text.strip())


@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(items=st.lists(variant_items(NEAR_VALUES), max_size=4))
def test_accepted_rules_fit_the_kernels_rules_array_and_write_back_as_variants(game, items):
    """Every accepted rule set must be storable in the int64 array the kernels read, and
    its options that differ from the defaults, written back as variants, resolve to it."""
    try:
        rules = checked_rules(game, items)
    except OptionError:
        return
    array = GAME_MODULES[game].rules_array(rules)
    assert array.dtype.kind == "i"
    variants = variants_of(GAME_MODULES[game].OPTIONS, rules)
    assert checked_rules(game, list(variants)) == rules
    assert len(variants) == sum(
        rules[n] != o.default for n, o in GAME_MODULES[game].OPTIONS.items()
    )


@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(items=st.lists(st.text(), max_size=3))
def test_arbitrary_variant_text_is_rules_or_an_option_error(game, items):
    try:
        rules = checked_rules(game, items)
    except OptionError as error:
        assert str(error)
        return
    assert set(rules) == set(GAME_MODULES[game].OPTIONS)


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["teams=3"], "teams=3 is the 6-player partnership layout"),
        (["players=5", "partnership"], "partnership needs 4 or 6 players, not 5"),
        (["players=6", "teams=3"], "teams=3 is the 6-player partnership layout"),
        (["partnership", "players=7"], "partnership needs 4 or 6 players, not 7"),
        (["players=1"], "bad value '1' for variant 'players' (2 to 7)"),
        (["players=8"], "bad value '8' for variant 'players'"),
        (["players"], "variant 'players' needs a value"),
        (["min_bid=3"], "bad value '3' for variant 'min_bid' (one of 1, 2)"),
        (["smudge=maybe"], "bad value 'maybe' for variant 'smudge' (true or false)"),
        (["=5"], "pitch has no variant ''"),
        (["="], "pitch has no variant ''"),
        ([""], "pitch has no variant ''"),
    ],
)
def test_conflicting_or_bad_pitch_variants_are_refused_by_name(items, message):
    with pytest.raises(OptionError) as raised:
        checked_rules("pitch", items)
    assert message in str(raised.value)


def test_a_variant_repeated_with_the_same_value_is_kept_and_a_full_partnership_resolves():
    rules = checked_rules("pitch", ["players=6", "partnership", "teams=3", "target=11"])
    assert (rules["players"], rules["partnership"], rules["teams"]) == (6, True, 3)
    assert checked_rules("phat", ["target=121", "target=121"])["target"] == 121
    assert checked_rules("pitch", ["smudge", "smudge=on"])["smudge"] is True


@pytest.mark.parametrize(
    ("game", "items"),
    [
        ("pitch", ["players=3", "players=4"]),
        ("phat", ["target=91", "target=121"]),
        ("pitch", ["smudge", "smudge=off"]),
    ],
)
def test_a_variant_given_twice_with_different_values_is_refused(game, items):
    with pytest.raises(OptionError, match="is given twice"):
        checked_rules(game, items)


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "٣"],
        ["--deals", "١٠"],
        ["--deals", "1_000"],
        ["--deals", " 10"],
        ["--deals", "+10"],
        ["--first", "٣"],
        ["--threads", str(2**70)],
        ["--threads", "1025"],
        ["--variant", "players=٣"],
        ["--variant", "target=1_1"],
        ["--variant", "players=3", "--players", "4"],
    ],
)
def test_numbers_are_plain_ascii_digits_and_a_player_count_is_given_once(args, tmp_path, capsys):
    out = tmp_path / "rows.parquet"
    code, _, err = call(capsys, "simulate", "pitch", "--deals", "50", *args, "--out", str(out))
    assert code == 2, err
    assert_clear_error(err)
    assert not out.exists()


def test_the_same_player_count_given_twice_and_ascii_numbers_are_accepted(tmp_path, capsys):
    out = tmp_path / "rows.parquet"
    args = ["--players", "4", "--variant", "players=4", "--threads", "1024", "--seed", "0012"]
    code, _, err = call(capsys, "simulate", "pitch", "--deals", "50", *args, "--out", str(out))
    assert code == 0 and out.exists(), err


@pytest.mark.parametrize(
    ("label", "game", "message"),
    [
        ("ismcts:iterations=-5", "phat", "takes a whole number from 1 to 100000, not '-5'"),
        ("ismcts:iterations=1e12", "pitch", "takes a whole number from 1 to 100000"),
        ("ismcts:iterations=2.5", "don", "takes a whole number from 1 to 100000"),
        ("ismcts:exploration=-0.1", "phat", "takes a number of at least 0"),
        ("pimc:samples=0", "pitch", "takes a whole number from 1 to 10000"),
        ("pimc:depth=14", "phat", "takes a whole number from 0 to 13"),
        ("greedy:guard_big_phat=2", "phat", "takes a whole number from 0 to 1"),
        ("evaluator:prop=14", "solowhist", "takes a number from 0 to 13"),
        ("threshold:margin=1:margin=2", "pitch", "'margin' of 'threshold' is given twice"),
        ("threshold:margin=1:margin=1", "pitch", "is given twice"),
        ("threshold:margin=nan", "pitch", "takes a number (finite)"),
        ("threshold:margin=inf", "pitch", "takes a number (finite)"),
        ("threshold:margin=1e309", "pitch", "takes a number (finite)"),
        ("threshold:margin=1_0", "pitch", "takes a number (finite)"),
        ("threshold:margin=١", "pitch", "takes a number (finite)"),
    ],
)
def test_a_parameter_out_of_its_range_repeated_or_not_a_plain_number_is_refused(
    label, game, message
):
    with pytest.raises(StrategyError) as raised:
        resolve_strategy(label, game)
    assert message in str(raised.value)


def test_every_default_lies_in_its_range_and_accepted_values_run_unchanged():
    for strategy in strategies():
        for key, param in strategy.params.items():
            assert param.takes(param.default), (strategy.name, key)
    plan = resolve_strategy("ismcts:iterations=1e3:exploration=0", "phat")
    assert list(plan.play_params[:2]) == [1000.0, 0.0]
    plan = resolve_strategy("ismcts:iterations=100000", "pitch")
    assert plan.play_params[1] == 100_000  # the bound itself, never clamped


def test_the_metadata_records_the_strategy_exactly_as_it_ran(tmp_path, capsys):
    from sims.run.output import read_metadata

    out = tmp_path / "rows.parquet"
    label = "threshold:margin=0.5+greedy"
    code, _, err = call(
        capsys, "simulate", "pitch", "--deals", "40", "--strategy", label, "--out", str(out)
    )
    assert code == 0, err
    assert read_metadata(out)["seats"] == [label] * 4
    other = tmp_path / "other.parquet"
    code, _, err = call(
        capsys,
        "simulate",
        "phat",
        "--deals",
        "4",
        "--strategy",
        "ismcts:iterations=-5",
        "--out",
        str(other),
    )
    assert code == 2 and "takes a whole number from 1 to 100000" in err
    assert not other.exists()


# Strategy labels -----------------------------------------------------------------------


def _searches(strategy: Strategy) -> bool:
    """A search player: a whole-number search budget (samples, iterations) above 1."""
    return any(p.whole and p.default > 1 for p in strategy.params.values())


STRATEGY_NAMES = sorted({s.name for s in strategies()})
# The names a fuzzed command line may run: a search player's deal costs seconds with 7
# seats (its play is tested in test_conformance, its cost by `allfours bench`).
QUICK_NAMES = sorted({s.name for s in strategies() if not _searches(s)})
PARAM_KEYS = sorted({key for s in strategies() for key in s.params})
LABEL_JUNK = ("", " ", "Greedy", "greedy ", "lead", "clever", "ränd", "+", ":", "=")
PARAM_VALUES = (
    "0",
    "1",
    "-1",
    "0.5",
    "1e308",
    "1e309",
    "-1e309",
    "inf",
    "-inf",
    "nan",
    "",
    "x",
    "١",
    "1_0",
    " 2 ",
    "0x1",
)


@st.composite
def strategy_labels(draw, names: Sequence[str] = tuple(STRATEGY_NAMES)) -> str:
    """`name[:key=value...]` parts joined by '+', from real (`names`) and junk names, keys,
    values."""
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from([*names, *LABEL_JUNK]))
        settings_ = draw(
            st.lists(
                st.builds(
                    lambda k, v: f"{k}={v}",
                    st.sampled_from(PARAM_KEYS + ["", "depth", " margin "]),
                    st.sampled_from(PARAM_VALUES),
                )
                | st.sampled_from(["", "margin", "=1"]),
                max_size=2,
            )
        )
        parts.append(":".join([name, *settings_]))
    return draw(st.sampled_from(["+", " + ", "++"])).join(parts)


def check_plan(label: str, game: str) -> None:
    try:
        plan = resolve_strategy(label, game)
    except StrategyError as error:
        assert str(error)
        return
    count = len(functions(TABLE_OF[game]))
    assert 0 <= plan.play_fid < count and 0 <= plan.lead_fid < count
    assert -1 <= plan.bid_fid < count
    calls = any(s.bid is not None for s in strategies() if s.game == describe(game).strategy_game)
    assert (plan.bid_fid >= 0) == calls  # a bidder exactly where the game makes calls
    for row in (plan.play_params, plan.lead_params, plan.bid_params):
        assert row.shape == (MAX_PARAMS,) and all(abs(x) < float("inf") for x in row)
    assert plan.label == label.strip()


@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(label=strategy_labels())
def test_near_valid_strategy_labels_resolve_or_raise_a_strategy_error(game, label):
    check_plan(label, game)


@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(label=st.text())
def test_arbitrary_strategy_labels_resolve_or_raise_a_strategy_error(game, label):
    check_plan(label, game)


# The command line ------------------------------------------------------------------------
#
# A command line is drawn valid but for a few options (at most three) that take hostile
# values, so that runs which succeed are drawn as often as the errors of every option.

COMMANDS = ("simulate", "replay", "odds", "compare", "strategies", "bench")
BAD_NUMBERS = (
    "0",
    "-1",
    "-200",
    "",
    " ",
    "lots",
    "2.5",
    "1e2",
    "0x10",
    "½",
    "inf",
    "nan",
    "-",
    "9" * 26,
    "-" + "9" * 26,
    "1 2",
)


def _is_big_number(text: str) -> bool:
    """Whether argparse would read `text` as a count above 200 (a slow, valid run)."""
    try:
        return int(text) > 200
    except ValueError:
        return False


def bad_counts(high: int = 200) -> st.SearchStrategy[str]:
    """Hostile values of a positive count: zero, negative, huge, junk, and small ones."""
    return st.one_of(
        st.sampled_from(BAD_NUMBERS),
        st.integers(-5, high).map(str),
        st.text(max_size=5).filter(lambda text: not _is_big_number(text)),
    )


BAD_SEEDS = st.one_of(
    st.sampled_from(
        [str(INT64_MAX), str(INT64_MAX + 1), str(1 << 64), "-1", "seven", "", "7.0", "9" * 40]
    ),
    st.text(max_size=4),
)
BAD_INDEXES = st.one_of(
    st.sampled_from([str(INT64_MAX - 300), "-3", "x", "", "1.0", "+5", "٣", " 7 "]),
    st.text(max_size=4),
)
BAD_LABELS = st.one_of(strategy_labels(QUICK_NAMES), st.text(max_size=10))
BAD_SEATS = st.one_of(
    st.lists(strategy_labels(QUICK_NAMES), min_size=1, max_size=8).map(",".join),
    st.sampled_from(["greedy,greedy", ",,,", "random,greedy,random,greedy", " , , , "]),
    st.text(max_size=10),
)
# Variants in the command line stay small so that a run they allow stays fast.
CLI_VARIANT_VALUES = st.sampled_from(
    [v for v in VARIANT_VALUES if not _is_big_number(v)] + ["41", "61"]
)
BAD_VARIANTS = st.lists(variant_items(CLI_VARIANT_VALUES), min_size=1, max_size=3)
GOOD_LABELS = {
    "phat": ("greedy", "random", "greedy+lead_phat", "random+lead_high", "greedy:guard_big_phat=0"),
    "don": ("greedy", "random", "greedy+lead_long", "lead_high"),
    "pitch": ("greedy", "random", "threshold+greedy", "random_bid+random+lead_best"),
    "solowhist": ("greedy", "random", "evaluator+random", "greedy:prop=5"),
    "allfours": ("greedy", "random", "forced_calls:beg=1+greedy", "forced_calls+random"),
    "cinch": ("greedy", "random", "threshold+greedy", "random_bid+greedy+lead_top"),
    "tenpoint": ("greedy", "random", "threshold+random", "greedy:margin=1"),
}
GOOD_VARIANTS = {
    "phat": ("target=91",),
    "don": ("target=91", "bonus=game6_high_low", "game_tie=carry"),
    "pitch": ("players=5", "partnership", "min_bid=2", "target=11", "smudge", "must_follow"),
    "solowhist": ("unit=2",),
    "allfours": ("players=3", "target=10", "kick_points", "discard_after_run=keep_all"),
    "cinch": ("players=6", "scoring=setback", "min_bid=7", "widow", "keep_nontrumps"),
    "tenpoint": ("smear", "players=6", "partnership=false", "jokers=one", "trey=false"),
}

NAME_CHARS = st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",))
FILE_NAMES = st.text(NAME_CHARS, min_size=1, max_size=10).filter(lambda n: n not in (".", ".."))
SUFFIXES = {
    "--out": (".parquet", ".PARQUET", ".csv", "", ".parquet.tmp", ".jsonl", "."),
    "--log": (".jsonl", ".json", ".txt", ""),
    "--chart": (".png", ".svg", ".pdf", ".PNG", ".jpg", ".gif", ""),
}
GOOD_PATHS = {
    "--out": ("rows.parquet", "sub/rows.parquet", "dataset", "sub/dataset"),
    "--log": ("deals.jsonl", "sub/deals.jsonl"),
    "--chart": ("chart.png", "sub/chart.svg"),
}
# --cluster values refused before any worker starts or any scheduler is dialled: no
# `local[:N]` that starts workers, no address with a scheme that would be connected to.
BAD_CLUSTERS = st.one_of(
    st.sampled_from(["", "nonsense", "local:0", "local:-1", "local:x", "local:257", "x://y"]),
    st.sampled_from(["tcp://", "://", "tcp://[::1", "local:1.5", "LOCAL"]),
    st.text(max_size=8).filter(lambda text: "://" not in text and not text.startswith("local")),
)


@st.composite
def bad_paths(draw, option: str) -> str:
    """A file name (maybe in a new subfolder) with a right or wrong suffix; relative to the
    example's folder, made absolute by `run_command`."""
    folder = draw(st.sampled_from(["", "", "sub/", "sub/deeper/"]))
    return folder + draw(FILE_NAMES) + draw(st.sampled_from(SUFFIXES[option]))


def given_as(option: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """`[option=VALUE]` (the `=` form keeps argparse from reading a value that starts with
    '-' as an option)."""
    return values.map(lambda value: [f"{option}={value}"])


def maybe(option: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """`[option=VALUE]` or nothing."""
    return st.one_of(st.just([]), given_as(option, values))


NOTHING = st.just([])


class Picker:
    """Draws each option's argv pieces: valid, or hostile for the few options chosen."""

    def __init__(self, draw, names: tuple[str, ...]) -> None:
        self.draw = draw
        self.hostile = draw(st.sets(st.sampled_from(names), max_size=3))

    def __call__(self, name: str, valid, hostile) -> list[str]:
        return self.draw(hostile if name in self.hostile else valid)


RUN_OPTIONS = ("seed", "who", "variant", "players")


def run_options(pick: Picker, game: str, with_seats: bool = True) -> list[str]:
    """--seed, --strategy | --seats (both: argparse refuses; `compare` has neither),
    --variant, --players."""
    args = pick(
        "seed", maybe("--seed", st.integers(0, 1000).map(str)), given_as("--seed", BAD_SEEDS)
    )
    if not with_seats:
        return args + rule_options(pick, game)
    labels = st.sampled_from(GOOD_LABELS.get(game, ("greedy",)))
    both = st.tuples(given_as("--strategy", BAD_LABELS), given_as("--seats", BAD_SEATS))
    args += pick(
        "who",
        maybe("--strategy", labels),
        st.one_of(
            given_as("--strategy", BAD_LABELS),
            given_as("--seats", BAD_SEATS),
            both.map(lambda pair: pair[0] + pair[1]),
        ),
    )
    return args + rule_options(pick, game)


def rule_options(pick: Picker, game: str) -> list[str]:
    """--variant and --players."""
    good = st.sampled_from(GOOD_VARIANTS.get(game, ("target=91",)))
    args = pick(
        "variant",
        maybe("--variant", good),
        BAD_VARIANTS.map(lambda items: [f"--variant={item}" for item in items]),
    )
    valid = maybe("--players", st.integers(2, 7).map(str)) if game == "pitch" else NOTHING
    return args + pick("players", valid, given_as("--players", bad_counts(9)))


def flags(pick: Picker, *options: str) -> list[str]:
    """--quiet or --json when valid; any set of the command's flags when hostile."""
    hostile = st.lists(st.sampled_from(options), unique=True)
    return pick("flags", st.sampled_from([[], ["--quiet"], ["--json"]]), hostile)


def game_name(pick: Picker, games: tuple[str, ...]) -> str:
    bad = st.one_of(st.sampled_from(["PHAT", "", "all", "whist"]), st.text(max_size=6))
    return pick("game", st.sampled_from(games), bad)


SIMULATE_OPTIONS = (
    "game",
    "size",
    "--out",
    "--log",
    "--chart",
    "--threads",
    "--chunk",
    "--first",
    "--max-deals",
    "--stall",
    "--cluster",
    "--connect-timeout",
    "flags",
    *RUN_OPTIONS,
)


@st.composite
def simulate_args(draw) -> list[str]:
    pick = Picker(draw, SIMULATE_OPTIONS)
    game = game_name(pick, GAMES)
    args = ["simulate", game]
    deals = given_as("--deals", st.integers(1, 200).map(str))
    games = given_as("--games", st.integers(1, 20).map(str))
    bad_deals = given_as("--deals", bad_counts())
    both = st.tuples(deals, games).map(lambda pair: pair[0] + pair[1])
    args += pick("size", deals | games, bad_deals | given_as("--games", bad_counts(30)) | both)
    for option in ("--out", "--log", "--chart"):
        good = st.sampled_from(GOOD_PATHS[option])
        valid = st.one_of(NOTHING, NOTHING, given_as(option, good))
        args += pick(option, valid, given_as(option, bad_paths(option)))
    args += pick(
        "--threads",
        maybe("--threads", st.sampled_from("12")),
        bad_counts(4).map(lambda value: [f"--threads={value}"]),
    )
    args += pick(
        "--chunk",
        maybe("--chunk", st.integers(1, 300).map(str)),
        given_as("--chunk", bad_counts() | st.just("9" * 30)),
    )
    args += pick(
        "--first",
        maybe("--first", st.integers(0, 10**6).map(str)),
        given_as("--first", BAD_INDEXES),
    )
    args += pick(
        "--max-deals",
        maybe("--max-deals", st.integers(1, 50).map(str)),
        given_as("--max-deals", bad_counts(50)),
    )
    args += pick(
        "--stall",
        maybe("--stall", st.integers(30, 600).map(str)),
        given_as("--stall", bad_counts(5)),
    )
    args += pick("--cluster", NOTHING, given_as("--cluster", BAD_CLUSTERS))
    args += pick(
        "--connect-timeout",
        maybe("--connect-timeout", st.integers(1, 3600).map(str)),
        given_as("--connect-timeout", bad_counts(5) | st.just("3601")),
    )
    args += run_options(pick, game)
    return args + flags(pick, "--resume", "--aggregate", "--progress", "--quiet", "--json")


@st.composite
def replay_args(draw) -> list[str]:
    pick = Picker(draw, ("game", "which", *RUN_OPTIONS))
    game = game_name(pick, GAMES)
    args = ["replay", *draw(st.sampled_from([[game], [game], []]))]
    index = st.integers(0, 10**6).map(str)
    deal, whole = given_as("--deal", index), given_as("--game-index", st.integers(0, 50).map(str))
    valid = deal if game == "solowhist" else deal | whole
    hostile = st.one_of(
        given_as("--deal", BAD_INDEXES),
        given_as("--game-index", BAD_INDEXES),
        st.tuples(deal, whole).map(lambda pair: pair[0] + pair[1]),
        NOTHING,
    )
    return args + pick("which", valid, hostile) + run_options(pick, game)


@st.composite
def odds_args(draw) -> list[str]:
    pick = Picker(
        draw, ("game", "--hand", "--seat", "--turned", "--trump", "--deals", *RUN_OPTIONS)
    )
    game = game_name(pick, tuple(HAND_SIZES))
    size = HAND_SIZES.get(game, 6)
    cards = draw(st.permutations(range(N_CARDS)))
    hand = " ".join(card_name(card) for card in cards[:size])
    near = hand_texts(size).map(lambda drawn: drawn[0])
    args = ["odds", game]
    args += pick(
        "--hand",
        st.just([f"--hand={hand}"]),
        st.one_of(given_as("--hand", near), given_as("--hand", st.text(max_size=20)), NOTHING),
    )
    valid_seat = maybe("--seat", st.integers(1, 4).map(str)) if game == "pitch" else NOTHING
    args += pick("--seat", valid_seat, given_as("--seat", bad_counts(8)))
    turning = game in ("solowhist", "allfours")
    turned = st.just([f"--turned={card_name(cards[51])}"]) if turning else NOTHING
    bad_turned = st.one_of(card_tokens().map(lambda drawn: drawn[0]), st.text(max_size=3))
    args += pick("--turned", turned, given_as("--turned", bad_turned))
    held = st.sampled_from(sorted({SUITS[card // 13] for card in cards[:size]}) + ["best"])
    valid_trump = maybe("--trump", held) if not turning else NOTHING
    args += pick(
        "--trump", valid_trump, given_as("--trump", st.sampled_from(TRUMP_TEXTS + TRUMP_JUNK))
    )
    args += pick(
        "--deals",
        given_as("--deals", st.integers(1, 60).map(str)),
        given_as("--deals", bad_counts(60)),
    )
    return args + run_options(pick, game) + flags(pick, "--quiet", "--json")


def policy_names(game: str, kind: str) -> list[str]:
    """The strategies of one kind a fuzzed `compare` names as valid (no search player)."""
    return sorted(s.name for s in strategies(game) if s.kind == kind and not _searches(s))


BAD_POLICIES = st.one_of(
    st.lists(
        st.sampled_from(QUICK_NAMES + ["", " ", "lead_phat+greedy", "clever", "ß"]),
        min_size=1,
        max_size=4,
    ).map(",".join),
    st.text(max_size=8),
)


@st.composite
def compare_args(draw) -> list[str]:
    pick = Picker(
        draw, ("game", "policies", "--base", "--deals", "flags", "seed", "variant", "players")
    )
    game = game_name(pick, ("phat", "pitch", "don"))
    args = ["compare", game]
    kinds = {"--leads": "lead", "--strategies": "play"} | (
        {"--bids": "bid"} if game == "pitch" else {}
    )
    option = draw(st.sampled_from(sorted(kinds)))
    names = policy_names(game, kinds[option]) if game in GAMES else ["greedy", "random"]
    chosen = st.lists(st.sampled_from(names), min_size=2, max_size=3, unique=True)
    hostile = st.one_of(
        given_as(option, BAD_POLICIES),
        st.tuples(given_as("--leads", BAD_POLICIES), given_as("--bids", BAD_POLICIES)).map(
            lambda pair: pair[0] + pair[1]
        ),
        NOTHING,
    )
    args += pick("policies", given_as(option, chosen.map(",".join)), hostile)
    base = maybe("--base", st.sampled_from(["greedy", "random"]))
    args += pick("--base", base, given_as("--base", BAD_LABELS))
    args += pick(
        "--deals",
        given_as("--deals", st.integers(1, 60).map(str)),
        given_as("--deals", bad_counts(60)),
    )
    return args + run_options(pick, game, with_seats=False) + flags(pick, "--quiet", "--json")


ERROR_LINE = re.compile(r"allfours: error: \S")
ARGPARSE_ERROR_LINE = re.compile(r"allfours( [^ :]+)?: error: \S")


def assert_clear_error(err: str) -> None:
    """One line `allfours: error: ...`, or argparse's usage lines then its error line."""
    assert "Traceback" not in err, err
    lines = err.rstrip("\n").split("\n")
    if lines[0].startswith("usage:"):  # its message may quote an argument holding newlines
        assert any(ARGPARSE_ERROR_LINE.match(line) for line in lines[1:]), err
    else:
        assert len(lines) == 1 and ERROR_LINE.match(lines[0]), err


def run_command(args: list[str], root: Path, capsys) -> int:
    """Run `allfours ARGS` with output paths under a fresh folder of `root`; check its
    status, its stderr and what it left on disk."""
    work = Path(tempfile.mkdtemp(dir=root))
    before = sorted(root.rglob("*"))
    outputs = []
    resolved = []
    for arg in args:
        option, sep, value = arg.partition("=")
        if sep and option in SUFFIXES:
            outputs.append(work / value)
            arg = f"{option}={work / value}"
        resolved.append(arg)
    try:
        code, out, err = call(capsys, *resolved)
        if currently_in_test_context():
            event(f"exit status {code}")
        assert code in (0, 2), (code, resolved, err)
        if code == 2:
            assert_clear_error(err)
            assert sorted(root.rglob("*")) == before, resolved  # nothing written
        else:
            assert "Traceback" not in err, err
            for path in outputs:  # every file asked for is there
                assert path.exists(), (path, resolved)
            if "--json" in args:
                assert isinstance(json.loads(out), dict)
    finally:
        shutil.rmtree(work)
    return code


CLI_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def root(tmp_path, monkeypatch):
    """The folder every output path lies in; also the working folder, so a relative path
    the parser reads lands here too."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@CLI_SETTINGS
@given(args=simulate_args())
def test_simulate_with_hostile_options_succeeds_or_fails_cleanly(args, root, capsys):
    run_command(args, root, capsys)


@CLI_SETTINGS
@given(args=replay_args())
def test_replay_with_hostile_options_succeeds_or_fails_cleanly(args, root, capsys):
    run_command(args, root, capsys)


def test_a_deal_past_the_last_index_is_refused_naming_both(capsys):
    code, _, err = call(capsys, "replay", "pitch", "--deal", str(2**62))
    assert code == 2 and err.strip().endswith(
        "deal and game indices must stay below 2**62 (4,611,686,018,427,387,904); the last "
        "here would be 4,611,686,018,427,387,904"
    )
    assert call(capsys, "replay", "pitch", "--deal", str(2**62 - 1))[0] == 0


@CLI_SETTINGS
@given(args=odds_args())
def test_odds_with_hostile_options_succeeds_or_fails_cleanly(args, root, capsys):
    run_command(args, root, capsys)


@pytest.mark.slow
@CLI_SETTINGS
@given(args=compare_args())
def test_compare_with_hostile_options_succeeds_or_fails_cleanly(args, root, capsys):
    run_command(args, root, capsys)


@pytest.mark.parametrize("game", GAMES)
def test_the_values_the_generators_draw_as_valid_are_valid(game):
    for label in GOOD_LABELS[game]:
        resolve_strategy(label, game, default_rules(game))
    for item in GOOD_VARIANTS[game]:
        checked_rules(game, [item])


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "phat", "--deals=40", "--out=rows.parquet", "--log=d.jsonl", "--json"],
        ["simulate", "pitch", "--games=3", "--players=5", "--out=sub/dataset", "--quiet"],
        ["simulate", "don", "--deals=30", "--aggregate", "--variant=game_tie=carry"],
        ["simulate", "solowhist", "--deals=30", "--strategy=evaluator+random", "--chunk=7"],
        ["replay", "pitch", "--deal=3", "--players=3"],
        ["odds", "solowhist", "--hand=AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C", "--turned=7H"]
        + ["--deals=20", "--json"],
        ["odds", "allfours", "--hand=AH 2H KS 9S 4C 8D", "--turned=7H", "--seat=2", "--deals=20"],
        ["compare", "pitch", "--bids=threshold,random_bid", "--deals=20", "--json"],
    ],
)
def test_valid_command_lines_succeed_and_write_what_they_ask_for(args, root, capsys):
    """The harness tells success from failure: these succeed."""
    assert run_command(args, root, capsys) == 0


def _asks_for_help(arg: str) -> bool:
    return arg.startswith(("-h", "--h"))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    args=st.lists(
        st.one_of(st.text(max_size=8), st.sampled_from(["--", "-", "--deals", "phat", "-x"])),
        max_size=4,
    ).filter(lambda args: not any(a in COMMANDS or _asks_for_help(a) for a in args))
)
def test_a_command_line_without_a_known_command_is_an_argparse_error(args, root, capsys):
    code, _, err = call(capsys, *args)
    assert code == 2
    assert_clear_error(err)
    assert list(root.iterdir()) == []


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(extra=st.lists(st.text(max_size=6), min_size=1, max_size=3))
def test_strategies_refuses_any_argument(extra, capsys):
    code, _, err = call(capsys, "strategies", *[f"--x={e}" for e in extra])
    assert code == 2
    assert_clear_error(err)


def test_strategies_lists_every_registered_strategy(capsys):
    code, printed, _ = call(capsys, "strategies")
    assert code == 0
    assert {line.split()[0] for line in printed.splitlines()} == set(STRATEGY_NAMES)


# Inputs that once broke the contract ----------------------------------------------------
#
# The smallest inputs found to break the contract above, each with what went wrong.

BEYOND_INT64 = str(INT64_MAX + 1)
LONG_NAME = "a" * 300  # longer than a file name may be (255 bytes)


def crash(case_id: str, args: list[str], reason: str):
    """One input that once broke the contract, and how (`reason`)."""
    return pytest.param(args, id=case_id)


@pytest.mark.parametrize(
    ("game", "item"),
    [
        pytest.param(game, f"{name}={BEYOND_INT64}", id=game)
        for game, name in (("phat", "target"), ("don", "target"), ("solowhist", "unit"))
    ],
)
def test_a_variant_beyond_int64_is_an_option_error(game, item):
    with pytest.raises(OptionError):
        GAME_MODULES[game].rules_array(checked_rules(game, [item]))


@pytest.mark.parametrize("name", names())
def test_a_number_past_the_largest_is_refused_in_words_that_exclude_it(name):
    """Every option read as a whole number from 1 to MAX_NUMBER says so when it refuses one
    past it, and takes MAX_NUMBER itself: Ten-point's target once said "a positive number"
    and refused 2,000,000."""
    options = describe(name).rules.OPTIONS
    numbers = [
        key
        for key, option in options.items()
        if option.parse is positive_int or option.allowed == POSITIVE
    ]
    assert numbers or name in ("cinch", "pitch")  # their targets are a few values
    for key in numbers:
        assert checked_rules(name, [f"{key}={MAX_NUMBER}"])[key] == MAX_NUMBER
        with pytest.raises(OptionError) as refused:
            checked_rules(name, [f"{key}={MAX_NUMBER + 1}"])
        assert f"({POSITIVE})" in str(refused.value)


HUGE_TARGET = "--variant=target=" + "1" * 17
OVERFLOW = "OverflowError: positive_int accepts it, the kernels' int64 rules array cannot hold it"
GAME_ROWS = (
    "MemoryError: one game's rows (cap from the target or --max-deals) are allocated at once"
)
FAULT = (
    "status 1 blaming the strategies: numba cannot type a deal index of 2**64 or more, and "
    "runner._run_chunk's `except Exception` reports it as a strategy fault"
)
EMPTY_POLICIES = (
    "AttributeError: commands.compare.run's `leads or strategies or bids` is None for ''"
)
DASHDASH = (
    "TypeError/AttributeError: argparse (Python 3.11) stores `--OPTION=--` as [] without "
    "calling the option's type, and nothing checks the value"
)
KNOWN_CRASHES = [
    crash(
        "phat-target",
        ["simulate", "phat", "--deals=2", f"--variant=target={BEYOND_INT64}"],
        OVERFLOW,
    ),
    crash(
        "don-target", ["simulate", "don", "--deals=2", f"--variant=target={BEYOND_INT64}"], OVERFLOW
    ),
    crash(
        "whist-unit",
        ["simulate", "solowhist", "--deals=2", f"--variant=unit={BEYOND_INT64}"],
        OVERFLOW,
    ),
    crash("phat-games-target", ["simulate", "phat", "--games=2", HUGE_TARGET], GAME_ROWS),
    crash("replay-game-target", ["replay", "phat", "--game-index=0", HUGE_TARGET], GAME_ROWS),
    crash(
        "pitch-max-deals", ["simulate", "pitch", "--games=2", "--max-deals=" + "1" * 15], GAME_ROWS
    ),
    crash(
        "odds-deals",
        ["odds", "pitch", "--hand=AH JH 5H KS 3C 2D", "--deals=" + "1" * 14],
        "MemoryError: odds.play_conditional allocates every deal's results at once",
    ),
    crash("simulate-first", ["simulate", "phat", "--deals=2", "--first=" + "9" * 20], FAULT),
    crash("replay-deal", ["replay", "phat", "--deal=" + "9" * 20], FAULT),
    crash("compare-leads", ["compare", "phat", "--leads=", "--deals=2"], EMPTY_POLICIES),
    crash("compare-strategies", ["compare", "phat", "--strategies=", "--deals=2"], EMPTY_POLICIES),
    crash("simulate-games", ["simulate", "phat", "--games=--"], DASHDASH),
    crash("simulate-seed", ["simulate", "phat", "--deals=2", "--seed=--"], DASHDASH),
    crash("simulate-variant", ["simulate", "phat", "--deals=2", "--variant=--"], DASHDASH),
    crash("replay-deal-dashdash", ["replay", "phat", "--deal=--"], DASHDASH),
    crash(
        "don-chart-without-the-nine",
        [
            "simulate",
            "don",
            "--deals=1",
            "--first=2",
            "--quiet",
            "--out=rows.parquet",
            "--chart=c.png",
        ],
        "status 2 ('a rate needs at least one trial': "
        "analysis.games.phat.plots.partnership_overview takes wilson(0, 0) when the 9 of trumps "
        "is never in play), and rows.parquet is already written: "
        "commands.simulate._write_outputs draws the chart last",
    ),
    crash(
        "dataset-of-one-deal",
        ["simulate", "phat", "--deals=1", "--out=dataset"],
        "status 2 ('a mean with an error needs at least two values' from the summary of one "
        "deal, which --deals accepts), and the dataset folder is already written",
    ),
]


@pytest.mark.parametrize("args", KNOWN_CRASHES)
def test_inputs_that_once_crashed_now_succeed_or_fail_cleanly(args, root, capsys):
    run_command(args, root, capsys)


UNDER_A_FILE = (
    "FileExistsError/NotADirectoryError after the whole run: a parent that is a file is met "
    "only when commands.simulate._write_outputs (or the dataset writer) makes the folder"
)
TOO_LONG = "OSError (file name too long) from the writers, which nothing catches"
OUTPUT_CRASHES = [
    crash("out-under-a-file", ["--out=blocker/x.parquet"], UNDER_A_FILE),
    crash("dataset-under-a-file", ["--out=blocker/folder"], UNDER_A_FILE),
    crash("log-under-a-file", ["--log=blocker/x.jsonl"], UNDER_A_FILE),
    crash("chart-under-a-file", ["--chart=blocker/c.png"], UNDER_A_FILE),
    crash(
        "log-inside-the-out-file",
        ["--out=rows.parquet", "--log=rows.parquet/x.jsonl"],
        "IsADirectoryError, and a folder rows.parquet is left: _write_outputs makes every "
        "parent folder before it writes the table",
    ),
    crash("out-name-too-long", [f"--out={LONG_NAME}.parquet"], TOO_LONG),
    crash(
        "log-name-too-long",
        ["--out=rows.parquet", f"--log={LONG_NAME}.jsonl"],
        TOO_LONG + "; rows.parquet is written before the log fails",
    ),
    crash(
        "log-path-with-nul",
        ["--out=rows.parquet", "--log=deals\x00.jsonl"],
        "status 2, but rows.parquet is already written: the log path is first used after "
        "the table is in place",
    ),
]


@pytest.mark.parametrize("outputs", OUTPUT_CRASHES)
def test_a_bad_output_path_is_refused_with_nothing_written(outputs, root, capsys):
    (root / "blocker").write_text("a file where a folder is asked for\n")
    absolute = [f"{o.partition('=')[0]}={root / o.partition('=')[2]}" for o in outputs]
    code, _, err = call(capsys, "simulate", "phat", "--deals=2", "--quiet", *absolute)
    assert code == 2, (code, err)
    assert_clear_error(err)
    assert [path.name for path in root.iterdir()] == ["blocker"]
