"""Ten-point Pitch, with Smear as a profile of it: docs/rules.md section 8."""
