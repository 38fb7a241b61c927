"""Where everything sits on the 1920×1080 canvas (shared by the view and its panels)."""
from __future__ import annotations

import pygame

LEFT = pygame.Rect(10, 86, 280, 984)  # the other players and the log
SUPPLY = pygame.Rect(1162, 86, 748, 112)  # deck, discard, turn
HEAD = pygame.Rect(1162, 208, 748, 70)  # whose turn
BAG = pygame.Rect(1162, 288, 236, 262)
TRAY_RISK = pygame.Rect(1408, 288, 286, 262)  # the draw tray next to the risk helper
TRAY_WIDE = pygame.Rect(1408, 288, 502, 262)  # the draw tray without it
RISK = pygame.Rect(1704, 288, 206, 262)
SHEET = pygame.Rect(1162, 560, 748, 84)
HAND = pygame.Rect(1162, 654, 748, 226)
ACT = pygame.Rect(1162, 890, 748, 180)  # the buttons of the step
DECK = pygame.Rect(1180, 96, 66, 92)
DISCARD = pygame.Rect(1500, 96, 66, 92)
OVERLAY = pygame.Rect(420, 430, 620, 260)  # a finished turn's draw and busts, over the board
CARD = (112, 160)
MINI = (40, 56)
TIP_CARD = (158, 222)  # the card in the tooltip of a card under the pointer
TRAY_CUBE = 40
REVEAL_STEP = 0.12  # seconds per cube when a draw is revealed
