"""`allfours strategies`: the registered strategies, one line each."""

from __future__ import annotations

import argparse


def add(commands: argparse._SubParsersAction) -> None:
    """Register `strategies`, whose one argument, a game, is optional."""
    from sims.descriptors import names

    strategies = commands.add_parser(
        "strategies",
        help="list the registered strategies",
        description="One strategy per line: name, games it plays, kind, description, and "
        "each parameter with its default and range; of one game where one is named.",
    )
    strategies.add_argument(
        "game", nargs="?", choices=names(), metavar="GAME", help="only this game's strategies"
    )
    strategies.set_defaults(handler=run)


def run(arguments: argparse.Namespace) -> int:
    """One line per strategy and description: a strategy that means the same in several
    games lists them together, one that differs by game gets a line per game. Only the
    games registered now count (a game a test registered and took away again does not),
    and only `arguments.game` where one is named."""
    from sims.descriptors import names
    from sims.strategies import strategies

    shown_games = [arguments.game] if arguments.game else names()
    grouped: dict[tuple, list[str]] = {}
    for strategy in (s for s in strategies() if s.game in shown_games):
        key = (strategy.name, strategy.kind, strategy.description, tuple(strategy.params.items()))
        grouped.setdefault(key, []).append(strategy.game)
    rows = sorted(
        (name, ",".join(games), kind, text, params)
        for (name, kind, text, params), games in grouped.items()
    )
    name_width = max(len(row[0]) for row in rows)
    games_width = max(len(row[1]) for row in rows)
    for name, games, kind, text, params in rows:
        shown = {"play": "play", "lead": "lead policy", "bid": "bidder"}[kind]
        settings = "".join(f" [{k}={v.default:g}: {v.allowed()}]" for k, v in params)
        print(f"{name:<{name_width}}  {games:<{games_width}}  {shown:<11}  {text}{settings}")
    return 0
