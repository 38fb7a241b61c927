"""What the Fuji 99 table's symbols and counters mean: the tooltip notes (TIPS-1 of
games/ui/tips.py) for the board, its spaces, pawns and token, and the Fuji cards.

- FUJI99-UI-NOTES-1 The board's notes are taken with the board part of the kept layer:
  the pawns and token where they stand when it is painted (while one walks, its tip stays
  where it will land; a tip is read at rest).  A card's tip is its kind's own text
  (``fuji99_tips.card_<kind>``, the card's name filled in): the effect in words, shorter
  than the hover card, which stays.
"""
from __future__ import annotations

import pygame

from games.fuji99.ui import board
from games.ui import tips


def card(table, rect, cid: str) -> None:
    """A face-up Fuji card: its name and what it does."""
    kind = table.ctx.rules.data.kind(cid).id
    tips.note(rect, "fuji99_tips.card_" + kind.replace("-", "_"), card=cid)


def cubes_on(rect, n: int) -> None:
    """The clear cubes lying on a card."""
    if n:
        tips.note(rect, "fuji99_tips.clear_on_card", n=n)


_SPACES: list[tips.Tip] = []  # each floor's plain note, made once (FUJI99-UI-NOTES-2)


def _space(n: int, yellow: int | None = None) -> tips.Tip:
    x, y = board.center(n)
    r = (x - board.RADIUS - 4, y - board.RADIUS - 4, 2 * board.RADIUS + 8, 2 * board.RADIUS + 8)
    if yellow is not None:  # the yellow cubes waiting under it
        return tips.Tip((r[0], r[1], r[2], r[3] + 30), "fuji99_tips.space_yellow", (("n", n), ("k", yellow)))
    if n in (0, 99):
        return tips.Tip(r, "fuji99_tips.space_start" if n == 0 else "fuji99_tips.space_goal")
    return tips.Tip(r, "fuji99_tips.space", (("n", n),))


def board_notes(table) -> None:
    """The board, each floor's space, the pagoda, then the pawns and the token over them.

    FUJI99-UI-NOTES-2 (perf, issue 31) The hundred spaces' notes are made once and noted
    together (``tips.note_all``); only the two with yellow cubes waiting are made anew: the
    board part is painted in the frame a move lands."""
    v = table.view
    tips.note(board.RECT, "fuji99_tips.board")
    if not _SPACES:
        _SPACES.extend(_space(n) for n in range(100))
    yellow = {sp["space"]: sp["yellow"] for sp in v["spaces"]}
    tips.note_all([_space(n, yellow[n]) if n in yellow else tip for n, tip in enumerate(_SPACES)])
    pg = board.PAGODA
    tips.note(pygame.Rect(pg.left, pg.top, pg.width + 100, pg.height), "fuji99_tips.pagoda", n=v["pagoda"])
    for seat in range(v["players"]):
        x, y = board.point(table.pawn_at(seat))
        tips.note(pygame.Rect(x - 16, y - 24, 32, 34), "fuji99_tips.pawn", seat=seat,
                  n=v["seats"][seat]["position"])
    if not v.get("winners"):
        x, y = board.point(table.token_at())
        tips.note(pygame.Rect(x - 15, y - board.RADIUS - 19, 30, 30), "fuji99_tips.token", n=v["token"])
