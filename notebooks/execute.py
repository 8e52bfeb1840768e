"""Execute the notebooks of this folder and save them, outputs included.

    python notebooks/execute.py [--deals N] [--out DIR] [--figures DIR] [NAME.ipynb ...]

Each notebook reads its deal count from ALLFOURS_NOTEBOOK_DEALS (its own full size when
unset) and saves its figures as PNG under ALLFOURS_FIGURES when that is set. `make
notebooks` runs every notebook at full size into results/notebooks, figures in
results/figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def notebooks() -> list[Path]:
    """The source notebooks, in name order."""
    return sorted(HERE.glob("*.ipynb"))


def execute(
    path: Path,
    *,
    deals: int | None = None,
    figures: Path | None = None,
    timeout: int = 1200,
) -> nbformat.NotebookNode:
    """Run the notebook at `path` in a fresh `python3` kernel (cells in order, stopping at
    the first error) and return it with its outputs. `deals` sets
    ALLFOURS_NOTEBOOK_DEALS, `figures` ALLFOURS_FIGURES, for the kernel only; `timeout`
    bounds each cell in seconds."""
    notebook = nbformat.read(path, as_version=4)
    env = dict(os.environ)
    env.pop("ALLFOURS_NOTEBOOK_DEALS", None)
    env.pop("ALLFOURS_FIGURES", None)
    if deals is not None:
        env["ALLFOURS_NOTEBOOK_DEALS"] = str(deals)
    if figures is not None:
        env["ALLFOURS_FIGURES"] = str(figures)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
    )
    client.execute(env=env)
    return notebook


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebooks to run (default: all)")
    parser.add_argument("--deals", type=int, help="deal count (default: each one's full size)")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "notebooks")
    parser.add_argument("--figures", type=Path, default=ROOT / "results" / "figures")
    args = parser.parse_args(argv)
    paths = [HERE / Path(name).name for name in args.names] or notebooks()
    args.out.mkdir(parents=True, exist_ok=True)
    args.figures.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for path in paths:
        began = time.perf_counter()
        notebook = execute(path, deals=args.deals, figures=args.figures.resolve())
        nbformat.write(notebook, args.out / path.name)
        print(f"{path.name}: {time.perf_counter() - began:.0f} s", file=sys.stderr)
    print(f"{len(paths)} notebooks in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
