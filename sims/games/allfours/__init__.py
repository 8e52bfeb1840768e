"""All Fours (Seven-Up): RULES.md section 7."""
