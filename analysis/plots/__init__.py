"""Figures from outcome tables (DataFrame in, Figure out) for the notebooks and the
command line: `analysis.plots.common` holds those of any game, each game's
`analysis.games.<game>.plots` its own, `analysis.plots.style` the house style they share
(applied on import). Every figure function is offered here too (`analysis.plots.pitch_bids`)."""

from analysis.games import gather, modules
from analysis.plots import common, style

style.use()
__all__ = gather([common, *modules("plots")], globals())
