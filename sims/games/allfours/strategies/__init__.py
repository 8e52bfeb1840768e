"""All Fours strategies (docs/rules.md section 7): each module registers its own."""
