"""Plain-Python reference rules for Auction Pitch / Setback (docs/rules.md section 1).

Slow and obvious on purpose: the tests compare the fast engine against it.
Cards are ``suit * 13 + rank`` with rank 0 the deuce and 12 the ace; suits C D H S
are 0..3. Seats are ``0..n-1`` and play passes clockwise, seat ``s`` to ``(s + 1) % n``.
Scores and points are kept per *side*: one side per seat in cutthroat games, one per
team in partnership games (see ``sides``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

RANKS = "23456789TJQKA"
SUITS = "CDHS"

TEN, JACK, QUEEN, KING, ACE = 8, 9, 10, 11, 12

GAME_POINTS = {TEN: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}

HAND_SIZE = 6
TRICKS = 6
PASS = 0
MAX_BID = 4


@dataclass(frozen=True)
class Rules:
    """The options of one Auction Pitch game; the defaults are docs/rules.md's default rules."""

    players: int = 4
    partnership: bool = False
    teams: int = 2
    low_to_holder: bool = False
    must_follow: bool = False
    min_bid: int = 1
    target: int = 7
    smudge: bool = False
    win_needs_made: bool = False

    def __post_init__(self) -> None:
        """Reject option combinations that docs/rules.md does not define."""
        if not (isinstance(self.players, int) and 2 <= self.players <= 7):
            raise ValueError(f"players must be 2..7, got {self.players!r}")
        if self.partnership and self.players not in (4, 6):
            raise ValueError(f"partnership needs 4 or 6 players, got {self.players}")
        if self.teams not in (2, 3):
            raise ValueError(f"teams must be 2 or 3, got {self.teams!r}")
        if self.min_bid not in (1, 2):
            raise ValueError(f"min_bid must be 1 or 2, got {self.min_bid!r}")
        if not (isinstance(self.target, int) and self.target > 0):
            raise ValueError(f"target must be a positive int, got {self.target!r}")


class IllegalCall(ValueError):
    """A call that breaks the auction rules."""

    def __init__(self, seat: int | None, bid: int | None, reason: str) -> None:
        self.seat = seat
        self.bid = bid
        self.reason = reason
        if seat is None:
            message = f"no call allowed: {reason}"
        else:
            message = f"seat {seat} cannot {call_name(bid)}: {reason}"
        super().__init__(message)


class IllegalPlay(ValueError):
    """A play that breaks the rules; it never scores."""

    def __init__(self, seat: int | None, card: int | None, trick: int, reason: str) -> None:
        self.seat = seat
        self.card = card
        self.trick = trick
        self.reason = reason
        if card is None:
            message = f"trick {trick}: {reason}"
        else:
            message = f"seat {seat} cannot play {_describe(card)} on trick {trick}: {reason}"
        super().__init__(message)


# ----------------------------------------------------------------------------- cards


def suit(card: int) -> int:
    """Suit 0..3 (C D H S) of a card."""
    return card // 13


def rank(card: int) -> int:
    """Rank 0..12 (deuce..ace) of a card."""
    return card % 13


def is_card(card: object) -> bool:
    """True for an int 0..51."""
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52


def card_name(card: int) -> str:
    """Two-letter name such as "AH" or "TD"."""
    if not is_card(card):
        raise ValueError(f"not a card: {card!r}")
    return RANKS[rank(card)] + SUITS[suit(card)]


def parse_card(name: str) -> int:
    """Card int from a name such as "AH" (upper case)."""
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"not a card name: {name!r}")
    return SUITS.index(name[1]) * 13 + RANKS.index(name[0])


def parse_cards(names: str) -> list[int]:
    """Cards from a space-separated string such as "AS 8S 6S"."""
    return [parse_card(name) for name in names.split()]


def _describe(card: object) -> str:
    """Card name if ``card`` is a valid card, else its repr."""
    return card_name(card) if is_card(card) else repr(card)


def call_name(bid: int | None) -> str:
    """Words for a call: "pass" or "bid 3"."""
    return "pass" if bid == PASS else f"bid {bid}"


def game_value(card: int) -> int:
    """Game points of one card: T 10, A 4, K 3, Q 2, J 1 in every suit."""
    return GAME_POINTS.get(rank(card), 0)


# ----------------------------------------------------------------------------- sides


def sides(rules: Rules) -> list[list[int]]:
    """Seats of each side, in side-index order (one side per seat unless partnership)."""
    n = rules.players
    if not rules.partnership:
        return [[seat] for seat in range(n)]
    count = 3 if n == 6 and rules.teams == 3 else 2
    return [[seat for seat in range(n) if seat % count == side] for side in range(count)]


def side_of(rules: Rules, seat: int) -> int:
    """Side index of a seat."""
    for side, seats in enumerate(sides(rules)):
        if seat in seats:
            return side
    raise ValueError(f"seat must be 0..{rules.players - 1}, got {seat!r}")


# ----------------------------------------------------------------------------- auction


def _check_dealer(rules: Rules, dealer: int) -> None:
    """Reject a dealer that is not a seat."""
    if not (isinstance(dealer, int) and 0 <= dealer < rules.players):
        raise ValueError(f"dealer must be a seat 0..{rules.players - 1}, got {dealer!r}")


def _caller(rules: Rules, dealer: int, index: int) -> int:
    """Seat making call number ``index`` (0 = left of the dealer; the dealer calls last)."""
    return (dealer + 1 + index) % rules.players


def _bids_allowed(rules: Rules, is_dealer: bool, high: int) -> list[int]:
    """Legal calls for one seat given the current high bid (0 = nobody has bid yet)."""
    lowest = max(high + 1, rules.min_bid)
    if not is_dealer:
        return [PASS] + list(range(lowest, MAX_BID + 1))
    if high == PASS:
        # Dealer forced bid: everybody else passed, so the dealer must bid at least 2.
        return list(range(max(2, rules.min_bid), MAX_BID + 1))
    # Dealer steal: the dealer may take the contract at the current high bid (1..3).
    return [PASS] + list(range(high, MAX_BID + 1))


def _replay_calls(
    rules: Rules, dealer: int, calls: Sequence[tuple[int, int]]
) -> tuple[int, int | None, bool]:
    """Check every call in order; return (high bid, high bidder, whether the auction is over)."""
    _check_dealer(rules, dealer)
    high, high_seat, over = PASS, None, False
    for index, call in enumerate(calls):
        try:
            seat, bid = call
        except (TypeError, ValueError):
            reason = f"call {index + 1} is not a (seat, bid) pair: {call!r}"
            raise IllegalCall(None, None, reason) from None
        if over:
            raise IllegalCall(seat, bid, f"the auction is already over (call {index + 1})")
        expected = _caller(rules, dealer, index)
        if seat != expected:
            raise IllegalCall(seat, bid, f"out of turn: seat {expected} is to call")
        is_dealer = seat == dealer
        allowed = _bids_allowed(rules, is_dealer, high)
        if bid not in allowed or isinstance(bid, bool):
            raise IllegalCall(seat, bid, _why_not(rules, is_dealer, high, bid, allowed))
        if bid != PASS:
            high, high_seat = bid, seat
        over = bid == MAX_BID or is_dealer
    return high, high_seat, over


def _why_not(rules: Rules, is_dealer: bool, high: int, bid: object, allowed: list[int]) -> str:
    """Reason a call is not among the ``allowed`` ones."""
    legal = ", ".join(call_name(b) for b in allowed)
    if not (isinstance(bid, int) and PASS <= bid <= MAX_BID):
        reason = "calls are pass (0) or a bid of 1..4"
    elif bid == PASS:
        reason = "every other player passed, so the dealer must bid at least 2"
    elif bid < rules.min_bid:
        reason = f"the lowest bid is {rules.min_bid}"
    elif is_dealer and high == PASS:
        reason = "every other player passed, so the dealer must bid at least 2"
    elif is_dealer:
        reason = f"the dealer must bid at least the high bid of {high}"
    else:
        reason = f"a bid must be higher than the high bid of {high}"
    return f"{reason} (legal: {legal})"


def auction_over(rules: Rules, dealer: int, calls: Sequence[tuple[int, int]]) -> bool:
    """True when the calls so far are legal and nobody else may call (a 4, or the dealer called)."""
    return _replay_calls(rules, dealer, calls)[2]


def legal_calls(rules: Rules, dealer: int, calls: Sequence[tuple[int, int]]) -> list[int]:
    """Legal calls (0 = pass) for the next seat, after checking the calls made so far."""
    high, high_seat, over = _replay_calls(rules, dealer, calls)
    if over:
        raise IllegalCall(
            None, None, f"the auction is over: seat {high_seat} bid {high} and is the pitcher"
        )
    seat = _caller(rules, dealer, len(calls))
    return _bids_allowed(rules, seat == dealer, high)


def auction(rules: Rules, dealer: int, calls: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(pitcher, bid) of a complete, legal auction; on a steal the dealer is the pitcher."""
    high, high_seat, over = _replay_calls(rules, dealer, calls)
    if not over:
        seat = _caller(rules, dealer, len(calls))
        raise IllegalCall(seat, None, "the auction is incomplete: this seat has not called")
    # The last bidder is the pitcher: bids rise strictly except the dealer's steal, made last.
    assert high_seat is not None
    return high_seat, high


# ----------------------------------------------------------------------------- play


def legal_cards(rules: Rules, hand: Iterable[int], led_suit: int | None, trump: int) -> set[int]:
    """Cards of ``hand`` that may be played to a trick whose led suit is ``led_suit``.

    Leading (``led_suit`` None): any card. Default: able to follow, follow suit or trump;
    unable, any card. ``must_follow``: able to follow, follow suit; unable, any card.
    """
    held = set(hand)
    if led_suit is None:
        return held
    following = {card for card in held if suit(card) == led_suit}
    if not following:
        return held
    if rules.must_follow:
        return following
    return following | {card for card in held if suit(card) == trump}


def trick_winner(trick: Sequence[tuple[int, int]], trump: int) -> int:
    """Seat winning a trick given as ``(seat, card)`` leader first.

    The highest trump wins; with no trump, the highest card of the suit led.
    """
    led = suit(trick[0][1])
    trumps = [(rank(card), seat) for seat, card in trick if suit(card) == trump]
    if trumps:
        return max(trumps)[1]
    return max((rank(card), seat) for seat, card in trick if suit(card) == led)[1]


def _check_hands(rules: Rules, hands: Sequence[Iterable[int]]) -> list[list[int]]:
    """The hands as lists, after checking there are n of them, six valid distinct cards each."""
    dealt = [list(hand) for hand in hands]
    if len(dealt) != rules.players:
        raise ValueError(f"need {rules.players} hands, got {len(dealt)}")
    for seat, hand in enumerate(dealt):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
        for card in hand:
            if not is_card(card):
                raise ValueError(f"seat {seat} holds {card!r}, which is not a card")
    cards = [card for hand in dealt for card in hand]
    if len(set(cards)) != len(cards):
        repeated = sorted({card_name(c) for c in cards if cards.count(c) > 1})
        raise ValueError(f"hands repeat cards: {', '.join(repeated)}")
    return dealt


def _check_scores(rules: Rules, scores_before: Sequence[int]) -> list[int]:
    """Scores before the deal as a list, one int per side."""
    count = len(sides(rules))
    scores = list(scores_before)
    if len(scores) != count or not all(isinstance(s, int) for s in scores):
        raise ValueError(f"scores_before must be {count} ints (one per side), got {scores!r}")
    return scores


def play_tricks(
    rules: Rules, hands: Sequence[Sequence[int]], pitcher: int, plays: Sequence[tuple[int, int]]
) -> tuple[int, list[list[int]], list[int]]:
    """Check every play of a deal; return (trump, captured cards per seat, trick winners)."""
    n = rules.players
    remaining = [set(hand) for hand in hands]
    captured: list[list[int]] = [[] for _ in range(n)]
    trick_winners: list[int] = []
    trick: list[tuple[int, int]] = []
    trump: int | None = None
    leader = pitcher
    for index, play in enumerate(plays):
        number = len(trick_winners) + 1
        try:
            seat, card = play
        except (TypeError, ValueError):
            reason = f"play {index + 1} is not a (seat, card) pair: {play!r}"
            raise IllegalPlay(None, None, number, reason) from None
        if len(trick_winners) == TRICKS:
            raise IllegalPlay(seat, card, number, f"all {TRICKS} tricks have been played")
        if not is_card(card):
            raise IllegalPlay(seat, card, number, "not a card")
        to_play = (leader + len(trick)) % n
        if seat != to_play:
            who = "the pitcher leads the first trick" if index == 0 else "out of turn"
            raise IllegalPlay(seat, card, number, f"{who}: seat {to_play} is to play")
        if card not in remaining[seat]:
            raise IllegalPlay(seat, card, number, "card not held (never dealt or already played)")
        if trump is None:
            trump = suit(card)  # the pitcher's opening lead fixes trump
        led = suit(trick[0][1]) if trick else None
        if card not in legal_cards(rules, remaining[seat], led, trump):
            if rules.must_follow:
                reason = f"must follow suit ({SUITS[led]} led)"
            else:
                reason = f"must follow suit ({SUITS[led]} led) or play a trump ({SUITS[trump]})"
            raise IllegalPlay(seat, card, number, reason)
        remaining[seat].remove(card)
        trick.append((seat, card))
        if len(trick) < n:
            continue
        won_by = trick_winner(trick, trump)
        captured[won_by].extend(c for _, c in trick)
        trick_winners.append(won_by)
        leader = won_by
        trick = []
    if len(trick_winners) < TRICKS:
        to_play = (leader + len(trick)) % n
        raise IllegalPlay(
            to_play,
            None,
            len(trick_winners) + 1,
            f"deal incomplete: {len(plays)} of {TRICKS * n} cards played, seat {to_play} to play",
        )
    assert trump is not None
    return trump, captured, trick_winners


# ----------------------------------------------------------------------------- scoring


def _owner(piles: Sequence[Iterable[int]], card: int) -> int:
    """Seat whose pile holds ``card``."""
    return next(seat for seat, pile in enumerate(piles) if card in pile)


def score_piles(
    rules: Rules,
    trump: int,
    hands: Sequence[Iterable[int]],
    captured: Sequence[Iterable[int]],
    pitcher: int,
    bid: int,
    scores_before: Sequence[int],
) -> dict:
    """Score a deal from the hands dealt and the cards each seat captured.

    Returns every key of ``score_deal`` except ``trick_winners``. The order of play does
    not matter for scoring, so tests may use this where only the piles are known.
    """
    dealt = _check_hands(rules, hands)
    before = _check_scores(rules, scores_before)
    piles = [list(pile) for pile in captured]
    if len(piles) != rules.players:
        raise ValueError(f"need {rules.players} captured piles, got {len(piles)}")
    in_play = sorted(card for hand in dealt for card in hand)
    if sorted(card for pile in piles for card in pile) != in_play:
        raise ValueError("the captured piles must hold exactly the cards dealt, once each")
    if not (isinstance(pitcher, int) and 0 <= pitcher < rules.players):
        raise ValueError(f"pitcher must be a seat, got {pitcher!r}")
    if bid not in range(max(1, rules.min_bid), MAX_BID + 1):
        raise ValueError(f"bid must be {rules.min_bid}..{MAX_BID}, got {bid!r}")
    if trump not in range(4):
        raise ValueError(f"trump must be a suit 0..3, got {trump!r}")
    trumps = sorted((c for c in in_play if suit(c) == trump), key=rank)
    if not trumps:
        raise ValueError(f"no trump ({SUITS[trump]}) is in play")

    count = len(sides(rules))
    high_card, low_card, jack_card = trumps[-1], trumps[0], trump * 13 + JACK

    high = side_of(rules, _owner(piles, high_card))
    low_seat = _owner(dealt, low_card) if rules.low_to_holder else _owner(piles, low_card)
    low = side_of(rules, low_seat)
    jack = side_of(rules, _owner(piles, jack_card)) if jack_card in in_play else None

    game_points = [0] * count
    for seat, pile in enumerate(piles):
        game_points[side_of(rules, seat)] += sum(game_value(card) for card in pile)
    best = max(game_points)
    leaders = [side for side in range(count) if game_points[side] == best]
    game = leaders[0] if len(leaders) == 1 else None

    won = [0] * count
    for side in (high, low, jack, game):
        if side is not None:
            won[side] += 1

    pitching = side_of(rules, pitcher)
    made = won[pitching] >= bid
    delta = list(won)
    if not made:
        delta[pitching] = -bid  # set back: the bid is subtracted, the points won are lost
    after = [before[side] + delta[side] for side in range(count)]

    # Only the pitcher's side can win, at the end of its deal.
    smudge = rules.smudge and bid == MAX_BID and won[pitching] == 4 and before[pitching] >= 0
    if smudge:
        winner: int | None = pitching
    elif after[pitching] >= rules.target and (made or not rules.win_needs_made):
        winner = pitching
    else:
        winner = None

    return {
        "pitcher": pitcher,
        "bid": bid,
        "trump": trump,
        "high": high,
        "low": low,
        "jack": jack,
        "game": game,
        "game_points": game_points,
        "won": won,
        "made": made,
        "delta": delta,
        "scores_before": before,
        "scores_after": after,
        "winner": winner,
        "smudge": smudge,
    }


def score_deal(
    rules: Rules,
    hands: Sequence[Iterable[int]],
    dealer: int,
    calls: Sequence[tuple[int, int]],
    plays: Sequence[tuple[int, int]],
    scores_before: Sequence[int],
) -> dict:
    """Check the auction and every play of one deal, then score it (see ``score_piles``)."""
    dealt = _check_hands(rules, hands)
    _check_scores(rules, scores_before)
    pitcher, bid = auction(rules, dealer, calls)
    trump, captured, trick_winners = play_tricks(rules, dealt, pitcher, plays)
    result = score_piles(rules, trump, dealt, captured, pitcher, bid, scores_before)
    result["trick_winners"] = trick_winners
    return result


# ----------------------------------------------------------------------------- random deals


def random_deal(
    rng: random.Random, rules: Rules, dealer: int
) -> tuple[list[list[int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """Shuffle, deal six each, then make every call and play uniformly among the legal ones."""
    n = rules.players
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(n)]

    calls: list[tuple[int, int]] = []
    while not auction_over(rules, dealer, calls):
        seat = _caller(rules, dealer, len(calls))
        calls.append((seat, rng.choice(legal_calls(rules, dealer, calls))))
    pitcher, _ = auction(rules, dealer, calls)

    remaining = [set(hand) for hand in hands]
    plays: list[tuple[int, int]] = []
    trump: int | None = None
    leader = pitcher
    for _ in range(TRICKS):
        trick: list[tuple[int, int]] = []
        led: int | None = None
        for offset in range(n):
            seat = (leader + offset) % n
            if trump is None:
                card = rng.choice(sorted(remaining[seat]))
                trump = suit(card)
            else:
                card = rng.choice(sorted(legal_cards(rules, remaining[seat], led, trump)))
            if led is None:
                led = suit(card)
            remaining[seat].remove(card)
            trick.append((seat, card))
        plays.extend(trick)
        leader = trick_winner(trick, trump)
    return hands, calls, plays
