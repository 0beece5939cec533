"""Many games at once: simulate, batch, tally, tournament, study, their
statistics (stats) and charts, the analysis and the hints from its search,
local workers and the Dask cluster."""
