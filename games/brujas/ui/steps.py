"""Which step of a trick a view shows: "play" (a card-play turn), "witch" or "pick" (the
pending choices, games/brujas/state.py), or "over"."""
from __future__ import annotations


def step_of(view: dict) -> str:
    if view.get("over"):
        return "over"
    pending = view.get("pending")
    return pending["kind"] if pending else "play"
