"""Colours and sizes shared by every screen (the virtual canvas is 1920×1080)."""
from __future__ import annotations

W, H = 1920, 1080
TOP_BAR = 76  # the top bar of the play and replay screens (title, turn, buttons)

BG = (28, 34, 44)
FELT = (32, 78, 62)
FELT_DARK = (24, 58, 47)
PANEL = (44, 52, 66)
PANEL_LIGHT = (62, 72, 90)
INK = (240, 240, 235)
INK_DIM = (170, 176, 186)
INK_DARK = (30, 30, 36)
ACCENT = (255, 196, 64)
GLOW = (120, 230, 255)
DANGER = (235, 84, 84)
OK = (110, 210, 120)
CARD_BACK = (70, 60, 120)
CARD_FACE = (250, 246, 236)
SHADOW = (0, 0, 0, 90)

# Seats: colour AND a symbol, so colour is never the only signal.
SEAT_COLOURS = [(90, 160, 255), (120, 210, 110), (190, 120, 230), (255, 160, 70),
                (240, 100, 130), (80, 210, 200), (220, 210, 90)]
SEAT_SYMBOLS = ["●", "▲", "■", "◆", "★", "▼", "♠"]
