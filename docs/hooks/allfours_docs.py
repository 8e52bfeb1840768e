"""The documentation site's build hook (mkdocs.yml `hooks:`).

It adds to the site what is not written by hand under docs/:

- `reference/cli.md`, the command-line reference, rendered from the parser the command
  itself uses (`sims.tools.cli.build_parser`): every command, option, default and example,
  so that it cannot drift from `allfours --help`;
- on the strategies page, the table of registered strategies with their parameters,
  defaults and ranges, from the registry (`allfours strategies` prints the same);
- the executed notebooks of `results/notebooks/` as `notebooks/<name>.ipynb`, which
  mkdocs-jupyter renders from their committed outputs without running them;
- the charts of `results/search_players/` and `results/figures/`, under the same names
  in the site (`search_players/pitch_curve.png`), so that a page can embed them and the
  strict build checks every such link.

Nothing is copied into docs/: the files are read where they lie.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The folders of results/ whose files of one suffix appear in the site under the same path
# (results/notebooks/x.ipynb as notebooks/x.ipynb).
RESULTS = ROOT / "results"
BROUGHT_IN = [("notebooks", ".ipynb"), ("search_players", ".png"), ("figures", ".png")]

CLI_PAGE = "reference/cli.md"


WIDTH = 88  # the usage lines are wrapped at this width, whatever the terminal's


def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return parser.formatter_class(prog=parser.prog, width=WIDTH)


def _expanded_help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    """An argument's help as `--help` prints it (`%(default)s`, `%(choices)s` filled in),
    followed by its choices where the help does not list them."""
    text = ""
    if action.help and action.help != argparse.SUPPRESS:
        text = " ".join(_formatter(parser)._expand_help(action).split())
    choices = [str(choice) for choice in action.choices or ()]
    if choices and not all(choice in text for choice in choices):
        listed = ", ".join(f"`{choice}`" for choice in choices)
        text = f"{text} (one of {listed})" if text else f"one of {listed}"
    return text


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _default(action: argparse.Action) -> str:
    """The default as a cell, where the help does not say it in words (some defaults are
    worked out later: `--max-tries 0` means 500 per deal kept)."""
    if action.required or "default" in (action.help or ""):
        return ""
    if isinstance(action, argparse._StoreTrueAction | argparse._StoreFalseAction):
        return ""
    if action.default is None or action.default == argparse.SUPPRESS:
        return ""
    if isinstance(action.default, list | tuple | str) and not action.default:
        return ""
    return f"`{action.default}`"


def _name(action: argparse.Action) -> str:
    """The option as typed (`--deals N`), or a positional's name."""
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    if action.nargs == 0:
        value = ""
    else:
        metavar = action.metavar or action.dest.upper()
        value = " " + (metavar if isinstance(metavar, str) else " ".join(metavar))
    return ", ".join(f"`{option}{value}`" for option in action.option_strings)


def _arguments(parser: argparse.ArgumentParser) -> list[str]:
    """The parser's arguments, one table per argument group, in `--help`'s order."""
    lines = []
    for group in parser._action_groups:
        actions = [action for action in group._group_actions if documented(action)]
        if not actions:
            continue
        title = group.title or "arguments"
        lines += [f"**{title[0].upper()}{title[1:]}**", ""]
        lines += ["| argument | default | what it does |", "| --- | --- | --- |"]
        for action in actions:
            required = " (required)" if action.required and action.option_strings else ""
            lines.append(
                f"| {_name(action)}{required} | {_default(action)} "
                f"| {_cell(_expanded_help(parser, action))} |"
            )
        lines.append("")
    return lines


def documented(action: argparse.Action) -> bool:
    """Whether the reference lists the argument: all but `-h` (said once for all), the
    command list (its own table) and hidden ones."""
    return not (
        action.help == argparse.SUPPRESS
        or isinstance(action, argparse._HelpAction | argparse._SubParsersAction)
    )


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = _formatter(parser)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    text = formatter.format_help().strip().removeprefix("usage: ")
    return re.sub(r"\n {7}", "\n", text)  # continuation lines lose the width of "usage: "


def _examples(epilog: str | None) -> list[str]:
    """The example command lines of a parser's epilog (`examples:` then indented lines)."""
    if not epilog:
        return []
    commands = [line.strip() for line in epilog.splitlines() if line.startswith("  ")]
    return ["Examples:", "", "```sh", *commands, "```", ""] if commands else []


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The parser's commands by name, in the order `allfours --help` lists them."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_reference(parser: argparse.ArgumentParser | None = None) -> str:
    """The command-line reference page, in Markdown, from the parser."""
    if parser is None:
        from sims.tools.cli import build_parser

        parser = build_parser()
    commands = subcommands(parser)
    helps = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
    lines = [
        "# Command-line reference",
        "",
        "<!-- Generated at build time from the parser (`sims.tools.cli.build_parser`) by "
        "docs/hooks/allfours_docs.py: edit the parser, not this page. -->",
        "",
        f"{parser.description}",
        "",
        "```text",
        _usage(parser),
        "```",
        "",
        "| command | what it does |",
        "| --- | --- |",
    ]
    lines += [f"| [`{name}`](#{name}) | {_cell(helps.get(name, ''))} |" for name in commands]
    lines.append("")
    lines += _arguments(parser)
    lines += [
        "`allfours --help` and `allfours COMMAND --help` (`-h`) print the same text in the "
        "terminal. Every input is checked before any work starts: a bad input prints one "
        "line naming the problem and exits with status 2, and nothing is written. The "
        "[user's guide](../guide/index.md) has a page for each command, with worked examples.",
        "",
    ]
    for name, command in commands.items():
        lines += [f"## {name}", "", f"{' '.join((command.description or '').split())}", ""]
        lines += ["```text", _usage(command), "```", ""]
        lines += _arguments(command)
        lines += _examples(command.epilog)
    return "\n".join(lines)


STRATEGIES_PAGE = "strategies.md"
STRATEGIES_MARK = "<!-- the registered strategies -->"


def _row_order(item: tuple[tuple, list[str]]) -> tuple:
    """A strategies-table row's place: its name, kind and text, then its games."""
    (name, kind, text, _), games = item
    return name, kind, text, games


def strategies_table() -> str:
    """The registered strategies in a Markdown table: one row per strategy and meaning (a
    strategy that means the same in several games lists them together), as `allfours
    strategies` groups them."""
    from sims.strategies import strategies

    kinds = {"play": "play", "lead": "opening lead", "bid": "bidder"}
    grouped: dict[tuple, list[str]] = {}
    for strategy in strategies():
        key = (strategy.name, strategy.kind, strategy.description, tuple(strategy.params.items()))
        grouped.setdefault(key, []).append(strategy.game)
    lines = [
        "| strategy | games | kind | what it does | parameters: default, range |",
        "| --- | --- | --- | --- | --- |",
    ]
    # Sorted by name, kind and text, then games: parameters (objects) are never compared.
    for (name, kind, text, params), games in sorted(grouped.items(), key=_row_order):
        settings = "<br>".join(
            f"`{key}={value.default:g}`: {_cell(value.allowed())}" for key, value in params
        )
        lines.append(
            f"| `{name}` | {', '.join(games)} | {kinds[kind]} | {_cell(text)} | {settings} |"
        )
    return "\n".join(lines)


# --- MkDocs events -------------------------------------------------------------------


def _brought_in(config) -> list:
    """The files of results/ the site shows, as files of a second source folder (not
    `File.generated`, whose files mkdocs-jupyter cannot read)."""
    from mkdocs.structure.files import File

    return [
        File(
            f"{folder}/{path.name}",
            src_dir=str(RESULTS),
            dest_dir=config["site_dir"],
            use_directory_urls=config["use_directory_urls"],
        )
        for folder, suffix in BROUGHT_IN
        for path in sorted((RESULTS / folder).glob(f"*{suffix}"))
    ]


try:
    from mkdocs.plugins import event_priority
except ImportError:  # the hook is also imported by the tests, where MkDocs may be absent

    def event_priority(_priority):
        return lambda function: function


@event_priority(100)  # before mkdocs-jupyter's on_files, which turns notebooks into pages
def on_files(files, config):
    """Add the generated CLI reference, the executed notebooks and the charts."""
    from mkdocs.structure.files import File

    files.append(File.generated(config, CLI_PAGE, content=cli_reference()))
    for file in _brought_in(config):
        files.append(file)
    return files


def on_page_markdown(markdown, page, config, files):
    """Fill in the strategies page's table from the registry."""
    if page.file.src_uri == STRATEGIES_PAGE:
        if STRATEGIES_MARK not in markdown:
            raise ValueError(f"{STRATEGIES_PAGE} lost its mark {STRATEGIES_MARK!r}")
        markdown = markdown.replace(STRATEGIES_MARK, strategies_table())
    return markdown
