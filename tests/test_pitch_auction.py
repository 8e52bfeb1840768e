"""Property tests of the Pitch auction: the engine accepts exactly the legal calls; the
`threshold` bidder's counterfactual without the dealer's steal."""

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sims.core.options import resolve
from sims.games.pitch import reference
from sims.games.pitch import rules as pitch
from sims.games.pitch.scripted import play_pitch_script
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from sims.run.scripted import IllegalPlayError


def _first_illegal(rules: dict, dealer: int, calls: list[int]) -> int | None:
    """Index of the first call the reference refuses in the walk the engine makes (calls in
    order from the dealer's left, stopping after a 4 or the dealer); None if all legal."""
    players = rules["players"]
    model = reference.Rules(**rules)
    made: list[tuple[int, int]] = []
    for k, call in enumerate(calls):
        seat = (dealer + 1 + k) % players
        if call not in reference.legal_calls(model, dealer, made):
            return k
        made.append((seat, call))
        if call == 4 or seat == dealer:
            return None
    return None


@settings(max_examples=400, deadline=None)
@given(
    players=st.integers(2, 7),
    min_bid=st.sampled_from([1, 2]),
    dealer=st.integers(0, 6),
    calls=st.lists(st.integers(0, 4), min_size=7, max_size=7),
    seed=st.integers(0, 2**32),
)
def test_the_engine_accepts_a_call_exactly_when_the_rules_allow_it(
    players, min_bid, dealer, calls, seed
):
    rules = resolve("pitch", pitch.OPTIONS, [f"players={players}", f"min_bid={min_bid}"])
    dealer %= players
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    hands = [deck[6 * seat : 6 * seat + 6] for seat in range(players)]
    calls = calls[:players]
    illegal = _first_illegal(rules, dealer, calls)
    message = ""
    try:
        play_pitch_script(rules, hands, dealer, calls, [])
    except IllegalPlayError as error:
        message = str(error)
    if illegal is None:
        assert "incomplete" in message  # the auction passed; the script had no cards
    else:
        seat = (dealer + 1 + illegal) % players
        assert message.startswith(f"seat {seat} may not call {calls[illegal]}")


def test_threshold_without_the_steal_changes_only_the_deals_the_dealer_stole():
    """`threshold:steal=0` is the counterfactual auction: the same deals, the same calls
    before the dealer; the dealer never matches the high bid, and a deal it did not steal
    plays out as before."""
    spec = RunSpec("pitch", 3, 4000, seats=("threshold+greedy",))
    base = run_frame(run(spec))
    without = run_frame(run(dataclasses.replace(spec, seats=("threshold:steal=0+greedy",))))
    assert base["stolen"].sum() > 100 and not without["stolen"].any()
    earlier = [f"call_{k}" for k in range(3)]  # the calls before the dealer's (call_3)
    assert base[earlier].equals(without[earlier])
    kept = ~base["stolen"].to_numpy()
    played = ["call_3", "pitcher", "contract", "made", "trump", "delta_0", "delta_1"]
    assert base.loc[kept, played].equals(without.loc[kept, played])
    stolen = base["stolen"].to_numpy()
    assert (without.loc[stolen, "call_3"] != base.loc[stolen, "call_3"]).all()
