"""Solo Whist's strategies: each module registers its own when imported."""

# Every family registers first, in its order, whichever strategy module is imported first.
import sims.strategies  # noqa: F401
