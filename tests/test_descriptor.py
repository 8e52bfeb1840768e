"""A game is a folder: Three-card Jick (`tests/tiny_game/`, with its own deck of a joker and
an off-suit trump, deal loop, strategies, reference and analysis) is registered here and
runs through simulate, replay, --log, --out (file and dataset folder), --aggregate and
compare, with no module of `sims` or `analysis` naming it. The conformance test plays
every strategy of it against its reference as it does every game's."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import analysis
import sims
from sims.descriptors import game, names, register, unregister
from sims.run.dataset import read_manifest, read_rows
from sims.strategies import view as v
from tests.conftest import call
from tests.tiny_game import NAME, reference
from tests.tiny_game.deal import play_deal_nb
from tests.tiny_game.descriptor import GAME, continued, register_game
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
        drawn = [card for _, _, card in record["exchanges"]]
        assert [seat for seat, _, _ in record["exchanges"]] == [
            (record["dealer"] + k) % 3 for k in (1, 2, 3)
        ]
        assert len(set(dealt + drawn)) == 12  # each seat draws a card dealt to no one
        bonus = record["rules"]["joker_bonus"]
        scored = reference.score(
            record["hands"],
            record["dealer"],
            record["turned"],
            record["exchanges"],
            record["plays"],
            bonus,
        )
        assert scored["trick_winners"] == record["trick_winners"]
        assert (
            scored["points"] == record["result"]["points"] == [row[f"points_{s}"] for s in range(3)]
        )
        assert scored["trump"] == record["trump"]
        assert scored["joker_taker"] == record["result"]["joker_taker"]
        jokers += "JK" in dealt
    assert 0 < jokers < DEALS  # the joker is dealt in about 9 deals of 53


# A worked deal. Seat 2 deals and turns the 5H: hearts are trump. From the dealer's left
# each seat discards face up and draws the stock's top card: seat 0 KC for 3C, seat 1 2S
# for 9H, seat 2 the turned 5H for QS (hearts stay trump). Trick 1: seat 0 leads the Jick
# (JD, a trump), which takes the ten of hearts but not the jack: seat 2. Trick 2: seat 2's
# AH; seat 0, holding no trump, throws the AS; seat 1's joker, the highest trump, takes it
# (a point and the bonus). Trick 3: seat 1's 9H, the only trump, takes QS and the drawn 3C.
HANDS = [["JD", "AS", "KC"], ["JK", "TH", "2S"], ["AH", "JH", "5H"]]
EXCHANGES = [(0, "KC", "3C"), (1, "2S", "9H"), (2, "5H", "QS")]
PLAYS = [(0, "JD"), (1, "TH"), (2, "JH"), (2, "AH"), (0, "AS"), (1, "JK")]
PLAYS += [(1, "9H"), (2, "QS"), (0, "3C")]


def test_a_worked_deal_with_an_exchange_is_scored_as_the_rules_say():
    scored = reference.score(HANDS, 2, "5H", EXCHANGES, PLAYS, 1)
    assert scored["trump"] == "H" and scored["trick_winners"] == [2, 1, 1]
    assert scored["points"] == [0, 3, 1] and scored["joker_taker"] == 1
    assert DECK.parse_card("JK") == 52 and DECK.card_name(52) == "JK"


def test_the_deal_loop_plays_and_scores_the_worked_deal_alike():
    codes = [[DECK.parse_card(card) for card in hand] for hand in HANDS]
    stock = [DECK.parse_card(drawn) for _, _, drawn in EXCHANGES]
    decisions = [DECK.parse_card(out) for _, out, _ in EXCHANGES]
    decisions += [DECK.parse_card(card) for _, card in PLAYS]
    winners, points = np.zeros(3, np.int64), np.zeros(3, np.int64)
    exchanges, plays = np.zeros(6, np.int64), np.zeros(9, np.int64)
    trump, taker, _ = play_deal_nb(
        np.array(codes, np.int64),
        np.array(stock, np.int64),
        2,
        1,
        np.zeros((3, 3), np.int64),
        np.zeros((3, 3, 1)),
        np.array(decisions, np.int64),
        np.zeros(1, np.int64),
        np.zeros(v.SIZE, np.int64),
        exchanges,
        plays,
        winners,
        points,
    )
    assert (trump, taker) == (2, 1)  # hearts, the joker to seat 1
    assert list(winners) == [2, 1, 1] and list(points) == [0, 3, 1]
    assert list(exchanges) == [
        code for _, out, drawn in EXCHANGES for code in map(DECK.parse_card, (out, drawn))
    ]


@pytest.mark.parametrize(
    ("exchanges", "plays"),
    [
        ([(1, "2S", "9H"), (0, "KC", "3C"), (2, "5H", "QS")], PLAYS),  # out of turn
        ([(0, "QC", "3C"), *EXCHANGES[1:]], PLAYS),  # a discard not held
        ([(0, "KC", "JK"), *EXCHANGES[1:]], PLAYS),  # a draw of a card dealt
        ([(0, "KC", "3C"), (1, "2S", "3C"), EXCHANGES[2]], PLAYS),  # a card drawn twice
        (EXCHANGES[:2], PLAYS),  # a seat that does not exchange
        (EXCHANGES, [*PLAYS[:8], (0, "KC")]),  # the discard played
    ],
)
def test_the_reference_refuses_an_exchange_the_rules_forbid(exchanges, plays):
    with pytest.raises(reference.IllegalPlay):
        reference.score(HANDS, 2, "5H", exchanges, plays, 1)


def test_greedy_discards_its_lowest_card_not_a_trump_else_its_lowest_trump():
    codes = [[DECK.parse_card(card) for card in hand] for hand in HANDS]
    stock = [DECK.parse_card(drawn) for _, _, drawn in EXCHANGES]
    decisions = continued(codes, 2, [], "greedy", 0, stock)
    # Seat 0 (JD AS KC) keeps the Jick and throws the king under the ace; seat 1 throws
    # the 2S; seat 2 holds only trumps and throws the lowest, the 5H.
    assert [DECK.card_name(card) for card in decisions[:3]] == ["KC", "2S", "5H"]


def test_replay_shows_three_tricks_in_the_decks_names(capsys):
    code, text, _ = call(capsys, "replay", NAME, "--seed", "5", "--deal", "7")
    assert code == 0
    assert "trick 3:" in text and "trick 4:" not in text
    assert text.count(" discards ") == 3 and text.count(", draws ") == 3
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


def test_chart_is_refused_before_the_run_for_a_game_without_an_overview_chart(capsys, tmp_path):
    chart = tmp_path / "c.png"
    code, text, err = call(capsys, "simulate", NAME, "--deals", "5", "--chart", str(chart))
    assert code == 2 and "draws no overview chart" in err and NAME in err
    assert text == "" and not chart.exists()
