"""`allfours calibrate`: fit the calibrated bidder's table of a game by self-play."""

from __future__ import annotations

import argparse

from sims.tools.commands.common import (
    MAX_UNITS,
    UsageError,
    add_game_argument,
    add_rule_options,
    check_outputs,
    examples,
    expanded_path,
    non_negative,
    up_to,
    variants_of,
)


def add(commands: argparse._SubParsersAction) -> None:
    """Register `calibrate` and its options."""
    calibrate = commands.add_parser(
        "calibrate",
        help="fit the calibrated bidder's table by self-play",
        description="Fit the tables of the game's calibrated bidder (`calibrated`) for "
        "the rules given. Each round plays --deals deals in which seat 0 calls at random among "
        "its legal calls and the other seats bid by the current table (by threshold in the "
        "first round), everyone playing greedy; each call's expected score change per "
        "position, high bid heard and hand class, estimated from them (docs/guide/calibrate.md), "
        "becomes the next table. Printed per round: "
        "the share of the decisions whose best call changed, what the old calls cost there by "
        "the new table (points per decision) and the mean change of the values. The fitting "
        "stops once that cost is below --tolerance, or after --rounds rounds. "
        "The table (and a .json of how it was made) goes to --out, by default a folder of "
        "the user's data; the `calibrated` bidder reads the tables shipped in the package, "
        "which only --replace-shipped replaces. The same command writes the same table; "
        "--deals is at least 10000.",
        epilog=examples("calibrate"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    calibrate.set_defaults(handler=run)
    add_game_argument(calibrate, "calibrate")
    calibrate.add_argument(
        "--deals",
        type=up_to(MAX_UNITS),
        default=8_000_000,
        help="deals per round (default 8000000)",
    )
    calibrate.add_argument(
        "--rounds", type=up_to(100), default=6, help="the most rounds (default 6)"
    )
    calibrate.add_argument(
        "--tolerance",
        type=float,
        default=0.005,
        help="stop once the changed decisions cost less than this, in points per decision "
        "(default 0.005)",
    )
    calibrate.add_argument("--seed", type=non_negative, default=0, help="seed (default 0)")
    written = calibrate.add_mutually_exclusive_group()
    written.add_argument(
        "--out",
        type=expanded_path,
        help="folder for the table (default: $XDG_DATA_HOME/allfours/calibrated/GAME, else "
        "~/.local/share/allfours/calibrated/GAME)",
    )
    written.add_argument(
        "--replace-shipped",
        action="store_true",
        help="write the table into the installed package, replacing the one the calibrated "
        "bidder reads",
    )
    add_rule_options(calibrate)
    calibrate.add_argument("--quiet", action="store_true", help="print no progress")
    calibrate.add_argument("--json", action="store_true", help="print the rounds as JSON")


def run(args: argparse.Namespace) -> int:
    """`calibrate GAME`: the game's descriptor fits its calibrated bidder's table."""
    from sims.run.progress import wanted
    from sims.run.queries import CalibrationQuery
    from sims.run.runner import RunSpec
    from sims.tools.calibrate import calibration_of, user_tables

    fitting = calibration_of(args.game)
    if not 0 <= args.tolerance < 1:
        raise UsageError(f"--tolerance must lie in [0, 1) points, not {args.tolerance}")
    spec = RunSpec(args.game, args.seed, args.deals, variants=variants_of(args))
    folder = None if args.replace_shipped else args.out or user_tables(args.game)
    check_outputs({"--out": folder}, [], force=False)
    query = CalibrationQuery(spec, args.rounds, args.tolerance, folder, wanted(args.quiet))
    report = fitting(query)
    print(report.json() if args.json else report.text())
    return 0
