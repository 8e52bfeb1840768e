"""Solo Whist: rules, deal loop, strategies, descriptor and plain-Python reference."""
