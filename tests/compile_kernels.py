"""Compile (and cache) every kernel the suite calls before it runs, in parallel processes.

numba compiles one process at a time, and a clean clone spends more than half of its
test time compiling; spread over the machine's cores the same work ends sooner. Each job
calls the tools the way a user would, on a tiny run, so that what it compiles is exactly
what the tests then load from the cache. A kernel no job reaches is compiled by the first
test that calls it, as before: this only moves the work.

    python -m tests.compile_kernels [--jobs N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

PITCH_HANDS = "AH JH 5H KS 3C 2D / QH 9H 4C 8D TS 2S / 3H KC TC 7D 6S 4S / 2H AC 9C 5D QS JS"
PHAT_HAND = "9H 5H AH KH QH JH 9S 5S AS TS TD 9D 2C"
PHAT_END = "9H 5H AS / KH 3S 2C / QH JS 4C / AH TS 9C"
WHIST_HAND = "AS KS QS JS 9S 7S AH KH 4H AD 8D 3C 2C"

# The command lines of each job, in the order the workers take them up. The search
# players' shared code (the solver, pimc, ismcts) is compiled by the first job to reach it
# and loaded from the cache by the rest: Pitch's runs reach it early and take longest, so
# they start first, and Phat's, the other user, wait behind Solo Whist's on two workers.
# (Cold, on two workers: Pitch's runs about 100 to 125 s, Solo Whist's and Phat's 60 to
# 80 s each, Phat's with the search players cached, the scripted deals 10 to 30 s each.)
JOBS: dict[str, list[list[str]]] = {
    "pitch runs": [
        ["simulate", "pitch", "--deals", "3"],
        ["simulate", "pitch", "--deals", "3", "--aggregate"],
        ["solve", "pitch", "--hands", PITCH_HANDS, "--trump", "H", "--leader", "0"],
        # Bid odds play conditional runs through the run kernel: compiled above.
        ["odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--deals", "2", "--trump", "H"],
        # Advice's chains and the kernel that plays their deals (sims.games.pitch.sampler).
        ["advise", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--seat", "1", "--deals", "64"],
    ],
    "solowhist runs": [
        ["simulate", "solowhist", "--deals", "3"],
        ["simulate", "solowhist", "--deals", "3", "--aggregate"],
        ["odds", "solowhist", "--hand", WHIST_HAND, "--turned", "2C", "--deals", "2"],
    ],
    "phat runs": [
        ["simulate", "phat", "--deals", "3"],
        ["simulate", "phat", "--deals", "3", "--aggregate"],
        ["solve", "phat", "--hands", PHAT_END, "--trump", "H", "--leader", "1", "--side", "0"],
        ["odds", "phat", "--hand", PHAT_HAND, "--deals", "2", "--trump", "H"],
    ],
    "allfours runs": [
        ["simulate", "allfours", "--deals", "3"],
        ["simulate", "allfours", "--deals", "3", "--aggregate"],
        ["odds", "allfours", "--hand", "AH 2H KS 9S 4C 8D", "--turned", "7H", "--deals", "2"],
    ],
    "cinch runs": [
        ["simulate", "cinch", "--deals", "3"],
        ["simulate", "cinch", "--deals", "3", "--aggregate"],
    ],
    "tenpoint runs": [
        ["simulate", "tenpoint", "--deals", "3"],
        ["simulate", "tenpoint", "--deals", "3", "--aggregate"],
    ],
    "pitch scripted deals": [["scripted", "pitch"]],
    "phat scripted deals": [["scripted", "phat"]],
    "solowhist scripted deals": [["scripted", "solowhist"]],
}


def _scripted(game: str) -> None:
    """A scripted deal played on by a strategy: the kernels the hand-worked examples use."""
    from sims.core.options import resolve
    from sims.games.phat import scripted as scripted_phat
    from sims.games.pitch import rules as pitch
    from sims.games.pitch import scripted as scripted_pitch
    from sims.games.solowhist import scripted as scripted_solowhist
    from sims.run.scripted import IllegalPlayError

    hands13 = [list(range(13 * s, 13 * s + 13)) for s in range(4)]
    if game == "pitch":
        rules = resolve("pitch", pitch.OPTIONS, [])
        hands = [list(range(6 * s, 6 * s + 6)) for s in range(4)]
        scripted_pitch.pitch_continuation(rules, hands, 0, [2, 0, 0, 0], [], "random", seed=1)
    elif game == "phat":
        scripted_phat.phat_continuation(hands13, 0, [], "random", seed=1)
    else:
        with contextlib.suppress(IllegalPlayError):
            scripted_solowhist.play_whist_script(hands13, 3, 51, ["pass"] * 4, [])


def run_job(job: str) -> tuple[str, float]:
    """Run one job's commands in this process; (job, seconds)."""
    from sims.tools import cli

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        for command in JOBS[job]:
            if command[0] == "scripted":
                _scripted(command[1])
                continue
            with contextlib.redirect_stdout(io.StringIO()):
                code = cli.main([*command, "--quiet"] if command[0] != "solve" else command)
            if code:
                raise SystemExit(f"compile job {job}: `allfours {' '.join(command)}` failed")
    return job, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for job, seconds in pool.map(run_job, JOBS):
            print(f"compiled the kernels of {job} in {seconds:.1f} s", flush=True)
    print(f"kernels compiled in {time.perf_counter() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
