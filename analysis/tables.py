"""Loading outcome tables written by `allfours simulate --out`: one or many Parquet files
(or directories of them, or chunked dataset folders, checked against their manifest)
become one DataFrame with compact dtypes and columns that tell the runs apart, so
estimates can be grouped by run, strategy, seed or table size."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from sims.run.output import read_metadata

GAMES_SUFFIX = ".games.parquet"
MANIFEST = "_manifest.jsonl"  # marks a dataset folder (sims.run.dataset)
_INTEGER_TYPES = (np.int8, np.int16, np.int32, np.int64)

PathArgument = str | Path | Iterable[str | Path]


def load(paths: PathArgument) -> pd.DataFrame:
    """Deal tables (one row per deal) of one game, with the run columns first: `run`
    (position in `attrs["runs"]`, the runs' metadata), `strategy`, `seed` and, for Pitch,
    `players`. The game's name is `attrs["game"]`, as the column `game` already numbers the
    games of a `--games` run. A directory stands for its `*.parquet` files other than the
    per-game tables; a dataset folder (`--out FOLDER`, or its `deals/`) for its rows, read
    only once every chunk is checked against the manifest (`sims.run.dataset.read_rows`)."""
    return _load(paths, per_game=False)


def load_games(paths: PathArgument) -> pd.DataFrame:
    """Per-game tables (`NAME.games.parquet` of a `--games` run), like `load`.
    A directory stands for its `*.games.parquet` files, a dataset folder for its `games/`."""
    return _load(paths, per_game=True)


def strategy_label(seats: Iterable[str]) -> str:
    """One label for a table's strategies: the label itself when every seat has the same
    one, else the seats' labels joined with '/' (seat 0 first)."""
    labels = list(seats)
    return labels[0] if len(set(labels)) == 1 else "/".join(labels)


def compact(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` with every integer column in the smallest signed type holding its values,
    every text column categorical; an integer field some runs lack (`won_3` beside
    3-player Pitch) becomes a nullable integer column with gaps there."""
    out = {}
    for name, column in frame.items():
        if pd.api.types.is_bool_dtype(column.dtype):
            out[name] = column
        elif pd.api.types.is_integer_dtype(column.dtype) or _is_whole_float(column):
            out[name] = _smallest_integer(column)
        elif pd.api.types.is_string_dtype(column.dtype):
            out[name] = column.astype("category")
        else:
            out[name] = column
    return pd.DataFrame(out, index=frame.index)


def _load(paths: PathArgument, per_game: bool) -> pd.DataFrame:
    files = _files(paths, per_game)
    runs = [_metadata(path) for path in files]
    game = runs[0]["game"]
    part = "games" if per_game else "deals"
    for path, meta in zip(files, runs, strict=True):
        if meta["game"] != game:
            raise ValueError(
                f"{path} is a {meta['game']} table but {files[0]} a {game} one: "
                "load one game at a time"
            )
    frames = []
    for number, (path, meta) in enumerate(zip(files, runs, strict=True)):
        frame = _dataset_rows(path, part) if path.is_dir() else pd.read_parquet(path)
        if ("deals" if per_game else "deal") not in frame.columns:
            kind, reader = (
                ("a deal table", "load") if per_game else ("a per-game table", "load_games")
            )
            raise ValueError(f"{path} is {kind}: read it with {reader}")
        frames.append(_with_run_columns(frame, number, meta))
    widest = max(frames, key=lambda frame: frame.shape[1])  # its columns lead, in its order
    order = list(dict.fromkeys([*widest.columns, *(c for f in frames for c in f.columns)]))
    frame = compact(pd.concat(frames, ignore_index=True)[order])
    frame.attrs = {"game": game, "runs": runs}
    return frame


def _files(paths: PathArgument, per_game: bool) -> list[Path]:
    """The Parquet files named by `paths`, a directory giving its matching files in order."""
    items = [paths] if isinstance(paths, str | Path) else list(paths)
    if not items:
        raise ValueError("no outcome table given")
    files = []
    for item in map(Path, items):
        if (item.parent / MANIFEST).is_file() and item.name in ("deals", "games"):
            item = item.parent
        if (item / MANIFEST).is_file():
            files.append(item)  # a dataset folder: its rows are read through its manifest
        elif item.is_dir():
            found = sorted(
                path
                for path in item.glob("*.parquet")
                if path.name.endswith(GAMES_SUFFIX) == per_game and not path.name.startswith(".")
            )
            if not found:
                kind = "per-game tables (*.games.parquet)" if per_game else "deal tables"
                raise ValueError(f"{item} holds no {kind}")
            files.extend(found)
        elif item.is_file():
            files.append(item)
        else:
            raise ValueError(f"{item} does not exist")
    return files


def _metadata(path: Path) -> dict[str, Any]:
    """The run metadata of one file or dataset folder; a ValueError naming it if it has
    none."""
    try:
        meta = _dataset_run(path) if path.is_dir() else read_metadata(path)
    except (pa.ArrowException, OSError) as error:
        raise ValueError(f"{path} is not a readable Parquet file: {error}") from None
    if "game" not in meta or "seats" not in meta:
        raise ValueError(f"{path} holds no allfours run metadata")
    return meta


def _dataset_rows(directory: Path, part: str) -> pd.DataFrame:
    """A dataset's rows, after every chunk is checked against its manifest."""
    from sims.run.dataset import read_rows  # the run machinery, only for dataset folders

    return read_rows(directory, part)


def _dataset_run(directory: Path) -> dict[str, Any]:
    """The run metadata a dataset's manifest records."""
    from sims.run.dataset import read_manifest

    return read_manifest(directory).header["run"]


def _with_run_columns(frame: pd.DataFrame, number: int, meta: dict[str, Any]) -> pd.DataFrame:
    """`frame` led by the columns naming its run (a per-game table gains its seed here)."""
    rows = len(frame)
    columns = {
        "run": np.full(rows, number, np.int64),
        "strategy": np.full(rows, strategy_label(meta["seats"]), object),
        "seed": np.full(rows, meta["seed"], np.int64),
    }
    if "players" in meta["rules"]:  # a game played at several table sizes
        columns["players"] = np.full(rows, meta["rules"]["players"], np.int64)
    lead = pd.DataFrame(columns, index=frame.index)
    return pd.concat([lead, frame.drop(columns=list(columns), errors="ignore")], axis=1)


def _is_whole_float(column: pd.Series) -> bool:
    """A float column holding only whole numbers and gaps: an integer column that some
    runs lack (e.g. `won_3` when 3- and 4-player Pitch tables are loaded together)."""
    if not pd.api.types.is_float_dtype(column.dtype) or not column.hasnans:
        return False
    values = column.dropna().to_numpy()
    return bool(np.all(values == np.round(values)))


def _smallest_integer(column: pd.Series) -> pd.Series:
    """`column` in the smallest signed integer type holding its range (nullable if gaps)."""
    values = column.dropna()
    low, high = (int(values.min()), int(values.max())) if len(values) else (0, 0)
    for kind in _INTEGER_TYPES:
        info = np.iinfo(kind)
        if info.min <= low and high <= info.max:
            break
    return column.astype(f"Int{info.bits}" if column.hasnans else kind)
