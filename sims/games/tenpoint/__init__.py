"""Ten-point Pitch, with Smear as a profile of it: RULES.md section 8."""
