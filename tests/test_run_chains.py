"""Advice's chains as every game with an auction keeps them (`sims.run.chains`): their
streams, the bidders removed seat by seat, and what a stopped chain tells the user."""

import numba
import numpy as np
import pytest

from analysis.odds import hand_advice
from sims.core.cards import parse_cards
from sims.engine.common import BID
from sims.run.chains import FAULT, NEVER_HEARD, Chains, bidder_stops, raise_for_chains
from sims.run.queries import AdviceError, AdviceQuery
from sims.run.runner import RunSpec, StrategyFault
from tests.conftest import call


def test_every_chain_has_a_stream_of_its_own_fixed_by_the_seed():
    chains = Chains.start(seed=5, heard=2, chains=8)
    assert chains.states.shape == (8, 2) and not chains.status.any() and chains.step == 0
    assert len(set(chains.keys.tolist())) == 8
    assert np.array_equal(Chains.start(5, 2, 8).keys, chains.keys)
    assert not set(Chains.start(6, 2, 8).keys.tolist()) & set(chains.keys.tolist())


@pytest.mark.parametrize("heard", [0, 1, 3])
def test_each_copy_of_the_bidders_stops_the_auction_after_one_more_seat(heard):
    fids = np.arange(3 * 5).reshape(3, 5)
    stops = bidder_stops(fids, heard)
    assert stops.shape == (max(heard, 1), 3, 5)
    for i, copy in enumerate(stops):
        changed = np.argwhere(copy != fids)
        assert changed.tolist() == [[BID, i + 1]] and copy[BID, i + 1] == -1


def _stopped(kind: int, seat: int, call: int) -> Chains:
    chains = Chains.start(seed=0, heard=2, chains=4)
    chains.status[2] = (kind, seat, call)
    return chains


def test_calls_the_bidders_never_make_are_refused_naming_the_seat_and_the_hands_tried():
    query = AdviceQuery(
        RunSpec("cinch", 0, 100), tuple(parse_cards("AH JH 9H 2H KS 7S 4C 8D 3D")), 3, (0, 7)
    )
    raise_for_chains(query, Chains.start(seed=0, heard=2, chains=4))  # none stopped
    with pytest.raises(AdviceError) as refused:
        raise_for_chains(query, _stopped(NEVER_HEARD, 1, 0))
    assert str(refused.value) == (
        "seat 2's bidder (greedy) made no bid 7 with any of 1,000,000 hands drawn for it "
        "after pass: with these bidders the calls heard (all but) never happen; other "
        "bidders may make them (`allfours strategies cinch` lists them)"
    )
    with pytest.raises(
        StrategyFault, match=r"at seat 0 made the call 99 .* \(game cinch, seed 0\)"
    ):
        raise_for_chains(query, _stopped(FAULT, 0, 99))


def test_advise_refuses_calls_the_bidders_never_make(capsys):
    code, out, err = call(
        capsys, "advise", "pitch", "--hand", "AS 2S 8D TD QH 4C", "--seat", "2", "--calls",
        "2", "--strategy", "pass_unless_forced+greedy", "--deals", "100",
    )  # fmt: skip
    assert code == 2 and not out
    assert "seat 1's bidder (pass_unless_forced+greedy) made no bid 2" in err


NEVER_HEARD_QUERIES = [
    ("pitch", "AS 2S 8D TD QH 4C", "2", "pass_unless_forced+greedy"),
    ("cinch", "AH JH 9H 2H KS 7S 4C 8D 3D", "pass", "greedy"),
    ("tenpoint", "AH JH JD HJ 3H 2H 5C 7S 9D", "5", "threshold:margin=100+greedy"),
]


@pytest.mark.parametrize(("game", "hand", "heard", "strategy"), NEVER_HEARD_QUERIES)
def test_a_thread_draws_no_more_chains_once_one_has_stopped(
    monkeypatch, game, hand, heard, strategy
):
    """The run is refused once a chain stops, so the chains after it in the thread's part
    are not drawn (a refusal took all 64 chains' million hands, some twenty seconds)."""
    fresh = Chains.start(seed=0, heard=1).keys  # the streams of chains that drew nothing
    started = []
    start = Chains.start.__func__

    def keep(cls, *args, **kwargs):
        started.append(start(cls, *args, **kwargs))
        return started[-1]

    monkeypatch.setattr(Chains, "start", classmethod(keep))
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        with pytest.raises(AdviceError, match="made no"):
            hand_advice(game, hand, seat=2, calls=heard, strategy=strategy, deals=200)
    finally:
        numba.set_num_threads(threads)
    (chains,) = started
    assert chains.status[0, 0] == NEVER_HEARD and not chains.status[1:].any()
    assert chains.keys[0] != fresh[0] and (chains.keys[1:] == fresh[1:]).all()
