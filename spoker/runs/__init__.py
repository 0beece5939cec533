"""Many games at once: simulate, batch, tally, tournament, study, analysis,
local workers and the Dask cluster."""
