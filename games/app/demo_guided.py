"""The store demo's guided segment (issue 30.4): a game's tutorial position played by the
strongest bots, each move's reason captioned in the top bar, before the demo game itself.

``GuidedScene`` is the demo's play scene (games/app/play.py, ``demo=True``) with three
differences: it starts from the game's tutorial position (games/app/demo.py
``guided_session``), its moves come ``GUIDED_DELAY`` apart so a passer-by reads each
caption, and it says *why*: it opens with the game's one line of how to win, then
captions each bot's move with its reason (``Bot.decide``, BOTS-3/4: the game's reasons
module, or the bot's own line until a game has one).  After ``GUIDED_SECONDS`` (or its
game's end and winner) the demo game from the deal follows (APP-DEMO-20).  A touch goes
to the title at once, as anywhere in the demo.
A caption tells only what the table on show lets a spectator see (games/app/demo.py
APP-DEMO-21).
"""
from __future__ import annotations

import time
from typing import Any

from games.app import demo, gamelog
from games.app.app import App
from games.app.play import PlayScene
from games.app.session import Session
from games.core.bots import reason_parts

GOAL_SECONDS = 6.0  # the how-to-win line alone, before the first move lands


class GuidedScene(PlayScene):
    guided = True

    def __init__(self, app: App, session: Session, then: Session) -> None:
        self.then = then  # the demo game that follows (its session is made already)
        self.caption: tuple[str, str, float] | None = None  # (mover, reason text, when)
        self.first_move = True
        super().__init__(app, session, demo=True)
        self.why_prefix = self.tr("app_why.log_line", reason="").rstrip()

    def demo_delay(self) -> float:
        """A few seconds a move, the first after the how-to-win line (APP-DEMO-20)."""
        delay = demo.GUIDED_DELAY.get(self.app.settings.demo_pace, 4.0)
        if self.first_move:
            self.first_move = False
            return max(delay, GOAL_SECONDS)
        return delay

    def landed(self, turn: Any, lines: list[str]) -> None:
        """The bot's reason becomes the caption (demo.py APP-DEMO-21), not one more banner."""
        self.banner = [(m, t0) for m, t0 in self.banner if not m.lstrip().startswith(self.why_prefix.lstrip())]
        if turn is None or getattr(turn, "bot", None) is None:
            return
        s = self.session
        reader = self.viewer(turn.state)  # the seat on view when the move was decided
        told = gamelog.told(s.rules, turn.reason, turn.bot_seat, turn.state, turn.result, s.state, reader,
                            turn.view)
        if told is None:  # hidden (or none): the bot level's own line, which names nothing
            told = reason_parts(gamelog.general_why(type(turn.bot)))
        if told is None:
            return
        text = s.rules.event_text(told[0], told[1], self.app.settings.lang, self.ctx.names)
        self.caption = (self.ctx.seat_name(turn.bot_seat), text, self.t)

    def caption_text(self) -> tuple[str, str]:
        """(tag, text) of the caption strip: how to win first, then the latest move's why."""
        if self.caption is None:
            return self.tr("app_why.goal_tag"), self.tr(f"app_why.goal_{self.game_id}")
        name, text, _ = self.caption
        return self.tr("app_why.caption_tag"), self.tr("app_why.caption", name=name, reason=text)

    def finish(self) -> None:
        """The guided game ended and its winner showed: the demo game follows, after
        ``GUIDED_MIN_SECONDS`` of the segment at least (APP-DEMO-20)."""
        if max(self.t, time.monotonic() - self.shown_since) >= demo.GUIDED_MIN_SECONDS:
            self.finished_at = None
            demo.after_guided(self.app, self)
