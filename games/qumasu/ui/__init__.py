"""Qumasu table drawing and gestures (the only part that imports pygame)."""
