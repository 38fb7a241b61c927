"""Take the Pot gestures -> actions: drag a hand card onto the pot; click a pot card or the
stock while a ``take`` choice is pending.

Pieces: ``hand:<card>``.  Zones: ``pot``, ``take:<card>``, ``take:stock``.
"""
from __future__ import annotations

from games.core.engine import Action
from games.ui.table import GameController


class Controller(GameController):
    def action_for(self, view: dict, piece: str | None, zone: str) -> Action | None:
        if piece and piece.startswith("hand:") and zone == "pot":
            return Action.of("play", piece[5:])
        if piece is None and zone.startswith("take:"):
            return Action.of("take", zone[5:])
        return None
