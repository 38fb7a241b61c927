"""What the Brujas trick shows means: its tooltip notes (TIPS-1 of games/ui/tips.py), taken
right after the trick is painted (a part of its own in ``Table.parts``): the trick, its lead,
each card with who played it, the winning and can't-win tags, the next empty place and the
order of play under the places."""
from __future__ import annotations

from games.brujas.ui.steps import step_of
from games.ui import text, theme, tips


def trick(table, area) -> None:
    """The trick (``area``: where it lies) and all in it."""
    v = table.view
    tips.note(area, "brujas_tips.trick")
    lead = v.get("lead")
    value = lead["value"] if lead else ""
    line = text.render(table.trick_header(), 40, theme.ACCENT, True).get_rect(center=(area.centerx, area.top + 40))
    tips.note(line.inflate(120, 16), "brujas_tips.lead_" + (lead["kind"] if lead else "none"), colour=value,
              number=value)
    plays = v["trick"]
    winning, cannot = v.get("winning"), set(v.get("cannot_win") or [])
    table_cards = set(v["table"]) if step_of(v) == "pick" else None
    for i, slot in enumerate(table.slots):
        seat = (v["leader"] + i) % v["players"]
        tag = (slot.left, slot.top - 34, slot.width, 32)
        if i < len(plays):
            seat, card = plays[i]
            taker = next((s for s, p in enumerate(v["captured"]) if card in p), None)
            if table_cards is not None and card not in table_cards:
                if taker is not None:
                    tips.note(slot, "brujas_tips.taken", seat=taker)
            else:
                tips.note(slot, "brujas_tips.trick_card", card=card, seat=seat)
                if winning and winning[1] == card:
                    tips.note(tag, "brujas_tips.winning", card=card, seat=seat)
                elif card in cannot:
                    tips.note(tag, "brujas_tips.cannot_win", card=card)
        elif step_of(v) == "play" and i == len(plays):
            tips.note(slot, "brujas_tips.next_slot", seat=seat)
        tips.note((slot.left - 10, slot.bottom + 8, slot.width + 20, 32), "brujas_tips.order", seat=seat, n=i + 1)
