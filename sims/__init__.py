"""allfours: Monte Carlo simulation of All Fours card games with numba kernels.

Importing the package points numba's on-disk cache at a folder named after a hash of
the package's own sources, so that a changed rule or strategy never meets a stale
compiled kernel (numba only checks the file of the cached function itself).
"""

from sims._cache import configure_numba_cache, guard_cache_loads
from sims._inlining import copy_callees_at_once

__version__ = "0.1.0"

CACHE_DIR = configure_numba_cache(__version__)


def prepare_numba() -> None:
    """numba's extension hook (`numba_extensions` in pyproject.toml), which numba calls as
    it prepares its first compile or cache load: a cache entry that does not load is
    compiled again, and inlining copies a callee's IR at once."""
    guard_cache_loads()
    copy_callees_at_once()
