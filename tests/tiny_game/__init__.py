"""Three-card Jick, a small game defined in the tests only, to show that a game is a folder:
its own rules, deck (a joker and an off-suit trump), deal loop, strategies, descriptor,
plain-Python reference and analysis, registered from here with nothing in `sims` or
`analysis` naming it.

Three players are dealt three cards each from the 52-card pack and a joker; the cards
not dealt are the stock. The dealer's last card is turned for all to see (it stays in the
dealer's hand) and names trump (the joker names clubs). The joker is the highest trump;
the jack of the trump suit's colour partner, the Jick, is a trump just below the trump
jack. Then each player in turn, from the dealer's left, discards one card face up (out
of play for the rest of the deal and seen by all; trump stays as named, even if the
turned card goes) and draws the top card of the stock, which only that player sees. The
dealer's left leads; each player follows the effective suit led or trumps (trumping is
allowed even when able to follow; a player who cannot follow plays any card); the
highest trump, else the highest card of the suit led, wins and leads next. A trick
scores one point to its winner, and the trick holding the joker `joker_bonus` more (none
when the joker is discarded or stays in the stock). Each deal is settled on its own.
"""

NAME = "tiny_jick"
PLAYERS = 3
HAND_SIZE = 3
