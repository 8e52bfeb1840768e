"""Loading outcome tables: Parquet round trips through `write_parquet` with run metadata."""

import numpy as np
import pandas as pd
import pytest

from analysis.tables import compact, load, load_games, strategy_label
from sims.run.output import write_parquet


def _meta(game="pitch", seats=("greedy",) * 4, seed=3, **rules):
    rules = {"players": len(seats)} | rules if game == "pitch" else {"target": 181} | rules
    return {
        "game": game,
        "rules": rules,
        "seats": list(seats),
        "seed": seed,
        "mode": "deals",
        "first": 0,
        "count": 2,
        "version": "0.1.0",
    }


def _pitch_deals(players: int, seed: int) -> pd.DataFrame:
    """Two deals as `run_frame` gives them: int64 seed and deal, per-side won_<side>."""
    frame = pd.DataFrame(
        {
            "seed": np.array([seed, seed], np.int64),
            "game": np.array([-1, -1], np.int32),
            "deal": np.array([0, 1], np.int64),
            "pitcher_side": np.array([0, players - 1], np.int8),
            "contract": np.array([2, 3], np.int8),
            "made": [True, False],
        }
    )
    for side in range(players):
        frame[f"won_{side}"] = np.array([side, 2 * side], np.int8)
    return frame


def test_one_file_keeps_its_rows_and_gains_compact_run_columns(tmp_path):
    path = tmp_path / "p4.parquet"
    write_parquet(_pitch_deals(4, seed=70_000), path, _meta(seed=70_000))
    frame = load(path)
    assert list(frame.columns[:4]) == ["run", "strategy", "seed", "players"]
    assert frame["deal"].dtype == np.int8 and frame["game"].dtype == np.int8
    assert frame["seed"].dtype == np.int32 and list(frame["seed"]) == [70_000, 70_000]
    assert frame["contract"].dtype == np.int8 and frame["made"].dtype == bool
    assert isinstance(frame["strategy"].dtype, pd.CategoricalDtype)
    assert list(frame["strategy"]) == ["greedy", "greedy"] and list(frame["players"]) == [4, 4]
    assert list(frame["won_3"]) == [3, 6]
    assert frame.attrs == {"game": "pitch", "runs": [_meta(seed=70_000)]}


def test_several_files_are_told_apart_and_a_side_some_lack_becomes_nullable(tmp_path):
    mixed = ("random", "greedy", "random", "greedy")
    write_parquet(_pitch_deals(3, 1), tmp_path / "a.parquet", _meta(seats=("greedy",) * 3, seed=1))
    write_parquet(_pitch_deals(4, 2), tmp_path / "b.parquet", _meta(seats=mixed, seed=2))
    frame = load([tmp_path / "a.parquet", tmp_path / "b.parquet"])
    assert list(frame["run"]) == [0, 0, 1, 1]
    assert list(frame["players"]) == [3, 3, 4, 4]
    assert list(frame["seed"]) == [1, 1, 2, 2]
    assert list(frame["strategy"]) == ["greedy"] * 2 + ["random/greedy/random/greedy"] * 2
    # won_3 exists for the 4-player run only: missing, not a made-up value, elsewhere.
    assert str(frame["won_3"].dtype) == "Int8"
    assert frame["won_3"].isna().tolist() == [True, True, False, False]
    assert list(frame.columns).index("won_3") == list(frame.columns).index("won_2") + 1
    assert [run["seed"] for run in frame.attrs["runs"]] == [1, 2]


def test_a_directory_gives_its_deal_tables_and_load_games_its_per_game_tables(tmp_path):
    write_parquet(_pitch_deals(4, 5), tmp_path / "b.parquet", _meta(seed=5))
    write_parquet(_pitch_deals(4, 4), tmp_path / "a.parquet", _meta(seed=4))
    games = pd.DataFrame({"game": [0, 1, 2], "deals": [3, 5, 4], "winner": [0, 1, 0]})
    write_parquet(games, tmp_path / "a.games.parquet", _meta(seed=4))
    deals = load(tmp_path)
    assert list(deals["seed"]) == [4, 4, 5, 5]  # files in name order
    per_game = load_games(tmp_path)
    assert list(per_game.columns[:3]) == ["run", "strategy", "seed"]
    assert list(per_game["deals"]) == [3, 5, 4] and list(per_game["seed"]) == [4, 4, 4]
    assert "players" in per_game.columns and per_game["deals"].dtype == np.int8


def test_bad_inputs_are_refused_naming_the_file(tmp_path):
    write_parquet(_pitch_deals(4, 1), tmp_path / "pitch.parquet", _meta())
    phat = pd.DataFrame({"seed": [1], "game": [-1], "deal": [0]})
    write_parquet(phat, tmp_path / "phat.parquet", _meta(game="phat", seats=("greedy",) * 4))
    _pitch_deals(4, 1).to_parquet(tmp_path / "plain.parquet")
    (tmp_path / "notes.parquet").write_text("not a table")
    with pytest.raises(ValueError, match="missing.parquet does not exist"):
        load(tmp_path / "missing.parquet")
    with pytest.raises(ValueError, match="plain.parquet holds no allfours run metadata"):
        load(tmp_path / "plain.parquet")
    with pytest.raises(ValueError, match="notes.parquet is not a readable Parquet file"):
        load(tmp_path / "notes.parquet")
    with pytest.raises(ValueError, match="phat.parquet is a phat table.*one game at a time"):
        load([tmp_path / "pitch.parquet", tmp_path / "phat.parquet"])
    with pytest.raises(ValueError, match="pitch.parquet is a deal table"):
        load_games(tmp_path / "pitch.parquet")
    with pytest.raises(ValueError, match="holds no per-game tables"):
        load_games(tmp_path)
    with pytest.raises(ValueError, match="no outcome table given"):
        load([])


def test_compact_picks_the_smallest_type_that_holds_each_column():
    frame = compact(
        pd.DataFrame(
            {
                "small": np.array([-128, 127], np.int64),
                "medium": np.array([-129, 5], np.int64),
                "wide": np.array([0, 40_000], np.int64),
                "gappy": [1.0, np.nan],
                "fraction": [0.5, np.nan],
                "label": ["a", "b"],
            }
        )
    )
    assert [str(kind) for kind in frame.dtypes] == [
        "int8",
        "int16",
        "int32",
        "Int8",
        "float64",
        "category",
    ]
    assert frame["gappy"].isna().tolist() == [False, True]


def test_strategy_label_names_one_strategy_once_and_a_mixed_table_seat_by_seat():
    assert strategy_label(["greedy+lead_high"] * 4) == "greedy+lead_high"
    assert strategy_label(["random", "greedy", "random"]) == "random/greedy/random"
