"""The tools on top of runs: the command line, odds, paired comparisons, replay, the
double-dummy command, the benchmark and the reports they print."""
