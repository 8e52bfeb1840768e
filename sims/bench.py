"""`allfours bench`: deals per second and nanoseconds per card played, next to the
plain-Python reference measured in the same run, plus a fresh process's start-up."""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

import numba

from sims.outcomes import outcome_frame
from sims.reference import phat as reference
from sims.runner import RunSpec, run

STRATEGIES = ("random", "greedy")


def _timed_run(spec: RunSpec, threads: int, repeats: int) -> tuple[float, int]:
    """Best wall time of `repeats` runs (after one warm-up) and the cards played."""
    run(RunSpec(spec.game, spec.seed, min(spec.count, 1000), seats=spec.seats), threads=threads)
    best = float("inf")
    cards = 0
    for _ in range(repeats):
        start = time.perf_counter()
        result = run(spec, threads=threads)
        best = min(best, time.perf_counter() - start)
        cards = int(result.table["tricks_played"].sum()) * 4
    return best, cards


def engine_figures(strategy: str, deals: int, repeats: int) -> dict[str, float]:
    """Phat with one strategy at every seat, on one thread and on all threads."""
    spec = RunSpec("phat", 1, deals, seats=(strategy,) * 4)
    one, cards = _timed_run(spec, 1, repeats)
    every, _ = _timed_run(spec, numba.config.NUMBA_NUM_THREADS, repeats)
    return {
        "ns_per_card_1t": one / cards * 1e9,
        "deals_per_s_1t": deals / one,
        "ns_per_card_all": every / cards * 1e9,
        "deals_per_s_all": deals / every,
    }


def reference_figures(deals: int) -> dict[str, float]:
    """The plain-Python reference: a random playout and its scoring, deal after deal."""
    rng = random.Random(1)
    start = time.perf_counter()
    cards = 0
    for index in range(deals):
        hands, plays = reference.random_deal(rng, index % 4)
        result = reference.score_deal(hands, index % 4, plays, target=10**9)
        cards += 4 * result["tricks_played"]
    elapsed = time.perf_counter() - start
    return {"phat_random_deals_per_s": deals / elapsed, "ns_per_card": elapsed / cards * 1e9}


def fresh_process_seconds(cold: bool = False) -> float:
    """Wall time of `allfours simulate phat --deals 1000` in a new process: with the warm
    cache, or (cold) with an empty cache folder, so that it compiles every kernel."""
    command = [sys.executable, "-m", "sims.cli", "simulate", "phat", "--deals", "1000", "--quiet"]
    with tempfile.TemporaryDirectory() as empty:
        environment = {**os.environ, "ALLFOURS_CACHE_DIR": empty} if cold else None
        if not cold:
            subprocess.run(command, check=True, capture_output=True)
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=environment)
        return time.perf_counter() - start


def memory_figures(deals: int) -> dict[str, float]:
    """Memory of a million-row outcome frame, and this process's peak resident size."""
    result = run(RunSpec("phat", 1, deals, seats=("greedy",) * 4))
    frame = outcome_frame(result.table)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "rows": deals,
        "frame_mb": frame.memory_usage(deep=True).sum() / 1e6,
        "table_mb": result.table.nbytes / 1e6,
        "peak_rss_mb": peak_kib / 1024,
    }


def measure(deals: int, reference_deals: int, repeats: int, cold: bool) -> dict[str, Any]:
    """Every figure of the benchmark as one dictionary (the `--json` output)."""
    figures: dict[str, Any] = {"phat": {}, "threads": numba.config.NUMBA_NUM_THREADS}
    for strategy in STRATEGIES:
        figures["phat"][strategy] = engine_figures(strategy, deals, repeats)
    figures["reference_python"] = reference_figures(reference_deals)
    figures["speedup_random_1t_vs_python"] = (
        figures["phat"]["random"]["deals_per_s_1t"]
        / figures["reference_python"]["phat_random_deals_per_s"]
    )
    figures["fresh_process_s"] = fresh_process_seconds()
    if cold:
        figures["fresh_process_cold_cache_s"] = fresh_process_seconds(cold=True)
    figures["memory"] = memory_figures(1_000_000)
    figures["cpu_count"] = os.cpu_count()
    return figures


def report(figures: dict[str, Any]) -> str:
    """The figures as a readable table."""
    lines = [
        f"Phat, {figures['threads']} threads available",
        f"{'strategy':<10}{'ns/card 1t':>12}{'deals/s 1t':>14}{'ns/card all':>13}"
        f"{'deals/s all':>14}{'scaling':>9}",
    ]
    for strategy, row in figures["phat"].items():
        lines.append(
            f"{strategy:<10}{row['ns_per_card_1t']:>12.1f}{row['deals_per_s_1t']:>14,.0f}"
            f"{row['ns_per_card_all']:>13.1f}{row['deals_per_s_all']:>14,.0f}"
            f"{row['deals_per_s_all'] / row['deals_per_s_1t']:>8.2f}x"
        )
    python = figures["reference_python"]
    memory = figures["memory"]
    lines += [
        f"plain-Python reference (random): {python['ns_per_card']:,.0f} ns/card, "
        f"{python['phat_random_deals_per_s']:,.0f} deals/s",
        f"speed-up of the engine (random, 1 thread) over it: "
        f"{figures['speedup_random_1t_vs_python']:,.0f}x",
        f"fresh process, `allfours simulate phat --deals 1000`: {figures['fresh_process_s']:.2f} s"
        + (
            f" (with an empty cache, compiling everything: "
            f"{figures['fresh_process_cold_cache_s']:.1f} s)"
            if "fresh_process_cold_cache_s" in figures
            else ""
        ),
        f"memory: {memory['rows']:,} rows = {memory['frame_mb']:.0f} MB as a DataFrame "
        f"({memory['table_mb']:.0f} MB kernel table), peak RSS {memory['peak_rss_mb']:.0f} MB",
    ]
    return "\n".join(lines)
