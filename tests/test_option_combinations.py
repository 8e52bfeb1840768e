"""Every game's options drawn together at random (a seeded draw, the same on every run),
each table played by a cheap strategy, alone or with a bidder or lead policy, and
re-scored deal by deal by the game's referee. Each game's own tests try its options one or
two at a time; what happens only when several are set together (Cinch's deal thrown in,
which needs its redeal rule and a table where all pass) is found here."""

from __future__ import annotations

import random

import pytest

from sims.core.options import Option, OptionError
from sims.descriptors import game, names
from sims.run.deal_log import deal_records
from sims.run.runner import RunSpec, run, seat_strategies
from sims.strategies.registry import StrategyError, strategies
from tests.references import referee_module
from tests.test_conformance import cheap, disagreements

TABLES = 30  # per game
DEALS = 200
GAMES = 4  # whole games, in every third table
SEAT_COUNTS = range(2, 8)


def _value(rng: random.Random, name: str, option: Option) -> object | None:
    """A value the option takes, at random; None for a number of many values (a target)."""
    if option.values:
        return rng.choice(option.values)
    if isinstance(option.default, bool):
        return rng.choice((True, False))
    if name == "players":
        return rng.choice([n for n in SEAT_COUNTS if option.check(n)])
    return None


def _seat(rng: random.Random, strategy_game: str) -> str:
    """A play strategy that does not search, with a bidder or a lead policy or both where
    the game has them."""
    entries = [entry for entry in strategies(strategy_game) if cheap(entry, 2) == entry.name]
    kinds = {kind: [e.name for e in entries if e.kind == kind] for kind in ("play", "bid", "lead")}
    label = rng.choice(kinds["play"])
    if kinds["lead"] and rng.random() < 0.4:
        label = f"{label}+{rng.choice(kinds['lead'])}"
    if kinds["bid"] and rng.random() < 0.6:
        label = f"{rng.choice(kinds['bid'])}+{label}"
    return label


def tables(name: str) -> list[RunSpec]:
    """TABLES runs of game `name`, each option set to a random value half the time; draws
    the rules refuse (a partnership of 5) or a strategy cannot play (a bidder without a
    fitted table for them) are drawn again."""
    rng = random.Random(f"combinations-{name}")
    described = game(name)
    found: list[RunSpec] = []
    for _ in range(100 * TABLES):
        if len(found) == TABLES:
            return found
        chosen = []
        for option_name, option in described.rules.OPTIONS.items():
            value = _value(rng, option_name, option) if rng.random() < 0.5 else None
            if value is not None:
                chosen.append(f"{option_name}={str(value).lower()}")
        whole = len(found) % 3 == 2 and not described.single_deal
        seed, count = rng.randrange(10**6), GAMES if whole else DEALS
        label = _seat(rng, described.strategy_game)
        try:
            spec = RunSpec(name, seed, count, games=whole, seats=(label,), variants=tuple(chosen))
            seat_strategies(spec)
        except (OptionError, StrategyError, ValueError):
            continue
        found.append(spec)
    raise AssertionError(f"{name}: only {len(found)} of {TABLES} draws could be played")


CASES = [spec for name in names() for spec in tables(name)]


def _id(spec: RunSpec) -> str:
    unit = "games" if spec.games else "deals"
    return f"{spec.game}-{unit}-{spec.seats[0]}-{','.join(spec.variants)}"


@pytest.mark.parametrize("spec", CASES, ids=_id)
def test_options_drawn_together_are_scored_as_the_reference_scores_them(spec):
    described, referee = game(spec.game), referee_module(spec.game).referee
    result = run(spec, threads=1, record=True)
    for row, record in zip(result.table, deal_records(result), strict=True):
        scored = referee(spec, record)
        assert disagreements(row, record, scored, described.rules, spec.deck) == [], record["deal"]
