"""All Fours (Seven-Up): docs/rules.md section 7."""
