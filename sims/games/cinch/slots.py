"""Cinch's own use of a view slot: during the rob only, the `EXPOSED` slot (empty before
play in Cinch) holds the cards the dealer took from the stock, so that a strategy may tell
them from those dealt him. Kept out of the rules, which import without the view's package."""

from __future__ import annotations

from sims.strategies import view as v

DRAWN = v.EXPOSED
