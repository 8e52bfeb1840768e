"""The learned Pitch policy (`sims.strategies.pitch_policy`) and its training
(`sims.tools.train_policy`): the views the trainer rebuilds from a deal log are the views
the deal loop showed (the network chooses from them exactly the cards it chose in play),
the probabilities are a distribution over the legal cards, the fit learns a rule it can
represent, the command writes a network the strategies read, and a table without a
network, a missing network or a malformed one is refused by name."""

import json

import numpy as np
import pytest

from sims.run.runner import RunSpec, run
from sims.strategies import pitch_policy
from sims.strategies import view as v
from sims.strategies.pitch_policy import FEATURES, card_probabilities, hidden_units, play_learned
from sims.strategies.registry import MAX_PARAMS, StrategyError, resolve
from sims.tools import train_policy


@pytest.mark.parametrize(
    ("variants", "deals"),
    [((), 200), (("players=6", "partnership"), 100), (("players=6", "partnership", "teams=3"), 60)],
)
def test_the_rebuilt_views_give_the_cards_the_network_played(variants, deals):
    spec = RunSpec("pitch", 9, deals, seats=("learned",), variants=variants)
    result = run(spec, record=True)
    params = resolve("learned", "pitch", spec.rules).play_params
    decisions = list(train_policy.decision_views(result))
    assert len(decisions) > deals  # several choices a deal
    for view, card in decisions:
        assert play_learned(view, params, np.zeros(1, np.int64)) == card


def test_the_probabilities_are_a_distribution_over_the_legal_cards():
    spec = RunSpec("pitch", 4, 20, seats=("learned",))
    network = resolve("learned", "pitch", spec.rules).play_params[MAX_PARAMS:]
    for view, _ in list(train_policy.decision_views(run(spec, record=True)))[:50]:
        out = np.full(52, -1.0)
        card_probabilities(view, network, out)
        legal = [card for card in range(52) if view[v.LEGAL] >> card & 1]
        assert np.isclose(out[legal].sum(), 1.0)
        assert (out[legal] > 0).all()
        assert (np.delete(out, legal) == -1.0).all()  # the others untouched


def test_the_fit_learns_to_pick_the_card_with_the_largest_first_feature():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3000, 6, FEATURES)).astype(np.float32)
    mask = np.ones((3000, 6), bool)
    mask[:, 4:] = rng.random((3000, 2)) < 0.5
    chosen = np.where(mask, x[:, :, 0], -np.inf).argmax(axis=1)
    network, report = train_policy.fit(x, mask, chosen, hidden=8, steps=600)
    assert hidden_units(network.size) == 8
    assert report["held_out_agreement"] > 0.9 > 0.3 > report["held_out_random_agreement"]


def test_the_command_writes_a_network_the_strategies_read(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(train_policy, "STEPS", 50)
    argv = ["--only", "pitch-players4", "--scale", "0.0003", "--out", str(tmp_path)]
    assert train_policy.main(argv) == 0
    network = np.load(tmp_path / "pitch-players4.npy")
    about = json.loads((tmp_path / "pitch-players4.json").read_text())
    assert hidden_units(network.size) == train_policy.HIDDEN
    assert about["teacher"] == "ismcts" and about["deals"] == 9 and about["decisions"] > 20
    assert not (tmp_path / "pitch-players6-partnership.npy").exists()  # --only
    assert "agreement with ismcts" in capsys.readouterr().out
    monkeypatch.setattr(pitch_policy, "NETWORKS", tmp_path)
    rules = RunSpec("pitch", 1, 1).rules
    assert np.array_equal(pitch_policy.shipped_network(rules), network)


def test_a_bad_scale_is_refused(capsys):
    with pytest.raises(SystemExit):
        train_policy.main(["--scale", "0"])
    assert "--scale must be above 0" in capsys.readouterr().err


def test_a_table_without_a_network_is_refused_by_name():
    with pytest.raises(StrategyError, match="networks only for 4 players; 6 players in partn"):
        resolve("learned", "pitch", RunSpec("pitch", 1, 1, variants=("players=5",)).rules)
    with pytest.raises(StrategyError, match="networks only for"):
        run(RunSpec("pitch", 1, 1, seats=("learned_ismcts",), variants=("partnership",)))


def test_a_missing_or_malformed_network_is_refused_by_name(tmp_path, monkeypatch):
    rules = RunSpec("pitch", 1, 1).rules
    monkeypatch.setattr(pitch_policy, "NETWORKS", tmp_path)
    with pytest.raises(StrategyError, match="python -m sims.tools.train_policy"):
        pitch_policy.shipped_network(rules)
    np.save(tmp_path / "pitch-players4.npy", np.zeros(FEATURES + 1))
    with pytest.raises(StrategyError, match="not a network"):
        pitch_policy.shipped_network(rules)
