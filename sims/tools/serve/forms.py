"""A page's form turned into the query the command line would make, with the command
line's own checks (`sims.tools.commands`' option types, `parse_hand`, the rules' and
strategies' checks, and the game's own check of the query), each problem named beside the
field it concerns, before anything runs; and the command line that gives the same answer.
Every game comes from the registry (`sims.descriptors`): a game with `advice` gets the
advice page, one with `odds` the odds page."""

from __future__ import annotations

import argparse
import inspect
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sims.core.cards import CardError
from sims.core.discovery import told
from sims.core.options import OptionError
from sims.core.options import resolve as resolve_rules
from sims.descriptors import game as describe
from sims.descriptors import serving
from sims.run.queries import AdviceError, AdviceQuery, OddsQuery, call_name, parse_calls
from sims.strategies import StrategyError, resolve
from sims.tools.commands.common import COMMANDS, UsageError, non_negative, positive, up_to

KINDS = ("advice", "odds")
MAX_DEALS = {"advice": 200_000, "odds": 1_000_000}  # the server's limits, per query
DEFAULT_DEALS = {"advice": 40_000, "odds": 200_000}  # the page's; docs/advisor.md: speed
SEAT_COUNTS = range(2, 11)  # the player counts a page may offer, each checked by its game
OPTION_NAMED = re.compile(r" \(--[a-z][a-z-]*\)")  # " (--turned)" in a game's note


class Invalid(Exception):
    """The form's problems, by field: nothing was run."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


@dataclass
class Query:
    """A checked form: `play(progress, sized)` runs it (reporting deals done, and the total
    once the game knows how many rounds it plays), `total` its deals as far as known, the
    command line that gives the same answer, and how to show the answer (`kind`)."""

    kind: str
    game: str
    play: Callable[[Callable[[int], None], Callable[[int], None]], dict[str, Any]]
    total: int
    command: str
    about: dict[str, Any] = field(default_factory=dict)


def pages() -> list[dict[str, str]]:
    """Every page the server offers: (kind, game, title), from the registry."""
    titles, questions = told("TITLE"), told("QUESTIONS")
    found = []
    for kind, asked in (("advice", "what should I call?"), ("odds", "odds of a hand")):
        for name in serving(kind):
            question = questions.get(name, {}).get(kind, asked)
            title = f"{titles.get(name, name)}: {question}"
            found.append({"kind": kind, "game": name, "title": title})
    return found


def _page(name: str) -> dict[str, Any]:
    """What the game's advice module says of its page (`PAGE`), found through the
    registry's advice function; empty when it says nothing."""
    advice = describe(name).advice
    if advice is None:
        return {}
    return dict(getattr(inspect.getmodule(advice.play), "PAGE", {}))


def form(
    kind: str, name: str, players: int | None = None, variants: tuple[str, ...] = ()
) -> dict[str, Any]:
    """What a page's form holds for game `name`: the hand's size, the rules' options with
    their defaults, the strategies the game has, the defaults of every field (the players
    the first of the page's choices that can play the table of `players` and `variants`)."""
    _known(kind, name)
    described = describe(name)
    rules = described.rules.OPTIONS
    page = _page(name) if kind == "advice" else {}
    options = []
    for option_name, option in rules.items():
        options.append(
            {
                "name": option_name,
                "default": option.default,
                "help": option.help,
                "allowed": option.allowed,
                "switch": isinstance(option.default, bool),
            }
        )
        if option_name == "players":  # the counts it takes, for the page's list
            options[-1]["values"] = [n for n in SEAT_COUNTS if option.check(n)]
        elif option.values:  # a word or a number of a few: the page's list
            options[-1]["values"] = list(option.values)
    from sims.strategies.registry import strategies as registered

    strategies = sorted({entry.name for entry in registered(described.strategy_game)})
    if players and "players" in rules:
        variants = (*variants, f"players={players}")
    defaults: dict[str, Any] = {
        "deals": DEFAULT_DEALS[kind],
        "seed": 0,
        "seat": 1,
        "strategy": _first_seated(page.get("others", ("greedy",)), name, variants),
        "hand_strategy": _first_seated(page.get("hand", ("greedy",)), name, variants),
    }
    odds = described.odds
    default_rules = resolve_rules(name, rules, [])
    note = told("NOTES").get(name, {}).get(COMMANDS[kind], "")
    shown = {
        "kind": kind,
        "game": name,
        "title": next(p["title"] for p in pages() if p["kind"] == kind and p["game"] == name),
        "notes": page_words(note),
        "hand_size": odds.size(default_rules) if odds else 0,
        "extra_cards": list(described.deck(default_rules).extra),  # jokers and the like
        "options": options,
        "strategies": strategies,
        "defaults": defaults,
        "max_deals": MAX_DEALS[kind],
        "seat": kind == "advice" or bool(odds and not odds.no_seat),
        "trump": kind == "advice" or bool(odds and not odds.no_trump),
        "turned": bool(kind == "odds" and odds and odds.turned),
        "calls": list(page.get("calls", ())),
        "players": "players" in rules,
        "rules_errors": _rules_errors(name, variants),
    }
    return shown


def page_words(note: str) -> str:
    """A game's note on a command (its package's `NOTES`) as its page says it: without the
    option names the note gives in parentheses after the words the page's fields use."""
    return OPTION_NAMED.sub("", note)


def _first_seated(labels: tuple[str, ...], name: str, variants: tuple[str, ...]) -> str:
    """The first of `labels` that every seat of the rules can play (the last if none)."""
    from sims.run.runner import RunSpec, seat_strategies

    for label in labels:
        try:
            seat_strategies(RunSpec(name, 0, 0, seats=(label,), variants=variants))
            return label
        except (StrategyError, ValueError):
            continue
    return labels[-1]


def _rules_field(error: Exception) -> str:
    """The field beside which a refusal of the rules shows: the players where it names
    them (not merely among the variants it lists), else the rules."""
    return "players" if "players" in str(error).split("; its variants are")[0] else "variants"


def _rules_errors(name: str, variants: tuple[str, ...]) -> dict[str, str]:
    """The refusal of the table `variants` set (a partnership of 5), beside its field;
    empty where the rules take it."""
    from sims.run.runner import RunSpec

    try:
        RunSpec(name, 0, 0, variants=variants)
    except (OptionError, ValueError) as error:
        return {_rules_field(error): str(error)}
    return {}


def _known(kind: str, name: str) -> None:
    if kind not in KINDS or name not in (
        serving("advice") if kind == "advice" else serving("odds")
    ):
        raise LookupError(f"no {kind} page for {name!r}")


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    return "" if value is None else str(value).strip()


def _number(errors, key, reader, text) -> int | None:
    """A number field read by the command line's own option type."""
    try:
        return reader(text)
    except argparse.ArgumentTypeError as error:
        errors[key] = str(error)
    return None


def _variants(errors: dict[str, str], data: dict[str, Any]) -> tuple[str, ...]:
    """The rules chosen: a list of NAME=VALUE, or one text of them comma-separated."""
    raw = data.get("variants") or []
    if isinstance(raw, str):
        raw = [part for part in raw.split(",") if part.strip()]
    if not isinstance(raw, list):
        errors["variants"] = "the rules must be a list of NAME=VALUE"
        return ()
    return tuple(str(item).strip() for item in raw if str(item).strip())


def check(kind: str, name: str, data: dict[str, Any]) -> Query:
    """The query of a page's form; Invalid naming each field's problem."""
    _known(kind, name)
    errors: dict[str, str] = {}
    deals = _number(
        errors,
        "deals",
        up_to(MAX_DEALS[kind], " (the server's limit)"),
        _text(data, "deals") or str(DEFAULT_DEALS[kind]),
    )
    seed = _number(errors, "seed", non_negative, _text(data, "seed") or "0")
    variants = _variants(errors, data)
    players_text = _text(data, "players")
    if players_text:
        variants += (f"players={players_text}",)
    from sims.run.runner import RunSpec

    spec = None
    try:
        spec = RunSpec(name, seed or 0, deals or 1, seats=("random",), variants=variants)
    except (OptionError, ValueError) as error:
        errors[_rules_field(error)] = str(error)
    from sims.run.conditional import parse_hand

    hand = None
    try:
        hand = parse_hand(_text(data, "hand"), name, spec.rules if spec else None)
    except (CardError, ValueError) as error:
        errors["hand"] = str(error)
    if kind == "advice":
        return _advice(name, data, errors, spec, hand, deals, seed, variants)
    return _odds(name, data, errors, spec, hand, deals, seed, variants)


def _seats(name, spec, seat, labels: dict[str, str], errors) -> tuple[str, ...] | None:
    """The strategy of every seat: the hand's at `seat` (1-based; None: every seat the
    same), the others'; each label checked against the rules."""
    from sims.run.runner import RunSpec

    for key, label in labels.items():
        if not label:
            errors[key] = "give a strategy"
            continue
        if spec is None:
            continue
        try:
            resolve(label, describe(name).strategy_game, spec.rules)
        except (StrategyError, ValueError) as error:
            errors[key] = str(error)
    if spec is None or any(key in errors for key in labels):
        return None
    players = spec.layout.players
    if seat is None or "hand_strategy" not in labels or not 1 <= seat <= players:
        return (labels["strategy"],)
    seats = tuple(
        labels["hand_strategy"] if k == seat - 1 else labels["strategy"] for k in range(players)
    )
    RunSpec(name, 0, 0, seats=seats, variants=spec.variants)
    return seats


def _advice(name, data, errors, spec, hand, deals, seed, variants) -> Query:
    seat = _number(errors, "seat", positive, _text(data, "seat") or "1")
    labels = {"strategy": _text(data, "strategy"), "hand_strategy": _text(data, "hand_strategy")}
    seats = _seats(name, spec, seat, labels, errors)
    calls: tuple[int, ...] = ()
    try:
        calls = parse_calls(_text(data, "calls"))
    except AdviceError as error:
        errors["calls"] = str(error)
    trump = _text(data, "trump") or None
    query = None
    if not errors and spec is not None and seats is not None:
        from sims.run.runner import RunSpec

        run = RunSpec(name, seed, deals, seats=seats, variants=variants)
        query = AdviceQuery(run, hand, seat, calls, trump)
        checked = _page(name).get("check")
        try:
            if checked is not None:
                checked(query)
        except AdviceError as error:
            errors["seat" if str(error).startswith("--seat") else "calls"] = str(error)
        except CardError as error:
            errors["trump"] = str(error)
    if errors or query is None:
        raise Invalid(errors or {"form": "the form is incomplete"})
    deck = query.run.deck
    command = ["allfours", "advise", name, "--hand", _cards(hand, deck), "--seat", str(seat)]
    if calls:
        command += ["--calls", ",".join("pass" if c == 0 else str(c) for c in calls)]
    if trump:
        command += ["--trump", trump]
    command += _run_options(query.run, variants)
    played = _advice_play(name, query)
    about = {"hand": deck.format_cards(hand), "seat": seat, "players": query.run.layout.players}
    return Query("advice", name, played, deals, shlex.join(command), about)


def _cards(hand, deck) -> str:
    """The hand as given (the order the answer's JSON lists it in), named by the game's
    `deck`."""
    return " ".join(deck.card_name(card) for card in hand)


def _run_options(run, variants) -> list[str]:
    shown = ["--deals", str(run.count), "--seed", str(run.seed)]
    seats = run.seats
    shown += ["--strategy", seats[0]] if len(set(seats)) == 1 else ["--seats", ",".join(seats)]
    for variant in variants:
        shown += (
            ["--players", variant.split("=")[1]]
            if variant.startswith("players=")
            else ["--variant", variant]
        )
    return shown


@dataclass(frozen=True)
class _ServedAdvice(AdviceQuery):
    """An advice query whose progress goes to the server's job."""

    report: Callable[[int], None] = lambda done: None

    def with_progress(self, play):
        return play(self.report)


@dataclass(frozen=True)
class _ServedOdds(OddsQuery):
    """An odds query whose progress goes to the server's job, its total set once the
    game knows how many trumps or contracts it plays."""

    report: Callable[[int], None] = lambda done: None
    sized: Callable[[int], None] = lambda total: None

    def with_progress(self, rounds, play):
        self.sized(self.run.count * rounds)
        return play(lambda done: self.report(done * rounds))


def _advice_play(name: str, query: AdviceQuery):
    from sims.tools import report

    def play(progress, sized) -> dict[str, Any]:
        served = _ServedAdvice(
            **{f: getattr(query, f) for f in query.__dataclass_fields__}, report=progress
        )
        played = describe(name).advice.play(served)
        about = {
            "game": name,
            "hand": [query.run.deck.card_name(card) for card in query.hand],
            "seat": query.seat,
            "players": query.run.layout.players,
            "calls": ", ".join(call_name(c) for c in query.calls) or "none",
            "deals": played.accepted,
            "sampler": query.sampler,
            "hands_drawn": played.tries,
            "seed": query.run.seed,
            "seats": list(query.run.seats),
            "rules": query.run.rules,
        }
        return {
            "json": report.advice_json(played.table, about, played.recommendation),
            "advice": played.advice,
            "table": played.table,
        }

    return play


def _odds(name, data, errors, spec, hand, deals, seed, variants) -> Query:
    odds = describe(name).odds
    seat_text = _text(data, "seat")
    seat = _number(errors, "seat", positive, seat_text) if seat_text and not odds.no_seat else None
    labels = {"strategy": _text(data, "strategy")}
    seats = _seats(name, spec, None, labels, errors)
    trump = _text(data, "trump") or "best"
    turned = _text(data, "turned") or None
    if not odds.turned:
        turned = None
    elif turned is None:
        errors["turned"] = f"{name} needs the card turned up for trump"
    if odds.no_trump:
        trump = "best"
    if not errors and hand is not None and spec is not None:
        from sims.run.conditional import parse_trump

        try:
            if trump != "best":
                parse_trump(trump, hand)
        except CardError as error:
            errors["trump"] = str(error)
        if turned is not None:
            from sims.core.cards import parse_cards

            try:
                cards = parse_cards(turned)
                if len(cards) != 1:
                    raise CardError(f"give one card turned up, not {len(cards)}")
            except CardError as error:
                errors["turned"] = str(error)
        if seat is not None and not 1 <= seat <= spec.layout.players:
            errors["seat"] = (
                f"--seat must lie in 1..{spec.layout.players} with {spec.layout.players} players"
            )
    if errors or seats is None:
        raise Invalid(errors or {"form": "the form is incomplete"})
    from sims.run.runner import RunSpec

    run = RunSpec(name, seed, deals, seats=seats, variants=variants)
    query = OddsQuery(run, hand, seat, trump, turned)
    command = ["allfours", "odds", name, "--hand", _cards(hand, run.deck)]
    if seat is not None:
        command += ["--seat", str(seat)]
    if turned:
        command += ["--turned", turned]
    if trump != "best":
        command += ["--trump", trump]
    command += _run_options(run, variants)

    def play(progress, sized) -> dict[str, Any]:
        from sims.tools import report

        served = _ServedOdds(
            **{f: getattr(query, f) for f in query.__dataclass_fields__},
            report=progress,
            sized=sized,
        )
        played = describe(name).odds.play(served)
        about = (
            {"game": name, "hand": [run.deck.card_name(card) for card in hand]}
            | played.about
            | {"deals": deals, "seed": seed, "seats": list(run.seats), "rules": run.rules}
        )
        return {
            "json": report.odds_json(played.estimates, about, played.recommendation),
            "advice": played.advice,
            "table": played.estimates,
        }

    return Query("odds", name, play, deals, shlex.join(command))


def failure(error: BaseException) -> tuple[str, str]:
    """A query's error as its page shows it: (message, the field it concerns)."""
    text = str(error)
    if text.startswith("--seat"):
        return text, "seat"
    if "turned" in text:
        return text, "turned"
    if isinstance(error, CardError):
        return text, "hand"
    if isinstance(error, (AdviceError, UsageError)):
        return text, "calls"
    return text, "form"
