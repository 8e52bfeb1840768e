"""Engine Pitch deals replayed through the plain-Python reference: every result field of
every deal must agree, for 2 to 7 players, every variant, and whole games."""

import pytest

from sims.core.cards import cards_of
from sims.games.pitch import reference
from sims.run.deal_log import play_order
from sims.run.runner import RunSpec, run

DEALS = 10_000
MIXED = (
    "random",
    "greedy",
    "threshold+random",
    "pass_unless_forced+greedy+lead_best_low",
    "random_bid+greedy+lead_long",
    "threshold:margin=-0.5+greedy",
    "greedy+lead_high",
)


def _spec(seed: int, count: int, variants: tuple[str, ...], games: bool = False) -> RunSpec:
    """A run with a mix of strategies, one per seat."""
    players = next((int(v.split("=")[1]) for v in variants if v.startswith("players=")), 4)
    return RunSpec("pitch", seed, count, games=games, seats=MIXED[:players], variants=variants)


def _nullable(value):
    return None if value < 0 else int(value)


def _mismatches(result):
    spec = result.spec
    players = spec.rules["players"]
    rules = reference.Rules(**spec.rules)
    sides = len(reference.sides(rules))
    logs = (result.table, result.hands, result.calls, result.plays, result.winners)
    found = []
    for row, hands, calls, plays, winners in zip(*logs, strict=True):
        dealer, pitcher = int(row["dealer"]), int(row["pitcher"])
        made_calls = [((dealer + 1 + k) % players, int(c)) for k, c in enumerate(calls) if c >= 0]
        expected = reference.score_deal(
            rules,
            [cards_of(int(h)) for h in hands],
            dealer,
            made_calls,
            play_order(pitcher, plays, winners, players),
            [int(s) for s in row["score_before"][:sides]],
        )
        got = {
            "pitcher": pitcher,
            "bid": int(row["contract"]),
            "trump": int(row["trump"]),
            "high": int(row["high"]),
            "low": int(row["low"]),
            "jack": _nullable(row["jack"]),
            "game": _nullable(row["game_point"]),
            "game_points": [int(x) for x in row["game_points"][:sides]],
            "won": [int(x) for x in row["won"][:sides]],
            "made": bool(row["made"]),
            "delta": [int(x) for x in row["delta"][:sides]],
            "scores_before": [int(x) for x in row["score_before"][:sides]],
            "scores_after": [int(x) for x in row["score_after"][:sides]],
            "winner": _nullable(row["winner"]),
            "smudge": bool(row["smudged"]),
            "trick_winners": [int(w) for w in winners],
        }
        if got != {key: expected[key] for key in got}:
            found.append((int(row["game"]), int(row["deal"]), got, expected))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_every_player_count_agrees_with_the_reference(players):
    result = run(_spec(100 + players, DEALS, (f"players={players}",)), record=True)
    assert len(result.table) == DEALS
    assert _mismatches(result) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "variants",
    [
        ("partnership",),
        ("players=6", "partnership"),
        ("players=6", "partnership", "teams=3"),
        ("players=3", "low_to_holder"),
        ("players=3", "must_follow"),
        ("players=3", "min_bid=2"),
        ("players=4", "smudge"),
        ("players=4", "win_needs_made"),
        ("players=5", "low_to_holder", "must_follow", "min_bid=2", "smudge"),
    ],
)
def test_every_variant_agrees_with_the_reference(variants):
    result = run(_spec(7, DEALS, variants), record=True)
    assert _mismatches(result) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "variants",
    [("target=7",), ("target=11", "smudge"), ("target=15", "win_needs_made", "partnership")],
)
def test_whole_games_agree_deal_by_deal_and_chain_their_scores(variants):
    spec = _spec(9, 300, variants, games=True)
    result = run(spec, record=True)
    assert _mismatches(result) == []
    table = result.table
    sides = len(reference.sides(reference.Rules(**spec.rules)))
    for previous, current in zip(table[:-1], table[1:], strict=True):
        if current["game"] == previous["game"]:
            assert previous["winner"] == -1
            assert current["dealer"] == (previous["dealer"] + 1) % spec.rules["players"]
            assert list(current["score_before"][:sides]) == list(previous["score_after"][:sides])
        else:
            assert previous["winner"] >= 0 or previous["deal"] == spec.layout.cap - 1
    assert (table["winner"] >= 0).sum() >= 290
