"""The front end's models: what a screen shows and what a click does,
without a window (no arcade here; tests drive them directly)."""
