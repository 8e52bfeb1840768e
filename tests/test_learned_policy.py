"""The learned policies (each game's `strategies/policy.py`) and their training
(`sims.tools.train_policy`): the views the trainer rebuilds from a deal log are the views
the deal loop showed (the network chooses from them exactly the cards it chose in play, and
so does a search that reads the rules, scores and each seat's cards played), a teacher
chooses from them as it chose in play, the probabilities are a distribution over the legal
cards, the fit learns a rule it can represent, the command writes a network the strategies
read, and a table without a network, a missing network or a malformed one is refused by
name."""

import json
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from sims.core.rng import STREAM_PLAY, new_state
from sims.games.allfours.strategies import policy as allfours_policy
from sims.games.allfours.strategies import search as allfours_search
from sims.games.cinch.strategies import policy as cinch_policy
from sims.games.cinch.strategies import search as cinch_search
from sims.games.phat.strategies import policy as phat_policy
from sims.games.phat.strategies import search as phat_search
from sims.games.pitch.strategies import policy as pitch_policy
from sims.games.pitch.strategies import search as pitch_search
from sims.games.pitch.strategies.features import FEATURES
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint import training as tenpoint_training
from sims.games.tenpoint.deal import C_TRUMP, I_ASKED, I_DECISIONS, I_EXCHANGES
from sims.games.tenpoint.scripted import play_given
from sims.games.tenpoint.strategies import policy as tenpoint_policy
from sims.games.tenpoint.strategies import search as tenpoint_search
from sims.run.runner import RunSpec, run
from sims.strategies import policy_network
from sims.strategies import view as v
from sims.strategies.policy_network import hidden_units
from sims.strategies.registry import MAX_PARAMS, StrategyError, resolve
from sims.tools import train_policy

# Each game's learned policy module, and its search players' decision function.
POLICY = {
    "pitch": pitch_policy,
    "phat": phat_policy,
    "don": phat_policy,
    "allfours": allfours_policy,
    "cinch": cinch_policy,
    "tenpoint": tenpoint_policy,
}
SEARCH = {
    "pitch": pitch_search.ismcts_pitch,
    "phat": phat_search.ismcts_phat,
    "don": phat_search.ismcts_phat,
    "allfours": allfours_search.ismcts_allfours,
    "cinch": cinch_search.ismcts_cinch,
    "tenpoint": tenpoint_search.ismcts_tenpoint,
}


def network_of(game: str, params: np.ndarray) -> np.ndarray:
    """The network in a learned strategy's parameters and data (Ten-point's after its
    deck)."""
    return params[getattr(POLICY[game], "NETWORK_SLOT", MAX_PARAMS) :]


@pytest.mark.parametrize(
    ("game", "variants", "deals"),
    [
        ("pitch", (), 200),
        ("pitch", ("players=6", "partnership"), 100),
        ("pitch", ("players=6", "partnership", "teams=3"), 60),
        ("phat", (), 40),
        ("don", (), 60),
        ("don", ("bonus=game6_high_low",), 30),  # Don's network serves its options too
        ("allfours", (), 200),
        ("allfours", ("discard_after_run=keep_all", "hang_jack"), 200),
        ("cinch", (), 100),
        ("cinch", ("keep_nontrumps", "follow=strict"), 60),
        ("cinch", ("widow", "all_pass=redeal_next_dealer"), 60),  # some deals thrown in
        ("cinch", ("stock_exhausted=play_short", "must_keep_counters"), 60),
        ("tenpoint", (), 60),
        ("tenpoint", ("smear", "first_lead_trump"), 40),  # equal jokers, the second wins
        ("tenpoint", ("follow=trump_only", "rob=dealer", "game_card=ten_of_trumps"), 40),
        ("tenpoint", ("jokers=one", "off_jack=false", "follow=strict", "all_pass=redeal"), 40),
    ],
)
def test_the_rebuilt_views_give_the_cards_the_network_played(game, variants, deals):
    spec = RunSpec(game, 9, deals, seats=("learned",), variants=variants)
    result = run(spec, record=True)
    params = resolve("learned", game, spec.rules).play_params
    play_learned = POLICY[game].play_learned
    decisions = list(train_policy.rebuilt_views(result))
    assert len(decisions) > deals  # several choices a deal
    for view, card in decisions:
        assert play_learned(view, params, np.zeros(1, np.int64)) == card


@pytest.mark.parametrize(
    ("game", "variants"),
    [
        ("pitch", ()),
        ("pitch", ("players=6", "partnership")),
        ("phat", ()),
        ("don", ()),
        ("allfours", ()),
        ("allfours", ("players=4",)),
        ("allfours", ("players=3",)),
        ("cinch", ()),
        ("cinch", ("players=3",)),
        ("cinch", ("players=5", "widow")),
        ("cinch", ("players=6", "follow=strict")),
        ("tenpoint", ()),
        ("tenpoint", ("players=3", "partnership=false", "jokers=none")),
        ("tenpoint", ("players=6", "teams=3")),
    ],
)
def test_a_search_given_the_rebuilt_views_plays_the_cards_it_played(game, variants):
    """The search reads more of the view than the network (the rules of scoring, the
    scores, the cards each seat has played); drawing from each deal's own stream in play
    order, it must choose every card again."""
    label = "guided_ismcts:iterations=30"
    spec = RunSpec(game, 9, 12, seats=(label,), variants=variants)
    result = run(spec, record=True)
    params = resolve(label, game, spec.rules).play_params
    search = SEARCH[game]
    decisions = 0
    for deal in range(spec.count):
        logs = ("table", "hands", "calls", "plays", "winners")
        one = replace(result, **{name: getattr(result, name)[deal : deal + 1] for name in logs})
        stream = new_state(spec.seed, int(result.table["deal"][deal]), STREAM_PLAY)
        for view, card in train_policy.rebuilt_views(one):
            assert search(view, params, stream) == card
            decisions += 1
    assert decisions > min(10, 4 * spec.layout.players) * spec.count  # choices every deal


@pytest.mark.parametrize(
    "variants",
    [
        (),
        ("smear",),
        ("players=3", "partnership=false", "rob=dealer"),  # short players take cards back
        ("players=5", "partnership=false", "rob=none", "burn_nonpoint_first"),
        ("follow=trump_only", "jokers=one", "first_lead_trump"),
        ("follow=strict", "jokers=second_wins", "off_jack=false", "trey=false"),
        ("players=6",),
    ],
)
def test_tenpoints_rebuilt_views_are_the_views_its_deal_loop_shows(variants):
    """Deals played by `greedy`, then played again from their decisions and stopped at
    each card decision: the view the deal loop shows there, slot for slot, is the view the
    trainer rebuilds from the deal's log."""
    spec = RunSpec("tenpoint", 1, 1, variants=variants)
    rules, players = spec.rules, spec.rules["players"]
    size = tp.cards_dealt(rules)
    rng = np.random.default_rng(len(variants))
    checked = 0
    for deal in range(10):
        pack = [int(card) for card in rng.permutation(tp.deck_size(rules))]
        hands = [pack[seat * size : (seat + 1) * size] for seat in range(players)]
        stock, dealer = pack[players * size :], deal % players
        played = play_given(rules, hands, stock, dealer, [], [], "greedy", seed=deal)
        decisions = [
            int(card) for card in played.info[I_DECISIONS : I_DECISIONS + played.info[I_ASKED]]
        ]
        calls = [int(call) for call in played.row["call"][:players]] + [int(played.calls[C_TRUMP])]
        shown = []
        for step in range(int(played.info[I_EXCHANGES]), len(decisions)):
            view = play_given(rules, hands, stock, dealer, calls, decisions[:step]).view
            if view[v.LEGAL] & (view[v.LEGAL] - 1):
                shown.append((view, decisions[step]))
        table = np.zeros(1, tp.OUTCOME_DTYPE)
        table[0] = played.row
        logged = SimpleNamespace(
            spec=spec,
            table=table,
            hands=np.array([[sum(1 << card for card in hand) for hand in hands]]),
            calls=played.calls[None],
            plays=played.plays[None],
            winners=played.winners[None],
        )
        rebuilt = list(tenpoint_training.decision_views(logged))
        assert len(rebuilt) == len(shown)
        for (view, card), (seen, decided) in zip(rebuilt, shown, strict=True):
            np.testing.assert_array_equal(view, seen)
            assert card == decided
        checked += len(shown)
    assert checked > 10 * players  # several choices a deal


@pytest.mark.parametrize("game", ["pitch", "phat", "don", "allfours", "cinch", "tenpoint"])
def test_the_probabilities_are_a_distribution_over_the_legal_cards(game):
    spec = RunSpec(game, 4, 10, seats=("learned",))
    network = network_of(game, resolve("learned", game, spec.rules).play_params)
    describe = RunSpec(game, 1, 1).described.training.features
    for view, _ in list(train_policy.rebuilt_views(run(spec, record=True)))[:50]:
        out = np.full(64, -1.0)
        policy_network.card_probabilities(
            view, network, describe.card_features, describe.FEATURES, out
        )
        legal = [card for card in range(64) if view[v.LEGAL] >> card & 1]
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
    assert hidden_units(network.size, FEATURES) == 8
    assert report["held_out_agreement"] > 0.9 > 0.3 > report["held_out_random_agreement"]


@pytest.mark.parametrize(
    ("game", "variants", "opening"),
    [
        ("pitch", (), True),
        ("phat", (), True),
        ("don", (), True),
        ("allfours", (), False),  # trump is made before the first card: no lead names it
        ("allfours", ("players=4", "discard_after_run=keep_all"), False),
        ("cinch", (), True),  # trump is named before it, but the deal loop asks for a lead
        ("cinch", ("players=3", "widow"), True),
        ("tenpoint", (), True),  # as in Cinch
        ("tenpoint", ("smear", "players=5", "partnership=false"), True),
    ],
)
def test_a_teacher_chooses_from_each_view_as_it_chose_in_play(game, variants, opening):
    """`greedy` draws nothing from its stream: as a teacher it must give back the cards it
    played, its opening leads (by its lead policy) among them."""
    spec = RunSpec(game, 3, 20, seats=("greedy",), variants=variants)
    views, cards = zip(*train_policy.rebuilt_views(run(spec, record=True)), strict=True)
    views = np.array(views)
    assert (views[:, v.DECISION] == v.OPENING).any() == opening
    assert np.array_equal(train_policy.teacher_cards(spec, views, "greedy"), cards)


def test_a_search_teacher_chooses_legal_cards_reproducibly():
    spec = RunSpec("phat", 3, 4, seats=("greedy",))
    views = np.array([view for view, _ in train_policy.rebuilt_views(run(spec, record=True))])
    teacher = "guided_ismcts:iterations=40"
    cards = train_policy.teacher_cards(spec, views, teacher)
    assert all(view[v.LEGAL] >> card & 1 for view, card in zip(views, cards, strict=True))
    assert np.array_equal(train_policy.teacher_cards(spec, views, teacher), cards)
    other = train_policy.teacher_cards(replace(spec, seed=4), views, teacher)
    assert not np.array_equal(other, cards)  # each decision's stream follows the seed


@pytest.mark.parametrize(
    ("name", "game", "scale", "deals"),
    [
        ("pitch-players4", "pitch", 0.0003, 9),
        ("don", "don", 0.0003, 7),
        ("phat", "phat", 0.0004, 2),
        ("allfours", "allfours", 0.001, 6),
        ("cinch", "cinch", 0.0003, 3),
        ("tenpoint", "tenpoint", 0.0003, 3),
    ],
)
def test_the_command_writes_a_network_the_strategies_read(
    name, game, scale, deals, tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(train_policy, "STEPS", 50)
    argv = ["--only", name, "--scale", str(scale), "--out", str(tmp_path)]
    assert train_policy.main(argv) == 0
    network = np.load(tmp_path / f"{name}.npy")
    about = json.loads((tmp_path / f"{name}.json").read_text())
    features = RunSpec(game, 1, 1).described.training.features.FEATURES
    assert hidden_units(network.size, features) == train_policy.HIDDEN
    training, _ = train_policy.networks()[name]
    teacher = training.teachers.get(name, "ismcts")  # Phat's: a longer search
    assert about["teacher"] == teacher and about["played_by"] == "ismcts"
    assert about["deals"] == deals and about["decisions"] > 20
    assert [path.stem for path in tmp_path.glob("*.npy")] == [name]  # --only
    assert f"agreement with {teacher}" in capsys.readouterr().out
    monkeypatch.setattr(POLICY[game], "FOLDER", tmp_path)
    rules = RunSpec(game, 1, 1).rules
    assert np.array_equal(network_of(game, resolve("learned", game, rules).play_params), network)


def test_a_bad_scale_is_refused(capsys):
    with pytest.raises(SystemExit):
        train_policy.main(["--scale", "0"])
    assert "--scale must be above 0" in capsys.readouterr().err


def test_a_table_without_a_network_is_refused_naming_the_tables_that_have_one():
    pitch = "the learned policy has networks only for 4 players cut-throat and 6 players in "
    with pytest.raises(StrategyError, match=pitch + "partnership, not 5 players cut-throat$"):
        resolve("learned", "pitch", RunSpec("pitch", 1, 1, variants=("players=5",)).rules)
    with pytest.raises(StrategyError, match=pitch + "partnership, not 4 players in partnership$"):
        run(RunSpec("pitch", 1, 1, seats=("learned_ismcts",), variants=("partnership",)))
    with pytest.raises(StrategyError, match="has a network only for 2 players, not 4 players$"):
        resolve(
            "learned_ismcts", "allfours", RunSpec("allfours", 1, 1, variants=("players=4",)).rules
        )
    with pytest.raises(StrategyError, match="has a network only for 4 players, not 3 players$"):
        run(RunSpec("cinch", 1, 1, seats=("learned",), variants=("players=3",)))
    only = "the learned policy has a network only for 4 players in partnership, not "
    with pytest.raises(StrategyError, match=only + "4 players cut-throat$"):
        resolve(
            "learned", "tenpoint", RunSpec("tenpoint", 1, 1, variants=("partnership=false",)).rules
        )
    with pytest.raises(StrategyError, match=only + "6 players in partnership$"):
        run(RunSpec("tenpoint", 1, 1, seats=("learned_ismcts",), variants=("players=6",)))


@pytest.mark.parametrize("game", ["pitch", "phat", "allfours", "cinch", "tenpoint"])
def test_a_missing_or_malformed_network_is_refused_by_name(game, tmp_path, monkeypatch):
    rules = RunSpec(game, 1, 1).rules
    monkeypatch.setattr(POLICY[game], "FOLDER", tmp_path)
    for strategy in ("learned", "learned_ismcts"):
        with pytest.raises(StrategyError, match="no network .*python -m sims.tools.train_policy"):
            resolve(strategy, game, rules)
    name = "pitch-players4" if game == "pitch" else game  # each other game's one network
    features = RunSpec(game, 1, 1).described.training.features.FEATURES
    np.save(tmp_path / f"{name}.npy", np.zeros(features + 1))
    with pytest.raises(StrategyError, match=f"not a network of {features} features"):
        resolve("learned", game, rules)
