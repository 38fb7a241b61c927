"""The start-up check: every data file is read and validated before the first frame.

A broken ``data/<game>.yaml`` used to let the title start and then close the whole window
when the game was opened.  Now each game's data, rules, bots, catalogue and rules text
are loaded here once; a game whose files are broken is marked (``registry.note_problem``)
so its title tile says why it cannot start, the problem is logged, and the title shows
one message in the person's language.  The rest of the table keeps working.

DX-2 (harden): a broken rules text (data/rules/<id>.yaml) or a missing game catalogue
also marks the game as unable to start: its F1 rules and its messages would be missing.
DX-3 (harden): the technical detail (file, entry, field) is shown in English after a
translated sentence; it is what an owner editing the YAML needs to find the line.
"""
from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass, field

from games import registry
from games.core import i18n
from games.core.data import DataError

log = logging.getLogger("table")


@dataclass
class StartupReport:
    """What the check found: messages for people (file, entry, field, problem)."""

    problems: list[str] = field(default_factory=list)
    broken_games: dict[str, str] = field(default_factory=dict)  # game id -> first problem
    catalog_ok: bool = True


def check_all() -> StartupReport:
    """Load and validate every data file; never raises (each problem becomes a message)."""
    global _report
    report = _report = StartupReport()
    try:
        games = registry.catalog()
    except DataError as err:
        report.catalog_ok = False
        report.problems.append(str(err))
        games = ()
    report.problems.extend(i18n.problems())
    for g in games:
        if not registry._has_package(g.id):
            continue  # listed but not built yet: the tile already says so
        problem = _check_game(g.id)
        if problem:
            report.problems.append(problem)
            report.broken_games[g.id] = problem
            registry.note_problem(g.id, problem)
    for msg in report.problems:
        log.error("start-up check: %s", msg)
    return report


_report: StartupReport | None = None


def report() -> StartupReport:
    """The check of this run (done once, before the first frame; ``check_all`` redoes it)."""
    global _report
    if _report is None:
        _report = check_all()
    return _report


def _check_game(game_id: str) -> str | None:
    """The first problem of one game's files, or None when it can start."""
    try:
        data_mod = importlib.import_module(f"games.{game_id}.data")
        if hasattr(data_mod, "load"):
            data_mod.load()
        registry.rules(game_id)
        registry.bots(game_id)
        if not (i18n.I18N_DIR / f"{game_id}.yaml").is_file():
            return f"data/i18n/{game_id}.yaml: missing (reinstall the table)"
        from games.app.overlays import rules_sections
        rules_sections(game_id)
    except DataError as err:
        return str(err)
    except Exception as exc:  # any import-time failure of one game must not stop the table
        log.exception("start-up check of %s", game_id)
        return f"games/{game_id}: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def summary(report: StartupReport, lang: str) -> tuple[str, str]:
    """(title, message) for the title screen's message box, in the person's language."""
    names = "、".join if lang == "ja" else ", ".join
    titles = names(registry.info(gid).title[lang] for gid in report.broken_games)
    body = i18n.tr("app.data_problem_games", lang, games=titles) if titles else \
        i18n.tr("app.data_problem_body", lang)
    more = len(report.problems) - 1
    detail = report.problems[0][:300]
    if more:
        detail += "\n" + i18n.tr("app.data_problem_more", lang, n=more)
    return i18n.tr("app.data_problem_title", lang), body + "\n" + detail
