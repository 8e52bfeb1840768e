"""Solo Whist deals of the engine replayed through the plain-Python reference: the
contract, declarers, trump, leader, tricks and settlement must agree on every deal."""

import pytest

from sims.core.cards import cards_of
from sims.games.solowhist import reference
from sims.games.solowhist import rules as w
from sims.run.deal_log import deal_records
from sims.run.runner import RunSpec, run
from tests.conftest import DIFFERENTIAL_DEALS


def _mismatches(result):
    unit = result.spec.rules["unit"]
    found = []
    records = deal_records(result)
    for row, hands, record in zip(result.table, result.hands, records, strict=True):
        calls = [(seat, name) for seat, name in record["bids"]]
        plays = [(seat, reference.parse_card(name)) for seat, name in record["plays"]]
        contract = int(row["contract"])
        chosen = int(row["trump"]) if w.TRUMP_OF[contract] == w.CHOSEN and contract else None
        expected = reference.score_deal(
            [cards_of(int(hand)) for hand in hands],
            int(row["dealer"]),
            int(row["turned"]),
            calls,
            plays,
            trump_choice=chosen,
            unit=unit,
        )
        declarers = [int(row["declarer"])] + ([int(row["partner"])] if row["partner"] >= 0 else [])
        got = {
            "contract": w.CONTRACT_NAMES[contract],
            "declarers": sorted(declarers) if contract else [],
            "trump": None if row["trump"] < 0 else int(row["trump"]),
            "leader": None if row["leader"] < 0 else int(row["leader"]),
            "tricks": [int(t) for t in row["tricks"]],
            "trick_winners": record["trick_winners"],
            "made": bool(row["made"]),
            "settlement": [int(s) for s in row["settlement"]],
        }
        if got != expected:
            found.append((int(row["deal"]), got, expected))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    "seats",
    [
        ("random",),
        ("greedy",),
        ("greedy:misere_risk=2", "random_bid+greedy", "evaluator:margin=-2+random", "greedy"),
    ],
)
def test_engine_deals_agree_with_the_reference(seats):
    deals = DIFFERENTIAL_DEALS if len(seats) == 1 else 4_000
    result = run(RunSpec("solowhist", 17, deals, seats=seats, variants=("unit=3",)), record=True)
    assert _mismatches(result) == []
    contracts = set(result.table["contract"].tolist())
    assert len(contracts) >= 4  # the runs see several contracts, passed-out hands too
