"""Rule options ("variants") of a game: names, defaults and checked parsing of `NAME=VALUE`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


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


def positive_int(text: str) -> int:
    """An integer above zero, from text."""
    value = int(text)
    if value <= 0:
        raise ValueError(text)
    return value


def resolve(game: str, options: dict[str, Option], items: Iterable[str]) -> dict[str, Any]:
    """Every option of `game` with the defaults overridden by `NAME=VALUE` items."""
    rules = {name: option.default for name, option in options.items()}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if name not in options:
            known = ", ".join(sorted(options)) or "none"
            raise OptionError(f"{game} has no variant {name!r}; its variants are: {known}")
        option = options[name]
        if not sep:
            raise OptionError(f"variant {name!r} needs a value: {name}=VALUE ({option.help})")
        try:
            value = option.parse(text.strip())
        except ValueError:
            value = None
        if value is None or not option.check(value):
            allowed = f" ({option.allowed})" if option.allowed else ""
            raise OptionError(f"bad value {text!r} for variant {name!r}{allowed}: {option.help}")
        rules[name] = value
    return rules
