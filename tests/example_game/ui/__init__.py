"""Take the Pot's table (pygame): controller.py (gestures -> actions) and view.py (drawing)."""
