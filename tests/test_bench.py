"""`allfours bench --json` prints every promised figure (values are measured, not judged)."""

import json
import subprocess
import sys

import pytest

from sims.tools import bench


@pytest.mark.slow
def test_bench_json_has_every_figure():
    done = subprocess.run(
        [sys.executable, "-m", "sims.tools.cli", "bench", "--json", "--no-cold"]
        + ["--deals", "20000", "--repeats", "1"]
        + ["--aggregate-deals", "300000", "--search-deals", "3"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    for game, strategies, cards in [
        ("phat", ("random", "greedy"), 52),
        ("pitch", ("random", "calibrated+greedy", "threshold+greedy"), 24),
        ("don", ("random", "greedy"), 36),
    ]:
        for strategy in strategies:
            row = figures[game][strategy]
            assert set(row) >= {"ns_per_card_1t", "deals_per_s_1t", "deals_per_s_all"}
            assert row["end_to_end_deals_per_s_1t"] > 0
            # ns per card and deals per second come from the same timing.
            assert abs(row["ns_per_card_1t"] * row["deals_per_s_1t"] * cards / 1e9 - 1) < 0.1
    for strategy in ("random", "greedy"):  # Solo Whist: a passed-out hand plays no card
        row = figures["solowhist"][strategy]
        assert row["ns_per_card_1t"] * row["deals_per_s_1t"] * 52 / 1e9 >= 0.9
    per_card = figures["random_per_card"]
    assert per_card["against"] == "pitch" and "pitch" not in per_card["ratios"]
    base = figures["pitch"]["random"]["ns_per_card_1t"]
    for game in ("phat", "don", "solowhist", "cinch", "allfours", "tenpoint"):
        assert per_card["ratios"][game] == figures[game]["random"]["ns_per_card_1t"] / base
    assert figures["threads"] >= 1 and figures["fresh_process_s"] > 0
    assert figures["memory"]["rows"] == 1_000_000
    assert "fresh_process_cold_cache_s" not in figures
    scale = figures["scale"]
    assert scale["same_rows"] and scale["same_counters"]
    assert scale["local2_deals_per_s"] > 0 and scale["local2_aggregate_deals_per_s"] > 0
    assert figures["aggregate"]["deals"] == 300_000 and figures["aggregate"]["peak_rss_mb"] > 0
    for name in ("pitch pimc", "pitch ismcts", "phat pimc", "phat ismcts"):
        search = figures["search"][name]
        assert search["deals"] == 3 and search["ms_per_card_1t"] > 0
        assert (
            abs(
                search["ms_per_deal_1t"]
                / search["ms_per_card_1t"]
                / (24 if name.startswith("pitch") else 52)
                - 1
            )
            < 1e-9
        )


@pytest.mark.slow
def test_a_child_process_peak_does_not_count_the_parent_that_started_it():
    # ru_maxrss of a child keeps the size of the parent it was forked from; the bench's
    # memory figures are taken in children of a large process, so they must not use it.
    import numpy as np

    ballast = np.ones(60_000_000)  # 480 MB resident in this process
    code = "from sims.tools.bench import peak_rss_mb; print(peak_rss_mb())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert 10 < float(done.stdout) < ballast.nbytes / 2**20 - 100


def test_against_pairs_the_rounds_of_two_builds_and_skips_what_one_lacks():
    """`bench --against`: a row per strategy both builds have, its timings paired round by
    round (here the checkout against itself), what one build lacks said once."""
    from pathlib import Path

    from sims.tools.bench_against import compare

    here = Path(__file__).resolve().parents[1]
    said = []
    rows = compare(here, [("phat", "random", 3000), ("phat", "no_such", 10)], 2, said.append)
    (row,) = rows
    assert (row.game, row.strategy, row.cards) == ("phat", "random", 3000 * 52)
    assert len(row.this) == len(row.other) == len(row.ratios) == 2
    assert row.ratios == [a / b for a, b in zip(row.this, row.other, strict=True)]
    assert min(row.this + row.other) > 0
    assert said == ["phat no_such: not in both builds, skipped", row.line()]
    assert row.line().startswith("phat      random")


def test_search_figures_keep_each_players_best_round_under_the_rules_given(monkeypatch):
    timings = iter([9.0, 4.0, 6.0, 8.0, 3.0, 2.0])  # a round is both players, in turn
    timed = []

    def seconds(spec, threads):
        if spec.count > 1:
            timed.append((spec.seats[0], spec.rules["players"]))
            return next(timings)
        return 0.0  # the compile before the rounds

    monkeypatch.setattr(bench, "kernel_seconds", seconds)
    searched = [("pitch", "greedy"), ("pitch", "random")]
    figures = bench.search_figures(10, searched, ("players=6", "partnership"), rounds=3)
    assert timed == [("greedy", 6), ("random", 6)] * 3
    assert figures["pitch greedy"]["ms_per_deal_1t"] == pytest.approx(3.0 / 10 * 1e3)
    assert figures["pitch random"]["ms_per_deal_1t"] == pytest.approx(2.0 / 10 * 1e3)
    assert figures["pitch random"]["ms_per_card_1t"] == pytest.approx(2.0 / (10 * 36) * 1e3)


def test_random_play_per_card_is_a_multiple_of_the_baselines_from_the_same_timings():
    from sims.descriptors import names

    figures = {game: {"random": {"ns_per_card_1t": 10.0 + k}} for k, game in enumerate(names())}
    baseline = names()[2]
    figures[names()[0]] = {"greedy": {"ns_per_card_1t": 50.0}}  # a game without random play
    per_card = bench.random_per_card(figures, baseline)
    assert per_card["against"] == baseline
    assert per_card["ratios"] == {
        game: (10.0 + k) / 12.0 for k, game in enumerate(names()) if k not in (0, 2)
    }
