"""Nine-card Don on the engine: the hand-worked deals of docs/examples.md, every result field
against the plain-Python reference, and an exact probability."""

import json
import math

import numpy as np
import pytest

from sims.core.cards import cards_of
from sims.core.options import OptionError
from sims.games.don import reference
from sims.games.don import rules as don
from sims.games.phat.scripted import play_phat_script
from sims.run.deal_log import deal_records, play_order
from sims.run.runner import RunSpec, run
from sims.run.scripted import IllegalPlayError
from tests.conftest import DIFFERENTIAL_DEALS, call
from tests.don_examples import DON1_HANDS, DON1_PITCHER, DON1_PLAYS, DON1_UNDEALT, cards


def _script(variants=(), **kwargs):
    return play_phat_script(
        DON1_HANDS,
        DON1_PITCHER,
        [card for _, card in DON1_PLAYS],
        game="don",
        variants=variants,
        **kwargs,
    )


def test_don1_nines_off_trump_score_nothing_and_the_five_and_nine_of_trumps_do():
    row = _script()
    assert (row["phat_0"], row["phat_1"]) == (16, 19)
    assert (row["muck_0"], row["muck_1"]) == (20, 36)
    assert (row["bonus_0"], row["bonus_1"]) == (0, 8)
    assert (row["score_after_0"], row["score_after_1"]) == (16, 27)
    assert row["big_phat_team"] == 1 and row["carry_out"] == 0
    # 16 + 19 = 44 minus the undealt AC (4) and 5D (5).
    undealt = sum(int(don.CARD_VALUES[0, card]) for card in DON1_UNDEALT)
    assert (undealt, row["phat_0"] + row["phat_1"]) == (9, 44 - 9)
    assert don.CARD_VALUES[0, 0 * 13 + 7] == 9  # 9C, the 9 of trumps
    assert don.CARD_VALUES[0, 2 * 13 + 7] == 0  # 9H: a plain nine scores nothing in Don


@pytest.mark.parametrize(
    ("bonus", "expected_bonus", "expected_scores"),
    [("game6_high_low", (1, 7), (17, 26)), ("game5_high_low_jack", (2, 6), (18, 25))],
)
def test_don2_bonus_variants_score_high_low_and_jack(bonus, expected_bonus, expected_scores):
    row = _script((f"bonus={bonus}",))
    assert (row["phat_0"], row["phat_1"]) == (16, 19)
    assert (row["high_team"], row["low_team"], row["jack_team"]) == (1, 0, 0)
    assert (row["bonus_0"], row["bonus_1"]) == expected_bonus
    assert (row["score_after_0"], row["score_after_1"]) == expected_scores


def test_a_team_reaching_the_target_mid_deal_wins_at_once():
    # Team 1 stands at 110: trick 1 brings it 14 points, 124 >= 121, and play stops.
    first_trick = [card for _, card in DON1_PLAYS[:4]]
    row = play_phat_script(DON1_HANDS, DON1_PITCHER, first_trick, game="don", scores=(0, 110))
    assert row["winner"] == 1 and row["tricks_played"] == 1
    assert (row["bonus_0"], row["bonus_1"]) == (0, 0)
    assert (row["score_after_0"], row["score_after_1"]) == (0, 124)
    with pytest.raises(IllegalPlayError, match="after the game was won"):
        _script(scores=(0, 110))


def test_bad_don_hands_and_plays_are_refused():
    with pytest.raises(ValueError, match="four hands of 9"):
        play_phat_script([DON1_HANDS[0][:8], *DON1_HANDS[1:]], 3, [], game="don")
    with pytest.raises(IllegalPlayError, match="incomplete"):
        play_phat_script(DON1_HANDS, 3, [c for _, c in DON1_PLAYS[:-1]], game="don")
    with pytest.raises(OptionError, match="no variant 'bonus_points'"):
        RunSpec("don", 1, 10, variants=("bonus_points=3",))
    with pytest.raises(OptionError, match="bad value 'game9'"):
        RunSpec("don", 1, 10, variants=("bonus=game9",))


# --- the engine against the reference -------------------------------------------------


def _nullable(value):
    return None if value < 0 else int(value)


def _engine_fields(row, winners):
    def pair(name):
        return [int(row[f"{name}_0"]), int(row[f"{name}_1"])]

    return {
        "trump": int(row["trump"]),
        "points": pair("phat"),
        "muck": pair("muck"),
        "bonus": pair("bonus"),
        "carry_in": int(row["carry_in"]),
        "carry_out": int(row["carry_out"]),
        "big_phat": _nullable(row["big_phat_team"]),
        "little_phat": _nullable(row["little_phat_team"]),
        "big_phat_holder": int(row["big_phat_holder"]),
        "little_phat_holder": int(row["little_phat_holder"]),
        "high": _nullable(row["high_team"]),
        "low": _nullable(row["low_team"]),
        "jack": _nullable(row["jack_team"]),
        "tricks": pair("tricks"),
        "trick_winners": [int(w) for w in winners[: int(row["tricks_played"])]],
        "tricks_played": int(row["tricks_played"]),
        "pitcher_trumps": int(row["pitcher_trumps"]),
        "scores_before": pair("score_before"),
        "scores_after": pair("score_after"),
        "winner": _nullable(row["winner"]),
    }


def _mismatches(result):
    rules = result.spec.rules
    target = rules["target"] if result.spec.games else 10**9
    found = []
    logs = (result.table, result.hands, result.plays, result.winners)
    for row, hands, plays, winners in zip(*logs, strict=True):
        pitcher = int(row["pitcher"])
        expected = reference.score_deal(
            [cards_of(int(hand)) for hand in hands],
            pitcher,
            play_order(pitcher, plays, winners),
            scores_before=(int(row["score_before_0"]), int(row["score_before_1"])),
            carry_in=int(row["carry_in"]),
            target=target,
            bonus=rules["bonus"],
            game_tie=rules["game_tie"],
        )
        got = _engine_fields(row, winners)
        if got != expected:
            found.append((int(row["game"]), int(row["deal"]), got, expected))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_independent_deals_agree_with_the_reference(strategy):
    result = run(RunSpec("don", 2025, DIFFERENTIAL_DEALS, seats=(strategy,)), record=True)
    assert len(result.table) == DIFFERENTIAL_DEALS
    assert _mismatches(result) == []


@pytest.mark.parametrize(
    "variants",
    [
        ("target=91",),
        ("target=91", "bonus=game6_high_low", "game_tie=carry"),
        ("target=91", "bonus=game5_high_low_jack"),
        ("game_tie=carry",),
    ],
)
def test_whole_games_of_every_variant_agree_with_the_reference(variants):
    seats = ("greedy", "random+lead_phat", "greedy:guard_big_phat=0", "random")
    result = run(RunSpec("don", 8, 500, games=True, seats=seats, variants=variants), record=True)
    table = result.table
    assert (table["winner"] >= 0).sum() == 500  # every game was won within the deal cap
    assert _mismatches(result) == []
    if "game_tie=carry" in variants:
        assert (table["carry_in"] > 0).any()  # the games saw a tie carried over


def test_card_points_in_play_total_44_less_those_of_the_undealt_cards():
    result = run(RunSpec("don", 4, 2_000, seats=("random",)), record=True)
    for row, hands in zip(result.table, result.hands, strict=True):
        undealt = [c for c in range(52) if not (int(np.bitwise_or.reduce(hands)) >> c & 1)]
        lost = sum(int(don.CARD_VALUES[row["trump"], c]) for c in undealt)
        assert row["phat_0"] + row["phat_1"] == 44 - lost
        assert row["tricks_0"] + row["tricks_1"] == 9


def test_the_nine_of_trumps_is_in_play_with_probability_27_over_43_if_the_pitcher_lacks_it():
    # The pitcher holds 9 of the 52 cards; given it lacks the 9 of trumps, the 27 cards of
    # the other three hands are a uniform draw from the 43 it does not hold.
    table = run(RunSpec("don", 91, 300_000, seats=("random",))).table
    lacking = table[table["big_phat_holder"] != table["pitcher"]]
    rate = (lacking["big_phat_holder"] >= 0).mean()
    exact = 27 / 43
    assert abs(rate - exact) < 4 * math.sqrt(exact * (1 - exact) / len(lacking))


def test_simulate_don_writes_the_rules_in_the_log_and_refuses_bad_variants(capsys, tmp_path):
    log = tmp_path / "don.jsonl"
    code, out, _ = call(
        capsys,
        "simulate",
        "don",
        "--deals",
        "50",
        "--variant",
        "bonus=game5_high_low_jack",
        "--variant",
        "game_tie=carry",
        "--variant",
        "target=91",
        "--log",
        str(log),
        "--json",
    )
    assert code == 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(records) == 50 and json.loads(out)["rows"] == 50
    first = records[0]
    assert first["rules"] == {"target": 91, "bonus": "game5_high_low_jack", "game_tie": "carry"}
    assert len(first["plays"]) == 36 and all(len(hand) == 9 for hand in first["hands"])
    assert {"high", "low", "jack", "points", "muck", "bonus", "big_phat"} <= set(first["result"])
    code, out, err = call(capsys, "simulate", "don", "--deals", "5", "--variant", "game_tie=x")
    assert code == 2 and out == "" and "game_tie" in err


def test_replay_don_shows_the_same_deal_as_the_run(capsys):
    spec = RunSpec("don", 3, 10, seats=("greedy",))
    record = list(deal_records(run(spec, record=True)))[7]
    code, out, _ = call(capsys, "replay", "don", "--seed", "3", "--deal", "7")
    assert code == 0
    assert f"trick  9: {' '.join(f'{s}:{c}' for s, c in record['plays'][32:])}" in out
    assert "9 of trumps" in out and "5 of trumps" in out


def test_don_values_match_the_rule_book():
    trump_values = {card % 13: int(don.CARD_VALUES[1, card]) for card in cards("5D 9D AD KD QD JD")}
    assert trump_values == {3: 10, 7: 9, 12: 4, 11: 3, 10: 2, 9: 1}
    plain = {card: int(don.CARD_VALUES[1, card]) for card in cards("5C 9C AC TC")}
    assert list(plain.values()) == [5, 0, 0, 0]


def test_a_tied_game_scores_nothing_and_carries_only_under_game_tie_carry():
    plain = run(RunSpec("don", 12, 3_000, seats=("greedy",))).table
    carried = run(RunSpec("don", 12, 3_000, seats=("greedy",), variants=("game_tie=carry",))).table
    # The same deals and the same play (greedy does not look at the tie rule).
    assert (plain["muck_0"] == carried["muck_0"]).all()
    ties = (plain["muck_0"] == plain["muck_1"]) & (plain["tricks_played"] == 9)
    assert 10 < ties.sum() < 300
    for table in (plain, carried):
        assert (table["bonus_0"][ties] == 0).all() and (table["bonus_1"][ties] == 0).all()
        assert (table["bonus_0"][~ties] + table["bonus_1"][~ties] == 8).all()
    assert (plain["carry_out"] == 0).all()
    assert (carried["carry_out"][ties] == 8).all() and (carried["carry_out"][~ties] == 0).all()
