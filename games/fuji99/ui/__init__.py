"""Drawing helpers of the Fuji 99 table (pygame): component art and the board layer.

Kept in a sub-package so that the game's pure modules (games/fuji99/*.py) stay free of
pygame; only view.py imports these.
"""
