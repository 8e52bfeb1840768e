"""`allfours`: simulate deals, replay one exactly, bid odds of a hand, advice for a call
after the calls heard, fit a calibrated bidder, compare strategies on the same deals, list
strategies, measure speed.

Every input is checked before any work starts; a bad input prints one line naming the
problem and exits with status 2, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import partial

from sims.core.discovery import told
from sims.tools.commands import (
    advise,
    bench,
    calibrate,
    compare,
    odds,
    replay,
    serve,
    simulate,
    solve,
    strategies,
)
from sims.tools.commands.common import UsageError, examples

# The commands in the order `allfours --help` lists them.
COMMANDS = (simulate, replay, odds, advise, calibrate, compare, solve, strategies, bench, serve)


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: each command module adds its own subcommand."""
    parser = argparse.ArgumentParser(
        prog="allfours",
        description="Monte Carlo strategy analysis for trick-taking card games of the All Fours "
        f"family and their relatives: {', '.join(told('TITLE').values())}.",
        epilog=examples(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add(commands)
    for command_parser in commands.choices.values():
        command_parser.set_defaults(command_parser=command_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Ctrl-C, SIGTERM and SIGHUP at any moment, start-up included, end
    it in one line with status 128 + the signal's number, leaving no partial file."""
    from sims.run.stopping import describe, signal_number, stop_on_termination

    try:
        with stop_on_termination():
            return _command(argv)
    except KeyboardInterrupt as stop:
        sys.stderr.write(f"allfours: {describe(stop)}; nothing was written\n")
        return 128 + signal_number(stop)


def _command(argv: Sequence[str] | None) -> int:
    """Parse the command line and run its command; every error ends in one line."""
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    for item in argv:  # argparse would take `--seed=--` as an empty list, unchecked
        option, equals, value = item.partition("=")
        if item.startswith("--") and equals and value == "--":
            parser.exit(2, f"allfours: error: {option} needs a value, not '--'\n")
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # refused in the command's usage, which lists what it takes
        args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    from sims.core.cards import CardError
    from sims.core.options import OptionError
    from sims.run.compiling import noticing_compiles
    from sims.run.output import OutputError
    from sims.run.progress import tell_compiling, wanted
    from sims.run.runner import Interrupted, StrategyFault
    from sims.run.stopping import describe, signal_number
    from sims.strategies import StrategyError

    # Said where progress shows: a first run compiling for minutes would look hung.
    notice = wanted(getattr(args, "quiet", False), getattr(args, "progress", False))
    try:
        with noticing_compiles(partial(tell_compiling, getattr(args, "game", None)), notice):
            return args.handler(args)
    except (UsageError, OptionError, StrategyError, CardError, ValueError) as error:
        parser.exit(2, f"allfours: error: {error}\n")
    except (StrategyFault, OutputError) as error:
        parser.exit(1, f"allfours: {error}\n")
    except OSError as error:  # a file it reads, or the system refusing a resource
        where = f"{error.filename}: " if error.filename else ""
        parser.exit(1, f"allfours: {where}{error.strerror or error}\n")
    except Interrupted as stopped:
        parser.exit(
            128 + signal_number(stopped.stop),
            f"allfours: {describe(stopped.stop)}: {stopped.done} of {stopped.total} chunks "
            f"are written in {stopped.directory}; run the same command with --resume to "
            "finish the rest\n",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
