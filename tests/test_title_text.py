"""The title's first frame draws its texts as the last start did, without opening a font
(games/app/title_text.py APP-TITLE-TEXT-1): the same pixels, and only for the same code and fonts."""
import pygame
import pytest

from games.app import startup, title_text
from games.app.title import TitleScene
from games.ui import text


@pytest.fixture
def start(app, monkeypatch):
    """A function that draws the title's first frame of a fresh start; returns (pixels,
    faces opened).  Every call forgets the fonts and caches as a new process would."""
    opened = []
    real = pygame.font.Font
    monkeypatch.setattr(pygame.font, "Font", lambda *a: opened.append(a[1]) or real(*a))

    def first_frame(stamp="stamp-1", lang="ja"):
        monkeypatch.setattr(startup, "_stamp", stamp)
        monkeypatch.setattr(title_text, "_state", {"begun": False, "restored": set(), "measured": set()})
        text.reset()
        opened.clear()
        app.settings.lang = lang
        surf = pygame.Surface((1920, 1080)).convert()
        TitleScene(app).draw(surf)
        return pygame.image.tobytes(surf, "RGB"), len(opened)
    yield first_frame
    text.reset()


def test_an_unchanged_title_opens_no_font_and_shows_the_same_pixels(start, tmp_path):
    painted, faces = start()
    assert faces >= 6  # the title's sizes and weights, and the faces fit_size tries sizes on
    assert (tmp_path / title_text.FILE).is_file()
    again, faces = start()
    assert faces == 0
    assert again == painted
    assert text.note_used(False) is None  # noting stopped with the frame


def test_texts_come_back_only_for_the_same_code_and_an_intact_file(start, tmp_path):
    painted, _ = start("stamp-1")
    again, faces = start("stamp-3")  # an edited file: another fingerprint, painted and rewritten
    assert faces > 0 and again == painted
    assert start("stamp-3")[1] == 0
    path = tmp_path / title_text.FILE
    path.write_bytes(path.read_bytes()[:-7])  # a torn file is ignored, never half-used
    again, faces = start("stamp-3")
    assert faces > 0 and again == painted
    path.write_bytes(b"TABLE-TEXT 1\n{\"stamp\": \"stamp-3\", \"texts\": [[1, 2]]}\n")  # a foreign entry
    assert start("stamp-3")[1] > 0


def test_the_other_language_is_drawn_then_remembered_and_unused_texts_are_dropped(start):
    ja, _ = start(lang="ja")
    en, faces = start(lang="en")
    assert faces > 0 and en != ja
    keys = {k[0] for k in text._cache}
    assert "インディーゲーム卓" not in "".join(keys)  # the remembered Japanese texts left the cache
    assert start(lang="en") == (en, 0)
