"""``python -m games``: the same start as ``main.py`` and the installed command."""
import sys

from games.app.launch import run

if __name__ == "__main__":
    sys.exit(run())
