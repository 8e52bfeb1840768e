"""Figures from outcome tables (DataFrame in, Figure out) for the notebooks and the
command line: `analysis.plots.common` holds those of any game, each game's module its
own, `analysis.plots.style` the house style they share (applied on import). Every
module's figure functions are offered here too (`analysis.plots.pitch_bids`)."""

from analysis.games import gather
from analysis.plots import style

style.use()
__all__ = gather(__name__, __path__, globals())
