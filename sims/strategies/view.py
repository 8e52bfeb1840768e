"""What a player sees when it decides: the layout of the int64 `view` array.

The engine fills the view for the seat about to act; hidden hands never enter it, so a
strategy cannot look at cards its player could not know. Every decision function of
every strategy has one signature::

    decide(view: int64[:], params: float64[:], rng: int64[:]) -> int64 card

`params` holds the strategy's parameters (see the registry) and `rng` a random stream
private to the deal (draw with `sims.core.rng.below`).
"""

DECISION = 0  # BID, OPENING (the pitcher's first card, which fixes trump), PLAY, ...
SEAT = 1  # seat deciding
HAND = 2  # its cards now (mask)
LEGAL = 3  # the cards it may play (mask); in a BID, bit b set for each legal call b
TRUMP = 4  # trump suit, -1 before the opening lead
LED_SUIT = 5  # suit led to this trick, -1 when leading
POSITION = 6  # 0 when leading ... players - 1 when last to play
WINNING_CARD = 7  # card winning the trick so far, -1 when leading
WINNING_SEAT = 8  # seat that played it, -1 when leading
TRICK_CARDS = 9  # cards already in this trick (mask)
TRICK_NO = 10  # 0-based trick number
PLAYED = 11  # every card played in this deal so far (mask)
PITCHER = 12  # seat that pitched
PLAYERS = 13  # number of seats
TARGET = 14  # game target
CARRY = 15  # bonus carried into this deal
SCORE = 16  # SCORE + side: game score of each side before the deal (8 slots)
POINTS = 24  # POINTS + side: points each side has scored so far this deal (8 slots)
PLAYED_BY = 32  # PLAYED_BY + seat: cards each seat has played this deal (8 slots)
DEALER = 40  # seat of the dealer (auction games)
HIGH_BID = 41  # highest bid so far, 0 when none
HIGH_BIDDER = 42  # seat that made it, -1 when none
CONTRACT = 43  # the winning bid once the auction is over, else 0
CALLS = 44  # CALLS + seat: each seat's call, 0 pass, -1 not yet called (8 slots)
SIDE_OF = 52  # SIDE_OF + seat: its side (its team, or the seat itself cutthroat) (8 slots)
SIDES = 60  # number of sides
CARD_VALUES = 61  # partnership games: whose card values score, 0 Phat, 1 Don (games.phat)
HAND_SIZE = 62  # partnership games: the cards dealt to each seat
# Solo Whist (games.solowhist): HIGH_BID holds the contract so far (a call code) and
# HIGH_BIDDER its declarer during the auction, CONTRACT the contract played; CALLS + seat
# each seat's latest call.
TURNED = 64  # the turned card, seen by all
DECLARERS = 65  # mask of the declaring seats (bit s for seat s); 0 during the auction
EXPOSED = 66  # cards shown to all: a Misère Ouverte declarer's hand after the first trick
# The rules of play and scoring a search player needs to play a deal out (games.phat,
# games.pitch), and what play has shown.
FOLLOW = 67  # 1: a player able to follow suit must; 0: it may follow or trump (Pitch)
LOW_TO_HOLDER = 68  # Pitch `low_to_holder`: Low scores for the side dealt it
GAME_WORTH = 69  # points for Game: Pitch 1, Phat and Don their game bonus (before carry)
HIGH_LOW_WORTH = 70  # points for capturing the highest trump in play, and the lowest
JACK_WORTH = 71  # points for capturing the Jack of trumps
VOIDS = 72  # VOIDS + seat: suits the seat has shown it lacks, bit s for suit s (8 slots)
WON = 80  # WON + seat: the cards of the tricks the seat has won this deal (8 slots)
# Games whose hands change during a deal (discards, draws from a stock, dead turn-ups): no
# seat holds a DEAD card, so a search player deals none.
DEAD = 88  # cards out of play it knows of: discards shown, its own, dead turn-ups (mask)
# More of the scoring a search player needs (zero: as the solver's defaults).
GAME_TIE = 89  # 1 + the side that takes a tied Game if among those tied (0: nobody)
NO_LOW = 90  # trumps that never count as Low, such as jokers (mask)
DECK = 91  # which of its decks the game's options play (0 for a game with one), as all see
SIZE = 92

OPENING = 0
PLAY = 1
BID = 2
CHOOSE_TRUMP = 3  # Solo Whist's Abundance: LEGAL has bit s for each suit s; return a suit
DISCARD = 4  # put a card out of play (it joins DEAD): LEGAL holds those it may; return one

PASS = 0  # the call that passes; calls 1..4 are bids
