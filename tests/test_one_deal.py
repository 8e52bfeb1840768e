"""What the commands print of a single deal (or game), where a mean has no interval: the
words that say so, never "nan", the counts in the singular, and no two calls told apart."""

import json

import pytest

from tests.conftest import call

ODDS = [
    ("allfours", "AH JH 5H KS 3C 2D", "--turned", "7H"),
    ("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D"),
    ("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D"),
    ("pitch", "AH JH 5H KS 3C 2D"),
    ("don", "5H 9H AH KH 3H 5S AS 9C 2D"),
    ("phat", "9H 5H AH KH QH JH 9S 5S AS TS TD 9D 2C"),
    ("solowhist", "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C", "--turned", "7H"),
]
HANDS = {game: hand for game, hand, *_ in ODDS}
NO_INTERVAL = "(n = 1: no interval)"


@pytest.mark.parametrize(("game", "hand", "more"), [(g, h, m) for g, h, *m in ODDS])
def test_odds_of_one_deal_say_there_is_no_interval(capsys, game, hand, more):
    code, out, err = call(capsys, "odds", game, "--hand", hand, *more, "--deals", "1", "--quiet")
    assert code == 0, err
    assert "nan" not in out.lower() and NO_INTERVAL in out


def test_the_all_fours_advice_of_one_deal_tells_nothing_apart(capsys):
    code, out, _ = call(capsys, *"odds allfours --turned 7H --deals 1 --quiet".split(),
                        "--hand", "AH JH 5H KS 3C 2D")  # fmt: skip
    assert code == 0
    assert out.splitlines()[-1].endswith(
        "cannot be told apart from it at 1 deal (one deal gives no interval)"
    )


@pytest.mark.parametrize("game", ["pitch", "cinch", "tenpoint"])
def test_advice_on_one_deal_tells_no_two_calls_apart(capsys, game):
    command = ["advise", game, "--hand", HANDS[game], "--seat", "1", "--deals", "1", "--quiet"]
    code, out, err = call(capsys, *command)
    assert code == 0, err
    assert "nan" not in out.lower() and "; 1 deal that fits them (chains" in out
    assert out.splitlines()[-1].endswith("at 1 deal (one deal gives no interval)")
    code, out, _ = call(capsys, *command, "--json")
    assert code == 0 and json.loads(out)["recommendation"]["told_apart"] is False


@pytest.mark.parametrize(
    "command",
    [
        ["phat", "--leads", "lead_phat,lead_high", "--deals", "1"],
        ["phat", "--strategies", "greedy,random", "--games", "1"],
        ["pitch", "--bids", "threshold,random_bid", "--deals", "1"],
    ],
)
def test_compare_of_one_deal_or_game_prints_no_nan(capsys, command):
    code, out, err = call(capsys, "compare", *command, "--quiet")
    assert code == 0, err
    assert "nan" not in out.lower() and NO_INTERVAL in out and "(n = 1)" in out
    unit = command[-2].lstrip("-").rstrip("s")
    assert out.startswith(f"{command[0]}: 1 {unit}, seed")


def test_role_rows_keep_the_deals_in_one_column(capsys):
    code, out, _ = call(
        capsys, *"compare cinch --bids calibrated,threshold,random_bid --deals 2".split(),
        *"--seed 589 --variant min_bid=1 --quiet".split(),
    )  # fmt: skip
    assert code == 0
    role = out[out.index("\nas the maker's side") :].split("\n\n")[0].splitlines()[2:]
    column = role[0].index("deals")
    assert all(line[column - 1] == " " and line[column].isdigit() for line in role[1:])
    assert {line[column:] for line in role[1:]} >= {"0", "1"}  # no deal, and one deal


@pytest.mark.parametrize("unit", ["deal", "game"])
def test_simulate_counts_one_deal_or_game_in_the_singular(capsys, unit):
    code, out, err = call(capsys, "simulate", "cinch", f"--{unit}s", "1")
    assert code == 0, err
    assert out.startswith(f"cinch: 1 {unit}, seed 0") and "nan" not in out.lower()
    assert unit == "deal" or " played in 1 game\n" in out
