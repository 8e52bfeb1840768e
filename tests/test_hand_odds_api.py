"""The odds and advice of any game from Python (`analysis.odds.hand_odds`, `hand_advice`):
the tables and recommendations the commands print for the same hand and seed, and what
the commands refuse (and no deals at all) as a ValueError naming it."""

import json
import math

import pytest

from analysis.odds import hand_advice, hand_odds, pitch_odds
from tests.conftest import call

ODDS = [
    ("allfours", "AH JH 5H KS 3C 2D", {"turned": "7H"}),
    ("allfours", "KS 9S 4C 8D 6D 2H", {"turned": "QS", "seat": 2}),
    ("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", {"seat": 4, "trump": "H"}),
    ("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D", {"seat": 2}),
    ("tenpoint", "AH JH JD 3H 2H 5C 7S 9D KD TS", {"variants": ["smear=true"], "trump": "H"}),
    ("pitch", "AH JH 5H KS 3C 2D", {"players": 3, "seat": 3}),
]


def _options(keywords: dict) -> list[str]:
    """The command-line options of the keyword arguments `hand_odds` takes."""
    options = []
    for key, value in keywords.items():
        for item in value if isinstance(value, list) else [value]:
            options += [f"--{key.rstrip('s') if key == 'variants' else key}", str(item)]
    return options


def _same(printed: float | None, value: float) -> bool:
    return printed is None and math.isnan(value) or printed == value


@pytest.mark.parametrize(("game", "hand", "keywords"), ODDS)
def test_hand_odds_are_what_the_odds_command_prints(capsys, game, hand, keywords):
    deals, seed = 300, 5
    command = ["odds", game, "--hand", hand, *_options(keywords), "--deals", str(deals)]
    code, out, _ = call(capsys, *command, "--seed", str(seed), "--json", "--quiet")
    printed = json.loads(out)
    _, text, _ = call(capsys, *command, "--seed", str(seed), "--quiet")
    estimates = hand_odds(game, hand, deals=deals, seed=seed, **keywords)
    blocks = printed[f"{estimates.index.names[0]}s"]
    assert code == 0 and len(estimates) == sum(len(block) for block in blocks.values())
    for (choice, quantity), row in estimates.iterrows():
        shown = blocks[str(choice)][quantity]
        assert all(_same(shown[key], row[key]) for key in ("estimate", "low", "high"))
    assert estimates.attrs["recommendation"] == printed["recommendation"]
    assert estimates.attrs["advice"] in text.splitlines()


@pytest.mark.parametrize(
    ("game", "hand", "seat", "calls"),
    [
        ("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", 3, "3,pass"),
        ("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D", 3, "pass,5"),
    ],
)
def test_hand_advice_is_what_the_advise_command_prints(capsys, game, hand, seat, calls):
    deals, seed = 200, 3
    code, out, _ = call(
        capsys, "advise", game, "--hand", hand, "--seat", str(seat), "--calls", calls,
        "--deals", str(deals), "--seed", str(seed), "--json", "--quiet",
    )  # fmt: skip
    printed = json.loads(out)
    table = hand_advice(game, hand, seat=seat, calls=calls, deals=deals, seed=seed)
    assert code == 0 and list(map(str, table.index)) == list(printed["calls"])
    for call_name, row in table.iterrows():
        shown = printed["calls"][str(call_name)]
        assert shown["deals"] == row["deals"] and shown["trump"] == row["trump"]
        assert _same(shown["E[score change]"]["estimate"], row["E[score change]"])
    assert table.attrs["recommendation"] == printed["recommendation"]
    assert table.attrs["accepted"] == printed["deals"] == deals


@pytest.mark.parametrize(
    ("call_it", "message"),
    [
        (lambda: hand_odds("allfours", "AH JH 5H KS 3C 2D"), "allfours needs --turned CARD"),
        (
            lambda: hand_odds("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", turned="7H"),
            "--turned applies to .* only, not to cinch",
        ),
        (
            lambda: hand_odds("phat", "AH KH QH JH TH 9H 2C 3C 4C 5D 6D 7S 8S", seat=2),
            "--seat applies to .*; in phat the hand pitches",
        ),
        (lambda: hand_odds("cinch", "AH JH 9H"), "a hand in cinch has 9 cards; 3 given"),
        (
            lambda: hand_advice("allfours", "AH JH 5H KS 3C 2D", seat=1),
            "allfours gives no call advice; games that do: ",
        ),
        (
            lambda: hand_odds("allfours", "AH JH 5H KS 3C 2D", turned="7H", deals=0),
            "a hand's odds need at least one deal, not 0",
        ),
        (lambda: pitch_odds("AH JH 5H KS 3C 2D", deals=0), "need at least one deal, not 0"),
        (
            lambda: hand_advice("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D", seat=3, deals=0),
            "advice needs at least one deal that fits the calls, not 0",
        ),
        (
            lambda: hand_advice("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", seat=3, max_tries=900),
            "--max-tries bounds --sampler rejection only",
        ),
    ],
)
def test_bad_input_is_a_value_error_naming_it(call_it, message):
    with pytest.raises(ValueError, match=message):
        call_it()
