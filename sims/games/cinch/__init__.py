"""Cinch (Double Pedro): docs/rules.md section 6."""
