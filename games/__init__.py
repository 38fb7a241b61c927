"""The desktop table: one package per game plus shared core (rules), ui and app layers."""

__version__ = "0.1.0"  # the one place the version lives (pyproject.toml and --version read it)
