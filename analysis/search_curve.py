"""Strength against cost of search players: each strategy's paired difference from a
reference player, read from `allfours compare GAME --strategies ... --json`, beside its
cost per card on one thread (`allfours bench`'s search timing), as a table and a chart.

    allfours compare phat --strategies guided_ismcts,ismcts,greedy --json > phat.json
    python -m analysis.search_curve phat.json --reference ismcts --margin 1 --out phat_curve
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pandas as pd

from analysis.plots.common import strength_against_cost
from sims.core.options import variants_of
from sims.descriptors import game as describe
from sims.tools.bench import search_figures

COLUMNS = ["difference", "low", "high", "n", "ms_per_card", "ms_per_deal", "relative_cost"]


def strength_against(comparison: dict, reference: str) -> pd.DataFrame:
    """Each strategy of a `compare --json` result against `reference`: its mean difference
    per side and deal with the 95% interval (the reference itself 0), indexed by label."""
    rows = {reference: (0.0, 0.0, 0.0, comparison["deals"])}
    for pair in comparison["pairs"]:
        if pair["b"] == reference:
            rows[pair["a"]] = (pair["difference"], pair["low"], pair["high"], pair["n"])
        elif pair["a"] == reference:
            rows[pair["b"]] = (-pair["difference"], -pair["high"], -pair["low"], pair["n"])
    if len(rows) == 1:
        raise ValueError(f"the comparison has no pair with {reference!r}")
    return pd.DataFrame.from_dict(rows, orient="index", columns=COLUMNS[:4])


def variants(comparison: dict) -> tuple[str, ...]:
    """The rule options of a comparison that differ from its game's defaults, as
    `NAME=VALUE` items (none when it records no rules)."""
    rules = comparison.get("rules")
    return variants_of(describe(comparison["game"]).rules.OPTIONS, rules) if rules else ()


def curve(comparison: dict, reference: str, deals: int, rounds: int = 1) -> pd.DataFrame:
    """`strength_against` with each strategy's cost per card and per deal (one thread, the
    strategy at every seat, `deals` deals, the comparison's rules; the best of `rounds`
    alternating rounds) and its cost relative to the reference's."""
    table = strength_against(comparison, reference)
    game = comparison["game"]
    costs = search_figures(
        deals, [(game, label) for label in table.index], variants(comparison), rounds
    )
    table["ms_per_card"] = [costs[f"{game} {label}"]["ms_per_card_1t"] for label in table.index]
    table["ms_per_deal"] = [costs[f"{game} {label}"]["ms_per_deal_1t"] for label in table.index]
    table["relative_cost"] = table["ms_per_card"] / table.loc[reference, "ms_per_card"]
    return table.sort_values("ms_per_card")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m analysis.search_curve",
        description="Strength against cost: each strategy of a compare --json result against "
        "a reference player, with its cost per card on one thread; writes OUT.csv and OUT.png",
    )
    parser.add_argument("comparison", type=Path, help="the output of allfours compare --json")
    parser.add_argument("--reference", default="ismcts", help="the player to measure against")
    parser.add_argument("--deals", type=int, default=30, help="deals timed per strategy")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="timings of each strategy, in alternating rounds; the best is kept (default 3)",
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=1.0,
        help="as strong as the reference: the interval lies above -MARGIN (default 1)",
    )
    parser.add_argument("--out", type=Path, required=True, help="OUT.csv and OUT.png are written")
    args = parser.parse_args(argv)
    comparison = json.loads(args.comparison.read_text())
    if args.deals < 1 or args.rounds < 1:
        parser.error("--deals and --rounds must be at least 1")
    table = curve(comparison, args.reference, args.deals, args.rounds)
    with pd.option_context(
        "display.width", 120, "display.max_columns", None, "display.float_format", "{:.4g}".format
    ):
        print(table)
    table.to_csv(args.out.with_suffix(".csv"), index_label="strategy", float_format="%.5g")
    figure = strength_against_cost(
        table, comparison["game"], args.reference, args.margin, ", ".join(variants(comparison))
    )
    figure.savefig(args.out.with_suffix(".png"), dpi=120)


if __name__ == "__main__":
    main()
