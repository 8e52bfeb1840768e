"""Property tests of the Pitch auction: the engine accepts exactly the legal calls."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sims.core.games import pitch
from sims.core.options import resolve
from sims.reference import pitch as reference
from sims.run.scripted import IllegalPlayError
from sims.run.scripted_pitch import play_pitch_script


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
