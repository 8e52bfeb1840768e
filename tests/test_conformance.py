"""Conformance of every game and every strategy registered for it, with no test written for
either: each game of `sims.descriptors` (and the small game of `tests/tiny_game/`) plays
every registered play strategy, and every lead policy and bidder beside the default play
strategy, on seeded deals, and

1. every card is played once, by the seat dealt it, and legally (the game's referee
   re-plays the log by the plain-Python reference, which refuses an illegal call or card);
2. every field the reference computes agrees with the run's row (through the log, which
   the game's `record` writes from the row, or in the row's own column);
3. the log's result is the reference's re-scoring of the log's cards, and every field the
   log and the row both hold agrees;
4. the rows and logs are the same on one thread in one chunk and on two threads in small
   chunks: every game is deterministic;
5. no strategy reads a card its seat cannot see: two deals that differ only in such cards,
   played alike up to its decision, get the same decision from it (each game's
   `Continuation`, from its descriptor: the cards of every game, the calls of those with
   an auction). A registered game without one fails.

A game's referee is the `referee` of its package's `referee.py` (see `tests/references.py`
and `sims.descriptors.Game`): a game without one fails here. Search players (a
whole-number parameter, such as samples or iterations, above the cap) play with each such
parameter cut to the cap, and fewer deals.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np
import pytest

from sims.core.cards import SUITS
from sims.core.deck import STANDARD, Deck
from sims.core.options import resolve
from sims.descriptors import Continuation, game, names, unregister
from sims.run.deal_log import deal_records
from sims.run.runner import RunSpec, run
from sims.strategies.registry import DEFAULT_PLAY, Strategy, strategies
from tests.references import referee_module
from tests.tiny_game import NAME as TINY
from tests.tiny_game.descriptor import register_game

SEED = 2026
DEALS = 300
SEARCH_DEALS = 60
GAMES = 40  # whole games, in the games' deal by deal check
SMALL_CHUNK = 37  # units per chunk of the two-thread run
RUN_CAP = 2  # whole-number parameters of the runs' strategies cut to at most this
HIDDEN_CAP = 150  # and of the hidden-card decisions: enough search to depend on samples
LOGS = ("table", "hands", "calls", "plays", "winners")
# Names the log and the row give different things: the row's "game" is the game's number.
RUN_FIELDS = ("game", "seed", "rules", "strategies", "players")
UNDEALT = -1


@dataclass(frozen=True)
class Case:
    """One strategy of one game, as a seat label."""

    game: str
    kind: str  # play, lead or bid
    label: str
    search: bool  # a parameter was cut to the cap

    def __str__(self) -> str:
        return f"{self.game}-{self.label}"


@contextlib.contextmanager
def _with_tiny_game() -> Iterator[None]:
    """The small game of `tests/tiny_game/` registered while the block runs."""
    register_game()
    try:
        yield
    finally:
        unregister(TINY)


@pytest.fixture(autouse=True)
def tiny_game():
    with _with_tiny_game():
        yield


def cheap(strategy: Strategy, cap: int) -> str:
    """The strategy's label with every whole-number parameter whose default exceeds `cap`
    set to `cap` (or its lowest value, if higher): a search player, searching little."""
    settings = [
        f"{key}={max(param.low, cap):g}"
        for key, param in strategy.params.items()
        if param.whole and param.default > max(param.low, cap)
    ]
    return ":".join([strategy.name, *settings])


def cases(cap: int) -> list[Case]:
    """Every strategy registered for every game: play strategies alone, lead policies and
    bidders beside the default play strategy."""
    found = []
    for name in names():
        for strategy in strategies(game(name).strategy_game):
            label = cheap(strategy, cap)
            combined = {"lead": f"{DEFAULT_PLAY}+{label}", "bid": f"{label}+{DEFAULT_PLAY}"}
            seat = combined.get(strategy.kind, label)
            found.append(Case(name, strategy.kind, seat, label != strategy.name))
    return found


def tiered(found: list[Case]) -> list:
    """The cases as test parameters, a search player's marked slow: each costs seconds, so
    `make check` leaves them to `make test`."""
    return [pytest.param(case, marks=pytest.mark.slow) if case.search else case for case in found]


with _with_tiny_game():
    GAME_NAMES = names()
    CHAINED = [name for name in GAME_NAMES if not game(name).single_deal]  # --games
    RUN_CASES = cases(RUN_CAP)
    HIDDEN_CASES = cases(HIDDEN_CAP)


# --- runs: the log, the row and the reference -----------------------------------------


def _played_once(record: dict[str, Any]) -> bool:
    """Check that every card played was dealt to the seat that plays it (or drawn by it, in
    the log's `exchanges`: (seat, card discarded, card drawn)), is played once and was not
    discarded; True when every card held after the exchanges is played."""
    dealt = {card: seat for seat, hand in enumerate(record["hands"]) for card in hand}
    for seat, out, drawn in record.get("exchanges", []):
        assert dealt.pop(out, None) == seat, f"deal {record['deal']}: seat {seat} discarded {out}"
        assert drawn not in dealt, f"deal {record['deal']}: seat {seat} drew {drawn}, held"
        dealt[drawn] = seat
    cards = [card for _, card in record["plays"]]
    assert len(set(cards)) == len(cards), f"deal {record['deal']}: a card is played twice"
    for seat, card in record["plays"]:
        owner = dealt.get(card)
        assert owner == seat, f"deal {record['deal']}: seat {seat} played {card} of {owner}"
    return len(cards) == len(dealt)


def _written(value: Any, like: Any, key: str, rules: Any, deck: Deck = STANDARD) -> Any:
    """A row's value as the log writes a value like `like`: None for -1, a suit or a card
    by its name (in `deck`), a code by its name in the rules module's `<KEY>_NAMES`."""
    if isinstance(like, list):
        values = list(value)[: len(like)]
        return [_written(v, one, key, rules, deck) for v, one in zip(values, like, strict=False)]
    if isinstance(like, bool):
        return bool(value)
    number = int(value)
    if like is None or (isinstance(like, str) and number < 0):
        return None if number < 0 else number
    if not isinstance(like, str):
        return number
    if like in SUITS:
        return SUITS[number]
    if len(like) == 2:
        return deck.card_name(number)
    listed = getattr(rules, f"{key.upper()}_NAMES", None)
    assert listed is not None, f"{key}: the log writes a name, and the rules list no names"
    return listed[number]


def _row_field(
    row: np.void, key: str, like: Any, rules: Any, deck: Deck = STANDARD
) -> tuple[bool, Any]:
    """(whether the row holds field `key`, its value written like `like`): a column of that
    name or, for a list, numbered columns `key_0`, `key_1`, ..."""
    columns = row.dtype.names
    if key in columns:
        return True, _written(row[key], like, key, rules, deck)
    numbered = [f"{key}_{i}" for i in range(len(like))] if isinstance(like, list) else []
    if numbered and all(column in columns for column in numbered):
        return True, _written([row[column] for column in numbered], like, key, rules, deck)
    return False, None


def disagreements(
    row: np.void, record: dict[str, Any], scored: dict[str, Any], rules: Any, deck: Deck = STANDARD
) -> list[tuple]:
    """Where one deal's row, its log object and the referee's re-scoring `scored` disagree:
    (deal, where, field, found, expected), or (deal, what is missing, field); cards are
    named as in `deck`."""
    result = record["result"]
    missing = [("not scored by the referee", key) for key in result if key not in scored]
    found = [("log", key, value, scored[key]) for key, value in result.items() if key in scored]
    for key, value in scored.items():
        if key in result:
            continue
        if key in record:
            found.append(("log", key, record[key], value))
            continue
        held, in_row = _row_field(row, key, value, rules, deck)
        if held:
            found.append(("row", key, in_row, value))
        else:
            missing.append(("neither in the log nor in the row", key))
    logged = [*record.items(), *result.items()]
    for key, value in [(key, value) for key, value in logged if key not in RUN_FIELDS]:
        held, in_row = _row_field(row, key, value, rules, deck)
        if held:
            found.append(("row and log", key, in_row, value))
    wrong = [item for item in found if item[2] != item[3]]
    return [(record["deal"], *item) for item in missing + wrong]


def check_run(spec: RunSpec) -> None:
    """Play the run on one thread in one chunk and on two threads in small chunks, check
    that both give the same rows and logs, and check every deal of it by the referee."""
    described = game(spec.game)
    referee = referee_module(spec.game).referee  # a game without one fails here
    one = run(spec, threads=1, record=True)
    two = run(spec, threads=2, chunk=SMALL_CHUNK, record=True)
    assert numba.config.NUMBA_NUM_THREADS >= 2
    for log in LOGS:
        assert np.array_equal(getattr(one, log), getattr(two, log)), f"the {log} differ"
    complete = 0
    for row, record in zip(one.table, deal_records(one), strict=True):
        assert not record.get("exchanges") or described.continuation.seen is not None, (
            f"{spec.game}'s hands change during a deal: its continuation needs `seen`"
        )
        complete += _played_once(record)
        scored = referee(spec, record)
        assert disagreements(row, record, scored, described.rules, spec.deck) == []
    assert complete > 0  # some deals were played out, every card dealt played


@pytest.mark.parametrize("case", tiered(RUN_CASES), ids=str)
def test_every_strategy_plays_legal_deals_scored_as_the_reference_scores_them(case):
    deals = SEARCH_DEALS if case.search else DEALS
    check_run(RunSpec(case.game, SEED, deals, seats=(case.label,)))


@pytest.mark.parametrize("name", CHAINED)
def test_whole_games_are_scored_deal_by_deal_as_the_reference_scores_them(name):
    check_run(RunSpec(name, SEED, GAMES, games=True, seats=(DEFAULT_PLAY,)))


def _revoked(record: dict[str, Any]) -> dict[str, Any] | None:
    """The log object with two cards of one seat exchanged so that it discards a card of a
    third suit (neither led nor trump) while holding the suit led; None where none can."""
    players, plays = record["players"], record["plays"]
    trump = record["trump"]
    suit = [card[1] for _, card in plays]
    for i, (seat, card) in enumerate(plays):
        led = suit[i - i % players]
        if i % players == 0 or suit[i] != led or led == trump:
            continue
        for j in range(i + 1, len(plays)):
            if plays[j][0] == seat and suit[j] not in (led, trump):
                changed = [list(play) for play in plays]
                changed[i][1], changed[j][1] = plays[j][1], card
                return record | {"plays": changed}
    return None


def _foreign(record: dict[str, Any]) -> dict[str, Any] | None:
    """The log object with its first card replaced by one dealt to another seat."""
    if not record["plays"]:
        return None
    seat, _ = record["plays"][0]
    other = record["hands"][(seat + 1) % record["players"]][0]
    return record | {"plays": [[seat, other], *record["plays"][1:]]}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_referee_refuses_a_revoke_and_a_card_not_held(name):
    referee = referee_module(name).referee  # a game without one fails here
    spec = RunSpec(name, SEED, 60, seats=(DEFAULT_PLAY,))
    records = list(deal_records(run(spec, record=True)))
    for tamper in (_revoked, _foreign):
        tampered = [log for log in map(tamper, records) if log is not None]
        assert tampered, f"no deal to tamper with by {tamper.__name__}"
        for log in tampered[:5]:
            with pytest.raises(ValueError):
                referee(spec, log)


# --- decisions that must not depend on hidden cards ---------------------------------------


def suit_classes(deck: Deck) -> list[tuple[int, ...]]:
    """Each card's effective suit under every trump, and without: cards that share it
    follow alike whatever the trump, so exchanging them never turns a trump into a plain
    card (Cinch's Left Pedro, Ten-point's off-jack) or moves a card to another suit."""
    rows = (*range(len(SUITS)), -1)
    return [tuple(deck.effective_suit(card, trump) for trump in rows) for card in range(deck.size)]


def swap_hidden(
    rnd: random.Random,
    hands: list[list[int]],
    seat: int,
    seen: set[int],
    undealt: list[int],
    classes: list[tuple[int, ...]],
) -> tuple[list[list[int]], list[int]]:
    """Copies of the hands and of the cards not dealt (in order: a game's stock) with cards
    `seat` has not seen (not in `seen`, which holds those played) exchanged, each for one
    of its suit under every trump (`classes`) held by another seat (or not dealt), so every
    card already played stays legal."""
    owner = {card: s for s, hand in enumerate(hands) for card in hand if card not in seen}
    owner |= {card: UNDEALT for card in undealt if card not in seen}
    hidden = [card for card, s in owner.items() if s != seat]
    changed, stock = [list(hand) for hand in hands], list(undealt)
    swaps = 0
    for _ in range(30 if hidden else 0):  # three exchanges, where the cards allow them
        first = rnd.choice(hidden)
        partners = [c for c in hidden if classes[c] == classes[first] and owner[c] != owner[first]]
        if not partners:
            continue
        swaps += 1
        if swaps > 3:
            break
        second = rnd.choice(partners)
        for card, other in ((first, second), (second, first)):
            held = stock if owner[card] == UNDEALT else changed[owner[card]]
            held[held.index(card)] = other
        owner[first], owner[second] = owner[second], owner[first]
    return changed, stock


def moved(
    hands: list[list[int]], undealt: list[int], other: list[list[int]], stock: list[int]
) -> dict[int, int]:
    """Where `swap_hidden` put each card: the card now in its place (the same place in a
    hand, or in the cards not dealt)."""
    places = [*zip(undealt, stock, strict=True)]
    for hand, now in zip(hands, other, strict=True):
        places += zip(hand, now, strict=True)
    return dict(places)


def deal_for(table: Continuation, rnd: random.Random, size: int) -> tuple:
    """A deal for a continuation: a hand of its size for each of its seats from a deck of
    `size` cards, the cards not dealt, and the first seat to act."""
    deck, hand, seats = rnd.sample(range(size), size), table.hand_size, table.seats
    hands = [deck[hand * s : hand * (s + 1)] for s in range(seats)]
    return hands, deck[seats * hand :], rnd.randrange(seats)


def _stock(table: Continuation, undealt: list[int]) -> dict[str, list[int]]:
    """The keyword a continuation's `cards` and `calls` take where hands change during a
    deal: the cards not dealt, in the order they are drawn; none elsewhere."""
    return {} if table.seen is None else {"stock": undealt}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_of_the_registry_plays_on_from_given_decisions(name):
    """A game that cannot be played on from given decisions would go unchecked by the
    hidden-card test: it fails here instead, naming what to add."""
    assert game(name).continuation is not None, (
        f"{name} has no continuation: give its descriptor one (sims.descriptors.Continuation)"
    )


@pytest.mark.parametrize("case", tiered(HIDDEN_CASES), ids=str)
def test_no_decision_depends_on_a_card_its_seat_cannot_see(case):
    described = game(case.game)
    table = described.continuation
    deck = described.deck(resolve(case.game, described.rules.OPTIONS, []))
    size, classes = deck.size, suit_classes(deck)
    rnd = random.Random(f"hidden {case}")
    differed = checks = 0
    for seed in range(table.cases):
        hands, undealt, first = deal_for(table, rnd, size)
        stock = _stock(table, undealt)
        if case.kind != "bid":  # a card: the opening lead for a lead policy
            plays = table.cards(hands, first, [], "random", seed, **stock)
            if case.kind == "lead":
                k = table.opening(hands, first, undealt, plays)
            else:
                k = rnd.randrange(len(plays))
            if table.seen is None:
                seat = next(s for s, hand in enumerate(hands) if plays[k] in hand)
                seen = set(plays[:k]) | table.shown(hands, first)
            else:
                seat, seen = table.seen(hands, first, undealt, plays[: k + 1])
            other, other_undealt = swap_hidden(rnd, hands, seat, seen, undealt, classes)
            place = moved(hands, undealt, other, other_undealt)
            given = [place.get(card, card) for card in plays[:k]]  # face-down discards move
            differed += (other, other_undealt) != (hands, undealt)
            checks += 1
            seen_first = table.cards(hands, first, plays[:k], case.label, seed, **stock)
            other_stock = _stock(table, other_undealt)
            unseen_first = table.cards(other, first, given, case.label, seed, **other_stock)
            assert seen_first[0] == unseen_first[0], (hands, other, plays[:k])
        if case.kind != "lead" and table.calls is not None:  # a call
            calls = table.calls(hands, first, [], "random", seed, **stock)
            k = rnd.randrange(len(calls))
            given = [call for _, call in calls[:k]]
            other, other_undealt = swap_hidden(
                rnd, hands, calls[k][0], table.shown(hands, first), undealt, classes
            )
            differed, checks = differed + (other != hands), checks + 1
            other_stock = _stock(table, other_undealt)
            seen_calls = table.calls(hands, first, given, case.label, seed, **stock)
            unseen_calls = table.calls(other, first, given, case.label, seed, **other_stock)
            assert seen_calls[k] == unseen_calls[k], (hands, other, given)
    assert checks and differed > checks * 2 // 3  # most deals did differ
