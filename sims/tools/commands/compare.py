"""`allfours compare`: strategies, lead policies or bidders compared on the same deals."""

from __future__ import annotations

import argparse
import sys

from sims.tools.commands.common import (
    KEPT,
    UsageError,
    add_rule_options,
    examples,
    non_negative,
    notes,
    up_to,
    variants_of,
)

# Per strategy kind that --leads or --bids compares: the option, and what it compares.
KINDS = {"lead": ("--leads", "opening-lead policies"), "bid": ("--bids", "bidders")}
# Per role, the heading of its rows; {declarer} is the game's word for the pitcher.
ROLE_TEXT = {
    "pitcher": "the {declarer}'s side: a's mean result there minus b's, on the deals where "
    "each held it",
    "defender": "a defending side: a's mean result there minus b's",
}


def add(commands: argparse._SubParsersAction) -> None:
    """Register `compare` and its options."""
    from sims.descriptors import names

    compare = commands.add_parser(
        "compare",
        help="compare strategies on the same deals",
        description="Play the same deals (same seed) under each policy and report every pair's "
        "mean difference per deal with its paired standard error, and the matrix of them. "
        "--leads: every seat plays BASE+LEAD; the result is the pitcher's (or maker's) side's. "
        "--strategies (or, in a game with bidders, --bids, each played as BID+BASE): for "
        "every pair, one takes the sides of even index and the other the rest, then they swap "
        "on the same deals; the result is a's mean per side minus b's." + notes("compare"),
        epilog=examples("compare"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    compare.set_defaults(handler=run)
    compare.add_argument("game", choices=names(), help="the game (with fixed sides or seatings)")
    policies = compare.add_mutually_exclusive_group(required=True)
    policies.add_argument("--leads", help="opening-lead policies, comma-separated")
    policies.add_argument("--strategies", help="whole strategies, comma-separated")
    policies.add_argument(
        "--bids", help="bidders, comma-separated (`allfours strategies` lists each game's)"
    )
    compare.add_argument(
        "--base",
        default="greedy",
        help="the strategy the leads or bidders are joined to (default greedy)",
    )
    compare.add_argument(
        "--deals",
        type=up_to(5_000_000, KEPT),
        default=100_000,
        help="deals per policy (default 100000)",
    )
    compare.add_argument(
        "--games",
        type=up_to(5_000_000, KEPT),
        help="--strategies or --bids over whole games to the target instead of deals: a's "
        "share of the games won minus b's, the sides swapped on the same games",
    )
    compare.add_argument("--seed", type=non_negative, default=0, help="seed (default 0)")
    add_rule_options(compare)
    compare.add_argument("--quiet", action="store_true", help="print no progress")
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON")


def run(args: argparse.Namespace) -> int:
    """`compare GAME`: check every policy and the rules, play them on the same deals (or
    games) and print each pair's paired difference."""
    from analysis.compare import difference_pairs, policy_means, policy_pairs
    from analysis.stats import game_margin
    from sims.run.progress import wanted
    from sims.run.queries import counted
    from sims.run.runner import RunSpec
    from sims.tools import report
    from sims.tools.compare import game_trials, lead_trials, role_trials, scoring

    variants = variants_of(args)
    probe = RunSpec(args.game, args.seed, 0, variants=variants)
    sides = scoring(probe)
    result, declarer = sides.result, sides.declarer
    listed = next(text for text in (args.leads, args.strategies, args.bids) if text is not None)
    names = [name.strip() for name in listed.split(",")]
    if len(names) < 2 or len(set(names)) != len(names):
        raise UsageError(f"give at least two different policies, comma-separated: {listed!r}")
    if args.leads is not None:
        _check_kind(args.game, probe.described.strategy_game, names, "lead")
        labels = [f"{args.base}+{name}" for name in names]
    elif args.bids is not None:
        _check_kind(args.game, probe.described.strategy_game, names, "bid")
        labels = [f"{name}+{args.base}" for name in names]
    else:
        labels = names
    for label in labels:  # check every strategy and the rules before any deal is played
        RunSpec(args.game, args.seed, 0, seats=(label,), variants=variants)
    show = wanted(args.quiet)

    def progress(what: str) -> None:
        if show:
            print(f"playing {what} ...", file=sys.stderr)

    if args.games is not None:
        if args.leads is not None:
            raise UsageError("--games compares --strategies or --bids, not --leads")
        trials = game_trials(
            args.game,
            labels,
            games=args.games,
            seed=args.seed,
            variants=variants,
            progress=progress,
            bars=show,
        )
        means, pairs, roles = None, difference_pairs(trials, game_margin), {}
        design = "sides swapped on the same games; result: a's share of the games won minus b's"
    elif args.leads is not None:
        trials = lead_trials(
            args.game,
            names,
            deals=args.deals,
            seed=args.seed,
            base=args.base,
            variants=variants,
            progress=progress,
            bars=show,
        )
        means, pairs, roles = policy_means(trials), policy_pairs(trials), {}
        design = f"every seat plays {args.base}+LEAD; result: the {declarer}'s side's {result}"
    else:
        by_role = role_trials(
            args.game,
            labels,
            deals=args.deals,
            seed=args.seed,
            variants=variants,
            progress=progress,
            bars=show,
        )
        means, pairs = None, difference_pairs(by_role.pop("all"))
        roles = {role: difference_pairs(trials) for role, trials in by_role.items()}
        design = f"sides swapped on the same deals; result: a's {result} per side minus b's"
    rules = probe.rules
    if args.json:
        about = {
            "game": args.game,
            "mode": "leads" if args.leads else "sides",
            **({"games": args.games} if args.games else {"deals": args.deals}),
            "seed": args.seed,
            "base": args.base,
            "rules": rules,
            "result": design,
        }
        print(report.compare_json(about, means, pairs, roles))
    else:
        unit = "game" if args.games else "deal"
        count = args.games or args.deals
        header = f"{args.game}: {counted(count, unit)}, seed {args.seed}, rules {rules}; {design}"
        print(report.compare_text(header, means, pairs, unit))
        for role, role_pairs in roles.items():
            heading = ROLE_TEXT[role].format(declarer=declarer)
            print(report.role_text(f"\nas {heading}", role_pairs))
    return 0


def _check_kind(game: str, strategy_game: str, names: list[str], kind: str) -> None:
    """Refuse --leads or --bids that name no strategy of that kind (`KINDS`) in the game,
    listing its own (or saying it has none)."""
    from sims.strategies.registry import strategies

    option, what = KINDS[kind]
    own = [s.name for s in strategies(strategy_game) if s.kind == kind]
    if not own:
        raise UsageError(f"{option} compares {what}; {game} has none")
    unknown = [name.split(":")[0] for name in names if name.split(":")[0] not in own]
    if unknown:
        raise UsageError(
            f"{option}: {', '.join(unknown)} is not among the {what} of {game}; its "
            f"{what}: {', '.join(own)}"
        )
