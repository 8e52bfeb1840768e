"""Figures from outcome tables (DataFrame in, Figure out) for the notebooks and the
command line: `analysis.plots.common` holds those of any game, each game's
`analysis.games.<game>.plots` its own, `analysis.plots.style` the house style they share
(applied on import). Every figure function is offered here too (`analysis.plots.pitch_bids`),
gathered when first asked for: a game's figure module imports the house style from this
package, so gathering them on import would go round in a circle."""

import importlib
from typing import Any

from analysis.games import gather, modules
from analysis.plots import style

style.use()


def _gathered() -> list[str]:
    """Every figure function's name, offered in this package's namespace from then on."""
    names = globals().get("_NAMES")
    if names is None:
        common = importlib.import_module(f"{__name__}.common")
        names = gather([common, *modules("plots")], globals())
        globals()["_NAMES"] = names
    return names


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return _gathered()
    if name.startswith("__") or name not in _gathered():
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return globals()[name]


def __dir__() -> list[str]:
    return sorted({*globals(), *_gathered()})
