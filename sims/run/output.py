"""Writing a run's files all or nothing: Parquet outcome tables with the run's metadata,
and any file written under a temporary name then renamed. A file that cannot be written
ends the command in one line naming it (`OutputError`), with no partial file left, and the
files a command writes together are moved into place together: a failure or a signal
leaves every file that was there before as it was."""

from __future__ import annotations

import io
import json
import os
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

METADATA_KEY = b"allfours"


class OutputError(Exception):
    """A file of the run could not be written: its path and the operating system's reason."""

    def __init__(self, path: Path, error: OSError) -> None:
        reason = error.strerror or str(error) or type(error).__name__
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.error = error


@contextmanager
def writing(path: str | Path) -> Iterator[None]:
    """Turn an OSError raised in the block into an OutputError naming `path`."""
    try:
        yield
    except OSError as error:
        raise OutputError(Path(path), error) from None


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary name beside `path` for the block to write; renamed to `path` when the
    block ends, removed when it fails (or is interrupted), so `path` is whole or absent."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with writing(path):
            yield temporary
            os.replace(temporary, path)
    finally:
        with suppress(OSError):  # the first error is the one to report
            temporary.unlink(missing_ok=True)


def write_together(writers: dict[Path, Callable[[Path], None]]) -> None:
    """Call each writer with a temporary name beside its path, then, once every file is
    written, move them all into place. A writer that fails, a signal, or a move that fails
    leaves each path as it was (old file or none) and no temporary file behind."""
    temporaries: dict[Path, Path] = {}
    try:
        for path, write in writers.items():
            with writing(path.parent):
                path.parent.mkdir(parents=True, exist_ok=True)
            temporaries[path] = _beside(path, "tmp")
            try:
                with writing(path):
                    write(temporaries[path])
            except OutputError as error:  # named after a temporary: name the file instead
                raise OutputError(path, error.error) from None
        _move_into_place(temporaries)
    finally:
        for temporary in temporaries.values():
            with suppress(OSError):  # the first error is the one to report
                temporary.unlink(missing_ok=True)


def _beside(path: Path, kind: str) -> Path:
    """A hidden name beside `path` for this process's temporary or kept-back file."""
    return path.with_name(f".{path.name}.{os.getpid()}.{kind}")


def _move_into_place(temporaries: dict[Path, Path]) -> None:
    """Rename each temporary to its path, keeping the file it replaces until all are moved;
    on any failure, or a termination signal arriving meanwhile (held until the end, then
    raised), put every old file back."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    kept: dict[Path, Path | None] = {}  # path -> its old file kept back, None if it had none
    try:
        for path, temporary in temporaries.items():
            with writing(path):
                kept[path] = None
                if path.is_file() or path.is_symlink():  # never a folder: the move then fails
                    kept[path] = _beside(path, "old")
                    os.replace(path, kept[path])
                os.replace(temporary, path)
        if held & signal.sigpending():
            raise InterruptedError("a signal arrived while the files were moved")
    except BaseException:
        for path, old in kept.items():
            with suppress(OSError):
                if old is None:
                    path.unlink(missing_ok=True)
                else:
                    os.replace(old, path)
        raise
    else:
        for old in kept.values():
            if old is not None:
                with suppress(OSError):
                    old.unlink()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def check_writable(path: str | Path) -> None:
    """Before a run: OutputError unless a file can be created where `path` will be (its
    folder, or the nearest folder above it that exists when the rest is to be made)."""
    path = Path(path).absolute()
    folder = path if path.is_dir() else path.parent
    while not folder.exists():
        folder = folder.parent
    try:
        descriptor, probe = tempfile.mkstemp(prefix=".allfours-probe-", dir=folder)
    except OSError as error:
        raise OutputError(Path(path), error) from None
    os.close(descriptor)
    os.unlink(probe)


def write_parquet(frame: pd.DataFrame, path: str | Path, metadata: dict[str, Any]) -> None:
    """Write `frame` to `path` with `metadata` (JSON) in the schema, all or nothing."""
    table = pa.Table.from_pandas(frame, preserve_index=False)
    existing = table.schema.metadata or {}
    table = table.replace_schema_metadata({**existing, METADATA_KEY: json.dumps(metadata).encode()})
    with atomic_path(path) as temporary:
        pq.write_table(table, temporary)


def read_metadata(path: str | Path) -> dict[str, Any]:
    """The run metadata stored in a Parquet file written by `write_parquet`."""
    schema = pq.read_schema(path)
    raw = (schema.metadata or {}).get(METADATA_KEY)
    if raw is None:
        raise ValueError(f"{path} holds no allfours run metadata")
    return json.loads(raw)


def write_atomically(path: Path, table: np.ndarray, about: dict[str, Any]) -> None:
    """Write `table` (.npy) and `about` (.json beside it), each whole or not at all."""
    stream = io.BytesIO()
    np.save(stream, table, allow_pickle=False)
    text = json.dumps(about, indent=2, sort_keys=True) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    for target, data in ((path, stream.getvalue()), (path.with_suffix(".json"), text.encode())):
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)  # readable like the package's other files
        os.replace(temporary, target)
