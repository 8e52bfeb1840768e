"""Phat's strategies (and Nine-card Don's, which Phat's deal loop plays): each module
registers its own when imported; the learned networks are in `networks/`."""
