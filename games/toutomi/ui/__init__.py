"""Toutomi table: everything that imports pygame (controller, view)."""
