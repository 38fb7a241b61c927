"""Suma gestures → actions.

Pieces: ``item:<kind>`` (a warehouse item), ``hand:<card>`` (own hand), ``market:<card>``,
``deck:<colour>``, ``pawn`` (a privilege piece).  Zones: ``cell:<cell>`` (map), ``summon``,
``square:<i>`` (warehouse square), ``hand`` (own hand area), ``bingo:<seat>:<i>``,
``return:<card>``, buttons ``done``, ``start:<kind>`` and ``auto`` (D-3's cell), ``summary:close``.
"""
from __future__ import annotations

from games.core.engine import Action, IllegalAction
from games.core.i18n import tr
from games.suma import bingo
from games.suma.state import cell_index, step
from games.ui import theme
from games.ui.table import GameController, UiCommand


class Controller(GameController):
    @classmethod
    def busiest_screen(cls, app):
        """The benchmark's busiest screen: built in games/suma/ui/__init__.py."""
        from games.suma import ui
        return ui.busiest_screen(app)

    @classmethod
    def results_panel(cls, rules, final_view: dict, outcome, lang: str) -> tuple[str, str] | None:
        """Both rounds per player, what the 49 cap took away, and how each round ended."""
        hist = final_view.get("history") or []
        if not hist or outcome is None:  # not finished (a results screen opened early)
            return None
        lines = []
        for p in outcome.ranking:
            who = theme.SEAT_SYMBOLS[p % len(theme.SEAT_SYMBOLS)]
            rounds = " + ".join(str(h["points"][p]) for h in hist)
            lost = sum(h["lost"][p] for h in hist)
            line = tr("suma_ui.result_line", lang, who=who, rounds=rounds, total=final_view["totals"][p],
                      bingos=sum(h["bingos"][p] for h in hist))
            if lost:
                line += tr("suma_ui.result_lost", lang, n=lost)
            lines.append(line)
        for h in hist:  # R-4.1's reason per round (SUMA-RULES-8)
            if h.get("reason"):
                lines.append(tr("suma_ui.round_ended", lang, round=h["round"],
                                reason=tr(f"suma.end_{h['reason']}", lang)))
        lines.append(tr("suma_ui.result_cap", lang, cap=rules.data.cap))
        return tr("suma_ui.result_title", lang), "\n".join(lines)

    def on_command(self, view: dict, cmd: UiCommand) -> Action | None:
        if cmd.name == "close_summary":
            self.local["close_summary"] = True
        if cmd.name == "auto":
            return self.auto_mark(view)
        return None

    def auto_mark(self, view: dict) -> Action | None:
        """D-3's cell (completes most lines, then most partly marked lines, then first)."""
        seat, ph, pend = (
            view["current"],
            step(view["pending"] and view["pending"]["kind"], view["over"]),
            view["pending"],
        )
        card, marked = view["cards"][seat], view["marked"][seat]
        data = self.ctx.rules.data
        if ph == "cross":
            cells = bingo.unmarked_of(card, marked, data.card(pend["card"]).number)
        elif ph == "mark":
            cells = bingo.unmarked_of(card, marked, pend["count"])
        else:
            cells = bingo.unmarked(card, marked)
        return Action.of("mark", bingo.auto_cell(cells, marked, data.bingo_size)) if cells else None

    def action_for(self, view: dict, piece: str | None, zone: str):
        if zone == "summary:close":
            return UiCommand("close_summary")
        if piece is None:
            return UiCommand("auto") if zone == "auto" else self._click(view, zone)
        if piece.startswith("item:") and zone.startswith("cell:"):
            kind, cell = piece[5:], zone[5:]
            if view["pending"] and view["pending"]["kind"] == "start":
                grid = self.ctx.rules.data.map
                i = cell_index(cell, len(grid))
                if i is None or grid[i // len(grid)][i % len(grid)] != "start":
                    return IllegalAction("suma_ui.start_only")
                return Action.of("start", kind)
            return Action.of("place", kind, cell)
        if piece.startswith("hand:") and zone == "summon":
            return Action.of("summon", piece[5:])
        if piece == "pawn" and zone.startswith("square:"):
            return Action.of("privilege", int(zone[7:]))
        if piece.startswith("market:") and zone == "hand":
            return Action.of("take", piece[7:])
        if piece.startswith("deck:") and zone == "hand":
            return Action.of("draw", piece[5:])
        return None

    def _click(self, view: dict, zone: str):
        if zone == "done":
            return Action.of("done")
        if zone.startswith("start:"):
            return Action.of("start", zone[6:])
        if zone.startswith("return:"):
            return Action.of("return", zone[7:])
        if zone.startswith("bingo:"):
            _, seat, i = zone.split(":")
            if int(seat) != view.get("current"):
                return IllegalAction("suma_ui.not_your_card")
            return Action.of("mark", int(i))
        if zone.startswith("cell:") and view["pending"] and view["pending"]["kind"] == "effect":
            return Action.of("remove", zone[5:])
        return None
