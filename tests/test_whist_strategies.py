"""Solo Whist strategies (`evaluator`, `greedy`), called directly on hand-built views."""

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sims.core.cards import mask_of, parse_card, parse_cards, suit_mask
from sims.core.rng import new_state
from sims.games.solowhist import rules as sw
from sims.games.solowhist.strategies.bidding import evaluator_bid, misere_risk, tricks_estimate
from sims.games.solowhist.strategies.play import play_greedy
from sims.strategies import resolve, strategies
from sims.strategies import view as v

ALL_CALLS = (1 << 9) - 1
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def params(margin=0.0, prop=4.0, risk=0.0):
    row = np.zeros(8, np.float64)
    row[:3] = margin, prop, risk
    return row


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def bid_view(hand: int, legal: int, turned: str, seat: int = 1, dealer: int = 0) -> np.ndarray:
    view = np.zeros(v.SIZE, np.int64)
    view[v.DECISION] = v.BID
    view[v.SEAT] = seat
    view[v.HAND] = hand
    view[v.LEGAL] = legal
    view[v.DEALER] = dealer
    view[v.TURNED] = parse_card(turned)
    view[v.HIGH_BIDDER] = -1
    view[v.CALLS : v.CALLS + 4] = -1
    view[v.PLAYERS] = 4
    return view


def bid(hand: str, turned: str, legal: int = ALL_CALLS, **settings) -> int:
    view = bid_view(cards(hand), legal, turned)
    return evaluator_bid(view, params(**settings), new_state(1, 0, 0))


def choose_trump(hand: str) -> int:
    view = bid_view(cards(hand), 0b1111, "2C")
    view[v.DECISION] = v.CHOOSE_TRUMP
    return evaluator_bid(view, params(), new_state(1, 0, 0))


# ---- bidding ---------------------------------------------------------------------------


def test_estimates_follow_the_documented_formulas():
    assert tricks_estimate(suit_mask(SPADES), -1) == 13.0
    assert tricks_estimate(cards("AC KC QC JC AD KD QD AH KH QH AS KS QS"), -1) == 13.0
    assert tricks_estimate(cards("AC KC QC 2C AD KD QD AH KH QH AS KS QS"), -1) == 12.0
    # K Q J T of trumps: the run less the missing ace, plus one card beyond the third.
    assert tricks_estimate(cards("KS QS JS TS"), SPADES) == 4.0
    assert tricks_estimate(cards("KH 2H"), -1) == 0.7  # a guarded king
    assert abs(tricks_estimate(cards("AH QH 2H"), -1) - 1.3) < 1e-9  # the queen twice guarded
    # a solid side suit of 7 with spades trump: 3 + (7 - 3) / 2
    assert tricks_estimate(cards("AH KH QH JH TH 9H 8H"), SPADES) == 5.0
    assert misere_risk(cards("2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 2S 3S 4S")) == 0
    assert misere_risk(cards("2C 4C 6C 8C TC QC")) == 0
    assert misere_risk(cards("2C AC 4D")) == 2  # the ace, and a 4 with nothing under it


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    legal=st.integers(0, ALL_CALLS),
    turned=st.integers(0, 51),
    margin=st.sampled_from([-3.0, 0.0, 1.5]),
    risk=st.sampled_from([-1.0, 0.0, 2.0]),
)
def test_the_evaluator_never_makes_an_illegal_call(seed, legal, turned, margin, risk):
    rnd = random.Random(seed)
    hand = mask_of(rnd.sample(range(52), 13))
    state = new_state(seed, 0, 0)
    for mask in (legal | 1, sw.legal_calls_nb(rnd.randrange(9), rnd.randrange(3))):
        view = bid_view(hand, mask, "2C")
        view[v.TURNED] = turned
        call = evaluator_bid(view, params(margin=margin, risk=risk), state)
        assert mask >> call & 1, (call, bin(mask))
    view = bid_view(hand, 0b1111, "2C")
    view[v.DECISION] = v.CHOOSE_TRUMP
    assert 0 <= evaluator_bid(view, params(), state) < 4


def test_thirteen_spades_bid_abundance_declared():
    spades = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    assert bid(spades, "2S") == sw.ABUNDANCE_DECLARED
    # without that call on offer it bids the highest legal one the hand supports
    no_declared = ALL_CALLS & ~(1 << sw.ABUNDANCE_DECLARED)
    assert bid(spades, "2S", legal=no_declared) == sw.ABUNDANCE_TRUMPS


def test_a_weak_hand_passes():
    weak = "6C 8C TC JC 7D 9D JD 6H 8H TH 7S 9S JS"
    assert bid(weak, "2C", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.PASS
    assert bid(weak, "2C", legal=sw.legal_calls_nb(sw.PROP, 0)) == sw.PASS


def test_a_safe_misere_hand_bids_misere():
    safe = "2C 3C 4C 5C 6C KC 2D 3D 4D 2H 3H 2S 3S"
    assert misere_risk(cards(safe)) == 0
    assert bid(safe, "AD", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.MISERE
    assert bid(safe, "AD", legal=sw.legal_calls_nb(sw.PASS, 0), risk=-1.0) == sw.PASS
    # with nothing above the jack it shows its hand: misère ouverte
    all_low = "2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 2S 3S 4S"
    assert bid(all_low, "AD", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.MISERE_OUVERTE
    assert bid(all_low, "AD", legal=sw.legal_calls_nb(sw.MISERE_OUVERTE, 0)) == sw.PASS


def test_solo_prop_and_cop_follow_the_turned_suit():
    hand = "AS KS QS 5S 3S AH KH 4H 2D 3D 4D 5C 6C"  # 5 in spades, 2 in hearts: 7
    assert bid(hand, "9S", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.SOLO
    middling = "AS KS 7S 5S 3S 8H 6H 4H 2D 3D 4D 5C 6C"  # spades turned: 2 + 2 = 4
    assert bid(middling, "9S", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.PROP
    assert bid(middling, "9S", legal=sw.legal_calls_nb(sw.PROP, 0)) == sw.COP
    assert bid(middling, "9S", legal=sw.legal_calls_nb(sw.PROP, 0), margin=1.0) == sw.PASS
    assert bid(middling, "9H", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.PASS
    # the lone proposer's last word: no raise supported, so it passes
    assert bid(middling, "9S", legal=sw.legal_calls_nb(sw.PROP, 2)) == sw.PASS


def test_trump_choice_picks_the_long_strong_suit():
    hand = "AS KS QS JS TS 9S 8S 7S AH 2H 2C 2D 3D"
    assert choose_trump(hand) == SPADES
    assert bid(hand, "5C", legal=sw.legal_calls_nb(sw.PASS, 0)) == sw.ABUNDANCE
    assert bid(hand, "5S", legal=sw.legal_calls_nb(sw.ABUNDANCE, 0)) == sw.ABUNDANCE_TRUMPS
    assert choose_trump("AD KD QD 9D 7D 6D 2D AC KC 3H 4H 2S 3S") == DIAMONDS


# ---- play ------------------------------------------------------------------------------


def _beats(card: int, best: int, trump: int) -> bool:
    if card // 13 == best // 13:
        return card % 13 > best % 13
    return card // 13 == trump


def _play_deal(rnd: random.Random, contract: int, choose) -> tuple[list[int], int]:
    """Play one deal of `contract` with `choose(view, seat)` picking every card; every
    card chosen must be legal. Returns the tricks each seat won and the declarers' mask."""
    deck = list(range(52))
    rnd.shuffle(deck)
    hands = [mask_of(deck[13 * s : 13 * s + 13]) for s in range(4)]
    dealer = rnd.randrange(4)
    turned = deck[13 * dealer + 12]
    declarer = rnd.randrange(4)
    declarers = 1 << declarer
    if contract == sw.COP:
        declarers |= 1 << rnd.choice([s for s in range(4) if s != declarer])
    if contract in (sw.COP, sw.SOLO, sw.ABUNDANCE_TRUMPS):
        trump = turned // 13
    elif contract == sw.ABUNDANCE:
        trump = rnd.randrange(4)
    else:
        trump = -1
    leader = declarer if contract == sw.ABUNDANCE_DECLARED else (dealer + 1) % 4
    played, played_by, tricks = 0, [0] * 4, [0] * 4
    for trick_no in range(13):
        in_trick, led, best, best_seat = 0, -1, -1, -1
        for position in range(4):
            seat = (leader + position) % 4
            hand = hands[seat]
            legal = hand & suit_mask(led) if led >= 0 and hand & suit_mask(led) else hand
            view = np.zeros(v.SIZE, np.int64)
            view[v.DECISION] = v.OPENING if trick_no == 0 and position == 0 else v.PLAY
            view[v.SEAT], view[v.HAND], view[v.LEGAL] = seat, hand, legal
            view[v.TRUMP], view[v.LED_SUIT], view[v.POSITION] = trump, led, position
            view[v.WINNING_CARD], view[v.WINNING_SEAT] = best, best_seat
            view[v.TRICK_CARDS], view[v.TRICK_NO], view[v.PLAYED] = in_trick, trick_no, played
            view[v.PLAYED_BY : v.PLAYED_BY + 4] = played_by
            view[v.PLAYERS], view[v.CONTRACT], view[v.DECLARERS] = 4, contract, declarers
            if contract == sw.MISERE_OUVERTE and trick_no > 0:
                view[v.EXPOSED] = hands[declarer]
            view[v.TURNED], view[v.DEALER] = turned, dealer
            view[v.POINTS : v.POINTS + 4] = tricks
            view[v.HIGH_BID], view[v.HIGH_BIDDER] = contract, declarer
            card = int(choose(view, seat))
            assert legal >> card & 1, (contract, trick_no, position, card, bin(legal))
            hands[seat] &= ~(1 << card)
            played |= 1 << card
            played_by[seat] |= 1 << card
            in_trick |= 1 << card
            if led < 0:
                led, best, best_seat = card // 13, card, seat
            elif _beats(card, best, trump):
                best, best_seat = card, seat
        tricks[best_seat] += 1
        leader = best_seat
    return tricks, declarers


CONTRACTS = [sw.COP, sw.SOLO, sw.MISERE, sw.ABUNDANCE, sw.ABUNDANCE_TRUMPS]
CONTRACTS += [sw.MISERE_OUVERTE, sw.ABUNDANCE_DECLARED]


def test_greedy_plays_only_legal_cards():
    rnd = random.Random(7)
    state = new_state(1, 0, 0)
    row = params()
    for deal in range(140):
        greedy_seats = {s for s in range(4) if deal % 3 == 0 or rnd.random() < 0.6}

        def choose(view, seat, greedy_seats=greedy_seats):
            if seat in greedy_seats:
                return play_greedy(view, row, state)
            legal = [c for c in range(52) if view[v.LEGAL] >> c & 1]
            return rnd.choice(legal)

        tricks, _ = _play_deal(rnd, CONTRACTS[deal % len(CONTRACTS)], choose)
        assert sum(tricks) == 13


def _declarer_tricks(contract: int, declarer_greedy: bool, defenders_greedy: bool) -> float:
    """Tricks a declarer takes on average over 150 deals, each side playing greedy or at
    random."""
    rnd = random.Random(11)
    state = new_state(1, 0, 0)
    row = params()
    total = 0
    for _ in range(150):

        def choose(view, seat):
            declaring = view[v.DECLARERS] >> seat & 1
            plays_greedy = declarer_greedy if declaring else defenders_greedy
            if plays_greedy:
                return play_greedy(view, row, state)
            return rnd.choice([c for c in range(52) if view[v.LEGAL] >> c & 1])

        tricks, declarers = _play_deal(rnd, contract, choose)
        total += sum(tricks[s] for s in range(4) if declarers >> s & 1)
    return total / 150


def test_greedy_plays_each_side_better_than_random():
    """Whole deals: greedy declarers make more tricks in Solo and fewer in Misère than
    random ones, and greedy misère defenders push more tricks onto the declarer."""
    assert _declarer_tricks(sw.SOLO, True, False) > _declarer_tricks(sw.SOLO, False, False) + 0.5
    assert _declarer_tricks(sw.MISERE, True, False) < _declarer_tricks(sw.MISERE, False, False) - 1
    assert _declarer_tricks(sw.MISERE, True, True) > _declarer_tricks(sw.MISERE, True, False)


def play_view(
    hand: str,
    *,
    contract: int,
    declarers: int,
    seat: int,
    position: int,
    trick: str = "",
    winner: str = "",
    winning_seat: int = -1,
    trump: int = -1,
    played: str = "",
    exposed: str = "",
) -> np.ndarray:
    """A play view: `trick` the cards already in the trick, `played` other cards gone."""
    view = np.zeros(v.SIZE, np.int64)
    mine = cards(hand)
    in_trick = cards(trick) if trick else 0
    led = parse_cards(trick)[0] // 13 if trick else -1
    legal = mine & suit_mask(led) if led >= 0 and mine & suit_mask(led) else mine
    view[v.DECISION] = v.PLAY
    view[v.SEAT], view[v.HAND], view[v.LEGAL] = seat, mine, legal
    view[v.TRUMP], view[v.LED_SUIT], view[v.POSITION] = trump, led, position
    view[v.WINNING_CARD] = parse_card(winner) if winner else -1
    view[v.WINNING_SEAT] = winning_seat
    view[v.TRICK_CARDS] = in_trick
    view[v.PLAYED] = in_trick | (cards(played) if played else 0)
    view[v.PLAYERS], view[v.CONTRACT], view[v.DECLARERS] = 4, contract, declarers
    view[v.EXPOSED] = cards(exposed) if exposed else 0
    view[v.TURNED] = parse_card("2C")
    return view


def greedy(view: np.ndarray) -> str:
    card = int(play_greedy(view, params(), new_state(1, 0, 0)))
    return "23456789TJQKA"[card % 13] + "CDHS"[card // 13]


def test_a_misere_declarer_ducks_under_the_winning_card():
    view = play_view(
        "5H 8H TH 2C",
        contract=sw.MISERE,
        declarers=1 << 2,
        seat=2,
        position=1,
        trick="9H",
        winner="9H",
        winning_seat=1,
    )
    assert greedy(view) == "8H"


def test_a_misere_declarer_forced_to_win_plays_its_highest():
    view = play_view(
        "TH KH QH 3C",
        contract=sw.MISERE,
        declarers=1 << 2,
        seat=2,
        position=2,
        trick="4H 9H",
        winner="9H",
        winning_seat=1,
    )
    assert greedy(view) == "KH"
    void = play_view(
        "3C JC 2D QS",
        contract=sw.MISERE_OUVERTE,
        declarers=1 << 2,
        seat=2,
        position=1,
        trick="9H",
        winner="9H",
        winning_seat=1,
    )
    assert greedy(void) == "QS"  # void: it throws its most dangerous card


def test_misere_leads_and_defence():
    # the declarer leads the suit where its lowest card is safest (nothing unseen below 2D)
    lead = play_view(
        "5C 8C 2D 9D 7H",
        contract=sw.MISERE,
        declarers=1 << 0,
        seat=0,
        position=0,
        played="2C 3C 4C",
    )
    assert greedy(lead) == "2D"
    # a defender plays under the winning declarer when it can
    under = play_view(
        "3H 8H KH",
        contract=sw.MISERE,
        declarers=1 << 0,
        seat=1,
        position=1,
        trick="9H",
        winner="9H",
        winning_seat=0,
    )
    assert greedy(under) == "8H"
    # with the declarer still to play, a defender keeps the trick low
    low = play_view(
        "3H 8H KH",
        contract=sw.MISERE,
        declarers=1 << 3,
        seat=1,
        position=1,
        trick="9H",
        winner="9H",
        winning_seat=0,
    )
    assert greedy(low) == "3H"
    # leading against an exposed hand: the suit where the declarer's low card stands highest
    exposed = play_view(
        "2C 6D 3S",
        contract=sw.MISERE_OUVERTE,
        declarers=1 << 0,
        seat=2,
        position=0,
        exposed="4C 9D 5S",
    )
    assert greedy(exposed) == "6D"


def test_a_trick_player_wins_with_its_lowest_winning_card():
    view = play_view(
        "5H TH QH AH 2S",
        contract=sw.SOLO,
        declarers=1 << 0,
        seat=2,
        position=2,
        trick="9H 4H",
        winner="9H",
        winning_seat=0,
        trump=SPADES,
    )
    assert greedy(view) == "TH"
    void = play_view(
        "2C 5S 9S",
        contract=sw.SOLO,
        declarers=1 << 0,
        seat=2,
        position=2,
        trick="9H 4H",
        winner="9H",
        winning_seat=0,
        trump=SPADES,
    )
    assert greedy(void) == "5S"  # void: the lowest winning trump


def test_a_player_whose_partner_holds_the_trick_plays_low():
    # defenders of a Solo: seat 1 holds the trick with the master trump
    view = play_view(
        "3H 7H KH",
        contract=sw.SOLO,
        declarers=1 << 0,
        seat=2,
        position=2,
        trick="4H AS",
        winner="AS",
        winning_seat=1,
        trump=SPADES,
    )
    assert greedy(view) == "3H"
    # Prop and Cop: the partner's ace of hearts is master once no trump is unseen
    no_trumps_out = " ".join(r + "S" for r in "23456789TJQKA")
    cop = play_view(
        "3H 7H KH",
        contract=sw.COP,
        declarers=0b0101,
        seat=2,
        position=1,
        trick="AH",
        winner="AH",
        winning_seat=0,
        trump=SPADES,
        played=no_trumps_out,
    )
    assert greedy(cop) == "3H"
    # a beatable partner card with a player still to come: it secures the trick
    secure = play_view(
        "3H 7H AH",
        contract=sw.COP,
        declarers=0b0101,
        seat=2,
        position=1,
        trick="QH",
        winner="QH",
        winning_seat=0,
        trump=SPADES,
        played=no_trumps_out,
    )
    assert greedy(secure) == "AH"  # the king is unseen


def test_trick_leads():
    # a declarer draws trumps with its master trump
    draw = play_view("AS 4S AH 2C", contract=sw.SOLO, declarers=1, seat=0, position=0, trump=3)
    assert greedy(draw) == "AS"
    # a defender cashes an ace while the suit is still full, else leads low from length
    cash = play_view("AS 4S AH 2C", contract=sw.SOLO, declarers=2, seat=0, position=0, trump=3)
    assert greedy(cash) == "AS"  # the master trump beats every unseen card
    plain = play_view("KS 4S AH 2C", contract=sw.SOLO, declarers=2, seat=0, position=0, trump=3)
    assert greedy(plain) == "AH"
    long = play_view(
        "KS 4S QH 2C 5C 9C", contract=sw.SOLO, declarers=2, seat=0, position=0, trump=3
    )
    assert greedy(long) == "2C"


def test_the_strategies_are_registered():
    names = {s.name for s in strategies("solowhist")}
    assert {"random_bid", "evaluator", "greedy", "random"} <= names
    plan = resolve("greedy:margin=1", "solowhist")
    assert list(plan.bid_params[:3]) == [1.0, 4.0, 0.0]
    assert resolve("random+evaluator", "solowhist").bid_fid >= 0
