"""Fuji 99 table: everything that imports pygame (controller, view, art, board, panels)."""
