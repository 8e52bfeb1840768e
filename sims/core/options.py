"""Rule options ("variants") of a game: names, defaults and checked parsing of `NAME=VALUE`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

ECHO_LIMIT = 40  # characters of a bad text that an error message repeats


def quoted(text: str, limit: int = ECHO_LIMIT) -> str:
    """`text` quoted for an error message, cut to its first `limit` characters and an
    ellipsis with its length, so that a message stays one readable line however long the
    text it refuses."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


class OptionError(ValueError):
    """A variant name that does not exist or a value it does not take."""


@dataclass(frozen=True)
class Option:
    """One rule option: its default, how to read its value, and what it means."""

    default: Any
    parse: Callable[[str], Any]
    help: str
    check: Callable[[Any], bool] = lambda value: True
    allowed: str = ""
    values: tuple[Any, ...] = ()  # the values it takes, where they are few (a page lists them)


def switch(help_text: str) -> Option:
    """An on/off rule: `--variant NAME` turns it on, `NAME=false` off (default off)."""
    return Option(default=False, parse=_boolean, help=help_text, allowed="true or false")


def parse_whole(text: str) -> int:
    """A whole number written in plain digits 0-9, with an optional minus sign: other
    scripts' digits, `_` separators, signs and spaces that `int` would take are refused."""
    if not re.fullmatch(r"-?[0-9]+", text):
        raise ValueError(f"{quoted(text)} is not a whole number in the digits 0-9")
    return int(text)


def choice(default: int, values: tuple[int, ...], help_text: str) -> Option:
    """A whole-number rule that takes one of a few values."""
    shown = ", ".join(map(str, values))
    return Option(
        default,
        parse_whole,
        help_text,
        check=lambda v: v in values,
        allowed=f"one of {shown}",
        values=values,
    )


def word(default: str, values: tuple[str, ...], help_text: str) -> Option:
    """A rule that takes one of a few names."""
    return Option(
        default,
        str,
        help_text,
        check=lambda v: v in values,
        allowed=", ".join(values),
        values=values,
    )


def _boolean(text: str) -> bool:
    lowered = text.lower()
    if lowered in ("true", "yes", "on", "1"):
        return True
    if lowered in ("false", "no", "off", "0"):
        return False
    raise ValueError(text)


MAX_NUMBER = 1_000_000  # a target or unit beyond this is a slip, and would not fit the kernels
POSITIVE = f"a whole number from 1 to {MAX_NUMBER}"


def positive_int(text: str) -> int:
    """A whole number from 1 to `MAX_NUMBER`, from text."""
    value = parse_whole(text)
    if not 0 < value <= MAX_NUMBER:
        raise ValueError(text)
    return value


def resolve(game: str, options: dict[str, Option], items: Iterable[str]) -> dict[str, Any]:
    """Every option of `game` with the defaults overridden by `NAME=VALUE` items (a bare
    `NAME` turns an on/off option on). An option given twice must have the same value."""
    rules = {name: option.default for name, option in options.items()}
    given: set[str] = set()
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if name not in options:
            known = ", ".join(sorted(options)) or "none"
            raise OptionError(f"{game} has no variant {quoted(name)}; its variants are: {known}")
        option = options[name]
        if not sep and option.parse is _boolean:
            text = "true"
        elif not sep:
            raise OptionError(f"variant {name!r} needs a value: {name}=VALUE ({option.help})")
        try:
            value = option.parse(text.strip())
        except ValueError:
            value = None
        if value is None or not option.check(value):
            allowed = f" ({option.allowed})" if option.allowed else ""
            raise OptionError(
                f"bad value {quoted(text)} for variant {name!r}{allowed}: {option.help}"
            )
        if name in given and rules[name] != value:
            raise OptionError(
                f"variant {name!r} is given twice, as {rules[name]!r} and {value!r} (--players "
                "N is the variant players=N): give it once"
            )
        given.add(name)
        rules[name] = value
    return rules


def variants_of(options: dict[str, Option], rules: dict[str, Any]) -> tuple[str, ...]:
    """The `NAME=VALUE` items that `resolve` turns back into `rules`: one per option whose
    value is not its default (so a run's recorded rules can be played again)."""
    return tuple(
        f"{name}={str(rules[name]).lower() if option.parse is _boolean else rules[name]}"
        for name, option in options.items()
        if rules[name] != option.default
    )
