"""What several commands share: argument types and limits, the option groups that define a
run, the run they describe, and the output checks made before any work starts."""

from __future__ import annotations

import argparse
import os
import textwrap
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from sims.core.discovery import told

STRATEGY_HELP = (
    "strategy for every seat: a play strategy (random, greedy), optionally joined by '+' with "
    "an opening-lead policy and, in a game with an auction, a bidder (BID+PLAY+LEAD); what is "
    "not named comes from the play strategy (greedy if none); parameters as "
    "name:key=value. `allfours strategies GAME` lists a game's, with their parameters"
)


def examples(command: str | None = None) -> str:
    """An epilog of example command lines from every game's package (`EXAMPLES`): those of
    `command`, or for the whole program each game's first of every command."""
    lines = []
    for by_command in told("EXAMPLES").values():
        if command is None:
            lines += [shown[0] for shown in by_command.values()]
        else:
            lines += by_command.get(command, ())
    return "examples:\n" + "".join(f"  allfours {line}\n" for line in lines) if lines else ""


def notes(command: str) -> str:
    """What each game says of `command` (its package's `NOTES`), a paragraph per game, to
    follow a command's description."""
    said = [by_command[command] for by_command in told("NOTES").values() if command in by_command]
    return "".join(f"\n\n{textwrap.fill(text, 88)}" for text in said)


MAX_UNITS = 10**11  # deals or games of one run: far beyond a day's play
KEPT = " (every deal is kept in memory)"


class UsageError(Exception):
    """A bad input found after parsing: reported like argparse's own errors (status 2)."""


def whole(text: str) -> int:
    """Plain digits 0-9 (and a minus sign): argparse reports anything else."""
    from sims.core.options import parse_whole

    try:
        return parse_whole(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive(text: str) -> int:
    """A whole number of at least 1."""
    value = whole(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def non_negative(text: str) -> int:
    """A whole number of at least 0."""
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


def up_to(limit: int, why: str = "") -> Callable[[str], int]:
    """A positive whole number no larger than `limit` (`why` says what bounds it)."""

    def parse(text: str) -> int:
        value = positive(text)
        if value > limit:
            raise argparse.ArgumentTypeError(f"{text!r} is more than {limit:,}{why}")
        return value

    return parse


def expanded_path(text: str) -> Path:
    """A path as given, with a leading `~` expanded (here only, for every path option);
    argparse reports a `~user` that names no user."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # no such user, or no home folder to expand to
        raise argparse.ArgumentTypeError(f"{text!r}: the ~ names no home folder") from None


# The command each descriptor field serves, and the command that answers instead of one
# where a game lacks the field but has the other.
COMMANDS = {"advice": "advise", "calibrate": "calibrate", "odds": "odds", "solve": "solve"}
INSTEAD = {"advice": "odds"}


class GamesWith:
    """The games whose descriptor has `field` (the tool that field serves), as argparse
    choices looked up only when a command parses or shows them: finding them imports
    every game, which would slow every start-up."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __iter__(self) -> Iterator[str]:
        from sims.descriptors import serving

        return iter(serving(self.field))

    def __contains__(self, name: object) -> bool:
        return name in list(self)

    def __call__(self, name: str) -> str:
        """argparse's type: a game the program plays but this tool does not serve is refused
        by name, with the games the tool serves and the command to use instead where there
        is one (a name that is no game is left to the choices' message)."""
        from sims.descriptors import game, names

        if name not in names() or name in self:
            return name
        instead = INSTEAD.get(self.field)
        hint = ""
        if instead is not None and getattr(game(name), instead) is not None:
            hint = f"; `allfours {instead} {name}` values a hand's choices"
        raise argparse.ArgumentTypeError(
            f"{COMMANDS[self.field]} serves {', '.join(self)}, not {name}{hint}"
        )


def add_game_argument(parser: argparse.ArgumentParser, field: str) -> None:
    """The GAME argument of a command that serves the games with descriptor field `field`."""
    games = GamesWith(field)
    parser.add_argument(
        "game", choices=games, type=games, metavar="GAME", help="the game: %(choices)s"
    )


def add_run_options(parser: argparse.ArgumentParser, hand_seat: bool = False) -> None:
    """Options that define a run's deals: seed, strategies and rule variants; `hand_seat`:
    the command holds a hand at --seat, counted from the dealer's left."""
    parser.add_argument("--seed", type=non_negative, default=0, help="seed of the run (default 0)")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--strategy", default="greedy", help=STRATEGY_HELP + " (default greedy)")
    order = "from the dealer's left: the k-th plays the hand at --seat k"
    who.add_argument(
        "--seats",
        help=f"one strategy per seat, comma-separated, {order if hand_seat else 'seat 0 first'}",
    )
    add_rule_options(parser)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Options that choose the rules: variants and, where it varies, the number of players."""
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="rule option of the game as named in docs/rules.md, repeatable; an on/off option "
        "by its name alone; an unknown name is refused with the game's options listed",
    )
    parser.add_argument(
        "--players",
        type=positive,
        help="number of seats, in a game where it varies (its rule book says how many)",
    )


def variants_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The --variant options, with --players as the variant players=N."""
    from sims.descriptors import game, names

    variants = tuple(args.variant)
    if args.players is not None:
        if "players" not in game(args.game).rules.OPTIONS:
            seated = [name for name in names() if "players" in game(name).rules.OPTIONS]
            raise UsageError(
                f"--players applies to {', '.join(seated)}; {args.game} has a fixed table"
            )
        variants += (f"players={args.players}",)
    return variants


def _seats(args: argparse.Namespace) -> tuple[str, ...]:
    if args.seats:
        return tuple(label.strip() for label in args.seats.split(","))
    return (args.strategy,)


def run_spec(args: argparse.Namespace, count: int, games: bool):
    """The run the options of `add_run_options` describe: `count` deals, or games."""
    from sims.run.runner import RunSpec

    return RunSpec(
        args.game,
        args.seed,
        count,
        first=getattr(args, "first", 0),
        games=games,
        seats=_seats(args),
        variants=variants_of(args),
        max_deals=getattr(args, "max_deals", None) or 0,
    )


def check_outputs(named: dict[str, Path | None], files: Sequence[Path], force: bool) -> None:
    """Refuse, before any work, output paths that could not be written: a name the file
    system cannot hold, a folder on the way that is a file, the same path twice, one
    output inside another, a folder where no file can be created (read-only, not ours), a
    folder where a file is to go, or an existing file (in `files`) without `force`: the
    run would end without its files, or replace one unasked."""
    from sims.run.output import check_writable

    paths = {what: path for what, path in named.items() if path is not None}
    for what, path in paths.items():
        text = str(path)
        if "\0" in text:
            raise UsageError(f"{what} {text!r} holds a NUL character")
        for part in path.parts:
            if len(os.fsencode(part)) > 255:
                raise UsageError(f"{what}: the name {part[:40]!r}... is longer than 255 bytes")
        for folder in path.absolute().parents:
            if folder.exists():
                if not folder.is_dir():
                    raise UsageError(f"{what} {text!r}: {str(folder)!r} is a file, not a folder")
                break
        if path in files and path.is_dir():
            raise UsageError(f"{what} {text!r} is a folder: give the name of a file")
        if path in files and (path.exists() or path.is_symlink()) and not force:
            raise UsageError(f"{what} {text!r} exists: give --force to replace it, or another name")
    resolved = {what: path.absolute() for what, path in paths.items()}
    for what, path in resolved.items():
        for other, other_path in resolved.items():
            if what < other and path == other_path:
                raise UsageError(f"{what} and {other} name the same path {str(path)!r}")
            if what != other and path in other_path.parents:
                raise UsageError(f"{other} {str(other_path)!r} lies inside {what} {str(path)!r}")
    for path in paths.values():
        check_writable(path)
