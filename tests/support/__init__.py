"""Helpers of the tests: reference models, strategies, processes, terminals."""
