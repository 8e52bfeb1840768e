"""The engine layer: the jitted deal loops (deal, let the strategies decide, check every
card, score) and the double-dummy solver the search players use.

Kernels (`*_nb`) take arrays and integers and fill preallocated outputs; `runner` owns
allocation, chunking and errors. Deal `i` of seed `s` depends only on `(s, i)`: cards
come from stream `(s, i, DEAL)` and strategies draw from `(s, i, PLAY)`, so the same deals
are dealt whatever the strategies, threads or chunks.
"""
