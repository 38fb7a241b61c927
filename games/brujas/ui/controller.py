"""Brujas gestures → actions (see games/brujas/ui/view.py for the pieces and zones).

* ``hand:<card>`` dropped on ``trick``            → ``play <card>`` (illegal cards too, so
  the scene refuses them with the rules' reason and the card snaps back);
* ``witch:<colour>`` dropped on ``witch:up|down`` → ``witch up|down`` (winning colour only);
* ``trick:<card>`` dropped on ``pile:<seat>``      → ``take <card>``, only on the pile of the
  seat picking now (on another pile the card snaps back saying whose pick it is).

Clicks on zones without a selected piece mean nothing, so every action is a drag (or a
click on the piece, then a click on the target).
"""
from __future__ import annotations

from games.brujas.ui.steps import step_of
from games.core.engine import Action, IllegalAction
from games.core.i18n import text_of, tr
from games.ui.table import GameController


class Controller(GameController):
    def action_for(self, view: dict, piece: str | None, zone: str) -> Action | IllegalAction | None:
        if piece is None or ":" not in piece:
            return None
        kind, arg = piece.split(":", 1)
        phase = step_of(view)
        if kind == "hand" and zone == "trick" and phase == "play":
            return Action.of("play", arg)
        if kind == "witch" and zone.startswith("witch:") and phase == "witch":
            winning = view.get("winning_card")
            if winning and self.ctx.rules.card_info(winning)["colour"] == arg:
                return Action.of("witch", zone[6:])
            return None
        if kind == "trick" and zone.startswith("pile:") and phase == "pick":
            if not zone[5:].isdigit() or arg not in view.get("table", []):
                return None
            if int(zone[5:]) != view.get("turn_seat"):  # someone else's pile: say whose pick it is
                return IllegalAction("brujas.not_your_pick", seat=view.get("turn_seat"))
            return Action.of("take", arg)
        return None

    @staticmethod
    def results_panel(rules, view: dict, outcome, lang: str) -> tuple[str, str]:
        """Extra box on the results screen: the final witch order and how points were scored."""
        names = {w.colour: text_of(w.name, lang) for w in rules.data.witches}
        colours = {c.id: c for c in rules.data.colours}
        lines = []
        for w in view["witches"]:
            c = colours[w["colour"]]
            lines.append(tr("brujas_ui.results_witch", lang, score=w["score"], glyph=c.glyph,
                            witch=names[w["colour"]], colour=text_of(c.name, lang)))
        key = "results_explain" if rules.data.majority_by == "colour" else "results_explain_number"
        lines += ["", tr("brujas_ui." + key, lang, points=rules.data.majority_points)]
        return tr("brujas_ui.results_head", lang), "\n".join(lines)
