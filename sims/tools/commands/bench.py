"""`allfours bench`: the engine's speed and memory figures, or this checkout timed against
another."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import UsageError, expanded_path, positive


def add(commands: argparse._SubParsersAction) -> None:
    """Register `bench` and its options."""
    bench = commands.add_parser(
        "bench",
        help="measure deals/s and ns per card played",
        description="Measure the engine on the strategies each game lists for the benchmark "
        "(random and greedy at least; default rules), on one thread and on all; also a fresh "
        "process's start-up, the memory of a million rows, the run machinery's backends and "
        "the search players' cost per card. ns per card counts the cards played (a hand "
        "passed out plays none). The plain-Python references are timed by the tests' own "
        "command, python -m tests.reference_speed, beside the engine in the same run.",
    )
    bench.set_defaults(handler=run)
    bench.add_argument(
        "--deals", type=positive, default=1_000_000, help="deals per timing (default 1000000)"
    )
    bench.add_argument(
        "--repeats",
        type=positive,
        default=3,
        help="timings of each row, of which the fastest is shown (default 3)",
    )
    bench.add_argument(
        "--aggregate-deals",
        type=positive,
        default=10**8,
        help="deals of the --aggregate run whose peak memory is measured (default 10^8)",
    )
    bench.add_argument(
        "--search-deals",
        type=positive,
        default=100,
        help="deals timed for each search player of each game (default 100: about a minute in all)",
    )
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument(
        "--against",
        type=expanded_path,
        metavar="DIR",
        help="instead, time every engine and search row of this checkout against the "
        "checkout in DIR (e.g. `git worktree add DIR OLD_COMMIT`), one thread, in "
        "alternating rounds, each with a fresh process per build; prints each row's median "
        "ratio. Only kernel time is compared",
    )
    bench.add_argument("--rounds", type=positive, default=6, help="rounds of --against (default 6)")
    bench.add_argument(
        "--no-cold",
        dest="cold",
        action="store_false",
        help="skip timing a fresh process with an empty kernel cache (about 30 s)",
    )


def run(args: argparse.Namespace) -> int:
    """`bench`: measure and print the figures, or hand over to `--against`."""
    from sims.run import jsonout
    from sims.tools.bench import measure, report

    if args.against is not None:
        return _bench_against(args)

    figures = measure(args.deals, args.repeats, args.cold, args.aggregate_deals, args.search_deals)
    print(jsonout.dumps(figures, indent=2) if args.json else report(figures))
    return 0


def _bench_against(args: argparse.Namespace) -> int:
    """Time every engine and search row of this checkout against the one in --against."""
    from sims.descriptors import game, names
    from sims.tools.bench_against import HEADER, compare

    if not (args.against / "sims").is_dir():
        raise UsageError(f"--against {str(args.against)!r}: no checkout there (no sims/ folder)")
    rows = [(g, s, args.deals) for g in names() for s in game(g).bench]
    rows += [(g, s, args.search_deals) for g in names() for s in game(g).bench_search]
    print(
        f"this checkout against {args.against}, {args.rounds} rounds, one thread; ns per "
        "card, the best round of each; change: the median of the paired ratios"
    )
    print(HEADER)
    compare(args.against, rows, args.rounds)
    return 0
