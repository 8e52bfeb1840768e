"""`allfours bench`: deals per second and nanoseconds per card played, next to the
plain-Python reference measured in the same run, plus a fresh process's start-up."""

from __future__ import annotations

import dataclasses
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numba
import numpy as np

from sims.descriptors import game as describe
from sims.descriptors import names
from sims.run.outcomes import field_bytes, run_frame
from sims.run.runner import RunResult, RunSpec, kernel_seconds, run


def _cards_played(result: RunResult) -> int:
    return result.spec.described.cards_played(result.spec, result.table)


def _best_end_to_end(spec: RunSpec, threads: int, repeats: int) -> tuple[float, int]:
    """Best wall time of `run` (rows in fresh memory, as a user gets them) and the cards."""
    best, cards = float("inf"), 0
    for _ in range(repeats):
        start = time.perf_counter()
        result = run(spec, threads=threads)
        best = min(best, time.perf_counter() - start)
        cards = _cards_played(result)
    return best, cards


def engine_figures(game: str, strategy: str, deals: int, repeats: int) -> dict[str, float]:
    """One strategy at every seat (default rules: 4 seats), on one thread and on all: the
    engine (kernels into rows already in memory) and end to end (`run`, fresh rows)."""
    spec = RunSpec(game, 1, deals, seats=(strategy,))
    run(dataclasses.replace(spec, count=min(deals, 1000)))  # load or compile the kernels
    figures = {}
    for label, threads in (("1t", 1), ("all", numba.config.NUMBA_NUM_THREADS)):
        engine = min(kernel_seconds(spec, threads) for _ in range(repeats))
        end_to_end, cards = _best_end_to_end(spec, threads, repeats)
        figures |= {
            f"ns_per_card_{label}": engine / cards * 1e9,
            f"deals_per_s_{label}": deals / engine,
            f"end_to_end_deals_per_s_{label}": deals / end_to_end,
        }
    return figures


def random_per_card(figures: dict[str, Any], baseline: str) -> dict[str, Any]:
    """What random play costs per card played, one thread, in each game that benches it,
    as a multiple of its cost in `baseline`, from the same sitting's timings."""
    base = figures[baseline]["random"]["ns_per_card_1t"]
    ratios = {
        game: figures[game]["random"]["ns_per_card_1t"] / base
        for game in names()
        if game != baseline and "random" in figures[game]
    }
    return {"against": baseline, "ratios": ratios}


def machinery_game(scenario: str) -> str:
    """The game the run machinery's `scenario` is timed with: the one whose descriptor
    lists it in `bench_machinery`."""
    games = [game for game in names() if scenario in describe(game).bench_machinery]
    if len(games) != 1:
        raise ValueError(f"bench scenario {scenario!r} needs one game, not {games}")
    return games[0]


def fresh_process_seconds(game: str, cold: bool = False) -> float:
    """Wall time of `allfours simulate GAME --deals 1000` in a new process: with the warm
    cache, or (cold) with an empty cache folder, so that it compiles every kernel."""
    command = [
        sys.executable,
        "-m",
        "sims.tools.cli",
        "simulate",
        game,
        "--deals",
        "1000",
        "--quiet",
    ]
    with tempfile.TemporaryDirectory() as empty:
        environment = {**os.environ, "ALLFOURS_CACHE_DIR": empty} if cold else None
        if not cold:
            subprocess.run(command, check=True, capture_output=True)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=environment)
        return time.perf_counter() - start


def peak_rss_mb() -> float:
    """This process's peak resident size in MB: Linux's VmHWM, which starts afresh at
    exec. (ru_maxrss keeps the forking parent's size, so a child started by a large
    process would report at least that.) Elsewhere ru_maxrss."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # bytes on macOS, else KiB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / scale


def memory_figures(game: str, deals: int) -> dict[str, Any]:
    """Memory of a `game` outcome frame of `deals` rows, and the peak resident size of a
    fresh process that plays the deals and builds the frame."""
    code = (
        "import json; from sims.tools.bench import _memory_of_rows, peak_rss_mb; "
        f"figures = _memory_of_rows({game!r}, {deals}); "
        "figures['peak_rss_mb'] = peak_rss_mb(); "
        "print(json.dumps(figures))"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def _memory_of_rows(game: str, deals: int) -> dict[str, Any]:
    result = run(RunSpec(game, 1, deals))
    frame = run_frame(result)
    return {
        "game": game,
        "rows": deals,
        "frame_mb": frame.memory_usage(deep=True).sum() / 1e6,
        "table_mb": result.table.nbytes / 1e6,
    }


def _best_seconds(play: Callable[[], Any], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        play()
        best = min(best, time.perf_counter() - start)
    return best


def scale_figures(game: str, deals: int, repeats: int) -> dict[str, Any]:
    """End-to-end deals/s of one run of `game` (default rules, the last of its bench
    strategies) on the embedded default and on a Dask LocalCluster of 2 worker processes
    (started and warmed beforehand): returning every row, and keeping counters only
    (--aggregate). Also checks that both backends give the same rows and counters."""
    from sims.run.backends import Backend, DaskCluster, Embedded
    from sims.run.dataset import count_run

    strategy = describe(game).bench[-1]
    spec = RunSpec(game, 1, deals, seats=(strategy,))
    chunk = max(1, deals // 16)  # enough chunks to keep both workers busy
    rows, counts = run(spec, chunk=chunk).table, count_run(spec, Embedded(), size=chunk).counts
    figures: dict[str, Any] = {"game": game, "strategy": strategy, "deals": deals}

    def time_on(label: str, backend: Backend) -> None:
        rows_s = _best_seconds(partial(run, spec, chunk=chunk, backend=backend), repeats)
        counts_s = _best_seconds(partial(count_run, spec, backend, size=chunk), repeats)
        figures[f"{label}_deals_per_s"] = deals / rows_s
        figures[f"{label}_aggregate_deals_per_s"] = deals / counts_s

    time_on("embedded", Embedded())  # before the workers exist, as a user runs it
    cluster = DaskCluster("local:2", threads=1)
    try:
        run(dataclasses.replace(spec, count=1000), backend=cluster)  # workers load the kernels
        same_rows = field_bytes(run(spec, chunk=chunk, backend=cluster).table) == field_bytes(rows)
        on_cluster = count_run(spec, cluster, size=chunk).counts
        same_counts = all(np.array_equal(on_cluster[name], counts[name]) for name in counts)
        time_on("local2", cluster)
    finally:
        cluster.close()
    return figures | {"same_rows": same_rows, "same_counters": same_counts}


def aggregate_memory(game: str, deals: int) -> dict[str, Any]:
    """Peak resident size and wall time of `allfours simulate GAME --deals N --aggregate`
    in a fresh process with the kernels cached: the memory of a counters-only run, which
    must not grow with N (a process that compiles peaks higher)."""
    code = (
        "import json, time; from sims.tools.bench import peak_rss_mb; "
        "from sims.tools.cli import main; "
        "start = time.perf_counter(); "
        f"main(['simulate', '{game}', '--deals', '{deals}', '--aggregate', '--quiet']); "
        "print(json.dumps({'seconds': time.perf_counter() - start, 'peak_rss_mb': "
        "peak_rss_mb()}))"
    )
    warm = code.replace(f"'{deals}'", "'1000'")  # compiles what the cache lacks, apart
    subprocess.run([sys.executable, "-c", warm], check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return {"game": game, "deals": deals} | json.loads(done.stdout)


def search_figures(
    deals: int,
    searched: Iterable[tuple[str, str]] | None = None,
    variants: Sequence[str] = (),
    rounds: int = 1,
) -> dict[str, dict[str, float]]:
    """Cost of search players' decisions: one thread, the strategy at every seat, the
    kernels' time per card played (a card with no choice costs nothing) and per deal.
    `searched`: (game, strategy) pairs, by default each game's `bench_search` players;
    `variants`: rule options (`NAME=VALUE`) of every game timed, by default none; `rounds`:
    each player timed once a round, the rounds alternating, its best time kept (the
    host's speed drifts within a sitting)."""
    if searched is None:
        searched = [(game, name) for game in names() for name in describe(game).bench_search]
    specs = {
        f"{game} {strategy}": RunSpec(game, 7, deals, seats=(strategy,), variants=tuple(variants))
        for game, strategy in searched
    }
    for spec in specs.values():
        kernel_seconds(dataclasses.replace(spec, count=1), 1)  # load or compile the kernels
    best = {key: kernel_seconds(spec, 1) for key, spec in specs.items()}
    for _ in range(rounds - 1):
        for key, spec in specs.items():
            best[key] = min(best[key], kernel_seconds(spec, 1))
    return {
        key: {
            "deals": deals,
            "ms_per_card_1t": best[key] / (deals * spec.layout.cards) * 1e3,
            "ms_per_deal_1t": best[key] / deals * 1e3,
        }
        for key, spec in specs.items()
    }


def measure(
    deals: int, repeats: int, cold: bool, aggregate_deals: int = 10**8, search_deals: int = 100
) -> dict[str, Any]:
    """Every figure of the benchmark as one dictionary (the `--json` output)."""
    figures: dict[str, Any] = {"threads": numba.config.NUMBA_NUM_THREADS}
    for game in names():
        figures[game] = {s: engine_figures(game, s, deals, repeats) for s in describe(game).bench}
    figures["random_per_card"] = random_per_card(figures, machinery_game("random_baseline"))
    started = machinery_game("fresh_process")
    figures["fresh_process_game"] = started
    figures["fresh_process_s"] = fresh_process_seconds(started)
    if cold:
        figures["fresh_process_cold_cache_s"] = fresh_process_seconds(started, cold=True)
    figures["memory"] = memory_figures(machinery_game("memory"), 1_000_000)
    figures["scale"] = scale_figures(machinery_game("scale"), deals, repeats)
    figures["aggregate"] = aggregate_memory(machinery_game("aggregate"), aggregate_deals)
    figures["search"] = search_figures(search_deals)
    figures["cpu_count"] = os.cpu_count()
    return figures


def report(figures: dict[str, Any]) -> str:
    """The figures as a readable table."""
    lines = [
        f"{figures['threads']} threads available; 4 seats, default rules",
        f"{'game':<10}{'strategy':<18}{'ns/card 1t':>11}{'deals/s 1t':>13}{'ns/card all':>12}"
        f"{'deals/s all':>13}{'scaling':>9}{'end-to-end 1t':>15}{'all':>12}",
    ]
    for game in names():
        for strategy, row in figures[game].items():
            lines.append(
                f"{game:<10}{strategy:<18}{row['ns_per_card_1t']:>11.1f}"
                f"{row['deals_per_s_1t']:>13,.0f}{row['ns_per_card_all']:>12.1f}"
                f"{row['deals_per_s_all']:>13,.0f}"
                f"{row['deals_per_s_all'] / row['deals_per_s_1t']:>8.2f}x"
                f"{row['end_to_end_deals_per_s_1t']:>15,.0f}{row['end_to_end_deals_per_s_all']:>12,.0f}"
            )
    memory, scale, aggregate = figures["memory"], figures["scale"], figures["aggregate"]
    per_card = figures["random_per_card"]
    lines += [
        f"random play per card played, 1 thread, as a multiple of {per_card['against']}'s: "
        + ", ".join(f"{game} {ratio:.2f}x" for game, ratio in per_card["ratios"].items()),
        f"fresh process, `allfours simulate {figures['fresh_process_game']} --deals 1000`: "
        f"{figures['fresh_process_s']:.2f} s"
        + (
            f" (with an empty cache, compiling everything: "
            f"{figures['fresh_process_cold_cache_s']:.1f} s)"
            if "fresh_process_cold_cache_s" in figures
            else ""
        ),
        f"memory: {memory['rows']:,} {memory['game']} rows = {memory['frame_mb']:.0f} MB as a "
        f"DataFrame ({memory['table_mb']:.0f} MB kernel table), peak RSS "
        f"{memory['peak_rss_mb']:.0f} MB",
        f"{scale['game']} {scale['strategy']}, {scale['deals']:,} deals end to end, rows: embedded "
        f"{scale['embedded_deals_per_s']:,.0f} deals/s, Dask local:2 "
        f"{scale['local2_deals_per_s']:,.0f}; counters only: embedded "
        f"{scale['embedded_aggregate_deals_per_s']:,.0f}, local:2 "
        f"{scale['local2_aggregate_deals_per_s']:,.0f}"
        + ("" if scale["same_rows"] and scale["same_counters"] else " (RESULTS DIFFER)"),
        f"--aggregate, {aggregate['deals']:,} {aggregate['game']} deals: peak RSS "
        f"{aggregate['peak_rss_mb']:.0f} MB, {aggregate['seconds']:.0f} s",
        *(
            f"search player {name} at every seat, {row['deals']:,} deals, 1 thread: "
            f"{row['ms_per_card_1t']:.2f} ms per card played, {row['ms_per_deal_1t']:.1f} ms "
            "per deal"
            for name, row in figures["search"].items()
        ),
    ]
    return "\n".join(lines)
