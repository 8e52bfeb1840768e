"""Phat's strategies (and Nine-card Don's, which Phat's deal loop plays): each module
registers its own when imported; the learned networks are in `networks/`."""

# Every family registers first, in its order, whichever strategy module is imported first.
import sims.strategies  # noqa: F401
