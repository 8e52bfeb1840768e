"""Runs written as a chunked Parquet dataset that survives interruption.

A dataset is a folder: `_manifest.jsonl` and one file per chunk in each of its parts,
named `part-NNNNNN.parquet` by chunk index: `deals/` and, with --games, `games/` (unless
the run keeps counters only), and always `counters/` and, with --games, `lengths/`. So
`pandas.read_parquet(DIR / "deals")` reads the rows in order. The manifest's first line
describes the run; each later line records one finished chunk with the size and SHA-256
of its files. A chunk file is written under a temporary name and renamed, and only then
recorded, so a run killed at any moment leaves finished chunks valid; `--resume` checks
every recorded file and plays only the chunks that are missing, unrecorded or do not
match their record. When the run ends the manifest is rewritten in chunk order, so a
finished folder is the same byte for byte however its chunks were played. Each chunk file
also holds the run and its chunk's place in it, so a manifest lost or damaged in its first
line is rebuilt from the chunk files by `--resume`.

One process writes a folder at a time: it holds an exclusive lock on `.lock` there for
the whole run (the operating system releases it when the process dies, even by kill -9)
and a second writer is refused, told which process holds it.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from sims.descriptors import game as describe
from sims.run import counters as counting
from sims.run.backends import Backend
from sims.run.output import atomic_path, read_metadata, write_parquet, writing
from sims.run.runner import (
    Chunk,
    Interrupted,
    RunSpec,
    canonical_seats,
    chunk_size,
    chunks,
    play_chunk,
)

FORMAT = 1
MANIFEST = "_manifest.jsonl"
LOCK = ".lock"  # held by the one process writing the folder; holds its process id


class DatasetError(ValueError):
    """An output folder that cannot take this run (not empty, another run, unreadable)."""


@dataclass
class ChunkOutput:
    """What one chunk leaves: tables to write by part name, and its counters."""

    tables: dict[str, pd.DataFrame]
    counts: dict[str, np.ndarray]
    deals: int  # deals played (rows)
    lengths: pd.DataFrame | None = None  # --games: games by length and by stopped or not


def chunk_output(
    spec: RunSpec,
    chunk: Chunk,
    aggregate: bool,
    stall: float,
    progress: Callable[[int], None] | None = None,
) -> ChunkOutput:
    """Play one chunk and reduce it to what the dataset keeps: rows (and per-game rows) or,
    with `aggregate`, counters only. Runs on the backend's workers; `progress` hears the
    chunk's deals done while it plays (only where it plays in this process)."""
    from sims.run.outcomes import game_frame, run_frame

    result = play_chunk(spec, chunk, stall=stall, progress=progress)
    counts = counting.empty(spec.game, spec.rules)
    counting.accumulate(spec.game, spec.rules, result.table, counts)
    lengths = game_lengths(result.table, spec.layout.cap) if spec.games else None
    if aggregate:
        return ChunkOutput({}, counts, len(result.table), lengths)
    deals = run_frame(result)
    tables = {"deals": deals}
    if spec.games:
        tables["games"] = game_frame(deals)
    return ChunkOutput(tables, counts, len(deals), lengths)


def game_lengths(table: np.ndarray, cap: int) -> pd.DataFrame:
    """Games of a chunk counted by their number of deals and by whether they stopped at
    the cap without a winner: the per-game counts an aggregated run keeps."""
    frame = pd.DataFrame({"game": table["game"], "winner": table["winner"]})
    per_game = frame.groupby("game").agg(deals=("winner", "size"), won=("winner", "max"))
    stopped = (per_game["won"] < 0) & (per_game["deals"] >= cap)
    counted = per_game.assign(stopped=stopped).groupby(["deals", "stopped"]).size()
    return counted.rename("games").reset_index().astype({"deals": np.int32, "games": np.int64})


@dataclass
class Manifest:
    """The run a dataset holds and the chunks already finished (by index)."""

    header: dict[str, Any]
    finished: dict[int, dict[str, Any]] = field(default_factory=dict)


def header(spec: RunSpec, size: int, aggregate: bool) -> dict[str, Any]:
    """The manifest's first line: everything that decides the dataset's bytes."""
    pieces = chunks(spec, size)
    return {
        "format": FORMAT,
        "run": spec.metadata(),
        "chunk": chunk_size(spec, size),
        "chunks": len(pieces),
        "kind": "counters" if aggregate else "rows",
    }


class NoManifest(DatasetError):
    """A folder whose manifest is missing or whose first line is unreadable."""


HEADER_KEYS = ("format", "run", "chunk", "chunks", "kind")


def read_manifest(directory: Path) -> Manifest:
    """The manifest of `directory`; a last line cut short by a kill is ignored. NoManifest
    when there is none or its first line is damaged."""
    path = directory / MANIFEST
    try:
        lines = path.read_text().splitlines()
        manifest = Manifest(json.loads(lines[0]))
        if not isinstance(manifest.header, dict) or not set(HEADER_KEYS) <= set(manifest.header):
            raise ValueError("its first line does not describe a run")
    except (OSError, IndexError, UnicodeDecodeError, ValueError) as error:
        raise NoManifest(
            f"{directory} holds no readable allfours manifest ({error}); the command that wrote "
            "it, given --resume, rebuilds it from the chunk files"
        ) from None
    for line in lines[1:]:
        try:
            record = json.loads(line)
            manifest.finished[int(record["chunk"])] = record
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue  # a record cut short: its chunk is played again
    return manifest


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _intact(directory: Path, record: dict[str, Any]) -> bool:
    """Whether every file of a chunk record exists with the recorded size and hash."""
    for name, expected in record["files"].items():
        path = directory / name
        if not path.is_file() or path.stat().st_size != expected["bytes"]:
            return False
        if _sha256(path) != expected["sha256"]:
            return False
    return True


def _differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between a folder's header and this run's, item by item."""
    changed = []
    for key in sorted(set(old) | set(new)):
        if key == "run":
            changed += _run_differences(old.get("run", {}), new.get("run", {}))
        elif old.get(key) != new.get(key):
            changed.append(f"{key} {old.get(key)!r} -> {new.get(key)!r}")
    return changed


STRATEGY_KEYS = ("seats", "strategies")  # the labels as given, and in canonical form


def _run_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between two runs' metadata: the strategies compared in canonical form
    (`greedy` and `greedy:guard_big_phat=01` are the same), shown as given."""
    changed = _differences(_other_items(old), _other_items(new))
    if _strategies(old) != _strategies(new):
        changed.append(f"seats {old.get('seats')!r} -> {new.get('seats')!r}")
    return changed


def _other_items(run: dict[str, Any]) -> dict[str, Any]:
    """A run's metadata but its strategies."""
    return {key: value for key, value in run.items() if key not in STRATEGY_KEYS}


def _strategies(run: dict[str, Any]) -> Any:
    """A run's strategies in canonical form; a manifest written before they were recorded
    has them worked out from its labels (as given, where they no longer resolve)."""
    if "strategies" in run:
        return run["strategies"]
    try:
        return canonical_seats(run["seats"], describe(run["game"]).strategy_game)
    except (KeyError, TypeError, ValueError):
        return run.get("seats")


@contextmanager
def exclusive(directory: Path) -> Iterator[None]:
    """Create `directory` if need be and hold its writer's lock while the block runs;
    DatasetError naming the holder's process when another process holds it."""
    if directory.exists() and not directory.is_dir():
        raise DatasetError(f"--out {directory} exists and is not a folder")
    path = directory / LOCK
    with writing(path):
        directory.mkdir(parents=True, exist_ok=True)
        descriptor = _lock(path, directory)
    try:
        yield
    finally:
        path.unlink(missing_ok=True)  # before closing: a waiter then sees the file is gone
        os.close(descriptor)


# Never follow a link at the lock's name, nor wait on a fifo there: what is found is checked
# before anything is written to it.
LOCK_FLAGS = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _not_ours(directory: Path, what: str) -> DatasetError:
    """The refusal of a lock name taken by something that is not an allfours lock file."""
    return DatasetError(
        f"--out {directory}: its lock {LOCK} is {what}, not a lock file of allfours; nothing "
        f"was written to it: remove it if it is not yours, or write elsewhere"
    )


def _open_lock(path: Path, directory: Path) -> int:
    """A descriptor of the lock file at `path`, created if absent; DatasetError, with
    nothing written, where that name holds a link, a folder, a fifo, a device or a file
    with other names or another owner (writing to it would damage what it points to)."""
    try:
        descriptor = os.open(path, LOCK_FLAGS, 0o644)
    except OSError as error:
        kinds = {errno.ELOOP: "a symbolic link", errno.EISDIR: "a folder", errno.ENXIO: "a socket"}
        if error.errno in kinds:
            raise _not_ours(directory, kinds[error.errno]) from None
        raise
    found = os.fstat(descriptor)
    problem = None
    if not stat.S_ISREG(found.st_mode):
        problem = "a fifo" if stat.S_ISFIFO(found.st_mode) else "not a regular file"
    elif found.st_nlink != 1:
        problem = "a file with other names (hard links)"
    elif found.st_uid != os.geteuid():
        problem = "a file of another user"
    if problem is not None:
        os.close(descriptor)
        raise _not_ours(directory, problem)
    return descriptor


def _lock(path: Path, directory: Path) -> int:
    """An open descriptor of `path` holding its exclusive lock, with this process's id in it."""
    while True:
        descriptor = _open_lock(path, directory)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(descriptor, 32).decode(errors="replace").strip() or "unknown"
            os.close(descriptor)
            raise DatasetError(
                f"--out {directory} is being written by another allfours process (process id "
                f"{holder}): wait for it to end, or stop it and run again with --resume"
            ) from None
        try:
            same = os.lstat(path).st_ino == os.fstat(descriptor).st_ino
        except FileNotFoundError:
            same = False
        if same:  # else the holder removed it as it ended: lock the file there now
            os.ftruncate(descriptor, 0)
            os.write(descriptor, f"{os.getpid()}\n".encode())
            return descriptor
        os.close(descriptor)


def prepare(directory: Path, wanted: dict[str, Any], resume: bool) -> Manifest:
    """Start a dataset in `directory` (whose lock this process holds) or, with `resume`,
    take up the one there: refuse a folder that is not empty without `resume`, and one
    holding another run with it. Returns the manifest with only the chunks whose files are
    intact."""
    present = any(path.name != LOCK for path in directory.iterdir())
    if not resume:
        if present:
            raise DatasetError(
                f"--out {directory} is not empty: give --resume to finish the run written "
                "there, or an empty or new folder"
            )
        write_manifest(directory, Manifest(wanted))
        return Manifest(wanted)
    if not present:
        raise DatasetError(f"--resume: {directory} holds no run to resume")
    try:
        manifest = read_manifest(directory)
    except NoManifest as lost:
        manifest = rebuild_manifest(directory, wanted, lost)
    changed = _differences(manifest.header, wanted)
    if changed:
        raise DatasetError(
            f"--resume: {directory} holds another run ({'; '.join(changed)}); resume it with "
            "the same game, seed, strategies, variants, size and chunk, or write elsewhere"
        )
    for stray in directory.rglob(".*.tmp"):  # left by a writer that died: none is running
        stray.unlink()
    manifest.finished = {
        index: record
        for index, record in manifest.finished.items()
        if index < wanted["chunks"] and _intact(directory, record)
    }
    # Rewritten with the intact records only, so a line cut short cannot swallow the next.
    write_manifest(directory, manifest)
    return manifest


PART = re.compile(r"part-([0-9]{6})\.parquet")


def rebuild_manifest(directory: Path, wanted: dict[str, Any], lost: NoManifest) -> Manifest:
    """The manifest of a folder whose own is lost, worked out from its chunk files, whose
    Parquet metadata holds the run and the chunk's first unit and count: every chunk whose
    files all carry the run `wanted` describes is recorded again (one with a file missing
    or unreadable is played again). DatasetError, with nothing changed, when a chunk file
    holds another run or another cut of it (it is not overwritten), or none holds this
    run."""
    found = _chunk_files(directory)
    others = sorted({name for name, _ in found} - set(_parts(wanted)))
    if others:
        raise _another(directory, f"parts {others} that a {wanted['kind']} run does not write")
    header, finished = None, {}
    for index in sorted({index for _, index in found}):
        chunk = _rebuilt_chunk(directory, wanted, index)
        if chunk is not None:
            run, finished[index] = chunk
            header = header or {**wanted, "run": {**run, **_span(wanted["run"])}}
    if header is None:
        raise DatasetError(f"{lost}; no chunk file there belongs to this run") from None
    return Manifest(header, finished)


def _chunk_files(directory: Path) -> set[tuple[str, int]]:
    """The part folder and chunk index of every chunk file in `directory`."""
    found = ((path.parent.name, PART.fullmatch(path.name)) for path in directory.glob("*/*"))
    return {(name, int(match[1])) for name, match in found if match is not None}


def _another(directory: Path, what: str) -> DatasetError:
    """The refusal of a folder without a manifest whose chunk files hold another run."""
    return DatasetError(
        f"--resume: {directory} holds no readable manifest and its chunk files hold another "
        f"run ({what}): nothing was changed; resume it as it was written, or write elsewhere"
    )


def _span(run: dict[str, Any]) -> dict[str, Any]:
    """A run's (or a chunk's) first unit and count."""
    return {"first": run["first"], "count": run["count"]}


def _chunk_span(header: dict[str, Any], index: int) -> dict[str, Any]:
    """The first unit and count of chunk `index` of the run `header` describes."""
    step, run = header["chunk"], header["run"]
    return {"first": run["first"] + index * step, "count": min(step, run["count"] - index * step)}


def _parts(header: dict[str, Any]) -> list[str]:
    """The part folders a run of `header` writes for each chunk."""
    games = header["run"]["mode"] == "games"
    rows = ["deals", *(["games"] if games else [])] if header["kind"] == "rows" else []
    return [*rows, "counters", *(["lengths"] if games else [])]


def _rebuilt_chunk(
    directory: Path, wanted: dict[str, Any], index: int
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Chunk `index`'s run metadata and manifest record, from its files; None when one is
    missing or unreadable (it is played again); DatasetError when one holds another run or
    another cut of this one."""
    expected = _chunk_span(wanted, index) if index < wanted["chunks"] else None
    part = f"part-{index:06d}.parquet"
    files, run = {}, None
    for name in _parts(wanted):
        path = directory / name / part
        try:
            metadata, rows = read_metadata(path), pq.read_metadata(path).num_rows
        except (OSError, ValueError, pa.ArrowException):
            return None
        changed = _run_differences({**metadata, **_span(wanted["run"])}, wanted["run"])
        if changed or _span(metadata) != expected:
            what = (
                "; ".join(changed) or f"units {_span(metadata)} at chunk {index}: another --chunk"
            )
            raise _another(directory, f"{name}/{part}: {what}")
        run = run or metadata
        files[f"{name}/{part}"] = _file_record(path, rows)
    deals = _deals(directory, wanted, part, files, expected["count"])
    return run, {"chunk": index, **expected, "deals": deals, "files": files}


def _deals(
    directory: Path, wanted: dict[str, Any], part: str, files: dict[str, Any], units: int
) -> int:
    """The deals a chunk played, from its files: its rows, else (deals kept as counters)
    its units, else (whole games kept as counters) the deals of its game lengths."""
    if wanted["kind"] == "rows":
        return files[f"deals/{part}"]["rows"]
    if wanted["run"]["mode"] != "games":
        return units
    lengths = pd.read_parquet(directory / "lengths" / part)
    return int((lengths["deals"] * lengths["games"]).sum())


def write_manifest(directory: Path, manifest: Manifest) -> None:
    """Replace the manifest, atomically, by its header and its records in chunk order."""
    lines = [manifest.header, *(manifest.finished[index] for index in sorted(manifest.finished))]
    with atomic_path(directory / MANIFEST) as temporary:
        temporary.write_text("".join(json.dumps(line) + "\n" for line in lines))


def _file_record(path: Path, rows: int) -> dict[str, Any]:
    return {"bytes": path.stat().st_size, "sha256": _sha256(path), "rows": rows}


def save_chunk(
    directory: Path, spec: RunSpec, chunk: Chunk, output: ChunkOutput, run: dict[str, Any]
) -> dict[str, Any]:
    """Write a chunk's files (each atomically) with `run`, the metadata the manifest's
    header records, then record them in the manifest; returns the record. A run resumed
    under labels written otherwise thus writes the same bytes as the first."""
    part = f"part-{chunk.index:06d}.parquet"
    metadata = {**run, "first": chunk.first, "count": chunk.count}
    tables = {**output.tables, "counters": counting.to_frame(spec.game, output.counts)}
    if output.lengths is not None:
        tables["lengths"] = output.lengths
    files = {}
    for name, frame in tables.items():
        path = directory / name / part
        with writing(path.parent):
            path.parent.mkdir(exist_ok=True)
        write_parquet(frame, path, metadata)
        files[f"{name}/{part}"] = _file_record(path, len(frame))
    record = {
        "chunk": chunk.index,
        "first": chunk.first,
        "count": chunk.count,
        "deals": output.deals,
        "files": files,
    }
    with writing(directory / MANIFEST), (directory / MANIFEST).open("a") as manifest:
        manifest.write(json.dumps(record) + "\n")
        manifest.flush()
        os.fsync(manifest.fileno())
    return record


@dataclass
class Totals:
    """A run's merged counters, deals played and, with --games, game lengths."""

    counts: dict[str, np.ndarray]
    deals: int = 0
    lengths: pd.DataFrame | None = None

    def add(self, counts: dict[str, np.ndarray], deals: int, lengths: pd.DataFrame | None):
        """Merge one chunk's counts in."""
        self.counts = counting.merge(self.counts, counts)
        self.deals += deals
        if self.lengths is None or lengths is None:
            self.lengths = lengths if self.lengths is None else self.lengths
        else:
            merged = pd.concat([self.lengths, lengths]).groupby(["deals", "stopped"])["games"]
            self.lengths = merged.sum().reset_index().astype({"deals": np.int32})


def count_run(
    spec: RunSpec,
    backend: Backend,
    *,
    size: int,
    stall: float = 0.0,
    on_chunk: Callable[[Chunk], None] | None = None,
    on_deals: Callable[[int], None] | None = None,
) -> Totals:
    """Play the run keeping only its merged counters: memory does not grow with the deals.
    `on_chunk` hears of every chunk done, `on_deals` of the deals done inside the chunk
    being played (where the backend plays in this process)."""
    totals = Totals(counting.empty(spec.game, spec.rules))
    inside = on_deals if backend.in_process else None
    pieces = chunks(spec, size)
    for piece, output in backend.imap(chunk_output, spec, pieces, True, stall, inside):
        totals.add(output.counts, output.deals, output.lengths)
        if on_chunk is not None:
            on_chunk(piece)
    return totals


def write_run(
    directory: Path,
    spec: RunSpec,
    backend: Backend,
    *,
    size: int,
    aggregate: bool = False,
    resume: bool = False,
    stall: float = 0.0,
    on_chunk: Callable[[Chunk], None] | None = None,
    on_deals: Callable[[int], None] | None = None,
) -> Totals:
    """Play the chunks of `spec` that `directory` lacks and write each as it finishes;
    return the merged counters of the whole run. `on_chunk` hears of every chunk done,
    those found written first, and `on_deals` as in `count_run`. Raises Interrupted on
    Ctrl-C, SIGTERM or SIGHUP (every chunk written stays valid), StrategyFault on a fault
    (its chunk is not written), OutputError when a file cannot be written, and
    DatasetError when another process writes there."""
    if resume and not directory.is_dir():
        raise DatasetError(f"--resume: {directory} holds no run to resume")
    with exclusive(directory):
        manifest = prepare(directory, header(spec, size, aggregate), resume)
        pieces = chunks(spec, size)
        totals = _written_totals(directory, spec, manifest, pieces, on_chunk)
        missing = [piece for piece in pieces if piece.index not in manifest.finished]
        inside = on_deals if backend.in_process else None
        try:
            for piece, output in backend.imap(
                chunk_output, spec, missing, aggregate, stall, inside
            ):
                manifest.finished[piece.index] = save_chunk(
                    directory, spec, piece, output, manifest.header["run"]
                )
                totals.add(output.counts, output.deals, output.lengths)
                if on_chunk is not None:
                    on_chunk(piece)
        except KeyboardInterrupt as stop:
            # The manifest is the count: Ctrl-C can land after a chunk's record is written
            # (during its fsync) but before the loop would have counted it.
            written = len(read_manifest(directory).finished)
            raise Interrupted(directory, written, len(pieces), stop) from None
        write_manifest(directory, manifest)  # in chunk order, whatever order they ended in
    return totals


def _written_totals(
    directory: Path,
    spec: RunSpec,
    manifest: Manifest,
    pieces: list[Chunk],
    on_chunk: Callable[[Chunk], None] | None,
) -> Totals:
    """The merged counters of the chunks the folder already holds."""
    totals = Totals(counting.empty(spec.game, spec.rules))
    for piece in pieces:
        if piece.index in manifest.finished:
            counts, lengths = _read_chunk_counts(directory, spec, piece.index)
            totals.add(counts, manifest.finished[piece.index]["deals"], lengths)
            if on_chunk is not None:
                on_chunk(piece)
    return totals


def _read_chunk_counts(
    directory: Path, spec: RunSpec, index: int
) -> tuple[dict[str, np.ndarray], pd.DataFrame | None]:
    """The counters (and game lengths) of a chunk already written."""
    counts = counting.from_frame(
        spec.game, spec.rules, pd.read_parquet(_part_path(directory, "counters", index))
    )
    lengths = pd.read_parquet(_part_path(directory, "lengths", index)) if spec.games else None
    return counts, lengths


def read_rows(directory: str | Path, part: str = "deals") -> pd.DataFrame:
    """A finished dataset's rows (`deals` or `games`; `counters` and `lengths` hold each
    chunk's counts) in chunk order, after checking that every chunk is recorded and
    intact. DatasetError for a part the folder does not hold: an --aggregate run keeps
    counters only, read merged by `read_counters`."""
    directory = Path(directory)
    manifest = read_manifest(directory)
    parts = _parts(manifest.header)
    if part not in parts and manifest.header["kind"] == "counters" and part in ("deals", "games"):
        raise DatasetError(
            f"{directory} holds counters only (written with --aggregate), no {part} rows: read "
            "them with sims.run.dataset.read_counters(FOLDER), and their summary with "
            "analysis.counters.summary(game, counters)"
        )
    if part not in parts:
        raise DatasetError(f"{directory} holds no part {part!r}; its parts: {', '.join(parts)}")
    _check_finished(directory, manifest)
    paths = [_part_path(directory, part, index) for index in range(manifest.header["chunks"])]
    return pd.concat([pd.read_parquet(path) for path in paths], ignore_index=True)


def read_counters(directory: str | Path) -> dict[str, np.ndarray]:
    """A finished dataset's counters, merged over its chunks (by counter name, as
    `sims.run.counters` defines them), after checking that every chunk is recorded and
    intact: what an --aggregate run keeps, and every run writes."""
    directory = Path(directory)
    manifest = read_manifest(directory)
    _check_finished(directory, manifest)
    game, rules = manifest.header["run"]["game"], manifest.header["run"]["rules"]
    totals = counting.empty(game, rules)
    for index in range(manifest.header["chunks"]):
        frame = pd.read_parquet(_part_path(directory, "counters", index))
        totals = counting.merge(totals, counting.from_frame(game, rules, frame))
    return totals


def _part_path(directory: Path, part: str, index: int) -> Path:
    """The file of chunk `index` in part folder `part`."""
    return directory / part / f"part-{index:06d}.parquet"


def _check_finished(directory: Path, manifest: Manifest) -> None:
    """DatasetError unless every chunk of the run is recorded and intact."""
    total = manifest.header["chunks"]
    broken = [i for i in range(total) if i not in manifest.finished]
    broken += [i for i, r in manifest.finished.items() if not _intact(directory, r)]
    if broken:
        raise DatasetError(
            f"{directory} is incomplete or damaged (chunks {sorted(broken)[:5]}...): finish "
            "it with --resume"
        )
