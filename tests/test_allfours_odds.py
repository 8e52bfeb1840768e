"""All Fours odds: the conditional deal against exact chances, the hand and the upcard dealt
as given, every choice played on the same deals and scored as the plain-Python reference
scores it, the estimates' own consistency, determinism, the command, and clear refusals
naming All Fours' pack, seats and rules."""

import json
import math

import numpy as np
import pytest

from sims.core.cards import CardError, parse_cards
from sims.core.rng import new_state
from sims.games.allfours import referee
from sims.games.allfours import rules as af
from sims.games.allfours.conditional import deal_around_nb, run_conditional
from sims.games.allfours.odds import (
    allfours_estimates,
    parse_turned,
    play_conditional,
    play_odds,
    seat_choices,
)
from sims.run.conditional import rest_of
from sims.run.deal_log import deal_records
from sims.run.queries import OddsQuery
from sims.run.runner import RunResult, RunSpec, log_arrays, seat_strategies, strategy_tables
from tests.conftest import call
from tests.test_conformance import disagreements

HAND = "AH 2H KS 9S 4C 8D"  # the Ace and the Deuce of hearts
CARDS = tuple(parse_cards(HAND))
UPCARD = parse_cards("7H")[0]
SIGMAS = 5  # a frequency may miss its exact chance by this many standard errors


def _within(count: int, n: int, p: float) -> bool:
    """Whether `count` of `n` lies within SIGMAS standard errors of the chance `p`."""
    return abs(count - n * p) <= SIGMAS * math.sqrt(n * p * (1 - p))


def _deals(n: int, players: int, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """`n` conditional deals around HAND at `seat` (0-based) and the upcard 7H: the hands
    dealt (deal, seat, card) and the stocks (deal, card), the upcard first."""
    rng = new_state(7, 0, 0)
    rest = rest_of((*CARDS, UPCARD))
    deck = np.zeros(2 * len(rest), np.int64)
    dealt = np.zeros((n, players, af.HAND_SIZE), np.int64)
    stocks = np.zeros((n, af.stock_size(players)), np.int64)
    hand = np.array(CARDS, np.int64)
    for i in range(n):
        deal_around_nb(rng, deck, dealt[i], stocks[i], hand, seat, UPCARD, rest)
    return dealt, stocks


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (3, 2), (4, 0)])
def test_the_hand_and_the_upcard_are_dealt_exactly_and_the_pack_once(players, seat):
    dealt, stocks = _deals(500, players, seat)
    assert (np.sort(dealt[:, seat], 1) == sorted(CARDS)).all()
    assert (stocks[:, 0] == UPCARD).all()
    for hands, stock in zip(dealt, stocks, strict=True):
        assert sorted([*hands.ravel(), *stock]) == list(range(52))


@pytest.mark.parametrize(("players", "seat"), [(2, 0), (2, 1), (4, 3)])
def test_an_unseen_card_lies_in_each_other_hand_and_the_stock_at_the_exact_chance(players, seat):
    n = 20_000
    dealt, stocks = _deals(n, players, seat)
    card = parse_cards("JH")[0]  # the Jack of the proposed trump, unseen by the hand
    for other in range(players):
        if other != seat:  # the hand and the upcard known: 6 of the 45 unseen cards
            assert _within(int((dealt[:, other] == card).any(1).sum()), n, 6 / 45)
    left = 45 - 6 * (players - 1)
    assert _within(int((stocks[:, 1:] == card).any(1).sum()), n, left / 45)
    assert _within(int((stocks[:, 1] == card).sum()), n, 1 / 45)  # the next card turned


def _kernel(run: RunSpec, hand, upcard: int, seat: int, logged: bool = False) -> RunResult:
    """The rows (and, `logged`, the logs) of `run`'s deals around `hand` at `seat` (1 ..
    players) and `upcard`, played once per choice of the seat, choice-minor."""
    choices = seat_choices(seat, run.layout.players)
    scripts = np.full((len(choices), 2), -1, np.int64)
    for k, (_, calls) in enumerate(choices):
        scripts[k, : len(calls)] = calls
    fids, params = strategy_tables(seat_strategies(run))
    rows = run.count * len(choices)
    out = np.zeros(rows, run.layout.dtype)
    out["deal"] = -1
    logs = log_arrays(rows if logged else 0, run.layout)
    errors = np.zeros((run.count, 4), np.int64)
    run_conditional(
        run.seed, 0, run.count, np.array(hand, np.int64), seat - 1, upcard,
        rest_of((*hand, upcard)), af.rules_array(run.rules), fids, params, scripts, out,
        errors, *logs,
    )  # fmt: skip
    assert not errors[:, 0].any()
    return RunResult(run, out, *logs) if logged else RunResult(run, out)


@pytest.mark.parametrize("players", [2, 4])
def test_the_dealer_s_trumps_and_the_jack_in_play_follow_their_exact_chances(players):
    n = 20_000
    rows = _kernel(RunSpec(af.NAME, 3, n, variants=(f"players={players}",)), CARDS, UPCARD, 1)
    stand = rows.table[0::2]
    assert (stand["begged"] == 0).all() and (stand["trump"] == 2).all()
    assert (stand["eldest_trumps"] == 2).all()
    unseen = 13 - 1 - 2  # hearts the hand and the upcard leave: hypergeometric over 45
    for held in range(4):
        exact = math.comb(unseen, held) * math.comb(45 - unseen, 6 - held) / math.comb(45, 6)
        assert _within(int((stand["dealer_trumps"] == held).sum()), n, exact)
    # The Jack of hearts is in play when one of the other seats' 6 (players - 1) cards.
    assert _within(int(stand["jack_in_play"].sum()), n, 6 * (players - 1) / 45)


# Each player count and seat with a Jack turned (under kick_points worth 3) or not, and
# the other options that change the calls, the discards or the count.
CASES = [
    (players, seat, upcard, variants)
    for players in (2, 3, 4)
    for seat in (1, players)
    for upcard, variants in (
        ("9S", ()),
        ("JS", ()),
        ("JS", ("kick_points", "hang_jack")),
        ("9S", ("discard_after_run=keep_all",)),
    )
] + [
    (2, 1, "9S", ("bunch_by_agreement", "low_to=winner")),
    (2, 2, "JS", ("game_tie=none", "target=2")),
]


@pytest.mark.parametrize(("players", "seat", "upcard", "variants"), CASES, ids=str)
def test_every_choice_is_played_as_asked_and_scored_as_the_reference_scores_it(
    players, seat, upcard, variants
):
    seats = tuple(("greedy", "random")[s % 2] for s in range(players))
    run = RunSpec(af.NAME, 5, 150, seats=seats, variants=(f"players={players}", *variants))
    hand = parse_cards("QS 8S 3H KD 5C 2C")
    turned = parse_cards(upcard)[0]
    result = _kernel(run, hand, turned, seat, logged=True)
    choices = seat_choices(seat, players)
    names = [[af.CALL_WORDS[q][c] for q, c in enumerate(calls)] for _, calls in choices]
    for i, (row, record) in enumerate(zip(result.table, deal_records(result), strict=True)):
        scored = referee.referee(run, record)  # raises on a call or card the rules forbid
        assert disagreements(row, record, scored, af, run.deck) == []
        assert set(record["dealt"][seat - 1]) == {run.deck.card_name(c) for c in hand}
        assert record["stock"][0] == upcard and record["dealer"] == players - 1
        said = [answer for _, answer in record["calls"][: len(names[i % 2])]]
        assert said == names[i % 2]
    # The odds read each choice's points as the deal loop counted them.
    frame = play_conditional(run, hand, turned, seat)
    side = af.rules_array(run.rules)[af.R_SIDE_OF + seat - 1]
    sides = len(af.sides(run.rules))
    for k, (choice, _) in enumerate(choices):
        won = result.table["won"][k::2, :sides].astype(np.int64)
        rows = frame[frame["choice"] == choice]
        assert np.array_equal(rows["won"], won[:, side])
        assert np.array_equal(rows["others"], won.sum(1) - won[:, side])
        assert np.array_equal(rows["kick"], result.table["kick"][k::2])


def test_the_choices_are_played_on_the_same_deals_and_a_gift_is_worth_its_point():
    n = 3000
    table = _kernel(RunSpec(af.NAME, 8, n), CARDS, UPCARD, 1).table
    stand, beg = table[0::2], table[1::2]
    for field in ("deal", "upcard", "eldest_trumps", "dealer_trumps"):
        assert np.array_equal(stand[field], beg[field])
    assert not stand["begged"].any() and beg["begged"].all()
    gift = beg["gift"]
    assert 0 < gift.sum() < n  # greedy's dealer gives when strong in hearts, else runs
    assert (beg["runs"][~gift] > 0).all()
    # Given one, the play is the one of standing (greedy reads neither calls nor scores):
    # the same points earned, and the elder hand (seat 0) one point more.
    for field in ("high", "low", "jack", "game_point", "card_points", "trump"):
        assert np.array_equal(stand[field][gift], beg[field][gift])
    assert np.array_equal(beg["won"][gift, 0], stand["won"][gift, 0] + 1)
    assert np.array_equal(beg["won"][gift, 1], stand["won"][gift, 1])


def test_a_turned_jack_scores_the_dealer_and_leaves_the_jack_out_of_play():
    jack = parse_cards("JH")[0]
    deals = play_conditional(RunSpec(af.NAME, 4, 2000), CARDS, jack, 1)
    stand = deals[deals["choice"] == "stand"]
    assert (stand["kick"] == 1).all() and (stand["others"] >= 1).all()
    assert not stand["jack"].any()  # the Jack of trumps is the dead upcard
    assert stand["high"].all() and stand["low"].all()  # the Ace and the Deuce of trumps
    dealer = play_conditional(RunSpec(af.NAME, 4, 2000), CARDS, jack, 2)
    give = dealer[dealer["choice"] == "give"]
    assert (give["kick"] == 1).all() and (give["won"] >= 1).all()
    ran = dealer[dealer["choice"] == "run"]
    assert (ran["kick"] >= 1).all() and ran["ran"].all()


def test_the_estimates_are_consistent_and_the_trumps_held_make_their_points():
    run = RunSpec(af.NAME, 6, 3000)
    deals = play_conditional(run, CARDS, UPCARD, 1)
    estimates = allfours_estimates(deals, 2)
    value = estimates["estimate"]
    assert value[("stand", "P(High)")] == value[("stand", "P(Low)")] == 1.0
    assert value[("beg", "P(High)")] < 1.0  # the dealer runs at times, and the trump changes
    assert value[("stand", "P(cards run)")] == 0.0 and value[("stand", "P(bunched)")] == 0.0
    for choice in ("stand", "beg"):
        change = value[(choice, "E[score change]")]
        won, others = value[(choice, "E[points won]")], value[(choice, "E[others' points]")]
        assert change == pytest.approx(won - others)
        rows = estimates.xs(choice)
        assert (rows["low"] <= rows["estimate"]).all() and (rows["estimate"] <= rows["high"]).all()
    gap = value[("stand", "E[stand - beg]")]
    assert gap == pytest.approx(
        value[("stand", "E[score change]")] - value[("beg", "E[score change]")]
    )
    assert value[("beg", "E[beg - stand]")] == pytest.approx(-gap)


def test_the_advice_is_the_choice_with_the_better_expected_score_change():
    run = RunSpec(af.NAME, 2, 3000)
    report = play_odds(OddsQuery(run, CARDS, None, "best", "7H"))
    best = report.recommendation
    changes = report.estimates["estimate"].xs("E[score change]", level="quantity")
    assert best["choice"] == changes.idxmax() and best["expected"] == changes.max()
    gap = report.estimates.loc[(best["choice"], f"E[{best['choice']} - {best['over']}]")]
    assert best["difference"] == gap["estimate"] >= 0
    assert best["told_apart"] == ("cannot be told apart" not in report.advice)
    assert report.about == {"seat": 1, "turned": "7H"}
    assert report.advice.startswith(f"recommended: {best['choice']} ")
    weak = play_odds(OddsQuery(run, parse_cards("3S 4C 5D 6S 7C 8D"), 1, "best", "KH"))
    # Holding no heart, standing leaves every trump to the dealer; a beg gets the point or
    # a new trump.
    assert weak.recommendation["choice"] == "beg" and weak.recommendation["told_apart"]


def test_a_run_is_a_function_of_seed_and_deal_index():
    def rows(count, first=0, seed=9):
        run = RunSpec(af.NAME, seed, count, first=first, variants=("players=3",))
        return play_conditional(run, CARDS, UPCARD, 3).set_index(["choice", "deal"])

    whole, tail = rows(600), rows(200, first=400)
    assert whole.loc[tail.index].equals(tail)
    assert not rows(200, seed=10).equals(rows(200))


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("AH 2H KS 9S 4C", "a hand in allfours has 6 cards; 5 given"),
        ("AH 2H KS 9S 4C 8D 3D", "a hand in allfours has 6 cards; 7 given"),
        ("AH 2H KS 9S 4C AH", "twice"),
        ("AH 2H KS 9S 4C HJ", "bad card 'HJ' for the 52-card pack"),
        ((0, 1, 2, 3, 4, 52), "card codes of the 52-card pack lie in 0..51"),
    ],
)
def test_bad_hands_are_refused_naming_the_problem(hand, message):
    with pytest.raises(CardError, match=message):
        play_odds(OddsQuery(RunSpec(af.NAME, 0, 10), hand, 1, "best", "7H"))


@pytest.mark.parametrize(
    ("turned", "message"),
    [
        ("JK", "--turned: bad card 'JK' for the 52-card pack"),
        ("7H 8H", "--turned: bad card"),
        ("KS", "the turned card KS is in the hand"),
        ("ah", "the turned card AH is in the hand"),
    ],
)
def test_bad_upcards_are_refused_naming_the_problem(turned, message):
    with pytest.raises(CardError, match=message):
        parse_turned(turned, CARDS, RunSpec(af.NAME, 0, 1).deck)
    with pytest.raises(CardError, match=message):
        play_odds(OddsQuery(RunSpec(af.NAME, 0, 10), CARDS, 1, "best", turned))


def test_seats_without_a_choice_and_a_missing_upcard_are_refused():
    three = RunSpec(af.NAME, 0, 10, variants=("players=3",))
    with pytest.raises(ValueError, match=r"--seat must be 1 \(the elder hand.*\) or 3"):
        play_odds(OddsQuery(three, CARDS, 2, "best", "7H"))
    with pytest.raises(ValueError, match="need --turned CARD"):
        play_odds(OddsQuery(RunSpec(af.NAME, 0, 10), CARDS, 1, "best", None))
    one = RunSpec(af.NAME, 0, 10, variants=("target=1",))
    with pytest.raises(ValueError, match="the dealer may not give at target 1"):
        play_odds(OddsQuery(one, CARDS, 2, "best", "7H"))
    elder = play_odds(OddsQuery(one, CARDS, 1, "best", "7H"))  # his beg is always run
    assert elder.estimates.loc[("beg", "P(cards run)"), "estimate"] == 1.0


def test_the_odds_command_prints_both_choices_and_its_json_matches_the_library(capsys):
    args = ("odds", "allfours", "--hand", HAND, "--turned", "7H", "--quiet")
    code, out, _ = call(capsys, *args, "--deals", "1000")
    assert code == 0
    lines = out.splitlines()
    assert "hand KS 9S AH 2H 8D 4C as the elder hand, seat 1 of 2, turned 7H;" in lines[0]
    assert [line.split()[1] for line in lines if line.startswith("choice")] == ["stand", "beg"]
    assert "E[stand - beg]" in out and lines[-1].startswith("recommended:")
    code, out, _ = call(
        capsys, "odds", "allfours", "--hand", HAND.lower(), "--turned", "7h", "--seat", "2",
        "--deals", "800", "--seed", "4", "--json", "--quiet",
    )  # fmt: skip
    assert code == 0
    body = json.loads(out)
    played = play_odds(OddsQuery(RunSpec(af.NAME, 4, 800), CARDS, 2, "best", "7H"))
    assert list(body["choices"]) == ["give", "run"]
    assert body["seat"] == 2 and body["turned"] == "7H"
    for quantity in ("P(Jack)", "E[score change]", "E[give - run]"):
        expected = played.estimates.loc[("give", quantity), "estimate"]
        assert body["choices"]["give"][quantity]["estimate"] == pytest.approx(expected)
    assert body["recommendation"] == played.recommendation


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", HAND], "allfours needs --turned CARD"),
        (["--hand", HAND, "--turned", "7H", "--trump", "H"], "in allfours the upcard proposes"),
        (["--hand", HAND, "--turned", "2H"], "the turned card 2H is in the hand"),
        (["--hand", HAND, "--turned", "7H", "--seat", "3"], "--seat must be 1"),
        (["--hand", "AH 2H KS 9S 4C LJ", "--turned", "7H"], "for the 52-card pack"),
    ],
)
def test_the_odds_command_refuses_bad_input_in_one_line(capsys, args, message):
    code, out, err = call(capsys, "odds", "allfours", *args, "--deals", "10", "--quiet")
    assert code == 2 and out == "" and message in err
    assert err.count("\n") == 1
