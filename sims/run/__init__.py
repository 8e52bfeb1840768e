"""The run machinery: resolve a run, split it into chunks, play them here or on Dask
workers, watch and report progress, count or write the outcome rows and deal logs."""
