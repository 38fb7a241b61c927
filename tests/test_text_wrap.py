"""Japanese wraps by phrase (BudouX) with kinsoku; Latin at spaces; never mid-word (15.4)."""
from __future__ import annotations

import budoux
import pygame
import pytest

from games import registry
from games.app.overlays import rules_sections
from games.core.i18n import catalog
from games.ui import text

PARSER = budoux.load_default_japanese_parser()


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()
    yield


def _japanese_texts() -> list[str]:
    texts = [e["ja"] for e in catalog().values() if len(e["ja"]) > 12]
    for g in registry.playable_ids():
        for _title, body in rules_sections(g):
            texts.append(body["ja"])
    return texts


def _breaks_ok(source: str, lines: list[str], size: int, width: int) -> None:
    """Every break falls between BudouX phrases (or at a space), unless a phrase is wider
    than the whole line; no line starts with closing punctuation or ends with an opening one."""
    allowed = set()
    pos = 0
    for phrase in PARSER.parse(source):
        pos += len(phrase)
        allowed.add(pos)
    joined = "".join(lines)
    assert "".join(joined.split()) == "".join(source.split()), "text lost or changed"
    at = 0
    compact = source.replace("\n", "")
    for line in lines[:-1]:
        at = compact.index(line, at) + len(line) if line else at
        while at < len(compact) and compact[at] == " ":
            at += 1
        nxt = compact[at:at + 1]
        if not line or not nxt:
            continue
        near = {a for a in allowed if abs(a - at) <= 2}  # kinsoku may move a mark across a break
        wide = any(text.font(size).size(p)[0] > width for p in PARSER.parse(source))
        assert compact[at - 1] == " " or nxt == " " or near or wide, (
            f"mid-phrase break: {line!r} | {compact[at : at + 8]!r}"
        )
    for line in lines[1:]:
        assert not line or line[0] not in text.NO_LINE_START, f"line starts with {line[0]!r}: {line!r}"
    for line in lines[:-1]:
        assert not line or line[-1] not in text.NO_LINE_END, f"line ends with {line[-1]!r}: {line!r}"


@pytest.mark.parametrize("width", [180, 300, 700])
def test_japanese_wraps_at_phrases_with_kinsoku(width):
    for source in _japanese_texts():
        for para in text.sanitize(source, keep_newlines=True).split("\n"):  # as wrap sees it
            lines = text.wrap(para, 24, width)
            _breaks_ok(para, lines, 24, width)
            for line in lines:
                if line and not any(text.font(24).size(p)[0] > width for p in PARSER.parse(para)):
                    assert text.font(24).size(line)[0] <= width + text.font(24).size("。")[0], line


def test_kinsoku_examples():
    lines = text.wrap("合計が7を超えたら「尊みバースト！」となり、手札を捨てます。", 24, 130)
    assert all(ln[0] not in "。、」！" for ln in lines[1:])
    assert all(ln[-1] != "「" for ln in lines)
    assert "尊みバースト！」" in "".join(lines)


def test_latin_words_are_never_split():
    s = "Drag a card from your hand onto the field; extraordinarily long words stay whole."
    for width in (60, 120, 300):
        lines = text.wrap(s, 24, width)
        assert " ".join(lines).split() == s.split()


@pytest.mark.parametrize("width,height", [(944, 104), (400, 300), (300, 60)])
def test_fit_lines_measured_ahead_a_size_a_step_gives_the_same_lines(width, height):
    """The announcement a bot's move will show is measured ahead a size a frame
    (games/app/ahead.py): the steps fill fit_lines' caches, and fit_lines then gives
    exactly what it gives when it measures by itself."""
    lines = [t for t in _japanese_texts() if 30 < len(t) < 120][:12] + [
        "Brujas: the witch of the moon moves two places clockwise and swaps with the crow."]
    for line in lines:
        text.reset()
        alone = text.fit_lines(line, 28, width, height, True)
        text.reset()
        steps = sum(1 for _ in text.fit_lines_ahead(line, 28, width, height, True))
        assert steps >= 1 and ("lines", line, 28, width, True, height) in text._measures  # only looked up now
        assert text.fit_lines(line, 28, width, height, True) == alone


def _stepping_fit(line: str, size: int, width: int, bold: bool, minimum: int) -> int:
    """``fit_size`` as it searched before TEXT-28: down from ``size`` two points at a time."""
    s, shown = size, text.sanitize(line)
    while s > minimum and text._measuring_font(s, bold).size(shown)[0] > width:
        s = max(minimum, s - 2)
    return s


@pytest.mark.parametrize("line", ["BINGO!", "ビンゴ！（これで1本）", "Hinata's turn: play one card", "x"])
def test_text_28_fit_size_from_a_guess_answers_as_the_stepping_search(line):
    for size in range(14, 80, 5):
        for width in range(8, 1300, 41):
            for bold in (False, True):
                for minimum in (10, 14, 21):
                    if size >= minimum:
                        text.reset()
                        assert text.fit_size(line, size, width, bold, minimum) == \
                            _stepping_fit(line, size, width, bold, minimum), (size, width, bold, minimum)
