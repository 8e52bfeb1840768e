"""Cinch's deal loop (sims/games/cinch, docs/rules.md section 6) against the rule book and
its plain-Python reference: the worked examples of docs/examples.md (Cinch 1 to 3) played
by the kernel from scripted decisions; differential tests of the kernel against the
reference over random deals and whole games, for every option value and player count;
the rows' fields against the log; and the exact chance that the Left Pedro is dealt to
the maker's side, against its simulated frequency."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Sequence
from itertools import groupby

import numpy as np
import pytest

from sims.core.cards import mask_of, parse_cards
from sims.core.options import resolve
from sims.core.rng import stream_key
from sims.engine.solver import PositionError
from sims.games.cinch import reference
from sims.games.cinch import rules as c
from sims.games.cinch.cards import DECK
from sims.games.cinch.deal import SET_DEALT, SET_ROWS, deal_nb
from sims.games.cinch.descriptor import GAME, exchanges
from sims.games.cinch.referee import referee
from sims.games.cinch.reference import Decision
from sims.games.cinch.reference_deal import play_deal_with, random_chooser, random_deal
from sims.games.cinch.scripted import cinch_deal
from sims.games.cinch.strategies.greedy import play_greedy
from sims.run.deal_log import deal_records
from sims.run.outcomes import run_frame
from sims.run.runner import RunSpec, run
from sims.run.scripted import IllegalPlayError
from sims.strategies import view as v
from sims.tools.solve import main_solve
from tests.test_conformance import disagreements
from tests.test_reference_cinch import (
    C1_ANSWERS,
    C1_HANDS,
    C1_STOCK,
    C3_ANSWERS,
    E,
    N,
    W,
    c2_answers,
    c2_deal,
    c3_deal,
    cards,
    starved_deal,
)
from tests.test_rng import _fisher_yates, _rejecting_state

NS, EW = 0, 1


def rules_of(*variants: str) -> dict:
    """The options of a Cinch run with `variants` (NAME=VALUE) applied."""
    rules = resolve(c.NAME, c.OPTIONS, variants)
    c.check(rules)
    return rules


def codes(names: Sequence[str]) -> list[int]:
    return [DECK.parse_card(name) for name in names]


def kernel_script(
    rules: reference.Rules,
    dealer: int,
    hands: Sequence[Sequence[str]],
    stock: Sequence[str],
    answers: Sequence[tuple[int, object]],
) -> tuple[list[int], list[int]]:
    """The reference's answers of a deal as the kernel's script: the calls (bids, then
    trump as a suit number) and the card decisions (the discards a player chooses, as the
    kernel asks them: a non-dealer's excess trumps, every card the robbing dealer leaves,
    non-trumps first; then the cards played)."""
    calls: list[int] = []
    decisions: list[int] = []
    queue = iter(answers)

    def chooser(decision: Decision) -> object:
        seat, answer = next(queue)
        assert seat == decision.seat
        if decision.kind == "bid":
            calls.append(int(answer))  # type: ignore[call-overload]
        elif decision.kind == "trump":
            calls.append(reference.SUITS.index(str(answer)))
        elif decision.kind == "keep":
            trump = reference.SUITS[calls[-1]]
            left = [card for card in decision.pool if card not in answer]  # type: ignore[operator]
            left.sort(key=lambda card: reference.is_trump(card, trump))  # the kernel's order
            robbing = rules.dealer_robs and seat == dealer
            decisions.extend(
                codes([card for card in left if robbing or reference.is_trump(card, trump)])
            )
        elif decision.kind == "card":
            decisions.extend(codes([str(answer)]))
        return answer

    play_deal_with(rules, dealer, hands, stock, chooser)
    return calls, decisions


def scripted_row(
    variants: Sequence[str],
    dealer: int,
    hands: Sequence[Sequence[str]],
    stock: Sequence[str],
    answers: Sequence[tuple[int, object]],
    scores: Sequence[int] = (0, 0),
) -> np.void:
    """The kernel's outcome row for a deal the reference's `answers` play."""
    rules = rules_of(*variants)
    calls, decisions = kernel_script(reference.Rules(**rules), dealer, hands, stock, answers)
    row, _, _ = cinch_deal(
        rules, [codes(h) for h in hands], codes(stock), dealer, calls, decisions, scores=scores
    )
    return row


def refuses(
    variants: Sequence[str],
    dealer: int,
    hands: Sequence[Sequence[str]],
    stock: Sequence[str],
    answers: Sequence[tuple[int, object]],
) -> bool:
    """Whether the kernel under `variants` refuses a decision of a deal that the default
    rules allow."""
    calls, decisions = kernel_script(reference.Rules(), dealer, hands, stock, answers)
    dealt = [codes(h) for h in hands]
    try:
        cinch_deal(rules_of(*variants), dealt, codes(stock), dealer, calls, decisions)
    except IllegalPlayError:
        return True
    return False


def sides_list(row: np.void, field: str, count: int = 2) -> list[int]:
    return [int(value) for value in row[field][:count]]


# --- the worked examples (docs/examples.md, Cinch 1 to 3) -----------------------------


@pytest.mark.parametrize("players, size", [(4, 9), (2, 9), (5, 6), (6, 6), (5, 10)])
def test_the_deal_is_the_packs_shuffle_and_its_hands_the_cards_from_the_top(players, size):
    """The run kernel's deal makes each hand's mask as it shuffles: the pack must be the
    one `shuffle` gives, the stream left as it leaves it, and hand k the k-th `size` cards."""
    keys = [stream_key(4, index, 0) for index in range(100)] + [_rejecting_state(52, 999)]
    for key in keys:
        expected, state = np.arange(52, dtype=np.int64), np.array([key])
        _fisher_yates(state, expected, 52)
        got, deck = np.array([key]), np.zeros(2 * 52, np.int64)
        sets = np.zeros((SET_ROWS, c.MAX_PLAYERS), np.int64)
        deal_nb(got, deck, sets, players, size)
        assert deck[:52].tolist() == expected.tolist()
        assert got[0] == state[0]
        hands = [sum(1 << int(card) for card in expected[seat * size : (seat + 1) * size])
                 for seat in range(players)]  # fmt: skip
        assert sets[SET_DEALT, :players].tolist() == hands


def test_cinch_1_draw_rob_contract_failed():
    row = scripted_row((), W, C1_HANDS, C1_STOCK, C1_ANSWERS)
    assert (row["pitcher"], row["contract"], row["trump"]) == (N, 5, 2)
    assert sides_list(row, "won") == [1, 13]
    assert row["made"] == 0
    assert sides_list(row, "delta") == [0, 18]
    assert sides_list(row, "score_after") == [0, 18]
    assert (row["high"], row["jack"], row["left_pedro"], row["right_pedro"]) == (NS, EW, EW, EW)
    setback = scripted_row(("scoring=setback",), W, C1_HANDS, C1_STOCK, C1_ANSWERS)
    assert sides_list(setback, "delta") == [-5, 13]


def test_cinch_1_refuses_a_card_not_followed_and_a_discard_not_held():
    rules = rules_of()
    calls, decisions = kernel_script(reference.Rules(), W, C1_HANDS, C1_STOCK, C1_ANSWERS)
    hands, stock = [codes(h) for h in C1_HANDS], codes(C1_STOCK)
    wrong = list(decisions)
    wrong[10 + 2] = DECK.parse_card("TC")  # trick 1: S, holding trumps, throws a club
    with pytest.raises(IllegalPlayError):
        cinch_deal(rules, hands, stock, W, calls, wrong)
    with pytest.raises(IllegalPlayError):  # W discards a card it never held
        cinch_deal(rules, hands, stock, W, calls, [DECK.parse_card("AH"), *decisions[1:]])
    with pytest.raises(IllegalPlayError):  # E tops with a bid not above N's 5
        cinch_deal(rules, hands, stock, W, [5, 5], [])


def test_cinch_2_dealer_maker_counting_trump_dead_in_the_rob():
    hands, stock = c2_deal()
    answers = c2_answers(cards("A♠ K♠ Q♠ J♠ 10♠ 9♠"))
    row = scripted_row((), N, hands, stock, answers, (30, 25))
    assert (row["pitcher"], row["contract"], row["trump"]) == (N, 10, 3)
    assert row["low"] == -1 and row["dead_points"] == 1
    assert sides_list(row, "won") == [13, 0]
    assert row["made"] == 1
    assert sides_list(row, "delta") == [13, 0]
    assert sides_list(row, "score_after") == [43, 25]
    assert row["winner"] == -1
    assert refuses(("must_keep_counters=true",), N, hands, stock, answers)  # 2S may not go
    forced = scripted_row(("dealer_must_take_trumps=true",), N, hands, stock, answers, (30, 25))
    assert sides_list(forced, "delta") == [13, 0]


def test_cinch_3_all_pass_dealer_names_trump_left_pedro_led():
    hands, stock = c3_deal()
    row = scripted_row((), E, hands, stock, C3_ANSWERS)
    assert (row["pitcher"], row["contract"], row["trump"]) == (E, 0, 1)
    assert row["dead_points"] == 0  # all 14 trumps are in play
    assert sides_list(row, "won") == [1, 13]
    assert row["made"] == 1
    assert sides_list(row, "delta") == [0, 12]
    assert sides_list(row, "score_after") == [0, 12]
    setback = scripted_row(("scoring=setback",), E, hands, stock, C3_ANSWERS)
    assert sides_list(setback, "delta") == [1, 13]
    forced = scripted_row(("all_pass=dealer_forced_min_bid",), E, hands, stock, C3_ANSWERS)
    assert (forced["contract"], forced["made"], sides_list(forced, "delta")) == (1, 1, [0, 12])
    assert refuses(("follow=strict",), E, hands, stock, C3_ANSWERS)  # S may not trump trick 1
    rules = rules_of("all_pass=redeal_next_dealer")
    thrown, _, _ = cinch_deal(rules, [codes(h) for h in hands], codes(stock), E, [0] * 4, [])
    assert (thrown["contract"], thrown["pitcher"], thrown["trump"]) == (-1, -1, -1)
    assert sides_list(thrown, "delta") == [0, 0]


def test_a_short_player_fills_from_the_face_up_discards_or_plays_short():
    hands, stock = starved_deal()
    calls = [1, 0, 0, 0, reference.SUITS.index("H")]
    dealt = [codes(h) for h in hands]
    for variant, held in (("fill_from_nontrump_discards", 24), ("play_short", 22)):
        rules = rules_of(f"stock_exhausted={variant}")
        row, decisions, _ = cinch_deal(rules, dealt, codes(stock), W, calls, [], "random", seed=4)
        assert row["short"] == 1
        assert (decisions >= 0).sum() - 3 == held  # the dealer's three discards, then play


# --- differential: the kernel's runs re-scored by the reference -------------------------

VARIANTS = [
    (),
    ("scoring=setback",),
    ("failed_award=fourteen_plus_shortfall",),
    ("all_pass=dealer_forced_min_bid",),
    ("all_pass=redeal_next_dealer",),
    ("min_bid=6",),
    ("min_bid=7",),
    ("bid14=money",),
    ("target=42",),
    ("target=61", "scoring=setback"),
    ("target=62",),
    ("keep_nontrumps=true",),
    ("follow=strict",),
    ("must_keep_counters=true",),
    ("dealer_must_take_trumps=true",),
    ("must_keep_counters=true", "dealer_must_take_trumps=true", "keep_nontrumps=true"),
    ("stock_exhausted=play_short",),
    ("widow=true",),
    ("both_reach_target=count_order", "scoring=setback"),
    ("players=2",),
    ("players=2", "bid14=money", "scoring=setback"),
    ("players=3",),
    ("players=3", "both_reach_target=count_order"),
    ("players=5",),
    ("players=6",),
    ("players=6", "stock_exhausted=play_short", "keep_nontrumps=true"),
    ("players=2", "widow=true"),
    ("players=3", "widow=true", "must_keep_counters=true"),
    ("players=5", "widow=true"),
]


def check_against_reference(spec: RunSpec) -> int:
    """Re-score every deal of the run by the reference through its log, and compare every
    field; the number of deals checked."""
    result = run(spec, record=True)
    checked = 0
    for row, record in zip(result.table, deal_records(result), strict=True):
        scored = referee(spec, record)
        assert disagreements(row, record, scored, c, spec.deck) == []
        checked += 1
    return checked


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: ",".join(v) or "default")
@pytest.mark.parametrize("seats", ["random", "greedy", "random_bid+greedy"])
def test_random_deals_are_scored_as_the_reference_scores_them(variants, seats):
    spec = RunSpec(c.NAME, 11, 150, seats=(seats,), variants=variants)
    assert check_against_reference(spec) == 150


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: ",".join(v) or "default")
def test_whole_games_are_scored_deal_by_deal_as_the_reference_scores_them(variants):
    spec = RunSpec(c.NAME, 12, 8, games=True, seats=("threshold+greedy",), variants=variants)
    assert check_against_reference(spec) >= 8
    frame = run_frame(run(spec))
    assert (frame.groupby("game")["winner"].max() >= 0).all()  # every game ends


def test_deals_thrown_in_are_scored_as_the_reference_scores_them():
    """With a least bid of 7, greedy often passes; where all pass, the deal is thrown in."""
    variants = ("all_pass=redeal_next_dealer", "min_bid=7")
    spec = RunSpec(c.NAME, 11, 150, seats=("greedy",), variants=variants)
    assert check_against_reference(spec) == 150
    thrown = [entry for entry in deal_records(run(spec, record=True)) if entry["maker"] is None]
    assert thrown  # the case this test is for
    games = RunSpec(c.NAME, 12, 8, games=True, seats=("greedy",), variants=variants)
    assert check_against_reference(games) >= 8


@pytest.mark.parametrize("variants", VARIANTS[:8], ids=lambda v: ",".join(v) or "default")
def test_the_kernel_plays_the_references_random_deals_alike(variants):
    """The other way round: deals the reference plays with random answers, replayed by
    the kernel from the same decisions, score alike (the forms with optional discards,
    whose stops the reference does not list, are covered by the runs above)."""
    rules = rules_of(*variants)
    ref_rules = reference.Rules(**rules)
    rng = random.Random(f"cinch {variants}")
    for k in range(40):
        hands, stock = random_deal(rng, ref_rules)
        dealer = k % ref_rules.players
        answers: list[tuple[int, object]] = []
        choose = random_chooser(rng)

        def chooser(decision: Decision, answers=answers, choose=choose) -> object:
            answer = choose(decision)
            answers.append((decision.seat, answer))
            return answer

        before = [k % 7, 3] if ref_rules.players == 4 else [0] * ref_rules.players
        result = play_deal_with(ref_rules, dealer, hands, stock, chooser, before)
        row = scripted_row(variants, dealer, hands, stock, answers, before)
        count = len(before)
        assert sides_list(row, "won", count) == list(result.won)
        assert sides_list(row, "delta", count) == list(result.delta)
        assert sides_list(row, "score_after", count) == list(result.scores_after)
        assert (row["winner"] if row["winner"] >= 0 else None) == result.winner


# --- the exact chance of the Left Pedro on the maker's side ----------------------------


def test_the_left_pedro_is_dealt_to_the_makers_side_as_often_as_counting_says():
    """Conditional on calls that do not depend on the cards (the `random` bidder bids and
    names trump at random), the Left Pedro is one of the 52 cards dealt at random, so it
    lies among the maker's side's 18 cards with chance C(51, 17) / C(52, 18) = 18/52, in
    the stock's 16 with chance 16/52; and, given that the maker itself was not dealt it,
    with its partner with chance 9/43 (9 of the 43 cards the maker cannot see)."""
    deals = 40_000
    frame = run_frame(run(RunSpec(c.NAME, 17, deals, seats=("random",))))
    frame = frame[frame["contract"] >= 0]
    n = len(frame)
    side = math.comb(51, 17) / math.comb(52, 18)
    assert side == pytest.approx(18 / 52)
    found = (frame["left_dealt"] == frame["maker_side"]).mean()
    assert abs(found - side) < 4 * math.sqrt(side * (1 - side) / n)
    stock = (frame["left_dealt"] < 0).mean()
    assert abs(stock - 16 / 52) < 4 * math.sqrt(16 / 52 * 36 / 52 / n)


def test_the_left_pedro_is_with_the_makers_partner_as_often_as_counting_says():
    """The same runs, given that the maker's own nine cards lack the Left Pedro: its
    partner holds it with chance 9/43 (hands read from the deal log)."""
    deals = 12_000
    result = run(RunSpec(c.NAME, 19, deals, seats=("random",)), record=True)
    partner_has, lacking = 0, 0
    for row, hands in zip(result.table, result.hands, strict=True):
        if row["contract"] < 0:
            continue
        left = int(c.COUNTING[row["trump"], 5])
        maker = int(row["pitcher"])
        if hands[maker] >> left & 1:
            continue
        lacking += 1
        partner_has += int(hands[(maker + 2) % 4] >> left & 1)
    p = 9 / 43
    assert abs(partner_has / lacking - p) < 4 * math.sqrt(p * (1 - p) / lacking)


# --- the descriptor -----------------------------------------------------------------------


def test_replay_lines_show_the_exchanges_and_every_trick():
    spec = RunSpec(c.NAME, 3, 4)
    result = run(spec, record=True)
    row = result.table[1]
    lines = GAME.render(
        spec, "deal 1", row, result.hands[1], result.calls[1], result.plays[1], result.winners[1]
    )
    assert sum("trick" in line for line in lines) == c.TRICKS
    # Each run of one seat's discards, draws or fills is one line, the cards in log order.
    moves = exchanges(result.calls[1], spec.layout.players)
    shown = [
        line.split()[3:] for line in lines if re.match(r"  seat \d (discard|draw|fill|rob)s ", line)
    ]
    assert [card for line in shown for card in line] == [DECK.card_name(m[2]) for m in moves]
    assert len(shown) == len(list(groupby(moves, key=lambda move: move[:2]))) < len(moves)
    assert any("draws" in line for line in lines) and any("discards" in line for line in lines)
    robbed = [line for line in lines if " robs " in line]  # the dealer takes the stock's rest
    assert [line.split()[1] for line in robbed] == [str(int(row["dealer"]))]


def test_solve_values_the_last_tricks_of_cinch_1_by_the_counting_trumps():
    """Cinch 1's last two tricks, W to lead: W's 8H draws N's 2H (Low, 1 to E-W), and
    the clubs hold no counter: 1 point for side 1; at the last trick alone, nothing."""
    two = "2H QC / 6D JC / AD TC / 8H KC"
    assert main_solve(c.NAME, two, "H", W).startswith("1 points of the deal for side 1")
    last = "QC / JC / TC / KC"
    assert main_solve(c.NAME, last, "H", W).startswith("0 points of the deal for side 1")


def test_a_cinch_position_is_refused_without_a_trump_suit():
    hands = [mask_of(parse_cards(card)) for card in ("QC", "JC", "TC", "KC")]
    rules = resolve(c.NAME, c.OPTIONS, [])
    for trump in (-1, 4):
        with pytest.raises(PositionError, match=f"trump must be a suit 0..3 .*not {trump}"):
            GAME.solve.position(hands, trump, W, rules)


# --- greedy's card sense ----------------------------------------------------------------


def greedy_view(hand: str, legal: str, trump: int, **slots: int) -> np.ndarray:
    """A view of four seats in two partnerships holding `hand` with `legal` cards."""
    view = np.zeros(v.SIZE, np.int64)
    view[v.HAND] = mask_of(codes(hand.split()))
    view[v.LEGAL] = mask_of(codes(legal.split()))
    view[v.TRUMP], view[v.PLAYERS], view[v.SIDES] = trump, 4, 2
    for seat in range(4):
        view[v.SIDE_OF + seat] = seat % 2
    for name, value in slots.items():
        view[getattr(v, name)] = value
    return view


def test_greedy_feeds_a_pedro_to_its_partners_sure_trick():
    """Hearts trumps: the partner (seat 0) leads the trump ace, which nothing can beat;
    seat 2, holding the Right Pedro, plays it there rather than a trump of no count."""
    ace, two = DECK.parse_card("AH"), DECK.parse_card("2H")
    trick = 1 << ace | 1 << two
    view = greedy_view(
        "5H 7H 9C",
        "5H 7H",
        2,
        DECISION=v.PLAY,
        SEAT=2,
        POSITION=2,
        LED_SUIT=2,
        WINNING_CARD=ace,
        WINNING_SEAT=0,
        TRICK_CARDS=trick,
        PLAYED=trick,
    )
    assert play_greedy(view, np.zeros(1), np.zeros(1, np.int64)) == DECK.parse_card("5H")


def test_greedy_robs_keeping_trumps_and_counters():
    """The robbing dealer leaves its cheapest card: a low plain card before any trump, a
    trump of no count before a counter."""
    pool = "AH 5H 2H JH 7H 9H QH KS 3C"
    rng = np.zeros(1, np.int64)
    view = greedy_view(pool, pool, 2, DECISION=v.DISCARD, SEAT=3)
    assert play_greedy(view, np.zeros(1), rng) == DECK.parse_card("3C")
    view = greedy_view(pool, "AH 5H 2H JH 7H 9H QH", 2, DECISION=v.DISCARD, SEAT=3)
    assert play_greedy(view, np.zeros(1), rng) == DECK.parse_card("7H")
