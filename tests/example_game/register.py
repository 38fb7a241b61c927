"""Register Take the Pot for one test only (``register(monkeypatch)``): never in the product.

The product finds a game by its id: games/core/lookup.py imports ``games.<id>.rules``
(``RULES``) and ``games.<id>.bot`` (``BOTS``); games/registry.py lists data/games.yaml and
checks the folder shape; games/app/startup.py checks the data files at start;
``registry.ui_classes`` imports ``games.<id>.ui``; texts come from data/i18n/<id>.yaml and
the rules overlay from data/rules/<id>.yaml.  The example lives in
tests/, so each of those answers is wrapped here for the id ``example`` and undone by
pytest's monkeypatch after the test.  No hook in games/ was needed.
"""
from __future__ import annotations

from pathlib import Path

from games import registry
from games.app import overlays, rules_text, startup
from games.core import i18n, lookup
from games.core.data import DataError

GAME_ID = "example"
HERE = Path(__file__).resolve().parent
INFO = registry.GameInfo(GAME_ID, {"ja": "ポットを取れ", "en": "Take the Pot"}, (2, 4), (5, 10))


def register(monkeypatch) -> None:
    from tests.example_game import bot, rules
    from tests.example_game.ui import controller, view

    def wrap(module, name, ours):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda gid, *a: ours(gid, *a) if gid == GAME_ID else real(gid, *a))

    wrap(lookup, "rules_of", lambda gid: rules.RULES)
    wrap(lookup, "bots_of", lambda gid: bot.BOTS)
    wrap(registry, "_has_package", lambda gid: True)
    wrap(registry, "ui_classes", lambda gid: (controller.Controller, view.Table))
    wrap(startup, "_check_game", lambda gid: check())
    def sections(gid):
        return rules_text.load_rules_text(HERE / "rules_text.yaml")

    for module in (rules_text, overlays):  # the overlay imported both names from rules_text
        wrap(module, "rules_sections", sections)
        wrap(module, "rules_pictures", lambda gid: ())
    catalog = (*registry.catalog(), INFO)
    monkeypatch.setattr(registry, "catalog", lambda: catalog)
    real_lookup = i18n._lookup
    monkeypatch.setattr(i18n, "_lookup", lambda key: i18n._stem_catalog(HERE / "i18n", "example").get(key)
                        if key.startswith(GAME_ID + ".") else real_lookup(key))


def check() -> str | None:
    """The start-up check of the example's files (games/app/startup.py ``_check_game``)."""
    from tests.example_game import data
    try:
        data.load()
        i18n.load_catalog(HERE / "i18n" / "example.yaml")
        rules_text.load_rules_text(HERE / "rules_text.yaml")
    except DataError as err:
        return str(err)
    return None
