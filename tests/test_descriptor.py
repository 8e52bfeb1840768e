"""A game carried by its descriptor alone: the small game in `tiny_phat` (Phat with three
cards a seat) is registered here and runs through simulate, replay, --log, --out (file and
dataset folder) and --aggregate, with no module of `sims` naming it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pandas as pd
import pytest

import analysis
import sims
from sims.core.cards import SUITS, parse_card
from sims.descriptors import game, names, register, unregister
from sims.games.phat import rules as phat
from sims.games.phat.descriptor import SIDES
from sims.run.dataset import read_manifest, read_rows
from tests import tiny_phat
from tests.conftest import call

DEALS = 300


@pytest.fixture(autouse=True)
def tiny():
    register(tiny_phat.GAME)
    yield tiny_phat.GAME
    unregister(tiny_phat.NAME)


def test_the_game_is_listed_and_described():
    assert tiny_phat.NAME in names()
    assert game(tiny_phat.NAME) is tiny_phat.GAME
    with pytest.raises(ValueError, match="exists already"):
        register(tiny_phat.GAME)


def _winner(trick: list[tuple[int, int]], trump: int) -> int:
    """The seat that wins a trick: the highest trump, else the highest card of the suit led."""
    led = trick[0][1] // 13
    suit = trump if any(card // 13 == trump for _, card in trick) else led
    return max((card % 13, seat) for seat, card in trick if card // 13 == suit)[1]


def test_simulate_logs_and_writes_deals_of_three_tricks(capsys, tmp_path):
    log, out = tmp_path / "tiny.jsonl", tmp_path / "tiny.parquet"
    code, text, err = call(
        capsys,
        "simulate",
        tiny_phat.NAME,
        "--deals",
        str(DEALS),
        "--seed",
        "5",
        "--log",
        str(log),
        "--out",
        str(out),
        "--quiet",
    )
    assert code == 0, err
    rows = pd.read_parquet(out)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(rows) == len(records) == DEALS
    for record, (_, row) in zip(records, rows.iterrows(), strict=True):
        dealt = [parse_card(card) for hand in record["hands"] for card in hand]
        assert [len(hand) for hand in record["hands"]] == [3] * 4 and len(set(dealt)) == 12
        plays = [(seat, parse_card(card)) for seat, card in record["plays"]]
        assert sorted(card for _, card in plays) == sorted(dealt)  # each card once
        trump = SUITS.index(record["trump"])
        points = [0, 0]
        for index in range(3):
            trick = plays[4 * index : 4 * index + 4]
            winner = _winner(trick, trump)
            assert record["trick_winners"][index] == winner
            points[winner % 2] += sum(int(phat.CARD_VALUES[trump, card]) for _, card in trick)
        assert record["result"]["points"] == points == [row["phat_0"], row["phat_1"]]
        assert record["sides"] == SIDES


def test_replay_shows_the_same_three_tricks(capsys):
    code, text, _ = call(capsys, "replay", tiny_phat.NAME, "--seed", "5", "--deal", "7")
    assert code == 0
    assert "trick  3:" in text and "trick  4:" not in text


def test_a_dataset_folder_and_an_aggregated_run_agree(capsys, tmp_path):
    folder = tmp_path / "tiny"
    arguments = ("--deals", str(DEALS), "--seed", "5", "--chunk", "100", "--json")
    code, written, err = call(capsys, "simulate", tiny_phat.NAME, *arguments, "--out", str(folder))
    assert code == 0, err
    code, counted, err = call(capsys, "simulate", tiny_phat.NAME, *arguments, "--aggregate")
    assert code == 0, err
    assert json.loads(written)["deals"] == json.loads(counted)["deals"]
    assert len(read_manifest(folder).finished) == 3  # one record per chunk
    rows = read_rows(folder)
    assert len(rows) == DEALS and (rows["tricks_played"] <= 3).all()


def test_whole_games_reach_the_target(capsys):
    code, text, err = call(capsys, "simulate", tiny_phat.NAME, "--games", "20", "--json")
    assert code == 0, err
    summary = {row["quantity"]: row for row in json.loads(text)["games"]}
    assert summary["deals per game"]["estimate"] > 1  # 41 points take several deals


def test_no_module_of_the_package_names_the_game():
    sources = [Path(package.__file__).parent for package in (sims, analysis)]
    found = subprocess.run(
        ["grep", "-rl", "--include=*.py", tiny_phat.NAME, *map(str, sources)],
        capture_output=True,
        text=True,
    )
    assert found.returncode == 1 and found.stdout == ""  # grep: 1 is "nothing found"
