"""`allfours solve`: the exact (double-dummy) value of a position with every hand known."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import GamesWith, non_negative


def add(commands: argparse._SubParsersAction) -> None:
    """Register `solve` and its options."""
    solve = commands.add_parser(
        "solve",
        help="the exact (double-dummy) value of a deal with every hand known",
        description="Search a position with every hand known to the end of the deal "
        "(alpha-beta with a transposition table) and print what the maximising side wins "
        "when everyone plays perfectly, the best cards for the seat to play and the value "
        "after each of its cards. Pitch: whole deals (High, Low, Jack and Game; with more "
        "than two sides the other seats play together against the maximising one). Phat "
        "and Don: end positions of up to 6 cards a hand (the points still to be won, with "
        "the end-of-deal bonus from the cards given).",
        epilog="examples:\n"
        '  allfours solve pitch --hands "AH JH 5H KS 3C 2D / QH 9H 4C 8D TS 2S / '
        '3H KC TC 7D 6S 4S / 2H AC 9C 5D QS JS" --trump H --leader 0\n'
        '  allfours solve phat --hands "9H 5H AS / KH 3S 2C / QH JS 4C / AH TS 9C" '
        "--trump H --leader 1 --side 0\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    solve.set_defaults(handler=run)
    solve.add_argument(
        "game", choices=GamesWith("solve"), metavar="GAME", help="the game: %(choices)s"
    )
    solve.add_argument(
        "--hands",
        required=True,
        help='every hand, seat 0 first, separated by "/" (the number of hands sets Pitch\'s '
        "players)",
    )
    solve.add_argument("--trump", required=True, help="trump suit: C D H S (or a suit symbol)")
    solve.add_argument("--leader", type=non_negative, default=0, help="seat that leads (default 0)")
    solve.add_argument(
        "--side",
        type=non_negative,
        help="side that maximises (cutthroat Pitch: a seat; else team 0 or 1; default the "
        "leader's)",
    )
    solve.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option, as for simulate (pitch: must_follow, low_to_holder, partnership, "
        "teams=3; don: bonus=...)",
    )


def run(args: argparse.Namespace) -> int:
    """`solve GAME`: print the solved position."""
    from sims.tools.solve import main_solve

    print(main_solve(args.game, args.hands, args.trump, args.leader, args.variant, args.side))
    return 0
