"""Solo Whist described to the generic code (docs/rules.md section 4): every deal settled on
its own, calls by name, no fixed sides (the declaring side changes from deal to deal) but
seats 0 and 2 against 1 and 3 as a seating for comparing strategies, and the contract odds
of a known hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.core.cards import SUITS, card_name, format_cards
from sims.descriptors import Counters, Game, KernelInputs, Layout, Odds, Sides
from sims.engine import solver
from sims.games.solowhist import rules as solowhist
from sims.games.solowhist.deal import no_conditions, run_whist
from sims.games.solowhist.odds import play_odds
from sims.games.solowhist.scripted import CONTINUATION
from sims.run.counters import Axis, Counter, at, flag
from sims.run.deal_log import hand_names, listed, listed_text, play_order, tricks_shown

MIN_TRUMPS = -1  # -1 without trumps
SEATINGS = [[0, 2], [1, 3]]  # the seats a strategy takes when strategies are compared
MAX_HONOUR_POINTS = 37  # thirteen cards: four aces, four kings, four queens and a jack


def layout(rules: dict[str, Any], max_deals: int) -> Layout:
    return Layout(4, 1, solowhist.OUTCOME_DTYPE, 52, 13, solowhist.MAX_CALLS)


def arguments(k: KernelInputs) -> tuple:
    rules = solowhist.rules_array(k.spec.rules)
    return (
        k.spec.seed,
        k.first,
        k.count,
        rules,
        k.fids,
        k.params,
        k.out,
        k.errors,
        k.hands,
        k.calls,
        k.plays,
        k.winners,
        *no_conditions(),
    )


def seat_settlements(deals: pd.DataFrame, count: int) -> np.ndarray:
    """Per deal and seating (`SEATINGS`): the mean settlement of its seats."""
    return np.stack(
        [sum(deals[f"settlement_{seat}"] for seat in seats) / len(seats) for seats in SEATINGS], 1
    )


def call_problem(call: int) -> str:
    names = solowhist.CALL_NAMES
    shown = names[call] if 0 <= call < len(names) else "none"
    return f"made the call or trump choice {call} ({shown}), which is not allowed here"


def _declarers(row) -> list[int]:
    partner = [int(row["partner"])] if row["partner"] >= 0 else []
    return sorted([int(row["declarer"]), *partner])


def record(spec, row, hands, calls, plays, winners) -> dict[str, Any]:
    """A deal's log object: the turned card, calls by name, no sides (they shift)."""
    contract = int(row["contract"])
    trump = int(row["trump"])
    order = play_order(int(row["leader"]), plays, winners) if contract else []
    return {
        "game": spec.game,
        "seed": spec.seed,
        "deal": int(row["deal"]),
        "players": 4,
        "dealer": int(row["dealer"]),
        "rules": spec.rules,
        "strategies": list(spec.seats),
        "hands": hand_names(hands),
        "turned": card_name(int(row["turned"])),
        "bids": [[int(c) // 16, solowhist.CALL_NAMES[int(c) % 16]] for c in calls if c >= 0],
        "trump": SUITS[trump] if trump >= 0 else None,
        "plays": [[seat, card_name(card)] for seat, card in order],
        "trick_winners": [int(w) for w in winners[: len(order) // 4]],
        "result": {
            "contract": solowhist.CONTRACT_NAMES[contract],
            "declarers": _declarers(row) if contract else [],
            "trump": SUITS[trump] if trump >= 0 else None,
            "tricks": listed(row["tricks"]),
            "made": bool(row["made"]),
            "settlement": listed(row["settlement"]),
        },
    }


def render(spec, where: str, row, hands, calls, plays, winners) -> list[str]:
    """A deal: the hands, the auction, the contract and its tricks, and the settlement."""
    contract = int(row["contract"])
    lines = ["", f"{where}: dealer {row['dealer']}, turned {card_name(int(row['turned']))}"]
    lines += [f"  seat {s}: {format_cards(int(hands[s]))}" for s in range(4)]
    auction = [f"{c // 16}:{solowhist.CALL_NAMES[c % 16]}" for c in calls if c >= 0]
    lines.append(f"  auction: {' '.join(auction)}")
    if contract == solowhist.PASS:
        return [*lines, "  passed out: no play, no settlement"]
    declarers = f"seat {row['declarer']}" + (
        f" and seat {row['partner']}" if row["partner"] >= 0 else ""
    )
    trump = SUITS[int(row["trump"])] if row["trump"] >= 0 else "none"
    lines.append(
        f"  contract {solowhist.CONTRACT_NAMES[contract]} by {declarers}, trump {trump}, "
        f"seat {row['leader']} leads"
    )
    order = play_order(int(row["leader"]), plays, winners)
    for trick, shown in enumerate(tricks_shown(order, 4)):
        lines.append(f"  trick {trick + 1:2d}: {shown}  -> seat {winners[trick]}")
    return [
        *lines,
        f"  tricks {listed_text(row['tricks'])}: {'made' if row['made'] else 'failed'}; "
        f"settlement {listed_text(row['settlement'])}",
    ]


def largest_amount(unit: int) -> int:
    """A bound on what a declarer gains or pays in one deal: three defenders paying the
    largest contract value plus the most per trick for all thirteen tricks."""
    per_seat = unit * int(solowhist.UNIT_VALUE.max()) + int(solowhist.PER_TRICK.max()) * 13
    return 3 * per_seat


_CONTRACT = Axis("contract", 0, len(solowhist.CONTRACT_NAMES), solowhist.CONTRACT_NAMES)
_MADE = flag("made")
COUNTERS = (
    Counter("contracts", (_CONTRACT, _MADE), "contracts played, made or not"),
    Counter(
        "declarer_tricks",
        (_CONTRACT, Axis("declarer_tricks", 0, solowhist.HAND_SIZE + 1)),
        "tricks of the declaring side (both partners in Prop and Cop), by contract",
    ),
    Counter(
        "declarer_gain",
        (_CONTRACT, _MADE, Axis("amount", 0, 1)),
        "the declarer's settlement by contract: gained when made, paid when not",
    ),
    Counter(
        "contracts_by_trumps",
        (_CONTRACT, Axis("hand_trumps", MIN_TRUMPS, solowhist.HAND_SIZE + 2), _MADE),
        "contracts made or not by the declarer's trumps (-1: no trumps)",
    ),
    Counter(
        "contracts_by_honours",
        (_CONTRACT, Axis("hand_honour_points", 0, MAX_HONOUR_POINTS + 1), _MADE),
        "contracts made or not by the declarer's honour points (A 4, K 3, Q 2, J 1)",
    ),
)


def count(rules: dict[str, Any], table: np.ndarray, c: dict[str, np.ndarray]) -> None:
    _count_nb(
        table,
        c["contracts"],
        c["declarer_tricks"],
        c["declarer_gain"],
        c["contracts_by_trumps"],
        c["contracts_by_honours"],
    )


@njit(cache=True)
def _count_nb(table, contracts, tricks, gains, by_trumps, by_honours):
    """Solo Whist rows into the counters of `COUNTERS`."""
    settlement = table.settlement
    for i in range(table.shape[0]):
        r = table[i]
        contract = at(r.contract, 0, contracts.shape[0])
        made = np.int64(r.made)
        contracts[contract, made] += 1
        tricks[contract, at(r.declarer_tricks, 0, tricks.shape[1])] += 1
        amount = abs(np.int64(settlement[i, r.declarer])) if r.declarer >= 0 else 0
        gains[contract, made, at(amount, 0, gains.shape[2])] += 1
        by_trumps[contract, at(r.hand_trumps, MIN_TRUMPS, by_trumps.shape[1]), made] += 1
        by_honours[contract, at(r.hand_honour_points, 0, by_honours.shape[1]), made] += 1


def whist_position(
    hands: Sequence[int],
    trump: int,
    leader: int,
    declarers: Sequence[int],
    *,
    misere: bool = False,
    side: int | None = None,
    trick: Sequence[int] = (),
    captured: Sequence[int] | None = None,
) -> np.ndarray:
    """The solver's Solo Whist position: four hands, `trump` (-1 none), the trick in
    progress (play order from `leader`), the declaring seats (side 0) against the others
    (side 1) and each side's cards captured; valued in tricks, in a `misere` those the
    other side takes. `side` maximises (default: the side of the seat to play)."""
    side_of = [0 if seat in declarers else 1 for seat in range(solowhist.PLAYERS)]
    position = solver.new_position(
        "Solo Whist",
        solowhist.HAND_SIZE,
        hands,
        trump,
        leader,
        side_of,
        side,
        trick,
        captured,
        names_trump=False,
    )
    position[solver.P_MUST_FOLLOW] = 1
    position[solver.P_TRICK_COUNT] = solver.COUNT_LOST if misere else solver.COUNT_TAKEN
    return position


GAME = Game(
    continuation=CONTINUATION,
    name="solowhist",
    rules=solowhist,
    layout=layout,
    kernel=run_whist,
    arguments=arguments,
    record=record,
    render=render,
    counters=Counters(COUNTERS, lambda rules: {"amount": largest_amount(rules["unit"]) + 1}, count),
    call_problem=call_problem,
    # A passed-out hand plays no card.
    cards_played=lambda spec, table: int((table["contract"] > 0).sum()) * 52,
    bench_search=("pimc",),
    single_deal=True,
    sides=Sides(lambda rules: SEATINGS, seat_settlements, None, "settlement (its seats' mean)"),
    odds=Odds(
        solowhist.HAND_SIZE, play_odds, no_trump="Abundance's declarer names trump", turned=True
    ),
    auction=True,
)
