"""Plain-Python reference rules for Nine-card Don (docs/rules.md section 3).

Slow and obvious on purpose: the tests compare the fast engine against it, and it is
written from the rule book only. Cards are ``suit * 13 + rank`` with rank 0 the deuce
and 12 the ace; suits C D H S are 0..3. Seats 0..3, team of seat ``s`` is ``s % 2``,
play passes clockwise. Each seat holds 9 cards; the other 16 are out of play.

Choices pinned here (docs/rules.md sections 2, 3 and 5, docs/examples.md "Nine-card Don"):

- The pitcher leads the first trick and its suit is trump. Players must follow suit
  if able, else play any card. Nine tricks.
- Card points (``don_value``: 5, 9, A, K, Q, J of trumps 10, 9, 4, 3, 2, 1; each
  non-trump five 5; everything else, non-trump nines included, 0) go to the team
  winning the trick the moment it is won.
- A team *wins* when its score is at least ``target`` and strictly greater than the
  other team's. This is checked after every trick: on a win play stops at once, the
  deal scores no end-of-deal points (``bonus`` [0, 0]) and a pending carry-over is
  lost. It is checked again after the end-of-deal points: if both teams then stand
  at or past the target the higher total wins, and on equal totals nobody wins and
  the game plays on. Whenever the game ends (mid-deal or at the end of the deal)
  ``carry_out`` is 0: a carry-over still pending when the game ends is lost.
- End-of-deal points, only after all 9 tricks and only if nobody won during play.
  Game count per team = ``game_value`` (A 4, K 3, Q 2, J 1, T 10, all suits) of the
  cards it captured (``muck`` in the result). The game is worth 8, 6 or 5 under
  ``bonus`` "game8", "game6_high_low", "game5_high_low_jack", plus ``carry_in``, and
  goes to the team with the higher count. High (highest trump in play, i.e. dealt to
  any seat) and Low (lowest trump in play) are 1 each to the capturing team under
  the last two variants; with a single trump in play its captor gets both. Jack (1)
  under "game5_high_low_jack" goes to the captor of the Jack of trumps, or to nobody
  when it was not dealt.
- Equal game counts: nobody scores the game. With ``game_tie="none"`` it is lost and
  ``carry_in`` must be 0; with ``game_tie="carry"`` ``carry_out`` is ``carry_in`` plus
  the variant's game value (8, 6 or 5). When a team scores the game ``carry_out`` is
  0. High, Low and Jack never carry.
- ``high``, ``low`` and ``jack`` in the result name the capturing team under every
  bonus variant (None when not captured before the deal stopped, or, for the Jack,
  not dealt).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from sims.games.phat.reference import (
    SUITS,
    IllegalPlay,
    card_name,
    legal_cards,
    parse_card,
    rank,
    suit,
    trick_winner,
)

__all__ = [
    "BONUSES",
    "GAME_TIES",
    "IllegalPlay",
    "card_name",
    "don_value",
    "game_value",
    "parse_card",
    "random_deal",
    "score_deal",
]

FIVE, NINE, TEN, JACK, QUEEN, KING, ACE = 3, 7, 8, 9, 10, 11, 12

TRUMP_POINTS = {FIVE: 10, NINE: 9, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
PLAIN_POINTS = {FIVE: 5}
GAME = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, TEN: 10}

BONUSES = ("game8", "game6_high_low", "game5_high_low_jack")
GAME_TIES = ("none", "carry")
GAME_WORTH = {"game8": 8, "game6_high_low": 6, "game5_high_low_jack": 5}

HAND_SIZE = 9
TRICKS = 9
IN_PLAY = 4 * HAND_SIZE


def don_value(card: int, trump: int) -> int:
    """Points of one card, scored the moment its trick is won."""
    if suit(card) == trump:
        return TRUMP_POINTS.get(rank(card), 0)
    return PLAIN_POINTS.get(rank(card), 0)


def game_value(card: int) -> int:
    """Game value of one card: A 4, K 3, Q 2, J 1, T 10 in every suit, trumps included."""
    return GAME.get(rank(card), 0)


def _check_hands(hands: Sequence[Iterable[int]]) -> list[list[int]]:
    """The four hands as lists, after checking they hold 36 distinct cards, 9 each."""
    dealt = [list(hand) for hand in hands]
    if len(dealt) != 4:
        raise ValueError(f"need 4 hands, got {len(dealt)}")
    for seat, hand in enumerate(dealt):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
        for card in hand:
            if not (isinstance(card, int) and 0 <= card < 52):
                raise ValueError(f"seat {seat} holds {card!r}, which is not a card")
    cards = [card for hand in dealt for card in hand]
    if len(set(cards)) != IN_PLAY:
        repeated = sorted({card_name(c) for c in cards if cards.count(c) > 1})
        raise ValueError(f"hands repeat cards: {', '.join(repeated)}")
    return dealt


def _has_won(scores: Sequence[int], team: int, target: int) -> bool:
    """True if ``team`` stands at or past the target and strictly ahead of the other."""
    return scores[team] >= target and scores[team] > scores[1 - team]


def score_deal(
    hands: Sequence[Iterable[int]],
    pitcher: int,
    plays: Sequence[tuple[int, int]],
    *,
    scores_before: Sequence[int] = (0, 0),
    carry_in: int = 0,
    target: int = 121,
    bonus: str = "game8",
    game_tie: str = "none",
) -> dict:
    """Check every play of one deal of Nine-card Don and score it.

    Card points go to the winning team as each trick is won; the game stops the
    moment a team wins (see the module docstring), and then the deal scores no
    end-of-deal points and the carry-over is lost. Otherwise all 36 cards must be
    played and the end-of-deal points of ``bonus`` are added after the last trick.
    """
    if bonus not in BONUSES:
        raise ValueError(f"bonus must be one of {', '.join(BONUSES)}; got {bonus!r}")
    if game_tie not in GAME_TIES:
        raise ValueError(f"game_tie must be one of {', '.join(GAME_TIES)}; got {game_tie!r}")
    dealt = _check_hands(hands)
    if pitcher not in range(4):
        raise ValueError(f"pitcher must be a seat 0..3, got {pitcher!r}")
    if len(scores_before) != 2:
        raise ValueError(f"scores_before must be [team0, team1], got {scores_before!r}")
    for team in (0, 1):
        if _has_won(scores_before, team, target):
            raise ValueError(
                f"scores_before {list(scores_before)} already give team {team} "
                f"the game (target {target})"
            )
    if carry_in < 0:
        raise ValueError(f"carry_in must not be negative, got {carry_in}")
    if game_tie == "none" and carry_in != 0:
        raise ValueError(f"carry_in must be 0 with game_tie='none', got {carry_in}")

    remaining = [set(hand) for hand in dealt]
    played: set[int] = set()
    captured: list[int | None] = [None] * 52  # team that captured each card
    scores = list(scores_before)
    points, muck, tricks = [0, 0], [0, 0], [0, 0]
    trick_winners: list[int] = []
    trick: list[tuple[int, int]] = []
    trump: int | None = None
    leader = pitcher
    winner: int | None = None

    for seat, card in plays:
        number = len(trick_winners) + 1
        if winner is not None:
            raise IllegalPlay(seat, card, number, f"plays after the game ended (team {winner} won)")
        if len(trick_winners) == TRICKS:
            raise IllegalPlay(seat, card, number, f"all {TRICKS} tricks were already played")
        if not (isinstance(card, int) and 0 <= card < 52):
            raise IllegalPlay(seat, card, number, "not a card")
        to_play = (leader + len(trick)) % 4
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
        if trump is None:
            trump = suit(card)
        trick.append((seat, card))
        if len(trick) < 4:
            continue

        won_by = trick_winner(trick, trump)
        team = won_by % 2
        cards = [c for _, c in trick]
        gained = sum(don_value(c, trump) for c in cards)
        points[team] += gained
        muck[team] += sum(game_value(c) for c in cards)
        tricks[team] += 1
        trick_winners.append(won_by)
        for c in cards:
            captured[c] = team
        scores[team] += gained
        for side in (0, 1):
            if _has_won(scores, side, target):
                winner = side
        leader = won_by
        trick = []

    if winner is None and len(trick_winners) < TRICKS:
        to_play = (leader + len(trick)) % 4
        raise IllegalPlay(
            to_play,
            None,
            len(trick_winners) + 1,
            f"deal incomplete: {len(played)} of {IN_PLAY} cards played, seat {to_play} is to play",
        )
    assert trump is not None

    in_play = [card for hand in dealt for card in hand]
    trumps_in_play = sorted(card for card in in_play if suit(card) == trump)
    high = captured[trumps_in_play[-1]]
    low = captured[trumps_in_play[0]]
    jack_card = trump * 13 + JACK
    jack = captured[jack_card] if jack_card in in_play else None

    deal_bonus = [0, 0]
    carry_out = 0
    if winner is None:
        worth = GAME_WORTH[bonus]
        if muck[0] == muck[1]:
            if game_tie == "carry":
                carry_out = carry_in + worth
        else:
            deal_bonus[0 if muck[0] > muck[1] else 1] += worth + carry_in
        if bonus in ("game6_high_low", "game5_high_low_jack"):
            # After all 9 tricks every card in play has been captured.
            deal_bonus[high] += 1
            deal_bonus[low] += 1
        if bonus == "game5_high_low_jack" and jack is not None:
            deal_bonus[jack] += 1
        for team in (0, 1):
            scores[team] += deal_bonus[team]
        for team in (0, 1):
            if _has_won(scores, team, target):
                winner = team
        if winner is not None:
            carry_out = 0  # a carry-over still pending when the game ends is lost

    def holder(card: int) -> int:
        return next((seat for seat in range(4) if card in dealt[seat]), -1)

    big, little = trump * 13 + NINE, trump * 13 + FIVE
    return {
        "trump": trump,
        "points": points,
        "muck": muck,
        "bonus": deal_bonus,
        "carry_in": carry_in,
        "carry_out": carry_out,
        "big_phat": captured[big],
        "little_phat": captured[little],
        "big_phat_holder": holder(big),
        "little_phat_holder": holder(little),
        "high": high,
        "low": low,
        "jack": jack,
        "tricks": tricks,
        "trick_winners": trick_winners,
        "tricks_played": len(trick_winners),
        "pitcher_trumps": sum(1 for card in dealt[pitcher] if suit(card) == trump),
        "scores_before": list(scores_before),
        "scores_after": scores,
        "winner": winner,
    }


def random_deal(rng: random.Random, pitcher: int) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """Shuffle 52, deal 9 each (the rest out of play), and play a whole deal choosing
    uniformly among legal cards."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[seat:IN_PLAY:4] for seat in range(4)]
    remaining = [set(hand) for hand in hands]
    plays: list[tuple[int, int]] = []
    trump: int | None = None
    leader = pitcher
    for _ in range(TRICKS):
        trick: list[tuple[int, int]] = []
        led: int | None = None
        for offset in range(4):
            seat = (leader + offset) % 4
            card = rng.choice(sorted(legal_cards(remaining[seat], led)))
            remaining[seat].remove(card)
            if trump is None:
                trump = suit(card)
            if led is None:
                led = suit(card)
            trick.append((seat, card))
        plays.extend(trick)
        leader = trick_winner(trick, trump)
    return hands, plays
