"""Toutomi gestures → actions: drag a hand card onto the field, click a seat, pick a meaning.

Pieces: ``hand:<card>`` (own hand), ``kuma:<card>`` (own Kuma-wild in the situation area).
Zones: ``field``, ``seat:<i>``, ``wild:<effect>``, ``dump_done``, ``declare``, ``pass``.
"""
from __future__ import annotations

from games.core.engine import Action
from games.ui.table import GameController


class Controller(GameController):
    def action_for(self, view: dict, piece: str | None, zone: str) -> Action | None:
        pending = (view.get("pending") or {}).get("kind")
        if piece and piece.startswith("hand:") and zone == "field":
            card = piece[5:]
            return Action.of("dump" if pending == "dump" else "play", card)
        if piece and piece.startswith("kuma:") and zone == "field":
            return Action.of("kuma", piece[5:])
        if piece is None and zone.startswith("seat:"):
            return Action.of("target", int(zone[5:]))
        if piece is None and zone.startswith("wild:"):
            return Action.of("wild", zone[5:])
        if piece is None and zone in ("dump_done", "declare", "pass"):
            return Action.of(zone)
        return None
