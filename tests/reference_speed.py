"""The plain-Python references' speed beside the engine's, in one run: for every game with a
reference, random deals played and scored by the reference (ns per card, deals per second)
and the engine's random play on one thread, and how many times faster the engine is.

    python -m tests.reference_speed [--deals N] [--engine-deals N]
"""

from __future__ import annotations

import argparse
import random
import time

import numba

from sims.descriptors import names
from sims.tools.bench import engine_figures
from tests.references import referee_module


def reference_figures(game: str, deals: int) -> dict[str, float]:
    """`deals` random deals of `game` by its reference: ns per card and deals per second."""
    play = referee_module(game).timed_deal
    rng = random.Random(1)
    start = time.perf_counter()
    cards = sum(play(rng, index) for index in range(deals))
    elapsed = time.perf_counter() - start
    return {"ns_per_card": elapsed / max(cards, 1) * 1e9, "deals_per_s": deals / elapsed}


def main() -> None:
    """Print, per game, the reference's figures, the engine's and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals by each reference")
    parser.add_argument(
        "--engine-deals", type=int, default=1_000_000, help="deals by the engine, random play"
    )
    args = parser.parse_args()
    numba.set_num_threads(1)
    print(
        f"{'game':<10}{'reference ns/card':>18}{'deals/s':>10}{'engine ns/card':>16}"
        f"{'deals/s':>12}{'engine faster':>15}"
    )
    for game in names():
        python = reference_figures(game, args.deals)
        engine = engine_figures(game, "random", args.engine_deals, 3)
        print(
            f"{game:<10}{python['ns_per_card']:>18,.0f}{python['deals_per_s']:>10,.0f}"
            f"{engine['ns_per_card_1t']:>16.1f}{engine['deals_per_s_1t']:>12,.0f}"
            f"{engine['deals_per_s_1t'] / python['deals_per_s']:>14,.0f}x"
        )


if __name__ == "__main__":
    main()
