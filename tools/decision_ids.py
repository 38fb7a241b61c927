"""Decision ids that say their area: find, rename, index and check the code's decision notes.

``python tools/decision_ids.py [--rename] [--index] [--check] [--report]``

A decision beyond the spec is written down once, in the module it is about, as a line that
starts with its id (``- ENGINE-2 (perf) ...`` in a docstring, ``# TOOLS-BUILD-APP-28: ...``
in a comment); everything else naming the id is a reference.  The id is ``<AREA>-<n>``, the
area being the defining module's place (``area_of``):

  games/core/<m>.py          -> <M>                 ENGINE-2, RECORD-6, RNG-6
  games/ui/<m>.py            -> <M>                 TABLE-3, MOTION-8, TEXT-27
  games/app/<m>.py           -> APP-<M>             APP-MEMORY-14, APP-SESSION-2
  games/<game>/<m>.py        -> <GAME>-<M>          TOUTOMI-RULES-10, FUJI99-RULES-4
  games/<game>/ui/<m>.py     -> <GAME>-UI-<M>       QUMASU-UI-FONTS-1, BRUJAS-UI-VIEW-2
  tools/<m>.py               -> TOOLS-<M>           TOOLS-BUILD-APP-28

(``_`` in a module name becomes ``-``; an ``__init__.py`` is its package's area.)  The rule
decisions of the specs, ``D-n`` (docs/rules/<game>.md), are not touched.

Older notes were ``DX-n``, numbered per module.  ``--rename`` rewrites every ``DX-n`` (and a
test name's ``dxN``) to its area id, resolving each occurrence by context (``resolve``):
``<path or module> DX-n`` / ``DX-n of <path>`` / ``DX-n (<file>)`` name the module (a chain
``X DX-1, DX-2`` shares it); a bare ``DX-n`` is its own module's note, else the one note of
that number in its package, else (in a game's rules package) its game's rules.py.  What
context cannot settle (tests, README, a UI module citing the table's note) is settled by the
explicit ``tools/decision_ids.map`` (``<file> DX-<n> ["text on the line"] -> <module>``; the
file may be a glob; a ``DX-*`` line is the file's default after its context).  A range
``DX-16–18`` is first spelled out (``DX-16, DX-17, DX-18``).  A test name's ``dxN`` becomes the
area's name in lower case (``test_dx7_x`` in tests/test_qumasu_rules.py ->
``test_qumasu_rules_7_x``; ``test_stretch_dx1_x`` -> ``test_stretch_1_x``): by the map, or
by the one module the file's own ``DX-n`` texts name; else it is left and reported.  Files
that quote ids as syntax (tests/test_rules_docs.py) are skipped.  The tool is idempotent:
on a renamed tree ``--rename`` changes nothing.

``--index`` writes docs/decisions.md; ``--check`` exits 1 when an id is defined twice (a
line that starts with another area's id cites it), a reference names no definition, a
``DX-n`` or ``dxN`` test name is left, or docs/decisions.md is not current
(tests/test_decisions.py runs the same checks).  ``--report`` shows how each ``DX-n`` left
would be resolved (map, named, chain, own, package, game rules, unresolved).
"""
from __future__ import annotations

import argparse
import fnmatch
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAP_FILE = "tools/decision_ids.map"
INDEX_FILE = "docs/decisions.md"
SUFFIXES = {".py", ".md", ".txt", ".yaml", ".yml", ".spec", ".toml", ".cfg", ".ini", ".sh"}
SKIP_DIRS = {".git", "__pycache__", ".venv", "venv", "build", "dist", "node_modules", "sprites"}
# files that quote ids as examples of syntax (not notes), and this tool's own files
SKIP_FILES = {"tests/test_rules_docs.py", "tools/decision_ids.py", MAP_FILE,
              "tests/test_decisions.py", INDEX_FILE}
GAME_DIR = re.compile(r"^games/([a-z0-9]+)/")
OLD = re.compile(r"(?<![\w-])DX-(\d+)([a-z]?)(?![\w])")
TEST_TOKEN = re.compile(r"(?:(?<=_)|(?<=^))dx(\d+)(?=_|$)")
TEST_DEF = re.compile(r"^(\s*(?:async\s+)?def\s+)(test_\w+)", re.MULTILINE)
DEF_HEAD = re.compile(r"[ \t]*(?:#+[ \t]*)?(?:[-*][ \t]+)?")
DEF_TAIL = re.compile(r"(?=[\s(:.,;]|$)")
QUAL_BEFORE = re.compile(
    r"(?:(?<![\w/.])((?:games|tools|tests)/[\w/]+\.py)|(?<![\w/.])(\w+)(?:\.py)?)"
    r"[`*]*(?:[ \t]+|[ \t]*\n[ \t]*(?:#[ \t]*)?)$")
QUAL_AFTER = re.compile(r"(?:[\s#]+of[\s#]+[`*]*((?:games|tools)/[\w/]+\.py|\w+\.py)"
                        r"|[ \t]*\(((?:games|tools)/[\w/]+\.py|\w+\.py)\))")
GENERIC = re.compile(r"(?<![\w-])DX-n(?![\w])")  # "the DX-n notes": said in words, not renamed
RANGE = re.compile(r"(?<![\w-])DX-(\d+)[\u2013-](\d+)(?![\w.])")
CHAIN = re.compile(r"^[\s,]*(?:and|or|&)?[\s,]*$")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def area_of(module: str) -> str:
    """The area of a module path (``games/app/memory.py`` -> ``APP-MEMORY``)."""
    parts = module.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if parts[0] == "games":
        parts = parts[1:]
        if parts and parts[0] in ("core", "ui") and len(parts) > 1:
            parts = parts[1:]
    return "-".join(p.upper().replace("_", "-") for p in parts) or "GAMES"


def text_files(root: Path = ROOT) -> dict[str, str]:
    out = {}
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if any(p in SKIP_DIRS for p in parts[:-1]) or not path.is_file():
            continue
        name = path.relative_to(root).as_posix()
        if name in SKIP_FILES or not (path.suffix in SUFFIXES or name == ".ci/run"):
            continue
        try:
            out[name] = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
    return out


def modules(files: dict[str, str]) -> list[str]:
    return [f for f in files if f.endswith(".py") and f.startswith(("games/", "tools/"))]


def new_id_re(areas) -> re.Pattern:
    alts = "|".join(re.escape(a) for a in sorted(areas, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alts})-(\d+)([a-z]?)(?![\w])")


@dataclass
class Note:
    id: str
    area: str
    module: str
    line: int
    text: str


@dataclass
class Mapping:
    file: str
    number: int | None  # None: every number (``DX-*``)
    contains: str | None
    module: str


def read_map(root: Path = ROOT) -> list[Mapping]:
    path = root / MAP_FILE
    if not path.exists():
        return []
    out = []
    pat = re.compile(r'^(\S+)\s+DX-(\d+|\*)(?:\s+"([^"]*)")?\s+->\s+(\S+)\s*$')
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        m = pat.match(line)
        if not m:
            raise ValueError(f"{MAP_FILE}: cannot read {raw!r}")
        out.append(Mapping(m[1], None if m[2] == "*" else int(m[2]), m[3], m[4]))
    return out


def mapped(maps: list[Mapping], file: str, number: int, line: str, every: bool = True) -> str | None:
    """The map's module for ``DX-<number>`` on ``line`` of ``file`` (a ``DX-*`` line if ``every``)."""
    for wanted in (number, None) if every else (number,):
        for m in maps:
            if fnmatch.fnmatchcase(file, m.file) and m.number == wanted and (m.contains is None or m.contains in line):
                return m.module
    return None


def line_at(text: str, pos: int) -> tuple[int, str]:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text.count("\n", 0, pos) + 1, text[start:end if end >= 0 else len(text)]


def is_definition_at(text: str, pos: int) -> bool:
    start = text.rfind("\n", 0, pos) + 1
    head = DEF_HEAD.match(text, start)
    return head is not None and head.end() == pos


class Tree:
    """The notes of a tree: who defines which number (old ``DX-n`` or new area ids)."""

    def __init__(self, files: dict[str, str], maps: list[Mapping]):
        self.files, self.maps = files, maps
        self.mods = modules(files)
        self.areas = {}
        for m in self.mods:
            self.areas.setdefault(area_of(m), []).append(m)
        self.new = new_id_re(self.areas)
        self.defs: dict[str, set[int]] = {}  # module -> numbers it defines (either style)
        self.old_defs: set[tuple[str, int]] = set()  # (module, start of its DX-n definition)
        self.notes: list[Note] = []
        for mod in self.mods:
            self._scan_defs(mod)

    def _scan_defs(self, mod: str) -> None:
        text, area = self.files[mod], area_of(mod)
        for m in OLD.finditer(text):
            lineno, line = line_at(text, m.start())
            if m[2] or not is_definition_at(text, m.start()) or not DEF_TAIL.match(text, m.end()):
                continue
            if mapped(self.maps, mod, int(m[1]), line, every=False):
                continue  # the map says this line restates another module's note
            self.old_defs.add((mod, m.start()))
            self.defs.setdefault(mod, set()).add(int(m[1]))
            self.notes.append(Note(f"{area}-{m[1]}", area, mod, lineno, first_line(text, m.end())))
        for m in self.new.finditer(text):
            if m[3] or not is_definition_at(text, m.start()) or not DEF_TAIL.match(text, m.end()):
                continue
            if m[1] != area:
                continue  # a line that starts by restating another area's note cites it
            self.notes.append(Note(f"{m[1]}-{m[2]}", m[1], mod, line_at(text, m.start())[0],
                                   first_line(text, m.end())))
            self.defs.setdefault(mod, set()).add(int(m[2]))

    def definers(self, number: int, among) -> list[str]:
        return [m for m in among if number in self.defs.get(m, ())]

    def by_name(self, word: str, number: int, file: str) -> str | None:
        """The module a qualifier (a path, ``x.py`` or a module's name) points at."""
        if "/" in word:
            return word if word in self.files else None
        stem = word.lower().removesuffix(".py")
        cands = self.definers(number, [m for m in self.mods if Path(m).stem == stem])
        if len(cands) > 1:
            game = GAME_DIR.match(file)
            named = [g for g in {GAME_DIR.match(c)[1] for c in cands if GAME_DIR.match(c)}
                     if (game and game[1] == g) or g in Path(file).stem.split("_")]
            cands = [c for c in cands if any(c.startswith(f"games/{g}/") for g in named)]
        return cands[0] if len(cands) == 1 else None

    def is_module_name(self, word: str) -> bool:
        stem = word.lower().removesuffix(".py")
        return "/" in word or any(Path(m).stem == stem for m in self.mods)


def first_line(text: str, end: int) -> str:
    """The rest of a definition's line after its id."""
    stop = text.find("\n", end)
    rest = text[end:stop if stop >= 0 else len(text)].strip().removesuffix('"""')
    return rest.lstrip(":").strip()


@dataclass
class Ref:
    file: str
    start: int
    end: int
    number: int
    suffix: str
    module: str | None
    how: str
    line: int
    text: str


def qualifier(tree: Tree, file: str, text: str, m: re.Match) -> tuple[str | None, bool]:
    """(module, named): the module the words around ``m`` name, and whether they name one."""
    number = int(m[1])
    before = QUAL_BEFORE.search(text[max(0, m.start() - 120):m.start()])
    if before and tree.is_module_name(before[1] or before[2]):
        return tree.by_name(before[1] or before[2], number, file), True
    after = QUAL_AFTER.match(text, m.end())
    if after:
        return tree.by_name(after[1] or after[2], number, file), True
    return None, False


def resolve(tree: Tree, file: str, text: str, m: re.Match, prev: Ref | None) -> tuple[str | None, str]:
    number = int(m[1])
    lineno, line = line_at(text, m.start())
    hit = mapped(tree.maps, file, number, line, every=False)
    if hit:
        return hit, "map"
    module, named = qualifier(tree, file, text, m)
    if named:
        return module, "named"
    if prev and prev.how in ("named", "chain") and CHAIN.match(text[prev.end:m.start()]):
        return (prev.module if number in tree.defs.get(prev.module or "", ()) else None), "chain"
    hit = mapped(tree.maps, file, number, line)
    if hit:
        return hit, "map"
    if file in tree.mods and number in tree.defs.get(file, ()):
        return file, "own"
    if file.startswith("games/"):
        folder = file.rsplit("/", 1)[0] + "/"
        same = tree.definers(number, [x for x in tree.mods if x.rsplit("/", 1)[0] + "/" == folder])
        if len(same) == 1:
            return same[0], "package"
        game = GAME_DIR.match(file)
        rules = f"games/{game[1]}/rules.py" if game else ""
        if game and "/ui/" not in file and number in tree.defs.get(rules, ()):
            return rules, "game rules"
    return None, "unresolved"


def old_refs(tree: Tree) -> list[Ref]:
    """Every ``DX-n`` in the tree that is not a definition, resolved."""
    out = []
    for file, text in tree.files.items():
        prev = None
        for m in OLD.finditer(text):
            if (file, m.start()) in tree.old_defs:
                prev = Ref(file, m.start(), m.end(), int(m[1]), m[2], file, "own", 0, "")
                continue
            module, how = resolve(tree, file, text, m, prev)
            lineno, line = line_at(text, m.start())
            prev = Ref(file, m.start(), m.end(), int(m[1]), m[2], module, how, lineno, line.strip())
            out.append(prev)
    return out


def test_renames(tree: Tree, refs: list[Ref]) -> tuple[dict[str, str], list[str]]:
    """Old test name -> new one (``dxN`` -> ``<area>_N``), and the names left (unresolved)."""
    renames, left = {}, []
    for file, text in tree.files.items():
        if not (file.startswith("tests/") and file.endswith(".py")):
            continue
        for d in TEST_DEF.finditer(text):
            name, line = d[2], d[0].strip()

            def swap(t: re.Match, file=file, line=line, name=name) -> str:
                number = int(t[1])
                module = mapped(tree.maps, file, number, name) or mapped(tree.maps, file, number, line)
                if module is None:
                    seen = {r.module for r in refs if r.file == file and r.number == number}
                    module = seen.pop() if len(seen) == 1 else None
                if module is None or number not in tree.defs.get(module, ()):
                    left.append(f"{file}: {name} (dx{number})")
                    return t[0]
                return f"{area_of(module).lower().replace('-', '_')}_{number}"

            new = TEST_TOKEN.sub(swap, name)
            for area in {area_of(m).lower().replace("-", "_") for m in tree.mods}:
                new = new.replace(f"_{area}_{area}_", f"_{area}_")  # test_stretch_stretch_1 -> ..._stretch_1
            if new != name:
                renames[name] = new
    return renames, left


def spell_out_ranges(root: Path = ROOT) -> None:
    """``DX-16–18`` -> ``DX-16, DX-17, DX-18`` (each then resolved on its own)."""
    def spell(m: re.Match) -> str:
        a, b = int(m[1]), int(m[2])
        return ", ".join(f"DX-{n}" for n in range(a, b + 1)) if 0 < b - a < 10 else m[0]

    for file, text in text_files(root).items():
        new = RANGE.sub(spell, text)
        if new != text:
            (root / file).write_text(new, encoding="utf-8")


def rename(root: Path = ROOT) -> tuple[int, int, int, list[Ref], list[str]]:
    """Rewrite every resolvable ``DX-n`` and ``dxN`` test name; returns the counts and leftovers."""
    spell_out_ranges(root)
    tree = load(root)
    refs = old_refs(tree)
    names, left = test_renames(tree, refs)
    edits: dict[str, list[tuple[int, int, str]]] = {}
    defs = 0
    for file, start in tree.old_defs:
        m = OLD.match(tree.files[file], start)
        edits.setdefault(file, []).append((m.start(), m.end(), f"{area_of(file)}-{m[1]}"))
        defs += 1
    done = 0
    for r in refs:
        if r.module and r.number in tree.defs.get(r.module, ()):
            edits.setdefault(r.file, []).append((r.start, r.end, f"{area_of(r.module)}-{r.number}{r.suffix}"))
            done += 1
    name_re = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") if names else None
    for file in set(edits) | (set(tree.files) if name_re else set()):
        text = tree.files[file]
        for start, end, new in sorted(edits.get(file, []), reverse=True):
            text = text[:start] + new + text[end:]
        if name_re:
            text = name_re.sub(lambda m: names[m[1]], text)
        if text != tree.files[file]:
            (root / file).write_text(text, encoding="utf-8")
    unresolved = [r for r in refs if not (r.module and r.number in tree.defs.get(r.module, ()))]
    return defs, done, len(names), unresolved, left


def index_text(tree: Tree) -> str:
    out = ["# Decisions", "",
           "Every decision the code makes beyond the specs (the rule decisions D-n are in",
           "[docs/rules/](rules/)), by area: its id, the module that defines it and the first line",
           "of its note.  The id's area is the module's place: `games/core/<m>.py` and",
           "`games/ui/<m>.py` -> `<M>`, `games/app/<m>.py` -> `APP-<M>`, `games/<game>/<m>.py` ->",
           "`<GAME>-<M>`, `games/<game>/ui/<m>.py` -> `<GAME>-UI-<M>`, `tools/<m>.py` -> `TOOLS-<M>`.",
           "", "Generated by `python tools/decision_ids.py --index` (do not edit by hand;",
           "`--check` and tests/test_decisions.py say when it is out of date).", ""]
    by_area: dict[str, list[Note]] = {}
    for n in tree.notes:
        by_area.setdefault(n.area, []).append(n)
    for area in sorted(by_area, key=lambda a: (_layer(by_area[a][0].module), by_area[a][0].module)):
        notes = sorted(by_area[area], key=lambda n: (_num(n.id), n.id))
        out += [f"## {area}", "", f"`{notes[0].module}`", ""]
        out += [f"- **{n.id}** {n.text}".rstrip() for n in notes]
        out.append("")
    return "\n".join(out)


def _layer(module: str) -> int:
    """core, ui, app, the games, tools: the order of the index."""
    for rank, head in enumerate(("games/core/", "games/ui/", "games/app/", "games/")):
        if module.startswith(head):
            return rank
    return 4


def _num(note_id: str) -> int:
    return int(note_id.rsplit("-", 1)[1])


def load(root: Path = ROOT) -> Tree:
    return Tree(text_files(root), read_map(root))


def duplicates(tree: Tree) -> list[str]:
    """An id defined twice, or two modules sharing one area."""
    out = [f"{a}: two modules share one area: {', '.join(ms)}" for a, ms in tree.areas.items()
           if len(ms) > 1]
    seen: dict[str, Note] = {}
    for n in tree.notes:
        if n.id in seen:
            first = seen[n.id]
            out.append(f"{n.id} defined twice: {first.module}:{first.line} and {n.module}:{n.line}")
        seen.setdefault(n.id, n)
    return out


def dangling(tree: Tree) -> list[str]:
    """A reference to no definition, a ``DX-n`` not renamed, a test name still citing ``dxN``."""
    ids = {n.id for n in tree.notes}
    out = []
    for file, text in tree.files.items():
        for m in tree.new.finditer(text):
            if f"{m[1]}-{m[2]}" not in ids:
                out.append(f"{file}:{line_at(text, m.start())[0]}: {m[0]} names no definition")
        for m in OLD.finditer(text):
            out.append(f"{file}:{line_at(text, m.start())[0]}: {m[0]} is not renamed (run --rename)")
        if file.startswith("tests/") and file.endswith(".py"):
            out += [f"{file}: {d[2]} cites dx (run --rename)" for d in TEST_DEF.finditer(text)
                    if TEST_TOKEN.search(d[2])]
    return out


def stale_index(tree: Tree, root: Path = ROOT) -> list[str]:
    index = root / INDEX_FILE
    if index.exists() and index.read_text(encoding="utf-8") == index_text(tree):
        return []
    return [f"{INDEX_FILE} is not current (run --index)"]


def write_index(root: Path = ROOT) -> None:
    (root / INDEX_FILE).parent.mkdir(parents=True, exist_ok=True)
    (root / INDEX_FILE).write_text(index_text(load(root)), encoding="utf-8")


def problems(root: Path = ROOT) -> list[str]:
    """Everything ``--check`` refuses."""
    tree = load(root)
    return duplicates(tree) + dangling(tree) + stale_index(tree, root)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--rename", action="store_true", help="rewrite DX-n and dxN to area ids")
    ap.add_argument("--index", action="store_true", help=f"write {INDEX_FILE}")
    ap.add_argument("--check", action="store_true", help="exit 1 on any problem")
    ap.add_argument("--report", action="store_true", help="list how each DX-n is resolved")
    args = ap.parse_args(argv)
    if args.report:
        tree = load()
        for r in old_refs(tree):
            print(f"{r.how:10} {r.file}:{r.line} DX-{r.number}{r.suffix} -> {r.module}   | {r.text[:90]}")
    if args.rename:
        defs, refs, names, unresolved, left = rename()
        print(f"renamed {defs} definitions, {refs} references, {names} test names")
        for r in unresolved:
            print(f"UNRESOLVED {r.file}:{r.line} DX-{r.number}{r.suffix} ({r.how}): {r.text[:100]}")
        for name in left:
            print(f"UNRESOLVED test name {name}")
    if args.index:
        write_index()
    if args.check:
        found = problems()
        for p in found:
            print(p)
        for file, text in load().files.items():
            for m in GENERIC.finditer(text):
                print(f"note: {file}:{line_at(text, m.start())[0]} says DX-n (say <AREA>-n?)")
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
