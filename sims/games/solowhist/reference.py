"""Plain-Python reference rules for Solo Whist (docs/rules.md sections 4 and 5).

Slow and obvious on purpose: the tests compare the fast engine against it.
Cards are ``suit * 13 + rank`` with rank 0 the deuce and 12 the ace; suits C D H S
are 0..3. Seats 0..3, play passes clockwise, the eldest (dealer's left) is
``(dealer + 1) % 4``.

Auction, as pinned for this oracle:

- From the eldest clockwise, skipping players who have passed (a pass is final) and
  the players who hold the current contract. Each call is "pass" or a contract
  strictly higher than the current one (rank order of ``CALLS``); "prop" only when
  nobody has bid yet, "cop" only over a lone "prop" and never by the proposer,
  "abundance_trumps" only over "abundance".
- The auction ends when every player outside the current contract has passed, or
  when all four have passed (passed out).
- Eldest's late Cop: when everyone but the proposer has passed over a lone "prop"
  (made by someone other than the eldest), the eldest is asked once more and may
  only call "cop" or "pass".
- Lone Prop: after that, the proposer is asked once more and may raise to any legal
  contract above "prop" (the auction then ends) or pass (the hand is passed out).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from sims.games.phat.reference import IllegalPlay, card_name, legal_cards, parse_card, rank, suit

__all__ = [
    "CALLS",
    "CONTRACTS",
    "IllegalCall",
    "IllegalPlay",
    "auction",
    "card_name",
    "legal_calls",
    "legal_cards",
    "next_to_call",
    "parse_card",
    "random_deal",
    "score_deal",
    "settle",
    "trick_winner",
]

SUITS = "CDHS"
TRICKS = 13
SEATS = 4

CALLS = (
    "pass",
    "prop",
    "cop",
    "solo",
    "misere",
    "abundance",
    "abundance_trumps",
    "misere_ouverte",
    "abundance_declared",
)

# Contracts that can be played, in rising order ("prop_cop" comes from prop + cop).
CONTRACTS = (
    "prop_cop",
    "solo",
    "misere",
    "abundance",
    "abundance_trumps",
    "misere_ouverte",
    "abundance_declared",
)

# docs/rules.md section 4.2: unit value, points per over/undertrick, tricks needed.
UNIT_VALUE = {
    "prop_cop": 1,
    "solo": 1,
    "misere": 2,
    "abundance": 3,
    "abundance_trumps": 3,
    "misere_ouverte": 4,
    "abundance_declared": 6,
}
PER_TRICK = {
    "prop_cop": 1,
    "solo": 1,
    "misere": 0,
    "abundance": 2,
    "abundance_trumps": 2,
    "misere_ouverte": 0,
    "abundance_declared": 0,
}
TRICKS_NEEDED = {
    "prop_cop": 8,
    "solo": 5,
    "abundance": 9,
    "abundance_trumps": 9,
    "abundance_declared": 13,
}
MISERES = ("misere", "misere_ouverte")
TURNED_SUIT_TRUMP = ("prop_cop", "solo", "abundance_trumps")
NO_TRUMP = ("misere", "misere_ouverte", "abundance_declared")

# Raises the lone proposer may make on its last turn ("cop" and "abundance_trumps"
# are never legal for it there).
_RAISES_OVER_PROP = ("solo", "misere", "abundance", "misere_ouverte", "abundance_declared")


class IllegalCall(ValueError):
    """A call that breaks the auction rules, or an auction used before it is over."""

    def __init__(self, seat: object, call: object, reason: str) -> None:
        self.seat = seat
        self.call = call
        self.reason = reason
        if seat is None:
            message = f"no call allowed: {reason}"
        elif call is None:
            message = f"seat {seat}: {reason}"
        else:
            message = f"seat {seat} cannot call {call!r}: {reason}"
        super().__init__(message)


# ----------------------------------------------------------------------------- cards


def trick_winner(trick: Sequence[tuple[int, int]], trump: int | None) -> int:
    """Seat winning a trick given as ``(seat, card)`` leader first.

    The highest trump wins; with no trump in it (or no trump suit at all, ``None``),
    the highest card of the suit led.
    """
    led = suit(trick[0][1])
    if trump is not None:
        trumps = [(rank(card), seat) for seat, card in trick if suit(card) == trump]
        if trumps:
            return max(trumps)[1]
    return max((rank(card), seat) for seat, card in trick if suit(card) == led)[1]


# ----------------------------------------------------------------------------- auction


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


def _check_dealer(dealer: object) -> None:
    if not _is_seat(dealer):
        raise ValueError(f"dealer must be a seat 0..3, got {dealer!r}")


def _contract_rank(contract: str | None) -> int:
    """Position of the current contract in ``CALLS`` (no bid yet = 0, prop + cop = cop)."""
    if contract is None:
        return 0
    if contract == "prop_cop":
        return CALLS.index("cop")
    return CALLS.index(contract)


class _Auction:
    """State of an auction, replayed one call at a time."""

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        self.eldest = (dealer + 1) % SEATS
        self.passed: set[int] = set()
        self.contract: str | None = None  # "prop", "prop_cop", "solo", ...; None = no bid
        self.holders: tuple[int, ...] = ()
        self.last: int = dealer  # the seat that called last (the dealer "before" the eldest)
        self.late_cop_asked = False
        self.proposer_asked = False

    def _everyone_else_passed(self) -> bool:
        return all(seat in self.passed for seat in range(SEATS) if seat not in self.holders)

    def turn(self) -> tuple[int, str] | None:
        """(seat to call, kind of turn) or None when the auction is over.

        Kind is "normal", "late_cop" (eldest's second chance) or "last_prop" (the lone
        proposer's last turn).
        """
        if self.contract is None:
            if len(self.passed) == SEATS:
                return None  # passed out
        elif self._everyone_else_passed():
            if self.contract != "prop":
                return None
            proposer = self.holders[0]
            if not self.late_cop_asked and proposer != self.eldest and self.eldest in self.passed:
                return self.eldest, "late_cop"
            if not self.proposer_asked:
                return proposer, "last_prop"
            return None  # the lone proposer passed: passed out
        for step in range(1, SEATS + 1):
            seat = (self.last + step) % SEATS
            if seat not in self.passed and seat not in self.holders:
                return seat, "normal"
        raise AssertionError("no seat to call, yet the auction is not over")  # unreachable

    def allowed(self, seat: int, kind: str) -> list[str]:
        """Legal calls for ``seat`` on a turn of the given kind, in ``CALLS`` order."""
        if kind == "late_cop":
            return ["pass", "cop"]
        current = _contract_rank(self.contract)
        calls = ["pass"]
        for call in CALLS[1:]:
            if call == "prop":
                ok = self.contract is None
            elif call == "cop":
                ok = self.contract == "prop" and seat not in self.holders
            elif call == "abundance_trumps":
                ok = self.contract == "abundance"
            else:
                ok = CALLS.index(call) > current
            if ok:
                calls.append(call)
        if kind == "last_prop":
            assert all(call in ("pass", *_RAISES_OVER_PROP) for call in calls)
        return calls

    def apply(self, seat: int, call: str, kind: str) -> None:
        if kind == "late_cop":
            self.late_cop_asked = True
        elif kind == "last_prop":
            self.proposer_asked = True
        if call == "pass":
            self.passed.add(seat)
        elif call == "cop":
            self.contract = "prop_cop"
            self.holders = tuple(sorted((self.holders[0], seat)))
        else:
            self.contract = call
            self.holders = (seat,)
        self.last = seat

    def result(self) -> tuple[str, tuple[int, ...]]:
        """(contract, declarers) of a finished auction."""
        if self.contract is None or self.contract == "prop":
            return "pass", ()
        return self.contract, self.holders


def _why_not(state: _Auction, seat: int, call: object, kind: str, allowed: list[str]) -> str:
    legal = ", ".join(allowed)
    if call not in CALLS:
        reason = f"calls are {', '.join(CALLS)}"
    elif kind == "late_cop":
        reason = "on the eldest's second chance only cop or pass is allowed"
    elif call == "prop":
        reason = "prop is only allowed when nobody has bid"
    elif call == "cop" and state.contract == "prop":
        reason = "the proposer cannot cop its own prop"
    elif call == "cop":
        reason = "cop is only allowed over a lone prop"
    elif call == "abundance_trumps" and CALLS.index(call) > _contract_rank(state.contract):
        reason = "abundance_trumps only overcalls an abundance"
    else:
        reason = f"a bid must be higher than the current contract {state.contract}"
    return f"{reason} (legal: {legal})"


def _replay(dealer: int, calls: Sequence[tuple[int, str]]) -> _Auction:
    """Check every call in order and return the auction's state after them."""
    _check_dealer(dealer)
    state = _Auction(dealer)
    for index, item in enumerate(calls):
        try:
            seat, call = item
        except (TypeError, ValueError):
            raise IllegalCall(
                None, None, f"call {index + 1} is not a (seat, call) pair: {item!r}"
            ) from None
        turn = state.turn()
        if turn is None:
            raise IllegalCall(seat, call, f"the auction is already over (call {index + 1})")
        to_call, kind = turn
        if seat != to_call or not _is_seat(seat):
            raise IllegalCall(
                seat, call, f"out of turn: seat {to_call} is to call (call {index + 1})"
            )
        allowed = state.allowed(seat, kind)
        if not isinstance(call, str) or call not in allowed:
            raise IllegalCall(seat, call, _why_not(state, seat, call, kind, allowed))
        state.apply(seat, call, kind)
    return state


def next_to_call(dealer: int, calls: Sequence[tuple[int, str]]) -> int | None:
    """Seat to call next after the (legal) ``calls``, or None when the auction is over."""
    turn = _replay(dealer, calls).turn()
    return None if turn is None else turn[0]


def legal_calls(dealer: int, calls: Sequence[tuple[int, str]]) -> list[str]:
    """Calls the next caller may make (always with "pass"), in ``CALLS`` order; [] when over."""
    state = _replay(dealer, calls)
    turn = state.turn()
    if turn is None:
        return []
    return state.allowed(*turn)


def auction(dealer: int, calls: Sequence[tuple[int, str]]) -> tuple[str, tuple[int, ...]]:
    """(contract, declarers) of a finished auction; ("pass", ()) when it is passed out.

    Prop and Cop declarers are given in seat order.
    """
    state = _replay(dealer, calls)
    turn = state.turn()
    if turn is not None:
        raise IllegalCall(turn[0], None, "the auction is unfinished: this seat is still to call")
    return state.result()


# ----------------------------------------------------------------------------- settlement


def settle(
    contract: str, declarers: Iterable[int], tricks: Sequence[int], unit: int = 5
) -> tuple[bool, list[int]]:
    """(made, settlement per seat) for a played contract and the tricks each seat won.

    A passed-out hand (contract "pass", no declarers, no tricks) settles to zeros.
    """
    declarers = tuple(declarers)
    tricks = list(tricks)
    if not (isinstance(unit, int) and not isinstance(unit, bool) and unit > 0):
        raise ValueError(f"unit must be a positive int, got {unit!r}")
    if len(tricks) != SEATS or not all(
        isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks
    ):
        raise ValueError(f"tricks must be 4 non-negative ints, got {tricks!r}")
    if contract == "pass":
        if declarers or any(tricks):
            raise ValueError("a passed-out hand has no declarers and no tricks")
        return False, [0] * SEATS
    if contract not in CONTRACTS:
        raise ValueError(f"unknown contract {contract!r} (contracts: {', '.join(CONTRACTS)})")
    if sum(tricks) != TRICKS:
        raise ValueError(f"tricks must total {TRICKS}, got {tricks!r}")
    wanted = 2 if contract == "prop_cop" else 1
    if (
        len(declarers) != wanted
        or len(set(declarers)) != wanted
        or not all(_is_seat(d) for d in declarers)
    ):
        raise ValueError(f"{contract} needs {wanted} distinct declarer seat(s), got {declarers!r}")

    won = sum(tricks[seat] for seat in declarers)
    if contract in MISERES:
        made = won == 0
        odd = 0
    else:
        needed = TRICKS_NEEDED[contract]
        made = won >= needed
        odd = won - needed if made else needed - 1 - won
    amount = unit * UNIT_VALUE[contract] + PER_TRICK[contract] * odd
    sign = 1 if made else -1

    settlement = [0] * SEATS
    for seat in range(SEATS):
        if contract == "prop_cop":
            # Each declarer is paid (or pays) once; each defender pays (or is paid) once.
            settlement[seat] = sign * amount if seat in declarers else -sign * amount
        elif seat in declarers:
            settlement[seat] = sign * 3 * amount
        else:
            settlement[seat] = -sign * amount
    assert sum(settlement) == 0
    return made, settlement


# ----------------------------------------------------------------------------- a deal


def _check_hands(hands: Sequence[Iterable[int]]) -> list[list[int]]:
    """The four hands as lists, after checking they deal out the 52 cards 13 each."""
    dealt = [list(hand) for hand in hands]
    if len(dealt) != SEATS:
        raise ValueError(f"need 4 hands, got {len(dealt)}")
    for seat, hand in enumerate(dealt):
        if len(hand) != TRICKS:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {TRICKS}")
        for card in hand:
            if not (isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52):
                raise ValueError(f"seat {seat} holds {card!r}, which is not a card")
    cards = [card for hand in dealt for card in hand]
    if len(set(cards)) != 52:
        repeated = sorted({card_name(c) for c in cards if cards.count(c) > 1})
        raise ValueError(f"hands repeat cards: {', '.join(repeated)}")
    return dealt


def _trump_for(contract: str, turned: int, trump_choice: object) -> int | None:
    """Trump suit of a played contract, after checking ``trump_choice``."""
    if contract == "abundance":
        if trump_choice is None:
            raise ValueError("abundance needs the declarer's trump_choice (a suit 0..3)")
        if not (
            isinstance(trump_choice, int)
            and not isinstance(trump_choice, bool)
            and 0 <= trump_choice < 4
        ):
            raise ValueError(f"trump_choice must be a suit 0..3, got {trump_choice!r}")
        return trump_choice
    if trump_choice is not None:
        raise ValueError(
            f"trump_choice is only for abundance, not {contract}: got {trump_choice!r}"
        )
    if contract in TURNED_SUIT_TRUMP:
        return suit(turned)
    assert contract in NO_TRUMP
    return None


def score_deal(
    hands: Sequence[Iterable[int]],
    dealer: int,
    turned: int,
    calls: Sequence[tuple[int, str]],
    plays: Sequence[tuple[int, int]],
    *,
    trump_choice: int | None = None,
    unit: int = 5,
) -> dict:
    """Check the auction and every play of one deal, and settle it.

    All 13 tricks must be played for a played contract; a passed-out hand has no plays.
    """
    dealt = _check_hands(hands)
    _check_dealer(dealer)
    if not (isinstance(turned, int) and not isinstance(turned, bool) and 0 <= turned < 52):
        raise ValueError(f"turned must be a card 0..51, got {turned!r}")
    if turned not in dealt[dealer]:
        raise ValueError(
            f"the turned card {card_name(turned)} must be in the dealer's (seat {dealer}) hand"
        )
    if not (isinstance(unit, int) and not isinstance(unit, bool) and unit > 0):
        raise ValueError(f"unit must be a positive int, got {unit!r}")
    contract, declarers = auction(dealer, calls)

    if contract == "pass":
        if trump_choice is not None:
            raise ValueError(f"a passed-out hand takes no trump_choice, got {trump_choice!r}")
        if len(plays):
            raise IllegalPlay(None, None, 1, "the hand was passed out: no cards are played")
        return {
            "contract": "pass",
            "declarers": [],
            "trump": None,
            "leader": None,
            "tricks": [0] * SEATS,
            "trick_winners": [],
            "made": False,
            "settlement": [0] * SEATS,
        }

    trump = _trump_for(contract, turned, trump_choice)
    first_leader = declarers[0] if contract == "abundance_declared" else (dealer + 1) % SEATS

    remaining = [set(hand) for hand in dealt]
    played: set[int] = set()
    tricks = [0] * SEATS
    trick_winners: list[int] = []
    trick: list[tuple[int, int]] = []
    leader = first_leader
    for item in plays:
        number = len(trick_winners) + 1
        try:
            seat, card = item
        except (TypeError, ValueError):
            raise IllegalPlay(None, None, number, f"not a (seat, card) pair: {item!r}") from None
        if len(trick_winners) == TRICKS:
            raise IllegalPlay(seat, card, number, "plays after the last trick")
        if not (isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52):
            raise IllegalPlay(seat, card, number, "not a card")
        to_play = (leader + len(trick)) % SEATS
        if seat != to_play:
            raise IllegalPlay(seat, card, number, f"out of turn: seat {to_play} is to play")
        if card in played:
            raise IllegalPlay(seat, card, number, "card played twice")
        if card not in remaining[seat]:
            raise IllegalPlay(seat, card, number, "card not held")
        led = suit(trick[0][1]) if trick else None
        if card not in legal_cards(remaining[seat], led):
            raise IllegalPlay(seat, card, number, f"must follow suit ({SUITS[led]} led)")

        remaining[seat].remove(card)
        played.add(card)
        trick.append((seat, card))
        if len(trick) < SEATS:
            continue
        won_by = trick_winner(trick, trump)
        tricks[won_by] += 1
        trick_winners.append(won_by)
        leader = won_by
        trick = []

    if len(trick_winners) < TRICKS:
        to_play = (leader + len(trick)) % SEATS
        raise IllegalPlay(
            to_play,
            None,
            len(trick_winners) + 1,
            f"deal incomplete: {len(played)} of 52 cards played, seat {to_play} is to play",
        )

    made, settlement = settle(contract, declarers, tricks, unit)
    return {
        "contract": contract,
        "declarers": list(declarers),
        "trump": trump,
        "leader": first_leader,
        "tricks": tricks,
        "trick_winners": trick_winners,
        "made": made,
        "settlement": settlement,
    }


def random_deal(
    rng: random.Random, dealer: int
) -> tuple[list[list[int]], int, list[tuple[int, str]], int | None, list[tuple[int, int]]]:
    """A whole random deal: (hands, turned card, calls, trump_choice, plays).

    The deck is shuffled and dealt 3-3-3-3-1 from the dealer's left; the last card,
    the dealer's, is turned. Each call is uniform over the legal calls, an abundance
    declarer picks a uniform trump suit, and each play is uniform over the legal cards.
    """
    _check_dealer(dealer)
    deck = list(range(52))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    position = 0
    for packet in (3, 3, 3, 3, 1):
        for offset in range(1, SEATS + 1):
            seat = (dealer + offset) % SEATS
            hands[seat].extend(deck[position : position + packet])
            position += packet
    turned = hands[dealer][-1]
    assert turned == deck[51]

    calls: list[tuple[int, str]] = []
    while True:
        seat = next_to_call(dealer, calls)
        if seat is None:
            break
        calls.append((seat, rng.choice(legal_calls(dealer, calls))))
    contract, declarers = auction(dealer, calls)
    if contract == "pass":
        return hands, turned, calls, None, []

    trump_choice = rng.randrange(4) if contract == "abundance" else None
    trump = _trump_for(contract, turned, trump_choice)
    leader = declarers[0] if contract == "abundance_declared" else (dealer + 1) % SEATS
    remaining = [set(hand) for hand in hands]
    plays: list[tuple[int, int]] = []
    for _ in range(TRICKS):
        trick: list[tuple[int, int]] = []
        led: int | None = None
        for offset in range(SEATS):
            seat = (leader + offset) % SEATS
            card = rng.choice(sorted(legal_cards(remaining[seat], led)))
            remaining[seat].remove(card)
            if led is None:
                led = suit(card)
            trick.append((seat, card))
        plays.extend(trick)
        leader = trick_winner(trick, trump)
    return hands, turned, calls, trump_choice, plays
