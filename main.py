"""Start the table: ``python main.py`` (see ``python main.py --help``)."""
import sys

from games.app.cli import main

if __name__ == "__main__":
    sys.exit(main())
