"""The desktop table: one package per game plus shared core (rules), ui and app layers."""
