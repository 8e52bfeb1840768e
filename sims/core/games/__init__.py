"""One module per game: its rules as small njit functions, its options and its outcome columns."""
