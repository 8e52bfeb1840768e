"""`allfours solve`: the exact (double-dummy) value of a position with every hand known."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import add_game_argument, examples, non_negative, notes


def add(commands: argparse._SubParsersAction) -> None:
    """Register `solve` and its options."""
    solve = commands.add_parser(
        "solve",
        help="the exact (double-dummy) value of a deal with every hand known",
        description="Search a position with every hand known to the end of the deal "
        "(alpha-beta with a transposition table) and print what the maximising side wins "
        "when everyone plays perfectly, the best cards for the seat to play and the value "
        "after each of its cards." + notes("solve"),
        epilog=examples("solve"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.set_defaults(handler=run)
    add_game_argument(solve, "solve")
    solve.add_argument(
        "--hands",
        required=True,
        help='every hand, seat 0 first, separated by "/" (where the number of players varies, '
        "the number of hands sets it); cards as the game's deck names them, jokers included",
    )
    solve.add_argument("--trump", required=True, help="trump suit: C D H S (or a suit symbol)")
    solve.add_argument("--leader", type=non_negative, default=0, help="seat that leads (default 0)")
    solve.add_argument(
        "--side",
        type=non_negative,
        help="side that maximises (a seat where each plays for itself; else team 0 or 1; "
        "default the leader's)",
    )
    solve.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option of the game, as for simulate",
    )


def run(args: argparse.Namespace) -> int:
    """`solve GAME`: print the solved position."""
    from sims.tools.solve import main_solve

    print(main_solve(args.game, args.hands, args.trump, args.leader, args.variant, args.side))
    return 0
