"""Brujas table: everything that imports pygame (controller, view, art, panels)."""
