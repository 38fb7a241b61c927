"""Pure-Python engine shared by every game: contract, randomness, records, data, i18n, bots.

Nothing in this package imports pygame (a test enforces it), so rules can be driven
headless by tests, bots, simulations and benchmarks.
"""
