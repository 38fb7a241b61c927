"""The in-game rules texts (data/rules/<game>.yaml): read and validated here, drawn by the
rules overlay (games/app/overlays.py) and checked at start-up (games/app/startup.py)."""
from __future__ import annotations

from functools import cache

from games.core.data import DATA_DIR, Checker, load_yaml


# Both memos below are keyed by a game id of data/games.yaml (five games): a fixed domain,
# ~140 KiB for every game's rules text in both languages (tracemalloc), never more with play.
@cache
def rules_sections(game_id: str) -> tuple[tuple[dict, dict], ...]:
    """(title, body) pairs of data/rules/<game>.yaml, validated."""
    return load_rules_text(DATA_DIR / "rules" / f"{game_id}.yaml")


def load_rules_text(path) -> tuple[tuple[dict, dict], ...]:
    """A rules-text file: ``sections`` of ``{title, body, picture?}`` (unknown fields are errors)."""
    c = Checker(path)
    data = c.known(load_yaml(path), None, ("sections",))
    out = []
    for i, sec in enumerate(c.list(data, "sections", None, 1)):
        where = f"section #{i + 1}"
        c.known(sec, where, ("title", "body", "picture"))  # picture: see rules_pictures
        if isinstance(sec, dict) and "picture" in sec:
            c.str(sec, "picture", where)  # a picture's name: text, not a number or a list
        out.append((c.text(sec, "title", where), c.text(sec, "body", where)))
    return tuple(out)


@cache
def rules_pictures(game_id: str) -> tuple[str | None, ...]:
    """The optional ``picture`` name of each section, drawn by ``games/<id>/ui/pictures.py``."""
    data = load_yaml(DATA_DIR / "rules" / f"{game_id}.yaml")
    secs = data.get("sections") if isinstance(data, dict) else None
    return tuple(s.get("picture") if isinstance(s, dict) and isinstance(s.get("picture"), str) else None
                 for s in (secs if isinstance(secs, list) else []))
