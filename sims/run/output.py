"""Writing a run's files all or nothing: Parquet outcome tables with the run's metadata,
and any file written under a temporary name then renamed. A file that cannot be written
ends the command in one line naming it (`OutputError`), with no partial file left."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

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
