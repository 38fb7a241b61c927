"""Tiny synthesised sound effects (no audio files to ship); silent when sound is off."""
from __future__ import annotations

import array
import math

import pygame

RATE = 22050
TONES = {"play": [(660, 0.06)], "bust": [(330, 0.12), (220, 0.2)], "score": [(523, 0.08), (784, 0.12)],
         "click": [(880, 0.03)], "illegal": [(200, 0.1)]}


class Sounds:
    """The effects; the mixer opens at the first sound played (not before the title's first
    frame: opening SDL's audio costs several ms, and nothing at all while sound is off)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._ok: bool | None = None  # None: not tried yet

    def _open(self) -> bool:
        if self._ok is None:
            try:
                pygame.mixer.init(RATE, -16, 1, 512)
                self._ok = True
            except pygame.error:
                self._ok = False
        return self._ok

    def play(self, name: str) -> None:
        if not (self.enabled and name in TONES and self._open()):
            return
        if name not in self._sounds:
            self._sounds[name] = pygame.mixer.Sound(buffer=_synth(TONES[name]).tobytes())
        self._sounds[name].play()


def _synth(notes: list[tuple[float, float]]) -> array.array:
    buf = array.array("h")
    for freq, dur in notes:
        n = int(RATE * dur)
        for i in range(n):
            env = min(1.0, i / 200) * min(1.0, (n - i) / 400)
            buf.append(int(9000 * env * math.sin(2 * math.pi * freq * i / RATE)))
    return buf
