"""Shared checks for the tests of the games' data files (games/<id>/data.py): a copy of a data
file, changed, loads or is refused with one message naming the file."""
from __future__ import annotations

import pytest

from games.core.data import DataError


def written_and_loaded(load, name: str, tmp_path, text: str):
    """``text`` written as the data file ``name`` in ``tmp_path`` and loaded by ``load``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load(path)


def refused(load, name: str, tmp_path, text: str, *needles: str, good: str | None = None) -> str:
    """``text`` as the data file ``name`` is refused by ``load`` with a DataError naming the file
    and holding each of ``needles``; its message.  ``good``: the real file's text, which
    ``text`` must differ from (the change applied)."""
    assert good is None or text != good, "the mutation did not apply"
    with pytest.raises(DataError) as err:
        written_and_loaded(load, name, tmp_path, text)
    msg = str(err.value)
    assert name in msg
    for n in needles:
        assert n in msg, msg
    return msg
