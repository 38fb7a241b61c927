"""Start the table: ``python main.py`` (see ``python main.py --help``)."""
import sys

from games.app.launch import run

if __name__ == "__main__":
    sys.exit(run())
