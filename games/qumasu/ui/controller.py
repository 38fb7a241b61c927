"""Qumasu gestures → actions.

Pieces: ``hand:<card>`` (own hand), ``unit:<cell>`` (own unit on the battlefield).
Zones: ``cell:<cell>``, ``castle`` (the enemy castle area), ``flower:<i>`` (own flower
cost card), ``pick:<effect>`` / ``pick:cancel`` (the flower picker), ``grave:<seat>`` and
``browse:close`` (graveyard browser), buttons ``end``, ``use``, ``skip``, ``keep``,
``mulligan``.  Reasons for refused drops come from the rules (``explain_illegal``).
"""
from __future__ import annotations

from games.core.engine import Action
from games.core.i18n import text_of, tr
from games.ui.table import GameController, UiCommand

BUTTONS = ("end", "use", "skip", "keep", "mulligan")


class Controller(GameController):
    seat_option = "decks"  # the setup screen offers a deck per seat when the data has several
    explains_win = True  # the demo's winner moment shows results_panel's text (scores are just 1/0)

    @classmethod
    def seat_option_choices(cls, rules, lang: str) -> list[tuple[str, str]]:
        decks = rules.data.decks
        return [(d.id, text_of(d.name, lang)) for d in decks] if len(decks) > 1 else []

    @classmethod
    def results_panel(cls, rules, final_view: dict, outcome, lang: str) -> tuple[str, str] | None:
        """How the game was won, in the players' names, winner first like the results table.

        ``final_view["seat_names"]``: the people's names (the results screen and the demo add
        them to the spectator view); without them "Player 1", "Player 2"."""
        reason, w = final_view.get("end_reason"), (final_view.get("winners") or [None])[0]
        if not reason or w is None:
            return None
        given = final_view.get("seat_names") or []
        names = [str(given[p]) if p < len(given) else tr("qumasu_ui.seat_fallback", lang, n=p + 1) for p in (0, 1)]
        order = (w, 1 - w)  # the Outcome's ranking: the table lists the players in this order
        counts = final_view["castle_counts"]
        lines = [tr(f"qumasu_ui.how_{reason}", lang, winner=names[w], loser=names[1 - w]),
                 tr("qumasu_ui.final_castles", lang, a=names[order[0]], n=counts[order[0]],
                    b=names[order[1]], m=counts[order[1]])]
        # the deck outs that cost a castle card (the last one of a deck-out loss is told above)
        outs = [final_view["deckouts"][p] - (1 if reason == "deckout" and p != w else 0) for p in order]
        if any(outs):
            parts = [
                tr("qumasu_ui.final_reshuffle_part", lang, name=names[p], n=n) for p, n in zip(order, outs, strict=True)
            ]
            lines.append(tr("qumasu_ui.final_reshuffles", lang, counts=tr("qumasu_ui.list_sep", lang).join(parts)))
        return tr("qumasu_ui.how_won", lang), "\n".join(lines)

    def reset_local(self, view: dict) -> None:
        self.local["picker"] = None
        self.local["browse"] = None

    def on_command(self, view: dict, cmd: UiCommand) -> Action | None:
        if cmd.name == "picker":
            self.local["picker"] = cmd.args[0]
        elif cmd.name == "browse":
            self.local["browse"] = cmd.args[0]
        elif cmd.name == "close":
            self.local["picker"] = self.local["browse"] = None
        return None

    def action_for(self, view: dict, piece: str | None, zone: str):
        if zone == "browse:close" or zone == "pick:cancel":
            return UiCommand("close")
        if zone.startswith("grave:"):
            return UiCommand("browse", (int(zone[6:]),))
        if piece is None:
            return self._click(view, zone)
        if piece.startswith("hand:"):
            return self._hand_drop(view, piece[5:], zone)
        if piece.startswith("unit:") and zone.startswith("cell:"):
            frm, to = piece[5:], zone[5:]
            cell = view["board"][_index(to)]
            if cell is not None and cell["owner"] != view["viewer"]:
                return Action.of("attack", frm, to)
            return Action.of("move", frm, to)
        if piece.startswith("unit:") and zone == "castle":
            return Action.of("attack", piece[5:], "castle")
        return None

    def _click(self, view: dict, zone: str):
        if zone in BUTTONS:
            return Action.of(zone)
        if zone.startswith("flower:"):
            return UiCommand("picker", (int(zone[7:]),))
        if zone.startswith("pick:") and self.local.get("picker") is not None:
            return Action.of("flower", self.local["picker"], zone[5:])
        if zone.startswith("cell:") and (view.get("pending") or {}).get("kind") in ("warp", "bloom"):
            return Action.of("target", zone[5:])
        return None

    def _hand_drop(self, view: dict, card: str, zone: str):
        info = self.ctx.rules.card_info(card)
        if info["kind"] == "unit":
            return Action.of("summon", card, zone[5:]) if zone.startswith("cell:") else None
        effect = self.ctx.rules.data.face_of(card).effect
        if effect.target is None:
            return Action.of("cast", card) if zone.startswith("cell:") else None
        return Action.of("cast", card, zone[5:]) if zone.startswith("cell:") else None


def _index(cell: str) -> int:
    return (int(cell[1]) - 1) * 3 + "abc".index(cell[0])
