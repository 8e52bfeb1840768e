"""`allfours replay`: one deal (or game) of a run, re-dealt and shown trick by trick."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import add_run_options, examples, non_negative, run_spec


def add(commands: argparse._SubParsersAction) -> None:
    """Register `replay` and its options."""
    from sims.descriptors import names

    replay = commands.add_parser(
        "replay",
        help="replay one deal (or game) of a run trick by trick",
        description="Re-deal and re-play exactly one deal of a run: same seed, strategies and "
        "variants give the same cards, row and log as the run that produced it.",
        epilog=examples("replay"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    replay.set_defaults(handler=run)
    replay.add_argument("game", choices=names(), help="the game of the run")
    which = replay.add_mutually_exclusive_group(required=True)
    which.add_argument("--deal", type=non_negative, help="index of an independent deal")
    which.add_argument(
        "--game-index",
        type=non_negative,
        metavar="GAME",
        help="index of a game of a --games run (shows all its deals)",
    )
    add_run_options(replay)


def run(args: argparse.Namespace) -> int:
    """`replay GAME`: print the deal (or game) as the run played it."""
    from sims.tools.replay import render, replay

    games = args.game_index is not None
    spec = run_spec(args, 0, games)
    print(render(replay(spec, args.game_index if games else args.deal)))
    return 0
