"""All Fours strategies (docs/rules.md section 7): each module registers its own."""

# Every family registers first, in its order, whichever strategy module is imported first.
import sims.strategies  # noqa: F401
