"""A game is a folder: Three-card Jick (`tests/tiny_game/`, with its own deck of a joker and
an off-suit trump, deal loop, strategies, reference and analysis) is registered here and
runs through simulate, replay, --log, --out (file and dataset folder), --aggregate and
compare, with no module of `sims` or `analysis` naming it. The conformance test plays
every strategy of it against its reference as it does every game's."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import analysis
import sims
from sims.descriptors import game, names, register, unregister
from sims.run.dataset import read_manifest, read_rows
from tests.conftest import call
from tests.tiny_game import NAME, reference
from tests.tiny_game.descriptor import GAME, register_game
from tests.tiny_game.rules import DECK

DEALS = 300


@pytest.fixture(autouse=True)
def tiny():
    register_game()
    yield GAME
    unregister(NAME)


def test_the_game_is_listed_and_described():
    assert NAME in names()
    assert game(NAME) is GAME
    with pytest.raises(ValueError, match="exists already"):
        register(GAME)


def test_simulate_logs_and_writes_deals_the_reference_scores_alike(capsys, tmp_path):
    log, out = tmp_path / "tiny.jsonl", tmp_path / "tiny.parquet"
    arguments = ("--deals", str(DEALS), "--seed", "5", "--log", str(log), "--out", str(out))
    code, text, err = call(capsys, "simulate", NAME, *arguments, "--quiet")
    assert code == 0, err
    rows = pd.read_parquet(out)
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(rows) == len(records) == DEALS
    jokers = 0
    for record, (_, row) in zip(records, rows.iterrows(), strict=True):
        dealt = [card for hand in record["hands"] for card in hand]
        assert [len(hand) for hand in record["hands"]] == [3] * 3 and len(set(dealt)) == 9
        assert record["turned"] in record["hands"][record["dealer"]]
        bonus = record["rules"]["joker_bonus"]
        scored = reference.score(
            record["hands"], record["dealer"], record["turned"], record["plays"], bonus
        )
        assert scored["trick_winners"] == record["trick_winners"]
        assert (
            scored["points"] == record["result"]["points"] == [row[f"points_{s}"] for s in range(3)]
        )
        assert scored["trump"] == record["trump"]
        jokers += "JK" in dealt
    assert 0 < jokers < DEALS  # the joker is dealt in about 9 deals of 53


def test_the_joker_and_the_jick_are_trumps_as_the_rules_say():
    # Hearts turned: the joker beats the ace of hearts, the Jick (JD) takes the ten of
    # hearts but not the jack; a player holding only the Jick among diamonds cannot follow.
    hands = [["JD", "AS", "KC"], ["JK", "TH", "2S"], ["AH", "JH", "5H"]]
    plays = [(0, "JD"), (1, "TH"), (2, "JH"), (2, "AH"), (0, "AS"), (1, "JK")]
    plays += [(1, "2S"), (2, "5H"), (0, "KC")]
    scored = reference.score(hands, 2, "5H", plays, 1)
    assert scored["trump"] == "H" and scored["trick_winners"] == [2, 1, 2]
    assert scored["points"] == [0, 2, 2] and scored["joker_taker"] == 1
    assert DECK.parse_card("JK") == 52 and DECK.card_name(52) == "JK"


def test_replay_shows_three_tricks_in_the_decks_names(capsys):
    code, text, _ = call(capsys, "replay", NAME, "--seed", "5", "--deal", "7")
    assert code == 0
    assert "trick 3:" in text and "trick 4:" not in text
    found = False
    for deal in range(60):  # a deal with the joker shows it by its name
        code, text, _ = call(capsys, "replay", NAME, "--seed", "5", "--deal", str(deal))
        found |= "JK" in text
    assert found


def test_a_dataset_folder_and_an_aggregated_run_agree(capsys, tmp_path):
    folder = tmp_path / "tiny"
    arguments = ("--deals", str(DEALS), "--seed", "5", "--chunk", "100", "--json")
    code, written, err = call(capsys, "simulate", NAME, *arguments, "--out", str(folder))
    assert code == 0, err
    code, counted, err = call(capsys, "simulate", NAME, *arguments, "--aggregate")
    assert code == 0, err
    code, whole, err = call(
        capsys, "simulate", NAME, "--deals", str(DEALS), "--seed", "5", "--json"
    )
    assert code == 0, err
    assert json.loads(written)["deals"] == json.loads(counted)["deals"]
    estimates = {row["quantity"]: row["estimate"] for row in json.loads(whole)["deals"]}
    counted_estimates = {row["quantity"]: row["estimate"] for row in json.loads(counted)["deals"]}
    assert estimates == pytest.approx(counted_estimates)  # rows and counters say the same
    assert len(read_manifest(folder).finished) == 3  # one record per chunk
    assert len(read_rows(folder)) == DEALS


def test_compare_plays_its_strategies_on_the_same_deals(capsys):
    code, text, err = call(
        capsys, "compare", NAME, "--strategies", "greedy,random", "--deals", "2000", "--json"
    )
    assert code == 0, err
    assert "greedy" in text and "random" in text


def test_no_module_of_the_package_names_the_game():
    for package in (sims, analysis):
        for path in Path(package.__file__).parent.rglob("*.py"):
            assert NAME not in path.read_text(), path
