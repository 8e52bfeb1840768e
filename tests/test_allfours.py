"""All Fours (docs/rules.md section 7) played by the kernels: the worked examples of
docs/examples.md ("All Fours" 1 to 3) scripted through the deal loop, the deal loop against
the plain-Python reference over seeded deals and whole games for every option value and
player count, the rules of whole games, the exact probability that the Jack of trumps is
in play, and the counters against the rows."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from analysis import counters as pandas_counters
from analysis.games.allfours import summary as allfours_summary
from sims.core.cards import mask_of, parse_cards
from sims.core.options import OptionError, resolve
from sims.core.rng import stream_key
from sims.descriptors import game
from sims.games.allfours import referee
from sims.games.allfours import rules as af
from sims.games.allfours.deal import DECK_SCRATCH, deal_cards_nb, draw_stock_nb
from sims.games.allfours.scripted import play_script
from sims.run import counters
from sims.run.deal_log import deal_records
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from sims.run.scripted import IllegalPlayError
from sims.strategies import view as v
from tests.test_conformance import _played_once, disagreements
from tests.test_rng import _rejecting_state
from tests.test_tenpoint import top_down_fisher_yates

D, E = 0, 1  # two players: the dealer is seat 0, eldest seat 1


def rules_of(*variants: str) -> dict:
    return resolve(af.NAME, af.OPTIONS, list(variants))


def stock_after(hands: list[list[int]], top: str) -> list[int]:
    """The stock: the cards `top` (upcard first), then every other card in code order."""
    first = parse_cards(top)
    used = {card for hand in hands for card in hand} | set(first)
    return first + [card for card in range(52) if card not in used]


def trick_cards(*tricks: str) -> list[int]:
    """The cards of tricks written "1:KC 0:7C", in play order."""
    return [parse_cards(play.split(":")[1])[0] for trick in tricks for play in trick.split()]


# ----------------------------------------------------------------------------- examples

AF1_HANDS = [parse_cards("JH 2H QC 7C TD KS"), parse_cards("AH 9H KC TC 4D 3S")]
AF1_STOCK = stock_after(AF1_HANDS, "6H")
AF1_PLAY = trick_cards("1:KC 0:7C", "1:TC 0:JH", "0:KS 1:9H", "1:AH 0:2H", "1:4D 0:TD", "0:QC 1:3S")


@pytest.mark.parametrize(
    ("variants", "after"), [((), [3, 1]), (("low_to=winner",), [2, 2]), (("kick_points",), [5, 1])]
)
def test_allfours_1_eldest_stands_low_scores_for_its_holder(variants, after):
    deal = play_script(rules_of(*variants), AF1_HANDS, AF1_STOCK, D, [af.STAND], AF1_PLAY, [0, 0])
    row = deal.row
    assert list(row["score_after"][:2]) == after  # scores after [3, 1]
    assert deal.winners == [1, 0, 1, 1, 0, 0]
    assert list(row["card_points"][:2]) == [23, 10]
    low = 1 if variants == ("low_to=winner",) else 0
    assert (row["high"], row["low"], row["jack"], row["game_point"]) == (1, low, 0, 0)
    assert row["kick"] == (2 if variants == ("kick_points",) else 0)


AF2_HANDS = [parse_cards("9C TH 7D 4D 7S 2S"), parse_cards("TS 9D 8D 6H 5S 3H")]
AF2_STOCK = stock_after(AF2_HANDS, "5C")
AF2_PLAY = trick_cards("1:TS 0:2S", "1:9D 0:4D", "1:5S 0:7S", "0:TH 1:3H", "0:9C 1:6H", "0:7D 1:8D")


@pytest.mark.parametrize("tie", ["game_tie=eldest", "game_tie=none"])
def test_allfours_2_gift_single_trump_counting_order_decides(tie):
    calls = [af.BEG, af.GIVE]
    deal = play_script(rules_of(tie), AF2_HANDS, AF2_STOCK, D, calls, AF2_PLAY, [5, 5])
    row = deal.row
    assert list(row["score_after"][:2]) == [7, 6]  # scores after [7, 6]; winner 0
    assert row["winner"] == 0 and row["gift"]
    assert (row["high"], row["low"], row["jack"]) == (0, 0, -1)
    assert row["trumps_in_play"] == 1 and not row["jack_in_play"]
    assert row["game_point"] == (1 if tie == "game_tie=eldest" else -1)  # a 10-10 tie
    assert list(row["won"][:2]) == [2, 1]


def test_allfours_2_the_dealer_may_not_give_the_point_that_puts_eldest_out():
    with pytest.raises(IllegalPlayError, match="may not answer 0"):
        play_script(rules_of(), AF2_HANDS, AF2_STOCK, D, [af.BEG, af.GIVE], AF2_PLAY, [5, 6])
    deal = play_script(rules_of(), AF2_HANDS, AF2_STOCK, D, [af.BEG], (), [5, 6], "greedy")
    assert deal.calls[1] == af.RUN


AF3_HANDS = [parse_cards("QS 3S KH 5C 9D 4D"), parse_cards("9S 7S 4S 8C 6D 2H")]
AF3_STOCK = stock_after(AF3_HANDS, "TS KC 3D 7H AC 8H 5S 6S AH QH 2C TH 3H KD JH")
AF3_DISCARDS = parse_cards("7S 4S 8C 6D 3D 2C QS 3S 5C 9D 4D 5S")  # eldest's, then the dealer's
AF3_PLAY = trick_cards("1:AH 0:3H", "1:KC 0:AC", "0:KD 1:7H", "1:9S 0:8H", "0:TH 1:QH", "1:2H 0:KH")


@pytest.mark.parametrize(("variants", "after"), [((), [3, 5]), (("low_to=winner",), [4, 4])])
def test_allfours_3_beg_run_twice_jack_turned_discard_to_six(variants, after):
    calls = [af.BEG, af.RUN]
    cards = AF3_DISCARDS + AF3_PLAY
    deal = play_script(rules_of(*variants), AF3_HANDS, AF3_STOCK, D, calls, cards, [2, 2])
    row = deal.row
    assert list(row["score_after"][:2]) == after  # scores after [3, 5]
    assert row["runs"] == 2 and row["kick"] == 1 and row["trump"] == 2  # hearts
    assert row["turned"] == parse_cards("JH")[0] and not row["jack_in_play"]
    assert deal.hands == [
        sum(1 << c for c in parse_cards("KH TH 8H 3H AC KD")),
        sum(1 << c for c in parse_cards("AH QH 7H 2H KC 9S")),
    ]
    assert list(row["card_points"][:2]) == [10, 19]
    assert row["jack"] == -1 and row["jack_points"] == 0


def test_allfours_3_a_discard_not_held_is_refused():
    cards = [parse_cards("QS")[0], *AF3_DISCARDS[1:]]  # eldest "discards" the dealer's QS
    with pytest.raises(IllegalPlayError):
        play_script(rules_of(), AF3_HANDS, AF3_STOCK, D, [af.BEG, af.RUN], cards, [2, 2])


def test_allfours_3_keep_all_plays_every_card():
    rules = rules_of("discard_after_run=keep_all")
    deal = play_script(rules, AF3_HANDS, AF3_STOCK, D, [af.BEG, af.RUN], (), [2, 2], "greedy")
    assert deal.discards == [] and len(deal.plays) == 24 and deal.row["tricks"] == 12


def test_running_out_of_cards_bunches_the_deal():
    spades = [card for card in range(52) if card // 13 == 3]
    others = [card for card in range(52) if card // 13 != 3]
    hands = [others[0:6], others[6:12]]
    rest = others[12:]
    stock = [spades[0]]
    for run_no in range(5):
        stock += rest[run_no * 6 : run_no * 6 + 6] + [spades[run_no + 1]]
    stock += [card for card in range(52) if card not in set(stock) | set(others[:12])]
    deal = play_script(rules_of(), hands, stock, D, [af.BEG, af.RUN], (), [1, 2])
    assert deal.row["bunched"] and deal.row["runs"] == 5 and deal.row["trump"] == -1
    assert list(deal.row["score_after"][:2]) == [1, 2] and deal.plays == []


def test_a_jack_turned_can_end_the_game_before_play():
    hands = [list(range(0, 6)), list(range(13, 19))]
    stock = stock_after(hands, "JS")
    deal = play_script(rules_of(), hands, stock, D, (), (), [6, 3])
    assert deal.row["winner"] == 0 and deal.row["tricks"] == 0 and deal.calls[0] == -1


def test_bunch_by_agreement_is_two_players_only():
    with pytest.raises(OptionError):
        af.check(rules_of("players=3", "bunch_by_agreement"))
    deal = play_script(
        rules_of("bunch_by_agreement"), AF3_HANDS, AF3_STOCK, D, [af.BEG, af.RUN, af.BUNCH]
    )
    assert deal.row["bunched"] and list(deal.row["score_after"][:2]) == [1, 0]


# ----------------------------------------------------------------------------- differential

VARIANTS = [
    (),
    ("game_tie=none",),
    ("low_to=winner",),
    ("discard_after_run=keep_if_one_run",),
    ("discard_after_run=keep_all",),
    ("bunch_by_agreement",),
    ("hang_jack",),
    ("kick_points",),
    ("target=1",),
    ("target=10",),
    ("target=11",),
]
CASES = [
    (players, variants)
    for players in (2, 3, 4)
    for variants in VARIANTS
    if players == 2 or variants != ("bunch_by_agreement",)
]


def check_against_reference(spec: RunSpec) -> int:
    """Every deal of the run re-played by the reference from its log; the deals played out."""
    result = run(spec, threads=1, record=True)
    complete = 0
    for row, entry in zip(result.table, deal_records(result), strict=True):
        complete += _played_once(entry)
        scored = referee.referee(spec, entry)
        assert disagreements(row, entry, scored, af, spec.deck) == []
    return complete


@pytest.mark.parametrize(("players", "variants"), CASES, ids=str)
@pytest.mark.parametrize("seats", ["random", "greedy", "greedy,random"])
def test_deals_and_whole_games_are_scored_as_the_reference_scores_them(players, variants, seats):
    chosen = (f"players={players}", *variants)
    named = seats.split(",")
    labels = tuple(named[seat % len(named)] for seat in range(players))
    assert check_against_reference(RunSpec(af.NAME, 11, 150, seats=labels, variants=chosen)) > 0
    games = RunSpec(af.NAME, 12, 12, games=True, seats=labels, variants=chosen)
    assert check_against_reference(games) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_chain_deal_by_deal_to_the_target(players):
    spec = RunSpec(af.NAME, 5, 200, games=True, seats=("random",), variants=(f"players={players}",))
    deals = run_frame(run(spec))
    sides = len(af.sides(spec.rules))
    for _, one in deals.groupby("game"):
        one = one.sort_values("deal")
        before = one[[f"score_before_{s}" for s in range(sides)]].to_numpy()
        after = one[[f"score_after_{s}" for s in range(sides)]].to_numpy()
        assert (before[0] == 0).all() and (before[1:] == after[:-1]).all()
        dealer = one["dealer"].to_numpy()
        moved = np.where(one["bunched"].to_numpy()[:-1], dealer[:-1], (dealer[:-1] + 1) % players)
        assert (dealer[1:] == moved).all()  # the deal passes left, except after a bunch
        winners = one["winner"].to_numpy()
        assert (winners[:-1] < 0).all() and winners[-1] >= 0  # all games end well within the cap
        assert after[-1][winners[-1]] >= 7 and (after[:-1] < 7).all()


# ----------------------------------------------------------------------------- probability


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_jack_of_trumps_is_in_play_as_often_as_counting_says(players):
    """Deals without a run under random calls (which never look at the cards, so whether a
    deal is run tells nothing of them): trump is the first upcard's suit, a Jack turned up
    is dead, and otherwise the Jack of trumps lies among the 51 cards left, of which the
    6 x players in the hands are in play: P = 12/13 x 6 players / 51."""
    exact = Fraction(12, 13) * Fraction(6 * players, 51)
    spec = RunSpec(af.NAME, 21, 200_000, seats=("random",), variants=(f"players={players}",))
    deals = run_frame(run(spec))
    unrun = deals[(deals["runs"] == 0) & (deals["tricks"] > 0)]
    n = len(unrun)
    frequency = unrun["jack_in_play"].mean()
    se = math.sqrt(float(exact) * (1 - float(exact)) / n)
    assert n > 100_000
    assert abs(frequency - float(exact)) < 4 * se, (frequency, float(exact), se)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("discard", ["to_six", "keep_all"])
def test_the_jack_of_trumps_is_in_play_as_counting_says_after_runs_too(players, discard):
    """Every deal played, runs included, under random play (its calls and discards never
    look at the cards). After r runs the upcards are r + 1 cards and the cards of the
    first upcard's suit set aside; trump is the last upcard's suit, a Jack turned is dead
    (1 in 13), and otherwise its Jack lies among the 51 - r other cards, of which the
    hands hold 6 x players + 3 x players x r (keep_all), or a uniform six each of those
    (to_six, discarded at random): P(r) = 12/13 x in play / (51 - r). The count of deals
    in play is compared with the sum of P(r) over the deals, with its standard error."""
    spec = RunSpec(
        af.NAME,
        22,
        200_000,
        seats=("random",),
        variants=(f"players={players}", f"discard_after_run={discard}"),
    )
    deals = run_frame(run(spec))
    played = deals[deals["tricks"] > 0]
    runs = played["runs"].to_numpy(np.int64)
    held = 6 * players + (3 * players * runs if discard == "keep_all" else 0)
    exact = 12 / 13 * held / (51 - runs)
    expected, variance = exact.sum(), (exact * (1 - exact)).sum()
    assert (runs > 0).mean() > 0.2  # a quarter of the deals are run: beg, then run
    found = int(played["jack_in_play"].sum())
    assert abs(found - expected) < 4 * math.sqrt(variance), (found, expected)


# ----------------------------------------------------------------------------- counters


@pytest.mark.parametrize(
    "spec",
    [
        RunSpec(af.NAME, 3, 3000, seats=("greedy",)),
        RunSpec(af.NAME, 4, 3000, seats=("random",), variants=("players=3", "kick_points")),
        RunSpec(af.NAME, 5, 100, games=True, seats=("greedy",), variants=("players=4",)),
    ],
    ids=["two", "three", "four games"],
)
def test_kernel_counters_equal_pandas_counters_and_give_the_rows_summary(spec):
    result = run(spec)
    deals = run_frame(result)
    counts = counters.empty(af.NAME, spec.rules)
    counters.accumulate(af.NAME, spec.rules, result.table, counts)
    expected = pandas_counters.from_deals(af.NAME, spec.rules, deals)
    for name in counts:
        assert np.array_equal(counts[name], expected[name]), name
    pd.testing.assert_frame_equal(
        pandas_counters.summary(af.NAME, counts),
        allfours_summary.summary(deals),
        check_exact=False,
        rtol=1e-9,
        atol=1e-12,
    )


def test_the_game_is_described_with_its_deck_and_sides():
    described = game(af.NAME)
    assert described.sides is not None and described.continuation is not None
    assert af.max_runs(2) == 5 and af.max_runs(3) == 3 and af.max_runs(4) == 2


# ----------------------------------------------------------------------------- forced calls


def test_forced_calls_make_the_calls_asked_on_the_same_deals():
    """`forced_calls` begs or stands, gives or runs as told, on the very deals `greedy`
    plays (the same cards dealt and turned); left at -1 it plays as `greedy` alone, and the
    paired contrast of the analysis reads the runs deal by deal."""
    from analysis.games.allfours.calls import eldest_margin, paired_contrast

    def rows(label: str) -> pd.DataFrame:
        return run_frame(run(RunSpec(af.NAME, 8, 3000, seats=(label,))))

    own = rows("greedy")
    assert own.equals(rows("greedy+forced_calls"))
    beg, stand = rows("greedy+forced_calls:beg=1"), rows("greedy+forced_calls:beg=0")
    give, run_ = rows("greedy+forced_calls:beg=1:give=0"), rows("greedy+forced_calls:give=1")
    assert beg["begged"].all() and not stand["begged"].any() and (stand["runs"] == 0).all()
    assert give["gift"].all() and (give["runs"] == 0).all()
    assert not run_["gift"].any() and (run_["runs"] > 0).eq(run_["begged"]).all()
    for forced in (beg, stand, give, run_):
        for column in ("deal", "dealer", "upcard", "eldest_trumps", "dealer_trumps"):
            assert (forced[column] == own[column]).all(), column
    # Where greedy begs and the dealer would give, forcing its own calls changes nothing.
    same = own["begged"] & own["gift"]
    assert (eldest_margin(give)[same] == eldest_margin(own)[same]).all()
    keys = pd.DataFrame({"trumps": own["eldest_trumps"]})
    table = paired_contrast(beg, stand, keys)
    assert table.loc["all", "n"] == 3000 and table["n"].drop("all").sum() == 3000
    with pytest.raises(ValueError, match="not the same deals"):
        paired_contrast(beg, rows("greedy+forced_calls:beg=0").iloc[1:], keys)


@pytest.mark.parametrize(
    ("question", "hearts", "greedy_call", "sound_call"),
    [
        (af.Q_BEG, "", af.BEG, af.BEG),
        (af.Q_BEG, "5", af.BEG, af.BEG),  # one trump below the Ace: about even, begs
        (af.Q_BEG, "A", af.STAND, af.STAND),
        (af.Q_BEG, "3 2", af.BEG, af.STAND),  # two below the Jack: begging loses
        (af.Q_BEG, "J 4", af.STAND, af.STAND),
        (af.Q_GIVE, "A", af.GIVE, af.RUN),  # the lone Ace: giving loses
        (af.Q_GIVE, "J 2", af.GIVE, af.GIVE),
        (af.Q_GIVE, "T 9", af.RUN, af.RUN),
        (af.Q_GIVE, "6 4 3", af.GIVE, af.GIVE),
        (af.Q_GIVE, "", af.RUN, af.RUN),
    ],
)
def test_sound_calls_differ_from_greedys_where_the_notebook_finds_greedy_wrong(
    question, hearts, greedy_call, sound_call
):
    """Hearts proposed; the hand's hearts, and two clubs and a spade besides. `sound_calls`
    stands with two trumps below the Jack and runs with the lone Ace, where `greedy`
    begs and gives; every other hand class it calls as `greedy` does."""
    from sims.games.allfours.strategies.basic import call_greedy, call_sound

    hand = parse_cards(" ".join([*(f"{rank}H" for rank in hearts.split()), "KC", "7C", "9S"]))
    view = np.zeros(v.SIZE, np.int64)
    view[v.HAND], view[v.TRUMP], view[v.POSITION] = mask_of(hand), 2, question
    answers = (af.BEG, af.STAND) if question == af.Q_BEG else (af.GIVE, af.RUN)
    view[v.LEGAL] = (1 << answers[0]) | (1 << answers[1])
    rng = np.zeros(1, np.int64)
    assert call_greedy(view, np.zeros(1), rng) == greedy_call
    assert call_sound(view, np.zeros(1), rng) == sound_call
    if question == af.Q_GIVE:  # a gift the rules forbid: both run
        view[v.LEGAL] = 1 << af.RUN
        assert call_sound(view, np.zeros(1), rng) == af.RUN


def test_sound_calls_beat_greedys_on_the_same_deals():
    """Paired, the sides swapped on the same 20,000 two-player deals, `sound_calls+greedy`
    scores more per side and deal than `greedy` (the strategies page has the full runs)."""
    from analysis.stats import mean
    from sims.tools.compare import side_trials

    trials = side_trials(af.NAME, ["sound_calls+greedy", "greedy"], deals=20_000)
    assert mean(trials.iloc[:, 0]).low > 0


def test_the_dealt_chance_of_the_jack_is_counted_exactly():
    """12/13 x (cards in hands) / (cards unseen), after 0, 1 and 2 runs of two players."""
    from analysis.games.allfours.calls import dealt_chance

    for runs in range(3):
        exact = Fraction(12, 13) * Fraction(12 + 6 * runs, 51 - runs)
        assert math.isclose(dealt_chance(2, runs), float(exact))


def _rejecting_states(count: int) -> list[int]:
    """Deal streams whose shuffle meets a draw Lemire's method rejects (drawn afresh), the
    first such draw falling early in some and late in others."""
    states, start = [], 54321
    for _ in range(count):
        start = _rejecting_state(52, start)
        states.append(start)
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_is_a_fisher_yates_shuffle_from_the_top_dealt_six_a_seat(players):
    """The hands and the upcard are shuffled at the deal and the stock a run at a time as
    it is drawn; either way the pack is the one pass of the shuffle, card for card."""
    keys = [stream_key(9, index, 0) for index in range(200)] + _rejecting_states(8)
    run = 3 * players + 1
    for key in keys:
        expected = top_down_fisher_yates(np.array([key]), af.DECK_SIZE)
        dealt = players * af.HAND_SIZE
        hands = np.zeros(players, np.int64)
        stock = np.full(af.stock_size(players), -1, np.int64)
        deck, shuffling = np.zeros(DECK_SCRATCH, np.int64), np.array([key, 0])
        deal_cards_nb(shuffling, deck, hands, stock)
        seats = expected[:dealt].reshape(players, af.HAND_SIZE)
        assert hands.tolist() == [mask_of(seat) for seat in seats.tolist()]
        assert deck[:dealt].tolist() == expected[:dealt].tolist()  # dealt seat by seat
        assert stock[0] == expected[dealt]
        assert (stock[1:] == -1).all()  # nothing of the stock shuffled before it is drawn
        for upto in range(1 + run, stock.size + run, run):
            draw_stock_nb(shuffling, deck, stock, min(upto, stock.size))
        assert stock.tolist() == expected[dealt:].tolist()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_point_takers_counts_each_point_for_eldest_s_side_and_the_dealer_s(players):
    deals = run_frame(
        run(RunSpec(af.NAME, 8, 600, seats=("greedy",), variants=(f"players={players}",)))
    )
    table = allfours_summary.point_takers(deals)
    played = [row for _, row in deals.iterrows() if row["tricks"] > 0]
    side = (lambda seat: seat % 2) if players == 4 else (lambda seat: seat)
    for column, name in zip(
        ("high", "low", "jack", "game_point"), ("High", "Low", "Jack", "Game"), strict=True
    ):
        eldest = sum(row[column] == side(row["pitcher"]) for row in played)
        dealer = sum(row[column] == side(row["dealer"]) for row in played)
        assert table.loc[(name, "eldest's side"), "estimate"] == pytest.approx(eldest / len(played))
        assert table.loc[(name, "the dealer's side"), "estimate"] == pytest.approx(
            dealer / len(played)
        )
        assert table.loc[(name, "eldest's side"), "n"] == len(played)
    assert 0 < len(played) <= len(deals)
