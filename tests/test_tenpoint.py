"""Ten-point Pitch's deal loop (sims/games/tenpoint, docs/rules.md section 8): the worked
examples of docs/examples.md (Ten-point 1 to 3) played by the kernel from their decisions
and scored as the book says; the kernel against the plain-Python reference over random
seeded deals and whole games for every option value and table; an exact probability
against the simulated frequency."""

from __future__ import annotations

import json
import math
import random
import re
from itertools import pairwise
from typing import Any

import numpy as np
import pandas as pd
import pytest
from numba import njit

from sims.core.options import OptionError, resolve
from sims.core.rng import below, stream_key
from sims.descriptors import game
from sims.engine.common import ILLEGAL_CARD, OK
from sims.games.tenpoint import reference
from sims.games.tenpoint import rules as tp
from sims.games.tenpoint.deal import (
    C_AT_PLAY,
    I_ASKED,
    I_DECISIONS,
    I_EXCHANGES,
    ORDER_SIZE,
    W_DEALT,
    WORK_ROWS,
    deal_nb,
)
from sims.games.tenpoint.referee import referee, reference_rules
from sims.games.tenpoint.reference_deal import play_deal_with
from sims.games.tenpoint.scripted import CONTINUATION, RULES, play_deal, play_given
from sims.games.tenpoint.slots import TREY_WORTH
from sims.games.tenpoint.strategies.bidding import best_trump
from sims.games.tenpoint.strategies.greedy import play_greedy
from sims.games.tenpoint.strategies.tables import DECK_SLOT
from sims.run.deal_log import deal_records
from sims.run.runner import RunSpec, run
from sims.run.scripted import IllegalPlayError
from sims.strategies import view as v
from tests.conftest import call
from tests.test_conformance import _played_once, disagreements
from tests.test_reference_tenpoint import (
    P1_ANSWERS,
    P2_ANSWERS,
    P3_ANSWERS,
    E,
    N,
    S,
    W,
    cards,
    p1_deal,
    p2_deal,
    p3_deal,
    starved_deal,
)
from tests.test_rng import _rejecting_state

NS, EW = 0, 1
SUITS = "CDHS"
# Every option value of the rule book (8.10, 8.11) but the defaults, and every table.
VARIANTS = [
    (),
    ("smear",),
    ("deal=smear",),
    ("jokers=first_wins",),
    ("jokers=second_wins",),
    ("jokers=one",),
    ("jokers=none",),
    ("off_jack=false",),
    ("min_bid=2",),
    ("min_bid=3",),
    ("min_bid=5",),
    ("all_pass=redeal",),
    ("rob=dealer",),
    ("rob=none",),
    ("burn_nonpoint_first",),
    ("first_lead_trump",),
    ("follow=strict",),
    ("follow=trump_only",),
    ("low_to=winner",),
    ("fixed_high_low",),
    ("game_card=ten_of_trumps",),
    ("trey=false",),
    ("joker_points_to=holder",),
    ("moon=win_or_lose_game",),
    ("moon=double",),
    ("target=21",),
    ("both_reach_target=higher_score",),
    ("both_reach_target=must_pitch_to_win",),
    ("players=3", "partnership=false"),
    ("players=4", "partnership=false"),
    ("players=5", "partnership=false"),
    ("players=5", "partnership=false", "smear"),
    ("players=6",),
    ("players=6", "teams=3"),
    ("players=6", "partnership=false"),
    ("smear", "jokers=none", "off_jack=false", "trey=false"),
    ("smear", "jokers=one", "both_reach_target=must_pitch_to_win", "burn_nonpoint_first"),
    ("rob=dealer", "burn_nonpoint_first", "low_to=winner", "follow=strict"),
]


def options(**changes: Any) -> dict[str, Any]:
    """The run's options with `changes` (as the reference's `Rules` names them)."""
    items = [f"{key}={str(value).lower()}" for key, value in changes.items()]
    return resolve(tp.NAME, tp.OPTIONS, items)


def codes(rules: dict[str, Any], names: list[str]) -> list[int]:
    """Card codes of card names in the run's deck."""
    deck = tp.game_deck(rules)
    return [deck.parse_card(name) for name in names]


def kernel_script(
    rules: dict[str, Any],
    dealer: int,
    hands: list[list[str]],
    stock: list[str],
    answers: list[tuple[int, object]],
    scores: list[int],
) -> tuple[list[int], list[int], reference.Rules]:
    """The reference's answers of a deal as the kernel's scripts: the calls (one per seat,
    then the trump's suit) and the card decisions it asks (burns and other discards of a
    choice, cards taken back, then the cards played; the forced discards of non-trumps
    before the draw are no decision)."""
    ref = reference_rules(rules)
    queue = list(answers)
    calls: list[int] = []
    decided: list[int] = []
    keeps = [0]

    def chooser(decision: reference.Decision) -> object:
        seat, answer = queue.pop(0)
        assert seat == decision.seat, decision
        if decision.kind == "bid":
            calls.append(int(answer))
        elif decision.kind == "trump":
            calls.append(SUITS.index(str(answer)))
        elif decision.kind == "keep":
            kept = [reference.parse_card(card) for card in answer]
            gone = [card for card in decision.pool if card not in kept]
            first_round = ref.deal == "draw" and ref.players != 6 and keeps[0] < ref.players
            keeps[0] += 1
            trump = SUITS[calls[-1]]
            if first_round:
                gone = [card for card in gone if reference.is_trump(ref, card, trump)]
            decided.extend(codes(rules, gone))
        elif decision.kind == "fill":
            decided.extend(codes(rules, list(answer)))
        else:
            decided.extend(codes(rules, [str(answer)]))
        return answer

    play_deal_with(ref, dealer, hands, stock, chooser, scores)
    return calls, decided, ref


def kernel_deal(
    rules: dict[str, Any],
    dealer: int,
    deal: tuple[list[list[str]], list[str]],
    answers: list[tuple[int, object]],
    scores: list[int],
) -> np.void:
    """A worked example played by the kernel from its decisions: its outcome row."""
    hands, stock = deal
    calls, decided, _ = kernel_script(rules, dealer, hands, stock, answers, scores)
    played = play_deal(
        rules,
        [codes(rules, hand) for hand in hands],
        codes(rules, stock),
        dealer,
        calls,
        decided,
        scores,
    )
    return played.row


def sides_of(row: np.void) -> dict[str, int]:
    """Side (-1: nobody) scoring each point of a row."""
    return {point: int(row[point]) for point in tp.POINTS}


def per_side(row: np.void, field: str, count: int = 2) -> tuple[int, ...]:
    return tuple(int(value) for value in row[field][:count])


# ----------------------------------------------------------------------------- examples


def test_tenpoint_1_bid_made_low_captured_but_scored_by_holder():
    row = kernel_deal(options(), W, p1_deal(), P1_ANSWERS, [0, 0])
    assert (row["pitcher"], row["contract"], row["trump"]) == (N, 5, SUITS.index("H"))
    assert row["trumps_in_play"] == 16
    assert per_side(row, "card_points") == (36, 4)
    assert sides_of(row) == {
        "high": NS,
        "low": EW,
        "jack": EW,
        "off_jack": EW,
        "high_joker": NS,
        "low_joker": NS,
        "game_point": NS,
        "ten": -1,
        "trey": NS,
    }
    assert per_side(row, "won") == (7, 3)
    assert bool(row["made"])
    assert per_side(row, "delta") == (7, 3)
    assert per_side(row, "score_after") == (7, 3)
    low_to_winner = kernel_deal(options(low_to="winner"), W, p1_deal(), P1_ANSWERS, [0, 0])
    assert per_side(low_to_winner, "won") == (8, 2)
    ten = kernel_deal(options(game_card="ten_of_trumps"), W, p1_deal(), P1_ANSWERS, [0, 0])
    assert (ten["ten"], ten["game_point"], per_side(ten, "won")) == (NS, -1, (7, 3))


def test_tenpoint_2_pitcher_set_burned_two_makes_the_three_low():
    row = kernel_deal(options(), N, p2_deal(), P2_ANSWERS, [20, 45])
    assert (row["pitcher"], row["contract"], row["trump"]) == (S, 7, SUITS.index("S"))
    assert row["burned"] == 1  # E's 2S, face up and dead: 3S is Low
    assert per_side(row, "card_points") == (12, 42)
    assert (row["low"], row["trey"], row["high"]) == (NS, EW, EW)
    assert per_side(row, "won") == (1, 9)
    assert not row["made"]
    assert per_side(row, "delta") == (-7, 9)
    assert per_side(row, "score_after") == (13, 54)
    assert row["winner"] == EW
    must_pitch = options(both_reach_target="must_pitch_to_win")
    assert kernel_deal(must_pitch, N, p2_deal(), P2_ANSWERS, [20, 45])["winner"] == -1
    by_winner = kernel_deal(options(low_to="winner"), N, p2_deal(), P2_ANSWERS, [20, 45])
    assert (per_side(by_winner, "won"), per_side(by_winner, "delta")) == ((0, 10), (-7, 10))


def test_tenpoint_2_burning_the_two_is_refused_under_burn_nonpoint_first():
    rules = options()
    hands, stock = p2_deal()
    calls, decided, _ = kernel_script(rules, N, hands, stock, P2_ANSWERS, [20, 45])
    assert decided[0] == codes(rules, ["2S"])[0]  # E's burn, the first decision asked
    protect = options(burn_nonpoint_first=True)
    dealt = [codes(protect, hand) for hand in hands]
    with pytest.raises(IllegalPlayError, match="may not play 2S"):
        play_deal(protect, dealt, codes(protect, stock), N, calls, decided, [20, 45])


@pytest.mark.parametrize("both", ["pitching_side", "higher_score", "must_pitch_to_win"])
def test_tenpoint_3_all_pass_dealer_stuck_both_reach_52(both):
    row = kernel_deal(options(both_reach_target=both), E, p3_deal(), P3_ANSWERS, [51, 43])
    assert (row["pitcher"], row["contract"], bool(row["stuck"])) == (E, 4, True)
    assert row["trump"] == SUITS.index("C")
    assert per_side(row, "card_points") == (3, 37)
    assert (row["high_joker"], row["low_joker"], row["game_point"]) == (NS, EW, EW)
    assert per_side(row, "won") == (1, 9)
    assert bool(row["made"])
    assert per_side(row, "delta") == (1, 9)
    assert per_side(row, "score_after") == (52, 52)
    assert row["winner"] == EW


def test_a_short_player_takes_back_discards_when_the_stock_runs_out():
    rules = options()
    hands, stock = starved_deal()
    answers: list[tuple[int, object]] = [(N, 4), (E, 0), (S, 0), (W, 0), (N, "H")]
    answers += [(N, []), (E, []), (S, []), (W, cards("J♦ 2♥ 3♥ 4♥"))]
    dealt = [codes(rules, hand) for hand in hands]
    played = play_given(rules, dealt, codes(rules, stock), W, [4, 0, 0, 0, 2], [], "greedy")
    assert played.kind == OK
    asked = played.info[I_DECISIONS : I_DECISIONS + played.info[I_EXCHANGES]]
    assert len(asked) == 2  # W takes two back (its stock ran out); N robs nothing
    assert all(card // 13 != 2 and card < 52 for card in asked)  # plain cards, not hearts
    assert played.row["trumps_in_play"] == 16
    # The reference agrees with the kernel's choices.
    ref = reference_rules(rules)
    taken = [tp.game_deck(rules).card_name(int(card)) for card in asked]
    fill = [(W, taken)]
    result = play_deal_with(
        ref, W, hands, stock, _answers([*answers, *fill], played, rules), [0, 0]
    )
    assert tuple(result.won) == per_side(played.row, "won")


def _answers(given: list[tuple[int, object]], played, rules: dict[str, Any]):
    """A chooser answering from `given`, then with the plays of a kernel deal."""
    queue = list(given)
    names = [tp.game_deck(rules).card_name(int(c)) for c in played.plays if c >= 0]

    def chooser(decision: reference.Decision) -> object:
        if queue:
            return queue.pop(0)[1]
        if decision.kind == "keep":
            return list(decision.pool)
        return names.pop(0)

    return chooser


def test_the_deal_loop_refuses_a_card_not_held_and_a_revoke():
    rules = options()
    hands, stock = p1_deal()
    calls, decided, _ = kernel_script(rules, W, hands, stock, P1_ANSWERS, [0, 0])
    dealt, pack = [codes(rules, hand) for hand in hands], codes(rules, stock)
    opening = 10  # the pitcher's ten discards after robbing
    wrong = [*decided[:opening], codes(rules, ["QH"])[0]]  # E's card
    assert play_given(rules, dealt, pack, W, calls, wrong).kind == ILLEGAL_CARD
    # Trick 3: S must play J♦, his last trump, on the trump lead (not A♠).
    revoke = [*decided[: opening + 10], codes(rules, ["AS"])[0]]
    assert play_given(rules, dealt, pack, W, calls, revoke).kind == ILLEGAL_CARD
    assert play_given(rules, dealt, pack, W, calls, decided).kind == OK


def trick_winner_by_tables(rules: dict[str, Any], trick: list[int], trump: int) -> int:
    """The position in `trick` of the card that takes it, as the deal loop decides: a card
    wins where it is among the beaters (`tp.BEATER_CARDS`) of the card winning so far."""
    beaters = tp.BEATER_CARDS[tp.deck_index(rules)]
    best = 0
    for k in range(1, len(trick)):
        if beaters[trump, trick[best]] >> trick[k] & 1:
            best = k
    return best


def test_trick_winner_units_of_8_12():
    """docs/rules.md section 8.12's trick-winner cases, as the deal loop plays them."""
    for jokers, trick, winner in [
        ("distinct", "TH LJ HJ JD", 3),
        ("distinct", "KD JD 2D AD", 1),
        ("distinct", "9H 2H LJ TH", 2),
        ("second_wins", "8H HJ LJ 9H", 2),
        ("first_wins", "8H HJ LJ 9H", 1),
    ]:
        rules = options(jokers=jokers)
        assert trick_winner_by_tables(rules, codes(rules, trick.split()), 2) == winner, jokers


@pytest.mark.parametrize("jokers", tp.JOKERS)
@pytest.mark.parametrize("off_jack", [True, False])
def test_the_deal_loops_trick_winners_are_the_references(jokers, off_jack):
    """Every deck's tables (equal jokers too, whose winner the order of play decides)
    against the reference's trick winner, over random tricks under every trump."""
    rules = options(jokers=jokers, off_jack=off_jack)
    deck = tp.game_deck(rules)
    book = reference.Rules(jokers=jokers, off_jack=off_jack)
    rng = random.Random(f"{jokers} {off_jack}")
    both_jokers = list(range(52, deck.size)) if deck.size == 54 else []
    for trump in range(4):
        for _ in range(400):
            size = rng.randint(2, 4)
            if both_jokers and rng.random() < 0.3:  # both jokers, in either order
                trick = [*both_jokers, *rng.sample(range(52), size - 2)]
                rng.shuffle(trick)
            else:
                trick = rng.sample(range(deck.size), size)
            plays = [(seat, deck.card_name(card)) for seat, card in enumerate(trick)]
            expected = reference.trick_winner(book, plays, SUITS[trump])
            assert trick_winner_by_tables(rules, trick, trump) == expected, (trump, plays)


# ----------------------------------------------------------------------------- the reference


def check_against_the_reference(spec: RunSpec) -> int:
    """Every deal of a recorded run re-scored by the referee, field by field; the deals
    whose every card at play was played."""
    result = run(spec, record=True)
    complete = 0
    for row, record in zip(result.table, deal_records(result), strict=True):
        complete += _played_once(record)
        scored = referee(spec, record)
        assert disagreements(row, record, scored, tp, spec.deck) == [], record
    return complete


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda items: ",".join(items) or "default")
@pytest.mark.parametrize("strategy", ["random", "greedy"])
def test_the_kernel_scores_random_deals_as_the_reference(variants, strategy):
    spec = RunSpec(tp.NAME, 11, 150, seats=(strategy,), variants=variants)
    complete = check_against_the_reference(spec)
    if "follow=trump_only" not in variants:
        assert complete == 150


@pytest.mark.parametrize(
    "variants",
    [
        (),
        ("smear",),
        ("players=3", "partnership=false", "target=21"),
        ("players=5", "partnership=false"),
        ("players=6", "teams=3", "both_reach_target=higher_score"),
        ("moon=win_or_lose_game", "min_bid=2"),
        ("all_pass=redeal", "both_reach_target=must_pitch_to_win", "target=21"),
    ],
    ids=lambda items: ",".join(items) or "default",
)
def test_whole_games_are_scored_deal_by_deal_as_the_reference(variants):
    spec = RunSpec(tp.NAME, 23, 12, games=True, seats=("greedy",), variants=variants)
    check_against_the_reference(spec)
    table = run(spec).table
    last = table[table["deal"] >= 0]
    finished = last[last["winner"] >= 0]
    assert len(finished) == 12  # every game reached a winner
    for row in finished:
        scores = row["score_after"][: len(tp.sides(spec.rules))]
        if "moon" not in ",".join(variants):
            assert scores[row["winner"]] >= spec.rules["target"]


def test_the_referee_refuses_exchanges_given_to_the_wrong_seat():
    """The log's discards, draws and cards taken back each name their seat; the referee
    refuses a log that gives one to another seat, or draws not from the stock's top."""
    spec = RunSpec(tp.NAME, 5, 40, seats=("random",), variants=("players=5", "partnership=false"))
    records = deal_records(run(spec, record=True))
    record = next(r for r in records if r["fills"] and r["draws"] and r["result"]["contract"])
    referee(spec, record)  # as logged
    for kind in ("discards", "draws", "fills"):
        moved = json.loads(json.dumps(record))
        seat, card = moved[kind][0]
        moved[kind][0] = [(seat + 1) % spec.rules["players"], card]
        with pytest.raises(ValueError, match="seat"):
            referee(spec, moved)
    moved = json.loads(json.dumps(record))
    moved["draws"][:2] = moved["draws"][1::-1]
    with pytest.raises(ValueError, match="stock from the top"):
        referee(spec, moved)


def test_replay_lines_give_each_seat_its_exchanges_in_order():
    """Each run of one seat's discards, draws, cards robbed or taken back is one replay
    line, the cards in the log's order; made in turn on the cards dealt, they give the hands
    at play. Five cut-throat players run the stock dry (cards are taken back); four in
    partnership leave the pitcher the stock's rest."""
    described = game(tp.NAME)
    keys = {"discards": "discards", "draws": "draws", "robs": "draws", "takes back": "fills"}
    pattern = re.compile(r"  seat (\d) (discards|draws|robs|takes back) (.*)$")
    filled = robbed = 0
    for variants in (("players=5", "partnership=false"), ()):
        spec = RunSpec(tp.NAME, 5, 40, seats=("random",), variants=variants)
        result = run(spec, record=True)
        for k, record in enumerate(deal_records(result)):
            lines = described.render(
                spec, "deal", result.table[k], result.hands[k], result.calls[k],
                result.plays[k], result.winners[k],
            )  # fmt: skip
            runs = [match.groups() for line in lines if (match := pattern.match(line))]
            moves = [
                (int(seat), keys[verb], card)
                for seat, verb, cards in runs
                for card in cards.split()
            ]
            held = [set(hand) for hand in record["dealt"]]
            for seat, key, card in moves:
                held[seat] = held[seat] - {card} if key == "discards" else held[seat] | {card}
            assert held == [set(hand) for hand in record["hands"]]
            for key in set(keys.values()):
                assert [[seat, card] for seat, of, card in moves if of == key] == record[key]
            assert all(one[:2] != other[:2] for one, other in pairwise(runs))  # a line a run
            filled += any(key == "fills" for _, key, _ in moves)
            robbers = {int(seat) for seat, verb, _ in runs if verb == "robs"}
            assert robbers <= {record["pitcher"]}  # the stock's rest goes to the pitcher
            robbed += bool(robbers)
    assert filled and robbed  # some deal took cards back, some robbed the stock's rest


def test_options_the_rules_do_not_define_are_refused():
    for items in (["players=3"], ["players=5"], ["teams=3"], ["players=6", "smear"]):
        with pytest.raises(OptionError):
            tp.check(resolve(tp.NAME, tp.OPTIONS, items))
    with pytest.raises(OptionError):
        tp.check(
            resolve(
                tp.NAME, tp.OPTIONS, ["players=3", "partnership=false", "moon=win_or_lose_game"]
            )
        )


def test_the_smear_profile_sets_the_deal_the_jokers_and_the_end():
    played = tp.effective(options(smear=True))
    assert (played["deal"], played["jokers"], played["both_reach_target"]) == (
        "smear",
        "second_wins",
        "higher_score",
    )
    assert reference_rules(options(smear=True)) == reference.smear_rules()
    assert tp.effective(options(smear=True, jokers="none"))["jokers"] == "none"
    assert [tp.cards_dealt(options(**o)) for o in ({}, {"smear": True}, {"players": 6})] == [
        9,
        10,
        8,
    ]


# ----------------------------------------------------------------------------- exact odds


def test_a_joker_is_dealt_to_the_pitcher_as_often_as_counting_says():
    """Random bidding chooses the pitcher without looking at the cards, so the pitcher's
    nine cards are nine drawn at random from 54: at least one of the two jokers with
    probability 1 - C(52, 9) / C(54, 9)."""
    deals = 20_000
    table = run(RunSpec(tp.NAME, 7, deals, seats=("random",))).table
    exact = 1 - math.comb(52, 9) / math.comb(54, 9)
    found = float((table["hand_jokers"] > 0).mean())
    error = math.sqrt(exact * (1 - exact) / deals)
    assert abs(found - exact) < 4 * error, (found, exact, error)
    mean_exact = 2 * 9 / 54
    jokers = table["hand_jokers"].astype(float)
    assert abs(jokers.mean() - mean_exact) < 4 * jokers.std() / math.sqrt(deals)


# ----------------------------------------------------------------------------- continuation


def test_the_continuation_plays_every_decision_and_finds_the_opening_lead():
    described = game(tp.NAME)
    assert described.continuation is CONTINUATION and RULES["off_jack"] is True
    deck = tp.game_deck(RULES)
    order = list(range(deck.size))
    hands = [order[9 * s : 9 * (s + 1)] for s in range(4)]
    stock = order[36:]
    decisions = CONTINUATION.cards(hands, 0, [], "greedy", 3, stock=stock)
    opening = CONTINUATION.opening(hands, 0, stock, decisions)
    assert len(decisions) - opening == 24  # the cards played
    seat, seen = CONTINUATION.seen(hands, 0, stock, decisions[: opening + 1])
    assert seat == 1  # the dealer's left pitches and leads
    assert decisions[opening] in seen
    played = play_given(RULES, hands, stock, 0, [4, 0, 0, 0, 0], decisions)
    assert played.kind == OK and played.info[I_ASKED] == len(decisions)


# ----------------------------------------------------------------------------- the tools


def test_kernel_counters_equal_the_rows_counts_and_give_the_rows_summary():
    from analysis import counters as pandas_counters
    from analysis.games.tenpoint.summary import summary
    from sims.run import counters
    from sims.run.outcomes import run_frame

    variants = ("all_pass=redeal", "moon=double", "min_bid=2")
    seats = ("threshold:margin=3+greedy",) * 3 + ("random_bid+greedy",)
    spec = RunSpec(tp.NAME, 3, 3000, seats=seats, variants=variants)
    result = run(spec)
    kernel = counters.empty(tp.NAME, spec.rules)
    counters.accumulate(tp.NAME, spec.rules, result.table, kernel)
    deals = run_frame(result)
    expected = pandas_counters.from_deals(tp.NAME, spec.rules, deals)
    assert kernel.keys() == expected.keys()
    for name in kernel:
        assert np.array_equal(kernel[name], expected[name]), name
    assert (deals["pitcher"] < 0).any() and (deals["contract"] == 10).any()
    got = pandas_counters.summary(tp.NAME, kernel)
    pd.testing.assert_frame_equal(got, summary(deals), check_exact=False, rtol=1e-9, atol=1e-12)


def test_simulate_log_replay_aggregate_and_compare(capsys, tmp_path):
    log = tmp_path / "tenpoint.jsonl"
    arguments = ("--deals", "300", "--seed", "5", "--json")
    code, whole, err = call(capsys, "simulate", tp.NAME, *arguments, "--log", str(log))
    assert code == 0, err
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(records) == 300
    for record in records[:50]:
        assert [len(hand) for hand in record["dealt"]] == [9] * 4
        assert [len(hand) for hand in record["hands"]] == [6] * 4
        assert len(record["plays"]) == 24
    code, counted, err = call(capsys, "simulate", tp.NAME, *arguments, "--aggregate")
    assert code == 0, err
    rows = {row["quantity"]: row["estimate"] for row in json.loads(whole)["deals"]}
    kept = {row["quantity"]: row["estimate"] for row in json.loads(counted)["deals"]}
    assert rows == pytest.approx(kept)
    code, text, err = call(capsys, "replay", tp.NAME, "--seed", "5", "--deal", "7")
    assert code == 0, err
    assert "trick 6:" in text and "trick 7:" not in text and " draws " in text
    code, text, err = call(
        capsys, "simulate", tp.NAME, "--games", "20", "--seed", "2", "--variant", "smear"
    )
    assert code == 0, err and "deals per game" in text
    code, text, err = call(
        capsys, "compare", tp.NAME, "--bids", "threshold,random_bid", "--deals", "2000", "--json"
    )
    assert code == 0, err
    assert "threshold" in text and "random_bid" in text


# ----------------------------------------------------------------------------- strategies


def test_threshold_bids_its_long_suit_and_greedy_robs_keeping_its_trumps():
    """Example Ten-point 1's cards under `greedy` at every seat: N (nine cards: six hearts
    with the Ace, Jack, Trey and the High Joker) bids high and names hearts; robbing the
    stock it keeps its six trumps and discards the rest."""
    rules = options()
    hands, stock = p1_deal()
    dealt = [codes(rules, hand) for hand in hands]
    played = play_given(rules, dealt, codes(rules, stock), W, [], [], "greedy")
    row = played.row
    assert (row["pitcher"], row["trump"]) == (N, SUITS.index("H"))
    assert row["contract"] >= 6
    asked = played.info[I_DECISIONS : I_DECISIONS + played.info[I_EXCHANGES]]
    assert set(asked) == set(codes(rules, stock[-10:]))  # the ten plain cards robbed
    kept = [int(c) for c in played.calls[C_AT_PLAY : C_AT_PLAY + tp.MAX_TRICKS] if c >= 0]
    assert sorted(kept) == sorted(codes(rules, cards("A♥ K♥ J♥ 10♥ 3♥ HJ")))


@pytest.mark.parametrize("trey", [True, False])
def test_greedy_and_threshold_value_the_trey_only_where_it_scores(trey):
    """The deal loop shows whether the Trey scores; with hearts trumps `greedy` discards
    the 4 of hearts before the Trey only where the Trey scores, and `threshold` adds to a
    hand holding it the Trey's worth as a bid, or a small trump's."""
    rules = options(trey=trey)
    hands, stock = p1_deal()
    dealt = [codes(rules, hand) for hand in hands]
    played = play_given(rules, dealt, codes(rules, stock), W, [], [])
    assert played.view[TREY_WORTH] == (tp.TREY_POINTS if trey else 0)
    deck = tp.deck_index(rules)
    hearts = SUITS.index("H")
    view = np.zeros(v.SIZE, np.int64)
    view[TREY_WORTH], view[v.TRUMP], view[v.DECISION] = played.view[TREY_WORTH], hearts, v.DISCARD
    trey_card, four = codes(rules, ["3♥", "4♥"])
    view[v.HAND] = view[v.LEGAL] = (1 << trey_card) | (1 << four)
    params = np.zeros(DECK_SLOT + 1)
    params[DECK_SLOT] = deck
    assert play_greedy(view, params, np.zeros(1, np.int64)) == (four if trey else trey_card)
    held = [best_trump(1 << card, deck, int(trey), False)[1] for card in (trey_card, four)]
    assert held[0] - held[1] == pytest.approx(1.8 - 0.15 if trey else 0.0)


@pytest.mark.parametrize(
    ("held", "low_to_holder", "burned"),
    [
        ("2♥ 8♥ K♥", True, "8♥"),  # the deuce takes Low for its holder: kept
        ("2♥ 3♥ 8♥ K♥", True, "2♥"),  # the trey takes Low in its place
        ("2♥ 8♥ K♥", False, "2♥"),  # Low goes to the trick's winner
    ],
)
def test_greedy_burns_the_deuce_of_trumps_only_where_it_gives_no_low(held, low_to_holder, burned):
    """Burning a trump past six, `greedy` keeps the deuce (Low, its holder's point where
    Low goes to the holder) before a plain low trump, unless it keeps the trey, which
    takes Low in the deuce's place."""
    rules = options()
    hearts = SUITS.index("H")
    view = np.zeros(v.SIZE, np.int64)
    view[v.TRUMP], view[v.DECISION], view[v.LOW_TO_HOLDER] = hearts, v.DISCARD, low_to_holder
    view[TREY_WORTH] = tp.TREY_POINTS
    cards_held = codes(rules, held.split())
    view[v.HAND] = sum(1 << card for card in cards_held)
    view[v.LEGAL] = sum(1 << card for card in cards_held if card not in codes(rules, ["3♥"]))
    params = np.zeros(DECK_SLOT + 1)
    params[DECK_SLOT] = tp.deck_index(rules)
    assert play_greedy(view, params, np.zeros(1, np.int64)) == codes(rules, [burned])[0]


@pytest.mark.parametrize(
    ("jokers", "off_jack", "trey"),
    [
        ("none", False, True),
        ("none", False, False),
        ("one", True, False),
        ("distinct", True, False),
    ],
)
def test_threshold_never_bids_more_points_than_the_deal_holds(jokers, off_jack, trey):
    """A bold `threshold` (margin -3) bids up to the points the options leave in a deal
    (High, Low, Jack, Game, the Off-Jack, each joker, the Trey's 3) and never above them:
    such a bid cannot be made (PIT-4.1). The bids a seat chose, not a stuck dealer's."""
    variants = (
        f"jokers={jokers}",
        f"off_jack={str(off_jack).lower()}",
        f"trey={str(trey).lower()}",
    )
    spec = RunSpec(tp.NAME, 5, 4000, seats=("threshold:margin=-3+greedy",), variants=variants)
    table = run(spec).table
    chosen = table[~table["stuck"]]["contract"]
    stakes = 4 + off_jack + {"none": 0, "one": 1, "distinct": 2}[jokers] + 3 * trey
    assert chosen.max() == stakes
    assert table["won"].sum(axis=1).max() <= stakes


@pytest.mark.parametrize("jokers", ["second_wins", "first_wins"])
def test_greedy_takes_a_jokers_trick_with_the_other_joker_only_where_the_second_wins(jokers):
    """North leads a small trump and East's joker wins; South, third to play with every
    higher trump out of play, holds the other joker and a small trump. Where the second of
    equal jokers wins (Smear's rule) its joker takes the trick and nothing unseen can take
    it back; where the first wins, nothing of its hand wins and it plays the small trump."""
    rules = options(jokers=jokers)
    hearts = SUITS.index("H")
    led, first, second, small = codes(rules, ["5♥", "HJ", "LJ", "4♥"])
    out = codes(rules, ["A♥", "K♥", "Q♥", "J♥", "J♦"])
    view = np.zeros(v.SIZE, np.int64)
    view[v.TRUMP], view[v.DECISION], view[v.PLAYERS] = hearts, v.PLAY, 4
    view[v.SEAT], view[v.POSITION] = 2, 2
    view[v.SIDE_OF : v.SIDE_OF + 4] = [NS, EW, NS, EW]
    view[v.WINNING_SEAT], view[v.WINNING_CARD] = 1, first
    view[v.PLAYED] = view[v.TRICK_CARDS] = (1 << led) | (1 << first)
    view[v.DEAD] = sum(1 << card for card in out)
    view[v.HAND] = view[v.LEGAL] = (1 << second) | (1 << small)
    params = np.zeros(DECK_SLOT + 1)
    params[DECK_SLOT] = tp.deck_index(rules)
    expected = second if jokers == "second_wins" else small
    assert play_greedy(view, params, np.zeros(1, np.int64)) == expected


@njit
def top_down_fisher_yates(state, size):
    """The order a deal's shuffle must give: one draw per swap, card i with one of i onward."""
    order = np.arange(size)
    for i in range(size - 1):
        j = i + below(state, size - i)
        order[i], order[j] = order[j], order[i]
    return order


def test_the_deal_shuffles_as_fisher_yates_from_the_top_leaves_the_stream_so_and_deals_the_hands():
    rejecting = _rejecting_state(54, 12345)  # a draw Lemire's method rejects: drawn afresh
    for key in [stream_key(5, index, 0) for index in range(200)] + [rejecting]:
        for size, players, dealt in ((52, 4, 9), (53, 5, 9), (54, 6, 9)):  # 6 x 9: no stock
            expected_state = np.array([key])
            expected = top_down_fisher_yates(expected_state, size)
            state, order = np.array([key]), np.zeros(ORDER_SIZE, np.int64)
            work = np.zeros((WORK_ROWS, 64), np.int64)
            deal_nb(state, order, work, players, dealt, size)
            assert order[:size].tolist() == expected.tolist()
            assert state[0] == expected_state[0]
            hands = [sum(1 << int(card) for card in expected[seat * dealt : (seat + 1) * dealt])
                     for seat in range(players)]  # fmt: skip
            assert work[W_DEALT, :players].tolist() == hands
