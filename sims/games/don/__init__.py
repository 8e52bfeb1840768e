"""Nine-card Don, a variant of Phat: its rules, descriptor and plain-Python reference; it is
played by Phat's deal loop and strategies."""
