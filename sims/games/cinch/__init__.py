"""Cinch (Double Pedro): RULES.md section 6."""
