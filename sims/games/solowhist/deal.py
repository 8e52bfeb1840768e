"""The Solo Whist deal loop (auction, trump, 13 tricks, settlement) and its parallel run
kernel (docs/rules.md section 4; the rules as data in `sims.games.solowhist.rules`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sims.core.bits import popcount
from sims.core.cards import RANK_ACE, suit_mask
from sims.core.memory import unowned
from sims.core.rng import STREAM_DEAL, STREAM_PLAY, below, purpose_key, seed_key, unit_key
from sims.core.tricks import legal_must_follow
from sims.engine.common import (
    BID,
    DECK_SCRATCH,
    ILLEGAL_CALL,
    OK,
    SCRIPT_EXHAUSTED,
    deal_hands_nb,
    next_card_nb,
    record_fault_nb,
    take_card_nb,
)
from sims.engine.threads import UnitKernel
from sims.games.solowhist import rules as w
from sims.strategies import dispatcher
from sims.strategies import view as v

decide_solowhist = dispatcher("solowhist")
decide_solowhist_calls = dispatcher("solowhist", calls=True)

HONOUR_POINTS = np.array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], np.int64)  # J Q K A


@njit(cache=True, inline="always")
def ask_nb(view, seat, legal, decision, scripted, script, asked, fids, params, rng, error):
    """Ask `seat` for a call (or, as CHOOSE_TRUMP, a suit) among the bits of `legal`: the
    next entry of `script` when scripted and one is left, else its bidder (a scripted deal
    without one ends). Returns it, or minus the error
    kind with seat and value in `error`. Inlined: as a call it copied some forty
    argument words each time (random Solo Whist: 23 ns per card as a call, 12 inlined);
    inlining adds about 2 s to the cold compile of the run kernel."""
    view[v.DECISION] = decision
    view[v.SEAT] = seat
    view[v.LEGAL] = legal
    if scripted and asked < script.shape[0]:
        choice = np.int64(script[asked])
    elif scripted and fids[BID, seat] < 0:  # the script ran out and no strategy goes on
        error[0] = seat
        error[1] = -1
        return -SCRIPT_EXHAUSTED
    else:
        choice = decide_solowhist_calls(fids[BID, seat], view, params, BID, seat, rng)
    if choice < 0 or choice > 62 or not (legal >> choice) & 1:
        error[0] = seat
        error[1] = choice
        return -ILLEGAL_CALL
    return choice


@njit(cache=True, inline="always")
def auction_nb(dealt, dealer, view, scripted, calls, fids, params, rng, error, log, row):
    """Run the auction. Returns (error kind, contract, declarer, partner, calls made): the
    contract is PASS for a hand passed out, COP for Prop and Cop (declarer the proposer)."""
    eldest = (dealer + 1) & 3
    passed, holders, current = 0, 0, w.PASS
    declarer, partner, proposer = -1, -1, -1
    eldest_asked, proposer_asked = False, False
    seat = eldest
    made = 0
    while True:
        last_turn = 0
        if (passed | holders) == 15:  # everyone outside the contract has passed
            if current != w.PROP:
                break
            if not eldest_asked and proposer != eldest:
                eldest_asked = True
                asker, last_turn = eldest, 1
            elif not proposer_asked:
                proposer_asked = True
                asker, last_turn = proposer, 2
            else:
                break
        else:
            while (passed | holders) >> seat & 1:
                seat = (seat + 1) & 3
            asker = seat
            seat = (seat + 1) & 3
        view[v.HAND] = dealt[asker]
        legal = w.legal_calls_nb(current, last_turn)
        call = ask_nb(view, asker, legal, v.BID, scripted, calls, made, fids, params, rng, error)
        if call < 0:
            return -call, w.PASS, -1, -1, made
        if log.shape[0] > 0:
            log[row, made] = asker * 16 + call
        made += 1
        view[v.CALLS + asker] = call
        if call == w.PASS:
            passed |= 1 << asker
            if last_turn == 2:
                break
        elif call == w.PROP:
            current, holders, proposer, declarer = w.PROP, 1 << asker, asker, asker
        elif call == w.COP:
            current, partner = w.COP, asker
            holders |= 1 << asker
        else:
            current, holders, declarer, partner = call, 1 << asker, asker, -1
        view[v.HIGH_BID] = current
        view[v.HIGH_BIDDER] = declarer
    if current == w.PROP or current == w.PASS:
        return OK, w.PASS, -1, -1, made
    return OK, current, declarer, partner, made


@njit(cache=True, inline="always")
def play_whist_deal_nb(
    dealt,
    turned,
    dealer,
    hands,
    rules,
    forced,
    forced_declarer,
    fids,
    params,
    rng,
    scripted,
    calls,
    trump_choice,
    cards,
    view,
    out,
    tricks_out,
    settlement_out,
    row,
    error,
    log_calls,
    log_plays,
    log_winners,
):
    """Bid, play and settle one deal of the hands `dealt` into `out[row]` (its per-seat
    fields through `tricks_out` and `settlement_out`). A `forced` contract (not PASS; never
    Prop and Cop) skips the auction: `forced_declarer` plays it. With `scripted`, the calls,
    the Abundance trump (`trump_choice[0]`) and the cards come from the scripts. Returns the
    error kind (OK, ILLEGAL_CARD, ILLEGAL_CALL, SCRIPT_EXHAUSTED), seat and value in `error`.
    """
    hands[:] = dealt
    view[:] = 0
    view[v.PLAYERS] = 4
    view[v.FOLLOW] = 1
    view[v.DEALER] = dealer
    view[v.TURNED] = turned
    view[v.TRUMP] = -1
    view[v.HIGH_BIDDER] = -1
    for seat in range(4):
        view[v.CALLS + seat] = -1
        tricks_out[row, seat] = 0
        settlement_out[row, seat] = 0
    r = out[row]
    r.dealer = dealer
    r.turned = turned
    if forced != w.PASS:
        kind, contract, declarer, partner, made_calls = OK, forced, forced_declarer, -1, 0
    else:
        kind, contract, declarer, partner, made_calls = auction_nb(
            dealt, dealer, view, scripted, calls, fids, params, rng, error, log_calls, row
        )
    r.calls = made_calls
    r.contract = contract
    r.declarer = declarer
    r.partner = partner
    r.trump = -1
    r.leader = -1
    r.lead_card = -1
    r.declarer_tricks = 0
    r.made = False
    r.over_under = 0
    r.hand_trumps = -1
    r.hand_longest = 0
    r.hand_voids = 0
    r.hand_aces = 0
    r.hand_honour_points = 0
    if kind != OK or contract == w.PASS:
        return kind

    trump = -1
    if w.TRUMP_OF[contract] == w.TURNED:
        trump = turned // 13
    elif w.TRUMP_OF[contract] == w.CHOSEN:
        view[v.HAND] = dealt[declarer]
        trump = ask_nb(
            view, declarer, 15, v.CHOOSE_TRUMP, scripted, trump_choice, 0, fids, params, rng, error
        )
        if trump < 0:
            return -trump
    declarers = (1 << declarer) | ((1 << partner) if partner >= 0 else 0)
    leader = declarer if contract == w.ABUNDANCE_DECLARED else (dealer + 1) & 3
    r.trump = trump
    r.leader = leader
    view[v.TRUMP] = trump
    view[v.CONTRACT] = contract
    view[v.DECLARERS] = declarers
    view[v.DECISION] = v.OPENING
    played = 0
    for trick_no in range(13):
        view[v.TRICK_NO] = trick_no
        trick, led, best, best_seat = 0, -1, -1, -1
        for position in range(4):
            seat = (leader + position) & 3
            hand = hands[seat]
            if contract == w.MISERE_OUVERTE and trick_no > 0:
                view[v.EXPOSED] = hands[declarer]
            legal = legal_must_follow(hand, led)
            card = next_card_nb(
                decide_solowhist,
                view,
                seat,
                hand,
                legal,
                position,
                led,
                best,
                best_seat,
                trick,
                played,
                cards,
                fids,
                params,
                rng,
                error,
            )
            if card < 0:
                return -card
            led, trump, best, best_seat, trick, played = take_card_nb(
                card,
                seat,
                hand,
                position,
                hands,
                view,
                out,
                row,
                led,
                trump,
                False,
                best,
                best_seat,
                trick,
                played,
                log_plays,
            )
            if played == 1:
                r.lead_card = card
        tricks_out[row, best_seat] += 1
        view[v.POINTS + best_seat] += 1
        view[v.WON + best_seat] |= trick
        if log_winners.shape[0] > 0:
            log_winners[row, trick_no] = best_seat
        leader = best_seat

    made, extra = w.settle_nb(
        contract, declarer, partner, tricks_out[row], rules[w.R_UNIT], settlement_out[row]
    )
    r.declarer_tricks = tricks_out[row, declarer] + (
        tricks_out[row, partner] if partner >= 0 else 0
    )
    r.made = made
    r.over_under = extra
    hand = dealt[declarer]
    r.hand_trumps = popcount(hand & suit_mask(trump)) if trump >= 0 else -1
    longest, voids, aces, honours = 0, 0, 0, 0
    for suit in range(4):
        length = popcount(hand & suit_mask(suit))
        longest = max(longest, length)
        voids += length == 0
        aces += hand >> (suit * 13 + RANK_ACE) & 1
        for rank in range(9, 13):
            honours += HONOUR_POINTS[rank] * (hand >> (suit * 13 + rank) & 1)
    r.hand_longest = longest
    r.hand_voids = voids
    r.hand_aces = aces
    r.hand_honour_points = honours
    return OK


@njit(cache=True, inline="always")
def deal_whist_nb(rng, deck, dealt, dealer: int) -> int:
    """Deal 13 cards each and return the turned card: the dealer's last."""
    deal_hands_nb(rng, deck, dealt, 4, 13)
    return deck[13 * dealer + 12]


# A conditional run's fixed values (`run_whist`'s `fixed`): the hand (a mask) and its
# seat, which declares, the dealer and the turned card.
FIXED_HAND, FIXED_SEAT, FIXED_DEALER, FIXED_TURNED = range(4)


@njit(cache=True, nogil=True)
def play_units_nb(
    start,
    stop,
    seed,
    first,
    rules,
    fids,
    params,
    out,
    errors,
    log_hands,
    log_calls,
    log_plays,
    log_winners,
    fixed,
    rest,
    round_contracts,
):
    """Play deals `first + start .. first + stop` of a run of `seed` one after another (deal
    i: dealer seat i % 4) into `out`, one row each. `errors[u]` = (kind, round, seat, card
    or call) of the first fault of deal u.

    A conditional run (contract odds) has rounds (`round_contracts` not empty): in deal u,
    seat `fixed[FIXED_SEAT]` holds `fixed[FIXED_HAND]`, `fixed[FIXED_DEALER]` deals and
    holds the turned card `fixed[FIXED_TURNED]`, the others are dealt from the cards `rest`;
    the deal is played once per round k into row `u * rounds + k`, the fixed seat declaring
    `round_contracts[k]` without an auction.
    """
    rounds = round_contracts.shape[0]
    cap = max(rounds, 1)
    seed_part = seed_key(seed)
    owned = (
        np.zeros(v.SIZE, np.int64),
        np.zeros(1, np.int64),
        np.zeros(4, np.int64),
        np.zeros(4, np.int64),
        np.zeros(DECK_SCRATCH, np.int64),
        np.zeros(2, np.int64),
        np.zeros(0, np.int8),
    )
    # The loop works on views that the runtime does not count (sims.core.memory): counted,
    # every array handed to an inlined helper costs two atomic operations a call.
    view, rng, dealt, hands, deck, error, no_script = unowned(owned)
    rules, fids, params, out, errors = unowned((rules, fids, params, out, errors))
    log_hands, log_calls, log_plays, log_winners, fixed = unowned(
        (log_hands, log_calls, log_plays, log_winners, fixed)
    )
    rest, round_contracts = unowned((rest, round_contracts))
    tricks_out = out.tricks
    settlement_out = out.settlement
    for u in range(start, stop):
        index = first + u
        unit = unit_key(seed_part, index)
        dealer = fixed[FIXED_DEALER] if rounds else index & 3
        rng[0] = purpose_key(unit, STREAM_DEAL)
        if rounds:
            turned = fixed[FIXED_TURNED]
            deal_whist_around_nb(
                rng, deck, rest, dealt, fixed[FIXED_SEAT], fixed[FIXED_HAND], dealer, turned
            )
        else:
            turned = deal_whist_nb(rng, deck, dealt, dealer)
        for k in range(cap):
            row = u * cap + k
            if log_hands.shape[0] > 0:
                log_hands[row, :] = dealt
            rng[0] = purpose_key(unit, STREAM_PLAY)
            contract = round_contracts[k] if rounds else w.PASS
            kind = play_whist_deal_nb(
                dealt,
                turned,
                dealer,
                hands,
                rules,
                contract,
                fixed[FIXED_SEAT],
                fids,
                params,
                rng,
                False,
                no_script,
                no_script,
                no_script,
                view,
                out,
                tricks_out,
                settlement_out,
                row,
                error,
                log_calls,
                log_plays,
                log_winners,
            )
            out[row].deal = index
            if kind != OK:
                record_fault_nb(errors, u, kind, k, error)
                break
    return owned  # alive until here: the loop used views of it that no one counted


@njit(cache=True, nogil=True)
def run_units_nb(*arguments):
    """`play_units_nb`, optimised once more (sims.engine.threads says why)."""
    play_units_nb(*arguments)


run_whist = UnitKernel(run_units_nb)


@njit(cache=True)
def play_whist_script_nb(
    dealt,
    turned,
    dealer,
    rules,
    calls,
    trump_choice,
    cards,
    fids,
    params,
    rng,
    out,
    error,
    log_calls,
    log_plays,
):
    """Play the given calls, Abundance trump and cards (checked) through a run's deal loop,
    then, where the seats have strategies (fids not -1), on to the end of the deal."""
    view = np.zeros(v.SIZE, np.int64)
    hands = np.zeros(4, np.int64)
    no_log = np.zeros((0, 1), np.int8)
    return play_whist_deal_nb(
        dealt,
        turned,
        dealer,
        hands,
        rules,
        w.PASS,
        -1,
        fids,
        params,
        rng,
        True,
        calls,
        trump_choice,
        cards,
        view,
        out,
        out.tricks,
        out.settlement,
        0,
        error,
        log_calls,
        log_plays,
        no_log,
    )


@njit(cache=True)
def deal_whist_around_nb(state, deck, rest, dealt, seat, hand, dealer, turned):
    """Give `hand` to `seat` and the other seats 13 cards each drawn uniformly from `rest`,
    the dealer holding the `turned` card among its 13 (`rest` lacks it unless `hand` holds
    it, which makes `seat` the dealer)."""
    n = rest.shape[0]
    deck[:n] = rest
    for i in range(n - 1):
        j = i + below(state, n - i)
        deck[i], deck[j] = deck[j], deck[i]
    k = 0
    for other in range(4):
        if other == seat:
            dealt[other] = hand
            continue
        mask, size = 0, 13
        if other == dealer:
            mask, size = 1 << turned, 12
        for i in range(k, k + size):
            mask |= 1 << deck[i]
        dealt[other] = mask
        k += size


def conditions(
    hand: int, seat: int, dealer: int, turned: int, rest: np.ndarray, contracts: np.ndarray
) -> tuple[np.ndarray, ...]:
    """`run_whist`'s last three arguments for a conditional run (see there)."""
    fixed = np.zeros(4, np.int64)
    fixed[[FIXED_HAND, FIXED_SEAT, FIXED_DEALER, FIXED_TURNED]] = hand, seat, dealer, turned
    return fixed, rest, contracts.astype(np.int64)


def no_conditions() -> tuple[np.ndarray, ...]:
    """`run_whist`'s last three arguments for a normal run: no rounds."""
    no_cards = np.zeros(0, np.int64)
    return np.array([0, -1, 0, 0], np.int64), no_cards, no_cards
