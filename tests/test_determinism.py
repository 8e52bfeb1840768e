"""A run is a pure function of its spec: threads, chunks and replay never change a row."""

import dataclasses
import json

import numba
import numpy as np

from sims.run.deal_log import deal_records, write_log
from sims.run.outcomes import chosen_deals_frame, run_frame
from sims.run.runner import RunSpec, run
from sims.tools.replay import render, replay


def test_same_seed_same_rows_with_one_and_two_threads_and_any_chunk_size():
    spec = RunSpec("phat", 7, 20_000, seats=("random", "greedy", "greedy+lead_phat", "random"))
    reference = run(spec, threads=1).table
    assert numba.config.NUMBA_NUM_THREADS >= 2
    for threads, chunk in [(2, 1 << 18), (2, 777), (1, 4096), (2, 1)]:
        if chunk == 1:
            spec = dataclasses.replace(spec, count=300)
            assert np.array_equal(run(spec, threads=threads, chunk=chunk).table, reference[:300])
        else:
            assert np.array_equal(run(spec, threads=threads, chunk=chunk).table, reference)


def test_equal_runs_give_tables_equal_byte_for_byte_padding_included():
    """A row's padding (bytes between its fields) reads zero, whatever memory the table got:
    a hash of `table.tobytes()` identifies a run."""
    spec = RunSpec("pitch", 3, 2000, seats=("random",))
    first = run(spec, chunk=500).table
    for _ in range(4):
        junk = np.full(first.nbytes, 0xFF, np.uint8)  # freed memory the next table may get
        del junk
        again = run(spec, chunk=500).table
        assert again.tobytes() == first.tobytes()
    padding = np.ones(first.dtype.itemsize, bool)
    for name in first.dtype.names:
        field, offset = first.dtype.fields[name][:2]
        padding[offset : offset + field.itemsize] = False
    assert padding.any()  # the test means something only where there is padding
    raw = np.frombuffer(first.tobytes(), np.uint8).reshape(len(first), -1)
    assert not raw[:, padding].any()


def test_games_do_not_depend_on_threads_or_chunks():
    spec = RunSpec("phat", 8, 400, games=True, seats=("greedy",) * 4)
    one = run(spec, threads=1).table
    assert np.array_equal(run(spec, threads=2, chunk=37).table, one)


def test_different_seeds_and_strategies_deal_the_same_cards_per_seed():
    spec = RunSpec("phat", 7, 500, seats=("random",) * 4)
    random_hands = run(spec, record=True).hands
    greedy_hands = run(dataclasses.replace(spec, seats=("greedy",) * 4), record=True).hands
    other_seed = run(dataclasses.replace(spec, seed=8), record=True).hands
    assert np.array_equal(random_hands, greedy_hands)
    assert not np.array_equal(random_hands, other_seed)


def test_a_run_can_start_anywhere_and_give_the_same_rows():
    spec = RunSpec("phat", 7, 3_000, seats=("greedy",) * 4)
    whole = run(spec).table
    tail = run(dataclasses.replace(spec, first=1_000, count=2_000)).table
    assert np.array_equal(tail, whole[1_000:])


def test_replay_matches_the_row_and_the_log_line_of_the_run(tmp_path):
    spec = RunSpec("phat", 7, 200, seats=("greedy", "random", "greedy+lead_high", "greedy"))
    result = run(spec, record=True)
    log = tmp_path / "deals.jsonl"
    write_log(log, result)
    lines = log.read_text().splitlines()
    assert len(lines) == 200
    for deal in (0, 57, 199):
        again = replay(spec, deal)
        assert np.array_equal(again.table[0], result.table[deal])
        assert np.array_equal(again.plays[0], result.plays[deal])
        assert next(deal_records(again)) == json.loads(lines[deal])
        text = render(again)
        record = json.loads(lines[deal])
        first_trick = " ".join(f"{seat}:{card}" for seat, card in record["plays"][:4])
        assert first_trick in text
        assert f"scores 0-0 -> {record['result']['scores_after'][0]}-" in text


def test_replay_of_a_game_shows_each_of_its_deals():
    spec = RunSpec("phat", 4, 50, games=True, seats=("greedy",) * 4)
    whole = run(spec).table
    again = replay(spec, 17)
    assert np.array_equal(again.table, whole[whole["game"] == 17])
    assert render(again).count("game 17 deal") == len(again.table)


def test_chosen_deals_are_the_deals_of_the_whole_run():
    for game in ("pitch", "phat", "solowhist"):
        spec = RunSpec(game, 5, 400, seats=("greedy",))
        whole = run_frame(run(spec))
        chosen = [399, 3, 4, 5, 120, 4]  # unsorted, a repeat, a consecutive stretch
        frame = chosen_deals_frame(spec, chosen)
        assert frame["deal"].tolist() == [3, 4, 5, 120, 399]
        expected = whole[whole["deal"].isin(chosen)].reset_index(drop=True)
        assert frame.equals(expected)
