"""Tutorials: a guided first game, written as data (``data/tutorials/<game>.yaml``).

A tutorial starts from a position (games/<id>/position.py) with one person and scripted
bots, and walks through steps, one at a time:

* ``note``: a text to read (the game's theme, its goal, an overview, a tip); Next goes on;
* a move: ``say`` (the instruction), ``do`` (the expected action, a list of actions any of
  which will do, or ``any``: any legal move), ``why`` (one or two sentences after it) and
  an optional ``hint`` (said again with a wrong move; the instruction by default);
* ``bot``: a bot's scripted move (an action, or a list of actions made one after another,
  by whichever bots act) with ``why``, its explanation.

``mark`` (optional, on any step) names card ids to point at; each must be in the person's
view at that step.  Every text is in ja and en.

``load(game)`` reads and validates a file: the fields, both languages, every action
written as the rules write it; then ``check`` plays the script from its position: every
expected move legal at its step and made by the person, every bot move legal and made by
a bot's seat, every marked card in the person's view.  A bad file raises ``DataError``:
one sentence naming the file, the step and the problem.

``Runner`` is the pure state machine the play scene drives (games/app/tutorial_scene.py).

Decisions beyond the issue (TUTORIAL-n):
- TUTORIAL-1 A step with ``any`` or several accepted moves branches: ``check`` plays the
  rest of the script after each of them (at most ``MAX_PATHS`` paths), so no choice the
  person may make leaves the script behind.
- TUTORIAL-2 The tutorial ends with its last step, not with the game: the point is to
  learn the core, and the end offers a real game with the same seats.
- TUTORIAL-3 Checking a script plays it, which fills the game's memos (Suma's pattern
  tables); the check clears the game's rule-module memos after it, so a title started after
  a full start-up check holds no game's tables, as one after a remembered check does.
"""
from __future__ import annotations

import functools
import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core.data import DATA_DIR, Checker, DataError, load_yaml
from games.core.engine import Action, IllegalAction
from games.core.lookup import rules_of

TUTORIAL_DIR = DATA_DIR / "tutorials"
ROOT_FIELDS = ("game", "seats", "panel", "position", "steps", "end")
STEP_FIELDS = ("note", "say", "do", "why", "hint", "bot", "mark")
MAX_STEPS = 40
MAX_PATHS = 200  # TUTORIAL-1: branches checked at most
SEAT_KINDS = ("person", "bot")

_problems: dict[str, str] = {}  # game id -> why its tutorial cannot start (start-up check)


@dataclass(frozen=True)
class Step:
    kind: str  # "note", "move" or "bot"
    say: dict[str, str] | None = None  # note text, instruction
    actions: tuple[Action, ...] | None = None  # accepted moves; None: any legal move (kind "move")
    why: dict[str, str] | None = None
    hint: dict[str, str] | None = None
    mark: tuple[str, ...] = ()

    def text(self, part: str, lang: str) -> str:
        value = getattr(self, part)
        return value[lang] if value else ""


@dataclass(frozen=True)
class Tutorial:
    game: str
    seats: tuple[str, ...]  # "person" or "bot", one per seat
    position: str
    steps: tuple[Step, ...]
    panel: tuple[int, int, int, int] | None = None  # where the instructions are drawn (canvas px)
    end: dict[str, str] | None = None
    path: str = ""

    @property
    def person(self) -> int:
        return self.seats.index("person")

    def start_state(self) -> Any:
        return _position_module(self.game).load(self.position)


def _position_module(game: str):
    return importlib.import_module(f"games.{game}.position")


def path_of(game: str) -> Path:
    return TUTORIAL_DIR / f"{game}.yaml"


@functools.cache  # five games; the title asks every frame
def exists(game: str) -> bool:
    return path_of(game).is_file()


def load(game: str, path: Path | str | None = None) -> Tutorial:
    """The tutorial of ``game``, read and checked (``DataError`` says what is wrong)."""
    path = Path(path) if path is not None else path_of(game)
    c = Checker(path)
    root = c.known(load_yaml(path), None, ROOT_FIELDS)
    if c.str(root, "game", None) != game:
        raise c.fail(None, "game", f"expected {game!r}, got {root.get('game')!r}")
    seats = tuple(c.choice({"seat": s}, "seat", f"seat #{i + 1}", SEAT_KINDS)
                  for i, s in enumerate(c.list(root, "seats", None, 1)))
    if seats.count("person") != 1:
        raise c.fail(None, "seats", "exactly one seat must be 'person'")
    panel = _panel(c, root) if "panel" in root else None
    steps = tuple(_step(c, raw, i) for i, raw in enumerate(c.list(root, "steps", None, 1)))
    if len(steps) > MAX_STEPS:
        raise c.fail(None, "steps", f"at most {MAX_STEPS} steps, got {len(steps)}")
    end = c.text(root, "end", None) if "end" in root else None
    t = Tutorial(game, seats, c.str(root, "position", None), steps, panel, end, c.path)
    check(t)
    return t


def _panel(c: Checker, root: dict) -> tuple[int, int, int, int]:
    raw = c.list(root, "panel", None, 4)
    x, y, w, h = (c.whole(v, None, "panel", 0, 1920) for v in raw[:4])
    if len(raw) != 4 or x + w > 1920 or y + h > 1080 or w < 260 or h < 180:
        raise c.fail(None, "panel", "expected [x, y, width, height] inside 1920×1080, "
                     "at least 260 wide and 180 high")
    return x, y, w, h


def _step(c: Checker, raw: Any, i: int) -> Step:
    where = f"step {i + 1}"
    raw = c.known(raw, where, STEP_FIELDS)
    mark = tuple(str(m) for m in c.list(raw, "mark", where)) if "mark" in raw else ()
    texts = {k: c.text(raw, k, where) for k in ("note", "say", "why", "hint") if k in raw}
    kinds = [k for k in ("note", "say", "bot") if k in raw]
    if len(kinds) != 1:
        raise c.fail(where, None, "a step is exactly one of: note, say (with do), bot")
    if kinds[0] == "note":
        if set(raw) - {"note", "mark"}:
            raise c.fail(where, None, "a note has only its text (and mark)")
        return Step("note", texts["note"], mark=mark)
    if kinds[0] == "bot":
        if "why" not in raw or set(raw) - {"bot", "why", "mark"}:
            raise c.fail(where, None, "a bot step has bot (the action) and why")
        moves = raw.get("bot") if isinstance(raw.get("bot"), list) and raw.get("bot") else [raw.get("bot")]
        return Step("bot", None, tuple(_action(c, a, where, "bot") for a in moves), texts["why"], mark=mark)
    if "do" not in raw:
        raise c.fail(where, "do", "missing (an action, a list of actions, or any)")
    do = raw["do"]
    if do == "any":
        actions = None
    elif isinstance(do, list) and do:
        actions = tuple(_action(c, a, where, "do") for a in do)
    else:
        actions = (_action(c, do, where, "do"),)
    return Step("move", texts["say"], actions, texts.get("why"), texts.get("hint"), mark)


def _action(c: Checker, text: Any, where: str, key: str) -> Action:
    if not isinstance(text, str) or not text.strip():
        raise c.fail(where, key, f"expected an action such as 'play n3-1', got {text!r}")
    return Action.parse(text)


def check(t: Tutorial) -> None:
    """Play the script from its position; the first step that does not fit is a DataError."""
    from games.core.position import PositionError  # (PyYAML: not on an unchanged start, APP-STARTUP-4)
    c = Checker(t.path or path_of(t.game))
    rules = rules_of(t.game)
    try:
        state = t.start_state()
    except PositionError as err:
        raise c.fail(None, "position", str(err)) from None
    if state.players != len(t.seats):
        raise c.fail(None, "seats", f"{len(t.seats)} seats, but the position has {state.players} players")
    paths = [0]
    _walk(c, t, rules, state, 0, paths)


def _walk(c: Checker, t: Tutorial, rules, state: Any, index: int, paths: list[int]) -> None:
    for i in range(index, len(t.steps)):
        step, where = t.steps[i], f"step {i + 1}"
        view = rules.view(state, t.person)
        for card in step.mark:
            if not _seen(view, card):
                raise c.fail(where, "mark", f"{card!r} is not on the table the person sees")
        if step.kind == "note":
            continue
        if step.kind == "bot":  # the bots' moves, one after another
            for a in step.actions:
                _legal_here(c, t, rules, state, where, "bot", [a])
                state = _apply(c, where, rules, state, a)
            continue
        legal = _legal_here(c, t, rules, state, where, "do", step.actions)
        options = list(step.actions) if step.actions is not None else legal
        for a in options[1:]:  # TUTORIAL-1: every other accepted move leads on too
            paths[0] += 1
            if paths[0] > MAX_PATHS:
                raise c.fail(where, "do", f"more than {MAX_PATHS} ways through the script: accept fewer moves")
            _walk(c, t, rules, _apply(c, where, rules, state, a), i + 1, paths)
        state = _apply(c, where, rules, state, options[0])


def _legal_here(c: Checker, t: Tutorial, rules, state: Any, where: str, key: str, actions) -> list:
    """The legal moves at a step, after checking who acts and that ``actions`` are among them."""
    cur = rules.current_player(state)
    if cur is None:
        raise c.fail(where, None, "the game is over before this step")
    if (key == "bot") != (t.seats[cur] == "bot"):
        raise c.fail(where, None, f"seat {cur} ({t.seats[cur]}) acts here, not "
                     f"{'a bot' if key == 'bot' else 'the person'}")
    legal = rules.legal_actions(state)
    for a in actions or ():
        if a not in legal:
            raise c.fail(where, key, f"'{a}' is not legal here (legal: {', '.join(map(str, legal[:8]))})")
    return legal


def _apply(c: Checker, where: str, rules, state: Any, action: Action) -> Any:
    try:
        return rules.apply(state, action)
    except IllegalAction as err:
        raise c.fail(where, None, f"'{action}' is refused: {err.key}") from None


def _seen(view: Any, card: str) -> bool:
    """``card`` appears anywhere in the view dict (a card id, a cell, a seat's row)."""
    todo = [view]
    while todo:
        x = todo.pop()
        if isinstance(x, str):
            if x == card:
                return True
        elif isinstance(x, dict):
            todo.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            todo.extend(x)
    return False


def note_problem(game: str, message: str) -> None:
    _problems[game] = message


def problem(game: str) -> str | None:
    """Why the tutorial of ``game`` cannot start (missing, or the start-up check refused it)."""
    if game in _problems:
        return _problems[game]
    return None if exists(game) else f"data/tutorials/{game}.yaml: missing"


def check_file(game: str) -> str | None:
    """The start-up check of one tutorial: None, or its problem (also noted for the title)."""
    if not exists(game):
        return None  # a game without a tutorial simply has no Learn button
    try:
        load(game)
    except DataError as err:
        note_problem(game, str(err))
        return str(err)
    finally:
        _forget_memos(game)
    _problems.pop(game, None)
    return None


def _forget_memos(game: str) -> None:
    """The game's rule-module memos emptied after its script was checked (TUTORIAL-3)."""
    prefix = f"games.{game}."
    for name, module in list(sys.modules.items()):
        if name.startswith(prefix) and ".ui" not in name[len(prefix) - 1:]:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()


@dataclass
class Runner:
    """Where a person is in a tutorial: the step, and whether its why is being shown."""

    tutorial: Tutorial
    index: int = 0
    showing_why: bool = False
    sub: int = 0  # the next of a bot step's moves
    moves: list[str] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.tutorial.steps[self.index]

    @property
    def waiting(self) -> bool:
        """Nobody may move: a note, a why or the end is on show (Next goes on)."""
        return self.done or self.showing_why or self.step.kind == "note"

    def person_turn(self) -> bool:
        return not self.waiting and self.step.kind == "move"

    def bot_due(self) -> bool:
        return not self.waiting and self.step.kind == "bot"

    def accepts(self, action: Action) -> bool:
        """The person's move is the one this step asks for (any legal one for ``any``)."""
        step = self.step
        return self.person_turn() and (step.actions is None or action in step.actions)

    def bot_action(self) -> Action | None:
        return self.step.actions[self.sub] if self.bot_due() else None

    def moved(self, action: Action) -> None:
        """A move of this step was applied: its why is shown, else the next step begins."""
        self.moves.append(str(action))
        if self.step.kind == "bot" and self.sub + 1 < len(self.step.actions):
            self.sub += 1
            return
        self.sub = 0
        if self.step.why:
            self.showing_why = True
        else:
            self.index += 1

    def next(self) -> None:
        """Next: past the why (or the note) to the next step."""
        if self.done:
            return
        if self.showing_why or self.step.kind == "note":
            self.showing_why = False
            self.index += 1

    def text(self, lang: str) -> str:
        """What the panel says now."""
        step = self.step
        if step is None:
            return ""
        if self.showing_why:
            return step.text("why", lang)
        return step.text("say", lang)

    def hint(self, lang: str) -> str:
        step = self.step
        return step.text("hint", lang) or step.text("say", lang) if step else ""
