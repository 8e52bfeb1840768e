"""Nine-card Don's deal-log records re-scored by its plain-Python reference, for the tests
(the running program never imports this module), as Phat's are."""

from __future__ import annotations

from sims.games.don import reference
from sims.games.phat.referee import referee_of, timed_deal_of

referee = referee_of(reference, ("bonus", "game_tie"))
timed_deal = timed_deal_of(reference)
