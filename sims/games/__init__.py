"""The games, one package each: `sims/games/<game>/` holds everything of a game the
simulator needs (its rules, deal loop, strategies and their data, descriptor and
plain-Python reference). Generic code finds them with `sims.core.discovery`, never by
name."""
