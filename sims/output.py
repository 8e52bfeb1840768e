"""Writing outcome tables as Parquet with the run's metadata, all or nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

METADATA_KEY = b"allfours"


def write_parquet(frame: pd.DataFrame, path: str | Path, metadata: dict[str, Any]) -> None:
    """Write `frame` to `path` with `metadata` (JSON) in the schema; a reader never sees a
    partial file, as it is written under a temporary name and then renamed."""
    path = Path(path)
    table = pa.Table.from_pandas(frame, preserve_index=False)
    existing = table.schema.metadata or {}
    table = table.replace_schema_metadata({**existing, METADATA_KEY: json.dumps(metadata).encode()})
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        pq.write_table(table, temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def read_metadata(path: str | Path) -> dict[str, Any]:
    """The run metadata stored in a Parquet file written by `write_parquet`."""
    schema = pq.read_schema(path)
    raw = (schema.metadata or {}).get(METADATA_KEY)
    if raw is None:
        raise ValueError(f"{path} holds no allfours run metadata")
    return json.loads(raw)
