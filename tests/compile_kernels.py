"""Compile (and cache) every kernel the suite calls before it runs, in parallel processes.

numba compiles in one thread of a process, and a clean clone's `make test` spends more
than a third of its time compiling; spread over the machine's cores the same work ends
sooner. Each job calls the tools the way a user would, on a tiny run, so that what it
compiles is exactly what the tests then load from the cache. A kernel no job reaches is
compiled by the first test that calls it, as before: this only moves the work.

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

CINCH_HAND = "AH JH 9H 2H KS 7S 4C 8D 3D"
CINCH_HANDS = "AH JH 9H 2H 9S QC / KH 7H 6H 6D JC 3S / TH 5H 3H TC AD 8C / QH 8H 5D 4H KC KD"
TENPOINT_HAND = "AH JH JD HJ 3H 2H 5C 7S 9D"
TENPOINT_HANDS = "AH KH JH TH 3H HJ / QH 9H 2H KS 8C 4D / JD 8H 5H AS TC 7D / LJ 7H 6H 4H QC 9S"
ALLFOURS_HANDS = "JH 2H QC 7C TD KS / AH 9H KC TC 4D 3S"
FEW = ["--deals", "64"]

# The command lines of each job, in the order the workers take them up: the longest
# first, so that two workers end together, but for the scripted deals, last, which load
# from the cache much of what the others compile. Every kernel a test compiles on its own is
# compiled once, here; left to the tests, two workers often compile the same one side by
# side (Cinch's scripted deals and advice chains cost a clean clone minutes twice over).
# The search players' shared code (the solver, pimc, ismcts) is compiled by the first job
# to reach it and loaded from the cache by the rest.
JOBS: dict[str, list[list[str]]] = {
    "cinch runs": [
        ["simulate", "cinch", "--deals", "3"],
        ["simulate", "cinch", "--deals", "3", "--aggregate"],
        ["solve", "cinch", "--hands", CINCH_HANDS, "--trump", "H", "--leader", "0"],
        ["odds", "cinch", "--hand", CINCH_HAND, "--deals", "2", "--trump", "H"],
        ["advise", "cinch", "--hand", CINCH_HAND, "--seat", "3", "--calls", "3,pass", *FEW],
    ],
    "tenpoint runs": [
        ["simulate", "tenpoint", "--deals", "3"],
        ["simulate", "tenpoint", "--deals", "3", "--aggregate"],
        ["solve", "tenpoint", "--hands", TENPOINT_HANDS, "--trump", "H", "--leader", "0"],
        ["odds", "tenpoint", "--hand", TENPOINT_HAND, "--seat", "2", "--deals", "2"],
        ["advise", "tenpoint", "--hand", TENPOINT_HAND, "--seat", "3", "--calls", "pass,5", *FEW],
    ],
    "pitch runs": [
        ["simulate", "pitch", "--deals", "3"],
        ["simulate", "pitch", "--deals", "3", "--aggregate"],
        ["solve", "pitch", "--hands", PITCH_HANDS, "--trump", "H", "--leader", "0"],
        # Bid odds play conditional runs through the run kernel: compiled above.
        ["odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--deals", "2", "--trump", "H"],
        # Advice's chains and the kernel that plays their deals (sims.games.pitch.sampler).
        ["advise", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--seat", "1", "--deals", "64"],
    ],
    "allfours runs": [
        ["simulate", "allfours", "--deals", "3"],
        ["simulate", "allfours", "--deals", "3", "--aggregate"],
        ["solve", "allfours", "--hands", ALLFOURS_HANDS, "--trump", "H", "--leader", "1"],
        ["odds", "allfours", "--hand", "AH 2H KS 9S 4C 8D", "--turned", "7H", "--deals", "2"],
    ],
    "phat runs": [
        ["simulate", "phat", "--deals", "3"],
        ["simulate", "phat", "--deals", "3", "--aggregate"],
        ["solve", "phat", "--hands", PHAT_END, "--trump", "H", "--leader", "1", "--side", "0"],
        ["odds", "phat", "--hand", PHAT_HAND, "--deals", "2", "--trump", "H"],
    ],
    "solowhist runs": [
        ["simulate", "solowhist", "--deals", "3"],
        ["simulate", "solowhist", "--deals", "3", "--aggregate"],
        ["odds", "solowhist", "--hand", WHIST_HAND, "--turned", "2C", "--deals", "2"],
    ],
    "scripted deals": [["scripted"]],
}


def _scripted() -> None:
    """Every game of the registry played on from a scripted start by a strategy, as the
    hand-worked examples and the hidden-card test play them (the game's continuation)."""
    import random

    from sims.core.options import resolve
    from sims.descriptors import game, names

    for name in names():
        described = game(name)
        table = described.continuation
        if table is None:
            continue
        size = described.deck(resolve(name, described.rules.OPTIONS, [])).size
        cards = random.Random(name).sample(range(size), size)
        hands = [cards[table.hand_size * s : table.hand_size * (s + 1)] for s in range(table.seats)]
        stock = {} if table.seen is None else {"stock": cards[table.seats * table.hand_size :]}
        table.cards(hands, 0, [], "random", 1, **stock)
        if table.calls is not None:
            table.calls(hands, 0, [], "random", 1, **stock)


def run_job(job: str) -> tuple[str, float]:
    """Run one job's commands in this process; (job, seconds)."""
    from sims.tools import cli

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        for command in JOBS[job]:
            if command[0] == "scripted":
                _scripted()
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
