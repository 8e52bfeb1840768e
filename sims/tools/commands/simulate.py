"""`allfours simulate`: play many deals (or whole games), print a summary and write the
outcome table, the deal log and a chart, or a chunked dataset, or counters only."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sims.tools.commands.common import (
    MAX_UNITS,
    UsageError,
    add_run_options,
    check_outputs,
    examples,
    expanded_path,
    non_negative,
    notes,
    positive,
    run_spec,
    up_to,
)

if TYPE_CHECKING:
    import pandas as pd

MAX_THREADS = 1024
IN_MEMORY_DEALS = 20_000_000  # rows kept in memory; more needs --aggregate or --out FOLDER


def add(commands: argparse._SubParsersAction) -> None:
    """Register `simulate` and its options."""
    from sims.descriptors import names

    simulate = commands.add_parser(
        "simulate",
        help="play many deals (or games) and summarise them",
        description="Play independent deals (the dealer or pitcher moving round a seat a deal) "
        "or whole games to the target, print a summary with 95% intervals, and optionally "
        "write the outcome table (Parquet), the deal log (JSON Lines) and a chart."
        + notes("simulate"),
        epilog=examples("simulate"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.set_defaults(handler=run)
    simulate.add_argument("game", choices=names(), help="the game to play")
    size = simulate.add_mutually_exclusive_group()
    size.add_argument(
        "--deals", type=up_to(MAX_UNITS), help="independent deals to play (default 100000)"
    )
    size.add_argument(
        "--games", type=up_to(MAX_UNITS), help="whole games to play instead of single deals"
    )
    add_run_options(simulate)
    simulate.add_argument(
        "--out",
        type=expanded_path,
        help="FILE.parquet: the outcome table, one row per deal (with --games the per-game "
        "table goes beside it as FILE.games.parquet). A folder (a name without extension): "
        "a chunked dataset written chunk by chunk with a manifest, which --resume can finish "
        "after an interruption; read it with sims.run.dataset.read_rows(FOLDER), which checks "
        "every chunk against the manifest",
    )
    simulate.add_argument(
        "--resume",
        action="store_true",
        help="finish the run whose dataset is in the --out folder: play only its missing or "
        "damaged chunks (same game, seed, strategies, variants, size and chunk required)",
    )
    simulate.add_argument(
        "--aggregate",
        action="store_true",
        help="keep counters (bid success by bid and hand features, captures, ties, point "
        "histograms) instead of rows: memory does not grow with the deals; with --out FOLDER "
        "the counters of each chunk are written there",
    )
    simulate.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the chunks on Dask distributed: tcp://host:8786 joins a running scheduler, "
        "local[:N] starts N worker processes here; results are the same as without it",
    )
    simulate.add_argument(
        "--log", type=expanded_path, help="deal log, one JSON object per deal (.jsonl)"
    )
    simulate.add_argument("--chart", type=expanded_path, help="overview chart (.png, .svg or .pdf)")
    simulate.add_argument(
        "--force",
        action="store_true",
        help="replace existing --out FILE.parquet, --log and --chart files (without it an "
        "existing file is refused; a dataset folder is never replaced, only --resume'd)",
    )
    simulate.add_argument(
        "--connect-timeout",
        type=up_to(3600),
        default=30,
        metavar="SECONDS",
        help="with --cluster ADDRESS: give up joining the scheduler, and waiting for its "
        "first worker, after this long (default 30)",
    )
    simulate.add_argument(
        "--threads", type=up_to(MAX_THREADS), help="threads to use (default: all cores)"
    )
    simulate.add_argument(
        "--chunk",
        type=up_to(1 << 22, " (a chunk's rows are held in memory)"),
        default=1 << 18,
        help="deals per kernel call; changes speed, never results (default 262144)",
    )
    simulate.add_argument(
        "--first",
        type=non_negative,
        default=0,
        help="index of the first deal (or game) of the run (default 0)",
    )
    simulate.add_argument(
        "--max-deals",
        type=up_to(10_000),
        help="with --games: stop a game after this many deals (default: the game's own cap, "
        "given below); the summary reports games stopped so",
    )
    simulate.add_argument(
        "--stall",
        type=positive,
        default=300,
        metavar="SECONDS",
        help="stop the run when no deal finishes for this long, a strategy that loops, or, "
        "on a cluster, when it has had no worker for this long (default 300)",
    )
    simulate.add_argument("--quiet", action="store_true", help="print no progress and no summary")
    simulate.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar even when stderr is not a terminal",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")


def _check_suffix(path: Path | None, allowed: Sequence[str], what: str) -> None:
    """Refuse an output path whose extension is none of `allowed`."""
    if path is not None and path.suffix.lower() not in allowed:
        raise UsageError(f"{what} {str(path)!r} must end in {' or '.join(allowed)}")


def _is_folder(path: Path) -> bool:
    """Whether `path` is an existing folder; False for a name the system refuses (too
    long, say), which `check_outputs` then reports."""
    try:
        return path.is_dir()
    except OSError:
        return False


def run(args: argparse.Namespace) -> int:
    """`simulate GAME`: check every input and output, play the run, print and write it."""
    dataset = args.out is not None and (args.out.suffix == "" or _is_folder(args.out))
    as_file = args.out is not None and not dataset
    games_table = args.out.with_suffix(".games.parquet") if as_file and args.games else None
    if as_file:
        _check_suffix(args.out, [".parquet"], "--out (a file; a dataset folder has no extension)")
    _check_suffix(args.log, [".jsonl"], "--log")
    _check_suffix(args.chart, [".png", ".svg", ".pdf"], "--chart")
    files = [path for path in (args.log, args.chart, games_table) if path is not None]
    check_outputs(
        {
            "--out": args.out,
            "--log": args.log,
            "--chart": args.chart,
            "the games table": games_table,
        },
        files + [args.out] if as_file else files,
        args.force,
    )
    units = args.games or args.deals or 100_000
    if not (dataset or args.aggregate) and units > IN_MEMORY_DEALS:
        raise UsageError(
            f"{units:,} {'games' if args.games else 'deals'} would be kept in memory (at most "
            f"{IN_MEMORY_DEALS:,}): give --aggregate to keep counters only, or --out FOLDER to "
            "write them chunk by chunk"
        )
    if args.resume and not dataset:
        raise UsageError("--resume finishes a dataset: give its folder as --out")
    if (dataset or args.aggregate) and (args.log is not None or args.chart is not None):
        raise UsageError(
            "--log and --chart need every row in memory: not with --aggregate or a dataset "
            "folder (chart the dataset from sims.run.dataset.read_rows(FOLDER))"
        )
    if args.aggregate and args.out is not None and not dataset:
        raise UsageError("--aggregate writes counters to a folder: give --out FOLDER")
    games = args.games is not None
    spec = run_spec(args, args.games if games else (args.deals or 100_000), games)
    from sims.run.backends import backend
    from sims.run.progress import wanted
    from sims.run.runner import seat_strategies

    seat_strategies(spec)
    if args.chart is not None:
        _check_charted(spec)
    progress = wanted(args.quiet, args.progress)
    cluster = backend(args.cluster, args.threads, args.connect_timeout, silence=args.stall)
    if not (args.quiet or args.json):  # at once: a slow strategy's run takes a while
        print(_header(spec), flush=True)
    try:
        if dataset or args.aggregate:
            return _simulate_in_chunks(args, spec, cluster, dataset, progress)
        from sims.run.runner import run as play

        result = play(
            spec,
            chunk=args.chunk,
            record=args.log is not None,
            progress=progress,
            backend=cluster,
            stall=args.stall,
        )
    finally:
        cluster.close()

    from sims.run.outcomes import game_frame, run_frame

    analysis = importlib.import_module(spec.described.analysis_module)
    deals = run_frame(result)
    per_game = game_frame(deals) if games else None
    if not args.quiet or args.json:
        tables = {"deals": analysis.summary(deals)}
        if per_game is not None:
            tables["games"] = analysis.games_summary(per_game)
        print(_format_summary(spec, len(deals), tables, args.json))
    _write_outputs(args, spec, result, deals, per_game, analysis)
    return 0


def _simulate_in_chunks(args: argparse.Namespace, spec, cluster, dataset: bool, progress) -> int:
    """A run kept as counters, or written chunk by chunk into a dataset folder: memory
    stays bounded whatever the number of deals, and the summary comes from the counters."""
    from analysis import counters
    from sims.run.dataset import count_run, write_run
    from sims.run.progress import Advance, progress_bar

    label = f"{spec.game} {spec.unit}"
    with progress_bar(spec.count, spec.unit[:-1], label, progress) as bar:
        advance = Advance(bar)
        options = {
            "size": args.chunk,
            "stall": args.stall,
            "on_chunk": lambda piece: advance.chunk(piece.count),
            "on_deals": advance.within if progress and not spec.games else None,
        }
        if dataset:
            totals = write_run(
                args.out, spec, cluster, aggregate=args.aggregate, resume=args.resume, **options
            )
        else:
            totals = count_run(spec, cluster, **options)
    if not args.quiet or args.json:
        tables = {"deals": counters.summary(spec.game, totals.counts)}
        if totals.lengths is not None:
            tables["games"] = counters.lengths_summary(spec.game, totals.lengths)
        print(_format_summary(spec, totals.deals, tables, args.json))
    return 0


def _header(spec) -> str:
    """The lines printed before a run plays: what is played, by whom, under which rules."""
    from sims.run.queries import counted

    return (
        f"{spec.game}: {counted(spec.count, spec.unit[:-1])}, seed {spec.seed}, strategies by "
        f"seat: {' '.join(spec.seats)}\nrules: {spec.rules}"
    )


def _format_summary(spec, rows: int, tables: dict, as_json: bool) -> str:
    """The summary printed after the run: its estimates as text (the header came first),
    or the whole run as JSON."""
    if as_json:
        from sims.run import jsonout

        return jsonout.dumps(
            {"run": spec.metadata(), "rows": rows}
            | {
                name: table.reset_index().to_dict(orient="records")
                for name, table in tables.items()
            },
            indent=2,
        )
    from sims.run.queries import counted

    played = f"{counted(rows, 'deal')} played in {counted(spec.count, 'game')}"
    lines = [played] if spec.games else []
    for table in tables.values():
        width = max([44, *(len(quantity) + 2 for quantity in table.index)])
        lines.append(f"{'':<{width}}{'estimate':>10}   95% interval")
        lines += [f"{quantity:<{width}}{_estimate(row)}" for quantity, row in table.iterrows()]
    return "\n".join(lines)


def _estimate(row: pd.Series) -> str:
    """An estimate and its interval as the summary prints them; where no deal gives the
    quantity, a dash and the count, and where one does, its value and the words that say it
    has no interval, never "nan"."""
    from analysis.stats import interval_text

    if row["n"] == 0:
        return f"{'-':>10}   (n = 0)"
    if row["is_rate"]:
        return f"{row['estimate']:>9.2%}   [{row['low']:.2%}, {row['high']:.2%}]"
    return f"{row['estimate']:>10.3f}   {interval_text(row['low'], row['high'], '.3f')}"


def _write_outputs(args, spec, result, deals, per_game, game_analysis) -> None:
    """Write every requested file, only after the whole run succeeded (and the chart is
    drawn, which can still fail, before any file is written), all together: a file that
    cannot be written, or a signal, leaves every file that was there as it was."""
    from sims.run.deal_log import write_log
    from sims.run.output import write_parquet, write_together

    figure = _chart(game_analysis, deals) if args.chart is not None else None
    as_file = args.out is not None and per_game is not None
    games_table = args.out.with_suffix(".games.parquet") if as_file else None
    writers = {
        args.out: lambda path: write_parquet(deals, path, spec.metadata()),
        games_table: lambda path: write_parquet(per_game, path, spec.metadata()),
        args.log: lambda path: write_log(path, result),
        args.chart: lambda path: figure.savefig(
            path, dpi=120, format=args.chart.suffix[1:].lower()
        ),
    }
    try:
        write_together({path: write for path, write in writers.items() if path is not None})
    finally:
        if figure is not None:  # a caller in the same process keeps no figure open
            import matplotlib.pyplot as plt

            plt.close(figure)


def _check_charted(spec) -> None:
    """Refuse `--chart` before the run for a game whose analysis module draws no overview
    chart (`overview_chart`)."""
    module = importlib.import_module(spec.described.analysis_module)
    if not hasattr(module, "overview_chart"):
        raise UsageError(
            f"--chart: {spec.game} draws no overview chart ({module.__name__} has no "
            "overview_chart); leave --chart out"
        )


def _chart(game_analysis, deals):
    """The overview chart of a run, as a matplotlib figure: `overview_chart` of the game's
    analysis module (`game_analysis`), each panel left empty by too few deals saying so."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    from analysis.plots.style import mark_empty_panels

    figure = game_analysis.overview_chart(deals)
    mark_empty_panels(figure)
    return figure
