"""The double-dummy solver and the search players' sampling with a deck other than the
plain pack: Cinch's (the Left Pedro a trump) and Ten-point Pitch's (the off-jack and the
jokers trumps). The solver's values are checked against a brute-force minimax written
here from `Deck.effective_suit` and `Deck.trick_rank` alone, on many small random end
positions and on two worked by hand; the sampled deals against the exact shares of a
uniform deal that respects a seat's void in the (effective) trump suit; and `pimc` and
`ismcts` given Cinch's deck play the lead that only its Left Pedro makes best."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import numpy as np
import pytest

from sims.core.deck import MAX_CARDS, STANDARD, Deck
from sims.core.rng import new_state
from sims.engine import solver
from sims.games.cinch.cards import DECK as CINCH
from sims.games.cinch.cards import left_pedro
from sims.games.tenpoint.cards import deck as tenpoint_deck
from sims.games.tenpoint.cards import off_jack
from sims.strategies import view as v
from sims.strategies.ismcts import ismcts_choice
from sims.strategies.pimc import pimc_choice
from sims.strategies.sampling import GROUPS, deal_hidden, new_pool, suit_shares

TENPOINT = tenpoint_deck("distinct")
DECKS = {
    "cinch": CINCH,
    "tenpoint": TENPOINT,
    "tenpoint_one_joker": tenpoint_deck("one"),
    "tenpoint_equal_jokers": tenpoint_deck("first_wins"),
    "plain": STANDARD,
}
GAME_VALUES = {8: 10, 9: 1, 10: 2, 11: 3, 12: 4}  # T J Q K A toward Game; jokers none
HEARTS, SPADES, CLUBS, DIAMONDS = 2, 3, 0, 1


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def mask(cards) -> int:
    return sum(1 << c for c in cards)


@dataclass(frozen=True)
class Deal:
    """An end position in plain Python: hands (seat 0 first), the trick in progress from
    `leader`, and the rules and values the solver is told."""

    deck: Deck
    hands: tuple[tuple[int, ...], ...]
    trump: int
    leader: int
    trick: tuple[int, ...]
    side_of: tuple[int, ...]
    side: int
    must_follow: bool
    opening: bool
    points: dict[int, int]
    high_low: int
    jack: int
    game: int

    def suit(self, c: int) -> int:
        return self.deck.effective_suit(c, self.trump)

    def legal(self, hand: tuple[int, ...], trick: tuple[int, ...], opening: bool) -> list[int]:
        """The rule book's legal cards: an opening lead names trump (a card of the trump
        suit as printed, the suit it follows without trumps); else follow the effective
        suit led if able (or trump instead, unless must follow); a card of no suit led
        asks nothing."""
        if opening:
            return [c for c in hand if self.deck.effective_suit(c, -1) == self.trump]
        if not trick or self.suit(trick[0]) < 0:
            return list(hand)
        led = self.suit(trick[0])
        follow = [c for c in hand if self.suit(c) == led]
        if not follow:
            return list(hand)
        if self.must_follow or self.trump < 0:
            return follow
        return follow + [c for c in hand if self.suit(c) == self.trump and c not in follow]

    def winner(self, trick: tuple[int, ...]) -> int:
        """The position in the trick of the card that takes it."""
        best = 0
        for k in range(1, len(trick)):
            a, b = trick[k], trick[best]
            same = self.suit(a) == self.suit(b)
            if same and self.deck.trick_rank(a, self.trump) > self.deck.trick_rank(b, self.trump):
                best = k
            elif not same and self.trump >= 0 and self.suit(a) == self.trump:
                best = k
        return best

    def worth(self) -> dict[int, int]:
        """What each card in play brings its captor: its points, High and Low (the
        highest and lowest trump in play by trick rank) and the Jack of trumps."""
        in_play = [c for hand in self.hands for c in hand] + list(self.trick)
        trumps = [c for c in in_play if self.trump >= 0 and self.suit(c) == self.trump]
        worth = {c: self.points.get(c, 0) for c in in_play}
        if trumps:
            by_rank = sorted(trumps, key=lambda c: self.deck.trick_rank(c, self.trump))
            worth[by_rank[-1]] += self.high_low
            worth[by_rank[0]] += self.high_low
        jack = card(9, self.trump) if self.trump >= 0 else -1
        if jack in worth:
            worth[jack] += self.jack
        return worth


def game_value(c: int) -> int:
    return GAME_VALUES.get(c % 13, 0) if c < 52 else 0


@dataclass(frozen=True)
class State:
    """Where play stands: the hands, the trick's leader and cards, each side's game
    points captured, and whether the next card is the opening lead."""

    hands: tuple[tuple[int, ...], ...]
    leader: int
    trick: tuple[int, ...]
    game: tuple[int, ...]
    opening: bool


def start(deal: Deal) -> State:
    sides = max(deal.side_of) + 1
    return State(deal.hands, deal.leader, deal.trick, (0,) * sides, deal.opening)


def to_play(deal: Deal, state: State) -> int:
    return (state.leader + len(state.trick)) % len(deal.side_of)


def legal(deal: Deal, state: State) -> list[int]:
    """The cards the seat to play may play; none once the deal is over."""
    return deal.legal(state.hands[to_play(deal, state)], state.trick, state.opening)


def play(deal: Deal, state: State, c: int, worth: dict[int, int]) -> tuple[State, int]:
    """The state after card `c`, and the points it brings `deal.side` (those of a trick
    it completes and that side takes)."""
    seat = to_play(deal, state)
    hands = list(state.hands)
    hands[seat] = tuple(x for x in hands[seat] if x != c)
    trick = (*state.trick, c)
    if len(trick) < len(deal.side_of):
        return replace(state, hands=tuple(hands), trick=trick, opening=False), 0
    taker = (state.leader + deal.winner(trick)) % len(deal.side_of)
    taken = deal.side_of[taker]
    game = list(state.game)
    game[taken] += sum(game_value(x) for x in trick)
    won = sum(worth[x] for x in trick) if taken == deal.side else 0
    after = State(tuple(hands), taker, (), tuple(game), False)
    return after, won


def game_bonus(deal: Deal, state: State) -> int:
    """Game at the end: to the side with more game points than every other side."""
    others = max(g for s, g in enumerate(state.game) if s != deal.side)
    return deal.game if state.game[deal.side] - others >= 1 else 0


def minimax(deal: Deal) -> dict[int, int]:
    """The value for `deal.side` after each legal card of the seat to play: every seat of
    that side maximises, every other seat minimises (the solver's paranoid reduction)."""
    worth = deal.worth()

    def value(state: State) -> int:
        cards = legal(deal, state)
        if not cards:
            return game_bonus(deal, state)
        results = []
        for c in cards:
            after, won = play(deal, state, c, worth)
            results.append(won + value(after))
        mine = deal.side_of[to_play(deal, state)] == deal.side
        return max(results) if mine else min(results)

    root = start(deal)
    values = {}
    for c in legal(deal, root):
        after, won = play(deal, root, c, worth)
        values[c] = won + value(after)
    return values


def position_of(deal: Deal) -> np.ndarray:
    """The solver's position of `deal`."""
    # An opening has full hands; otherwise any hand size at least the hands' will do.
    size = len(deal.hands[0]) if deal.opening else max(map(len, deal.hands)) + 1

    position = solver.new_position(
        "test",
        size,
        [mask(hand) for hand in deal.hands],
        deal.trump,
        deal.leader,
        list(deal.side_of),
        side=deal.side,
        trick=list(deal.trick),
        names_trump=deal.opening,
        deck=deal.deck,
    )
    position[solver.P_MUST_FOLLOW] = deal.must_follow
    position[solver.P_HIGH_LOW] = deal.high_low
    position[solver.P_JACK] = deal.jack
    position[solver.P_GAME_WORTH] = deal.game
    for c, points in deal.points.items():
        position[solver.P_CARD_POINTS + c] = points
    return position


def random_deal(deck: Deck, rnd: random.Random) -> Deal:
    """A small end position where the deck's odd cards are likely to be dealt: hands of
    the trumps, the suit of the trump's colour, the extra cards and a few others."""
    players = rnd.choice((2, 2, 3, 4))
    size = rnd.choice((2, 3, 4)) if players < 4 else rnd.choice((2, 3))
    trump = rnd.randrange(4) if deck.extra == () or rnd.random() < 0.9 else -1
    row = deck.row(trump)
    named = trump if trump >= 0 else rnd.randrange(4)
    likely = [c for c in range(deck.size) if deck.suits[row, c] in (named, 3 - named, -1)]
    likely += rnd.sample([c for c in range(deck.size) if c not in likely], 6)
    cards = rnd.sample(likely, players * size)
    hands = [tuple(cards[size * s : size * (s + 1)]) for s in range(players)]
    side_of = (0, 1) if players == 2 else (0, 1, 2) if players == 3 else (0, 1, 0, 1)
    leader = rnd.randrange(players)
    opening = trump >= 0 and rnd.random() < 0.2
    deal = Deal(
        deck=deck,
        hands=tuple(hands),
        trump=trump,
        leader=leader,
        trick=(),
        side_of=side_of,
        side=rnd.choice(side_of),
        must_follow=rnd.random() < 0.5,
        opening=opening,
        points={c: rnd.choice((0, 0, 1, 2)) for c in cards},
        high_low=rnd.choice((0, 1)),
        jack=rnd.choice((0, 1)),
        game=rnd.choice((0, 1)),
    )
    if opening:
        if not deal.legal(hands[leader], (), True):
            return replace(deal, opening=False)
        return deal
    state = start(deal)
    for _ in range(rnd.randrange(players)):  # a trick in progress, played legally
        state, _ = play(deal, state, rnd.choice(legal(deal, state)), deal.worth())
    return replace(deal, hands=state.hands, trick=state.trick)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_the_solver_agrees_with_a_brute_force_minimax_that_reads_the_deck(name):
    deck = DECKS[name]
    rnd = random.Random(f"solver deck {name}")
    table = solver.new_table(12)
    for _ in range(150):
        deal = random_deal(deck, rnd)
        expected = minimax(deal)
        position = position_of(deal)
        solution = solver.solve_position(position, table=table)
        assert solution.values == expected, deal
        unpruned, _, _ = solver.solve_nb(position, table, False)
        pick = max if deal.side_of[to_play(deal, start(deal))] == deal.side else min
        assert unpruned == pick(expected.values()), deal
        (ctx,), hands, played, diff, frames = solver.line_buffers_nb(1)
        solver.line_rules_nb(position, ctx, played, frames)
        solver.line_hands_nb(position, ctx, hands, diff, frames)
        _, cards = solver.line_turn_nb(ctx, hands, played, frames, 0)
        assert cards == mask(expected), deal


@pytest.mark.parametrize("name", sorted(DECKS))
def test_a_line_played_out_scores_what_the_rules_say(name):
    """`line_play_nb` and `line_end_nb` (the playouts of `ismcts`) over random legal
    lines: the legal cards at each step and the points are the brute force's."""
    deck = DECKS[name]
    rnd = random.Random(f"lines {name}")
    (ctx,), hands, played, diff, frames = solver.line_buffers_nb(1)
    for _ in range(150):
        deal = random_deal(deck, rnd)
        position = position_of(deal)
        solver.line_rules_nb(position, ctx, played, frames)
        total = solver.line_hands_nb(position, ctx, hands, diff, frames)
        state, expected, ply, worth = start(deal), 0, 0, deal.worth()
        while legal(deal, state):
            _, cards = solver.line_turn_nb(ctx, hands, played, frames, ply)
            assert cards == mask(legal(deal, state)), deal
            c = rnd.choice(legal(deal, state))
            state, won = play(deal, state, c, worth)
            expected += won
            total += solver.line_play_nb(ctx, hands, played, diff, frames, ply, c)
            ply += 1
        assert solver.line_turn_nb(ctx, hands, played, frames, ply)[1] == 0
        total += solver.line_end_nb(ctx, hands, diff, frames, ply)
        assert total == expected + game_bonus(deal, state), deal


def test_the_left_pedro_follows_trumps_so_a_seat_void_in_trumps_cannot_keep_it_back():
    # Hearts trump: the Left Pedro is the five of diamonds, worth 5 to its captor. Seat 0
    # holds AH 2C 3C; seat 1 holds the Left Pedro, AC and KC. Seat 0 takes it on every
    # line: led AH, seat 1's only trump is the Left Pedro and it must follow suit; led a
    # club, seat 1 wins the clubs but must lead the Left Pedro at last, a trump the AH
    # beats. Read by its printed suit, seat 1 would throw a club on the AH and win its
    # five as a diamond lead at the end: the value would be 0.
    pedro = left_pedro(HEARTS)
    deal = Deal(
        deck=CINCH,
        hands=(
            (card(12, HEARTS), card(0, CLUBS), card(1, CLUBS)),
            (pedro, card(12, CLUBS), card(11, CLUBS)),
        ),
        trump=HEARTS,
        leader=0,
        trick=(),
        side_of=(0, 1),
        side=0,
        must_follow=True,
        opening=False,
        points={pedro: 5},
        high_low=0,
        jack=0,
        game=0,
    )
    solution = solver.solve_position(position_of(deal))
    assert solution.value == 5
    assert solution.values == {c: 5 for c in deal.hands[0]}
    assert minimax(deal) == solution.values


def test_the_off_jack_outranks_the_high_joker_and_both_are_trumps():
    # Spades trump: the off-jack (jack of clubs) ranks just under the jack of spades, the
    # High Joker under it. Seat 0 holds the off-jack and 2H; seat 1 the High Joker and AH;
    # each of the two trumps scores 1, High and Low 1 each (the off-jack is High, the joker
    # Low: the only trumps in play). Whatever seat 0 leads, the two trumps fall together
    # (led, the other must follow trumps; seat 1 wins the hearts and must lead its joker)
    # and the off-jack takes the joker: 1 + 1 + High 1 + Low 1 = 4 for seat 0's side.
    joker = 52
    deal = Deal(
        deck=TENPOINT,
        hands=((off_jack(SPADES), card(0, HEARTS)), (joker, card(12, HEARTS))),
        trump=SPADES,
        leader=0,
        trick=(),
        side_of=(0, 1),
        side=0,
        must_follow=True,
        opening=False,
        points={off_jack(SPADES): 1, joker: 1},
        high_low=1,
        jack=1,
        game=0,
    )
    solution = solver.solve_position(position_of(deal))
    assert solution.value == 4
    assert solution.values == {off_jack(SPADES): 4, card(0, HEARTS): 4}
    assert minimax(deal) == solution.values


def deal_view(deck: Deck, trump: int, hand: list[int], void_seat: int) -> np.ndarray:
    """The view of seat 0 of four (cutthroat) at its first card of the deal under `trump`,
    holding `hand`, with `void_seat` shown void in trumps."""
    view = np.zeros(v.SIZE, np.int64)
    view[[v.DECISION, v.SEAT, v.HAND, v.LEGAL, v.TRUMP, v.PLAYERS, v.SIDES]] = (
        v.PLAY,
        0,
        mask(hand),
        mask(hand),
        trump,
        4,
        4,
    )
    view[v.SIDE_OF : v.SIDE_OF + 4] = range(4)
    view[v.VOIDS + void_seat] = 1 << trump
    return view


@pytest.mark.parametrize(
    ("deck", "trump", "odd"),
    [(CINCH, HEARTS, [left_pedro(HEARTS)]), (TENPOINT, SPADES, [off_jack(SPADES), 52, 53])],
    ids=["cinch", "tenpoint"],
)
def test_sampled_deals_keep_the_deck_s_odd_trumps_from_a_seat_void_in_trumps(deck, trump, odd):
    """Seat 1 shows it holds no trump: it never receives one, the Left Pedro, off-jack and
    jokers included; the jokers are among the cards dealt; and each card falls to each
    seat as often as in a uniform deal given that void (within five standard errors)."""
    hand = [card(rank, trump) for rank in range(7, 13)]  # six trumps: the void is common
    view = deal_view(deck, trump, hand, 1)
    size, deals = 6, 20_000
    unseen = [c for c in range(deck.size) if c not in hand]
    trumps = {c for c in unseen if deck.effective_suit(c, trump) == trump}
    assert set(odd) <= trumps
    plain = len(unseen) - len(trumps)
    rest = len(unseen) - size  # what seats 2 and 3 draw from once seat 1 has its cards
    share = np.zeros((4, 64))  # the exact chance of each seat holding each card
    for c in unseen:
        one = 0.0 if c in trumps else size / plain
        share[1, c] = one
        share[2, c] = share[3, c] = (1 - one) * size / rest
    rng, hands, pool = new_state(7, 0, 1), np.zeros(7, np.int64), new_pool()
    bits = np.arange(64, dtype=np.uint64)
    counts = np.zeros((4, 64))
    for _ in range(deals):
        deal_hidden(view, size, rng, hands, pool, deck.packed)
        for seat in (1, 2, 3):
            counts[seat] += (np.uint64(hands[seat]) >> bits) & np.uint64(1)
        assert hands[1] & mask(trumps) == 0
    assert all(counts[2, c] + counts[3, c] > 0 for c in odd)
    frequency = counts / deals
    error = np.sqrt(share * (1 - share) / deals)
    assert np.all(np.abs(frequency[1:] - share[1:]) <= 5 * error[1:] + 1e-12)


def end_view(deck: Deck, trump: int, mine: list[int], theirs: list[int]) -> np.ndarray:
    """The view of seat 0 of two, to lead under `trump` with `mine`, every other card of
    `deck` but `theirs` already played and won (half by each seat): the deals it samples
    give seat 1 exactly `theirs`."""
    rest = [c for c in range(deck.size) if c not in mine and c not in theirs]
    halves = (mask(rest[: len(rest) // 2]), mask(rest[len(rest) // 2 :]))
    view = np.zeros(v.SIZE, np.int64)
    view[[v.DECISION, v.SEAT, v.HAND, v.LEGAL, v.TRUMP, v.PLAYERS, v.SIDES, v.FOLLOW]] = (
        v.PLAY,
        0,
        mask(mine),
        mask(mine),
        trump,
        2,
        2,
        1,
    )
    view[v.SIDE_OF : v.SIDE_OF + 2] = (0, 1)
    view[v.PLAYED] = mask(rest)
    view[v.PLAYED_BY : v.PLAYED_BY + 2] = halves
    view[v.WON : v.WON + 2] = halves
    view[v.TRICK_NO] = len(rest) // 2
    return view


def test_pimc_and_ismcts_lead_the_trump_that_catches_the_left_pedro():
    # Hearts trump, the Pedros worth 5 each. Seat 0 holds 6H and 2H, seat 1 the Left
    # Pedro (5D, a trump ranked between 5H and 4H) and AC. Led, the 6H draws the Left
    # Pedro under it (seat 1 must follow trumps): 5; the 2H loses the Left Pedro to it: 0.
    # Were the Left Pedro a diamond, seat 1 could keep it back and both leads would be 5.
    pedro = left_pedro(HEARTS)
    six, two = card(4, HEARTS), card(0, HEARTS)
    view = end_view(CINCH, HEARTS, [six, two], [pedro, card(12, CLUBS)])
    size = int(view[v.TRICK_NO]) + 2
    points = np.zeros((4, CINCH.size), np.int64)
    for trump in range(4):
        points[trump, card(3, trump)] = points[trump, left_pedro(trump)] = 5
    pimc_params = np.array([0.0, 4.0, 0.0])  # fallback slot, samples, depth (0: to the end)
    choice = pimc_choice(view, pimc_params, new_state(1, 0, 1), CINCH.packed, points, size)
    assert choice == six
    ismcts_params = np.array([200.0, 0.7, 0.0, 0.0, 0.0])
    rng = new_state(2, 0, 1)
    prior = np.empty(0)
    choice = ismcts_choice(view, ismcts_params, rng, CINCH.packed, points, size, 0, prior)
    assert choice == six


def test_the_fallback_shares_share_out_cards_by_effective_suit():
    """`suit_shares` (the deal built seat by seat when tries keep failing) groups the
    unseen cards by effective suit: with as many cards as the seats need, seat 1, void in
    trumps, takes only clubs, and the others every trump, the moved cards included (a
    diamond or club by its printing); without trumps the jokers are a group of their own."""
    for deck, trump, plain in ((CINCH, HEARTS, CLUBS), (TENPOINT, SPADES, DIAMONDS)):
        hand = [card(rank, trump) for rank in range(7, 13)]
        view = deal_view(deck, trump, hand, 1)
        trumps = [c for c in range(deck.size) if deck.effective_suit(c, trump) == trump]
        trumps = [c for c in trumps if c not in hand]
        pool = trumps + [card(rank, plain) for rank in range(18 - len(trumps))]
        buffer = np.zeros(2 * MAX_CARDS, np.int64)
        buffer[: len(pool)] = pool
        shares = suit_shares(view, 6, np.zeros(7, np.int64), buffer, 18, deck.packed)
        assert list(shares[1]) == [6 if g == plain else 0 for g in range(GROUPS)]
        assert shares[2, trump] + shares[3, trump] == len(trumps)
        assert shares[:, 3 - trump].sum() == 0  # the colour partner's moved card is a trump
    view[v.TRUMP] = -1
    view[v.VOIDS + 1] = 0
    shares = suit_shares(view, 6, np.zeros(7, np.int64), buffer, 18, deck.packed)
    assert shares[:, GROUPS - 1].sum() == 2  # the jokers
    assert shares[:, CLUBS].sum() == 1  # the jack of clubs, no trump now
