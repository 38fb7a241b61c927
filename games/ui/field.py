"""A one-line text field's editing, as people expect it (issue 27.10).

A click on a field selects its whole text, so typing replaces it (no more "HinatKenji");
Ctrl+A selects all, Home/End and ←/→ move the caret (with Shift they extend the
selection), Backspace and Delete remove the selection or the character beside the
caret.  ``FieldEdit`` holds no pygame state besides key codes; ``draw_field`` paints it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from games.ui import text, theme

SELECTION = (70, 110, 170)


@dataclass
class FieldEdit:
    text: str
    limit: int = 40
    caret: int = 0
    anchor: int = 0  # the selection runs between anchor and caret

    @classmethod
    def clicked(cls, value: str, limit: int) -> FieldEdit:
        """A field just clicked: its whole text selected, the caret at its end."""
        return cls(value, limit, len(value), 0)

    def selection(self) -> tuple[int, int]:
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def insert(self, chars: str) -> None:
        """Typed text replaces the selection (cut to the field's limit)."""
        a, b = self.selection()
        room = self.limit - (len(self.text) - (b - a))
        chars = chars[:max(0, room)]
        self.text = self.text[:a] + chars + self.text[b:]
        self.caret = self.anchor = a + len(chars)

    def erase(self, forward: bool) -> None:
        a, b = self.selection()
        if a == b:
            a, b = (a, min(len(self.text), a + 1)) if forward else (max(0, a - 1), a)
        self.text = self.text[:a] + self.text[b:]
        self.caret = self.anchor = a

    def move(self, to: int, extend: bool) -> None:
        self.caret = max(0, min(len(self.text), to))
        if not extend:
            self.anchor = self.caret

    def key(self, key: int, mod: int) -> bool:
        """An editing key; True when it was one."""
        extend = bool(mod & pygame.KMOD_SHIFT)
        a, b = self.selection()
        moves: dict[int, Callable[[], None]] = {
            pygame.K_HOME: lambda: self.move(0, extend),
            pygame.K_END: lambda: self.move(len(self.text), extend),
            pygame.K_LEFT: lambda: self.move(self.caret - 1 if extend or a == b else a, extend),
            pygame.K_RIGHT: lambda: self.move(self.caret + 1 if extend or a == b else b, extend),
            pygame.K_BACKSPACE: lambda: self.erase(False),
            pygame.K_DELETE: lambda: self.erase(True),
        }
        if key == pygame.K_a and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.select_all()
            return True
        if key in moves:
            moves[key]()
            return True
        return False


def draw_field(surf: pygame.Surface, rect: pygame.Rect, edit: FieldEdit, size: int,
               colour=theme.INK) -> None:
    """The field's text at the left of ``rect`` (fitted), its selection and its caret."""
    size = text.fit_size(edit.text + "|", size, rect.width, False)
    f = text.font(size)
    x, mid = rect.left, rect.centery
    a, b = edit.selection()
    if a != b:
        left, right = f.size(edit.text[:a])[0], f.size(edit.text[:b])[0]
        pygame.draw.rect(surf, SELECTION, pygame.Rect(x + left, mid - size * 3 // 4, right - left, size * 3 // 2))
    if edit.text:
        text.draw(surf, edit.text, (x, mid), size, colour, False, "midleft")
    cx = x + f.size(edit.text[:edit.caret])[0]
    pygame.draw.line(surf, colour, (cx, mid - size * 2 // 3), (cx, mid + size * 2 // 3), 2)
