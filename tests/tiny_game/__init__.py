"""Three-card Jick, a small game defined in the tests only, to show that a game is a folder:
its own rules, deck (a joker and an off-suit trump), deal loop, strategies, descriptor,
plain-Python reference and analysis, registered from here with nothing in `sims` or
`analysis` naming it.

Three players are dealt three cards each from the 52-card pack and a joker. The dealer's
last card is turned for all to see (it stays in the dealer's hand) and names trump (the
joker names clubs). The joker is the highest trump; the jack of the trump suit's colour
partner, the Jick, is a trump just below the trump jack. The dealer's left leads; each
player follows the effective suit led or trumps (trumping is allowed even when able to
follow; a player who cannot follow plays any card); the highest trump, else the highest
card of the suit led, wins and leads next. A trick scores one point to its winner, and
the trick holding the joker `joker_bonus` more. Each deal is settled on its own.
"""

NAME = "tiny_jick"
PLAYERS = 3
HAND_SIZE = 3
