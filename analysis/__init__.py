"""Analysis of outcome tables with pandas and matplotlib; never touches the engine."""
