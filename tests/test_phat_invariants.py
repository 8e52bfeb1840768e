"""Invariants every Phat deal must keep, over every recorded run of every strategy."""

import numpy as np

from sims.core.tricks import legal_must_follow
from sims.run.deal_log import play_order


def _check_deal(row, hands, plays, winners):
    order = play_order(int(row["pitcher"]), plays, winners)
    played = [card for _, card in order]
    assert len(played) == len(set(played)) == 4 * int(row["tricks_played"])
    held = [int(h) for h in hands]
    assert sum(bin(h).count("1") for h in held) == 52
    assert np.bitwise_or.reduce(hands) == (1 << 52) - 1
    for trick in range(len(order) // 4):
        cards = order[4 * trick : 4 * trick + 4]
        assert sorted(seat for seat, _ in cards) == [0, 1, 2, 3]
        led = cards[0][1] // 13
        for position, (seat, card) in enumerate(cards):
            legal = legal_must_follow(held[seat], -1 if position == 0 else led)
            assert legal >> card & 1, f"seat {seat} played an illegal card"
            held[seat] &= ~(1 << card)


def test_each_card_once_one_per_seat_per_trick_and_every_play_legal(recorded_runs):
    for result in recorded_runs.values():
        first = slice(0, 2000)
        arrays = (result.table, result.hands, result.plays, result.winners)
        for deal in zip(*(array[first] for array in arrays), strict=True):
            _check_deal(*deal)


def test_phat_and_muck_each_total_80_in_every_complete_deal(recorded_runs, recorded_games):
    for result in [*recorded_runs.values(), recorded_games]:
        table = result.table
        complete = table[table["tricks_played"] == 13]
        assert len(complete) > 0
        assert np.all(complete["phat_0"] + complete["phat_1"] == 80)
        assert np.all(complete["muck_0"] + complete["muck_1"] == 80)
        assert np.all(complete["tricks_0"] + complete["tricks_1"] == 13)


def test_the_larger_muck_scores_the_bonus_and_a_tie_carries_it(recorded_runs):
    for result in recorded_runs.values():
        table = result.table
        bonus = table["bonus_0"] + table["bonus_1"]
        tied = table["muck_0"] == table["muck_1"]
        assert np.all(bonus[tied] == 0) and np.all(table["carry_out"][tied] == 8)
        assert np.all(bonus[~tied] == 8) and np.all(table["carry_out"][~tied] == 0)
        to_team_0 = table["muck_0"] > table["muck_1"]
        assert np.all(table["bonus_0"][to_team_0] == 8)


def test_points_never_exceed_what_is_in_play_when_a_game_ends_early(recorded_games):
    table = recorded_games.table
    early = table[table["tricks_played"] < 13]
    assert len(early) > 0
    assert np.all(early["phat_0"] + early["phat_1"] <= 80)
    assert np.all(early["bonus_0"] + early["bonus_1"] == 0)
    assert np.all(early["carry_out"] == 0)
    assert np.all(early["winner"] >= 0)
