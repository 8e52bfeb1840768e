"""Ten-point Pitch's own use of a view slot: the `TURNED` slot (Ten-point turns no card
up) holds what the Trey scores its captor, 3, or 0 under trey=false, so that a strategy
reading the view values the cards by the run's options. Kept out of the rules, which
import without the view's package."""

from __future__ import annotations

from sims.strategies import view as v

TREY_WORTH = v.TURNED
