"""Shared pygame toolkit: the virtual screen, cached text, widgets, cards, drag and drop."""
