"""Fuji 99 gestures → actions (the view in view.py lays out these pieces and zones).

Pieces (only on a person's turn):
  ``bagcube``        the blind cube at the bag's mouth (draw step): drop on ``tray`` = +1
  ``traycube:<k>``   a cube in the draw tray (draw step): drop on ``bag`` = −1
  ``card:<id>``      a hand card (ability step): drop on ``use`` = ``use <id>``
  ``yellow:<k>``     a yellow cube of this draw (ability step): drop on ``pay:<id>`` = use that card
  ``deck``           the Fuji deck (ability step): drop on ``hand`` or a card = ``discover``
  ``pagodacube``     a clear cube of the pagoda (give step): drop on ``give:<id>``
Zones clicked with nothing selected: ``plus``/``minus`` (N ± 1), ``draw`` (``draw N``),
``discover``, ``again``, ``stop``, ``give:<id>``.

How many cubes to draw is local UI state (``local["n"]``) changed by UiCommands
``more``/``less``; the rules only ever see the final ``draw N``.
"""
from __future__ import annotations

from games.core.engine import Action
from games.core.i18n import text_of, tr
from games.ui.table import GameController, UiCommand


class Controller(GameController):
    @classmethod
    def busiest_screen(cls, app):
        """The benchmark's busiest screen: built in games/fuji99/ui/__init__.py."""
        from games.fuji99 import ui
        return ui.busiest_screen(app)

    seat_option = "stories"  # the setup screen offers a story book per seat

    # --- hooks for the setup and results screens -------------------------------------------
    @classmethod
    def seat_option_choices(cls, rules, lang: str) -> list[tuple[str, str]]:
        """(story id, title) per story book; the story itself stays secret until the end.

        Only the title: the setup screen fits a label on one line of a 390-px button, where a
        cover line would shrink to an unreadable size.
        """
        return [(st["id"], text_of(st["title"], lang)) for st in rules.stories()]

    @classmethod
    def seat_option_hint(cls, rules, value: str | None, lang: str) -> str:
        """The cover line of a story book (shown under the seats when one is picked)."""
        for st in rules.stories():
            if st["id"] == value:
                return f"{text_of(st['title'], lang)} — {text_of(st['cover'], lang)}"
        return ""

    @classmethod
    def results_panel(cls, rules, final_view: dict, outcome, lang: str) -> tuple[str, str] | None:
        """The winner's story book: its title as heading, the cover line and story as body."""
        sid = final_view.get("winner_story")
        if not sid:
            return None
        st = rules.story(sid)
        heading = tr("fuji99_ui.story_heading", lang, title=text_of(st["title"], lang))
        return heading, text_of(st["story"], lang)

    # --- local state: how many cubes to draw ------------------------------------------------
    def reset_local(self, view: dict) -> None:
        rng = view.get("draw_range")
        self.local["n"] = rng[0] if rng else 0

    def n(self, view: dict) -> int:
        lo, hi = view.get("draw_range") or (0, 0)
        return max(lo, min(hi, self.local.get("n", lo)))

    def on_command(self, view: dict, cmd: UiCommand) -> Action | None:
        lo, hi = view.get("draw_range") or (0, 0)
        if cmd.name == "more":
            self.local["n"] = min(hi, self.n(view) + 1)
        elif cmd.name == "less":
            self.local["n"] = max(lo, self.n(view) - 1)
        return None

    # --- gestures ----------------------------------------------------------------------------
    def action_for(self, view: dict, piece: str | None, zone: str) -> Action | UiCommand | None:
        phase = view.get("stage")
        if phase == "draw":
            return self._draw_step(view, piece, zone)
        if phase == "ability":
            if piece and piece.startswith("card:") and zone == "use":
                return Action.of("use", piece[5:])
            if piece and piece.startswith("yellow:") and zone.startswith("pay:"):
                return Action.of("use", zone[4:])
            if piece == "deck" and (zone == "hand" or zone.startswith("pay:")):
                return Action.of("discover")
            if piece is None and zone == "discover":
                return Action.of("discover")
            return None
        if phase == "decide":
            return Action.of(zone) if piece is None and zone in ("again", "stop") else None
        if phase == "give" and zone.startswith("give:") and piece in (None, "pagodacube"):
            return Action.of("give", zone[5:])
        return None

    def _draw_step(self, view: dict, piece: str | None, zone: str) -> Action | UiCommand | None:
        lo, hi = view.get("draw_range") or (0, 0)
        n = self.n(view)
        more = UiCommand("more") if n < hi else None
        less = UiCommand("less") if n > lo else None
        if piece is None:
            if zone == "plus":
                return more
            if zone == "minus":
                return less
            if zone == "draw":
                return Action.of("draw", n)
            return None
        if piece == "bagcube" and zone == "tray":
            return more
        if piece.startswith("traycube:") and zone == "bag":
            return less
        return None
