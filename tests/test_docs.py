"""The README stays short and every page it and docs/ point at exists (issue 29 item 5).

The README is at most 250 lines; what does not fit lives under docs/, indexed by
docs/README.md. Every relative link in the README and in any docs/*.md names a file that
exists, and a link with an anchor (``page.md#part``) names a heading (or an ``id``) there.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def anchors(page: Path) -> set[str]:
    """GitHub's heading slugs (lower case, punctuation dropped, spaces to '-') and ids."""
    text = page.read_text(encoding="utf-8")
    out = set(re.findall(r'id="([^"]+)"', text))
    for heading in re.findall(r"^#+\s+(.*)$", text, re.M):
        out.add(re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-"))
    return out


def broken(page: Path) -> list[str]:
    out = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            out.append(target)
        elif anchor and dest.is_file() and anchor not in anchors(dest):
            out.append(target)
    return out


def test_the_readme_is_at_most_250_lines():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines: move the detail under docs/"


def test_every_link_of_the_readme_exists():
    readme = ROOT / "README.md"
    to_docs = [t for t in links(readme) if t.startswith("docs/")]
    assert len(to_docs) >= 10  # the README points at its docs
    assert broken(readme) == []


def test_every_link_of_the_docs_exists():
    pages = sorted(DOCS.rglob("*.md"))
    assert DOCS / "README.md" in pages
    assert {p.as_posix(): broken(p) for p in pages if broken(p)} == {}


def test_the_docs_index_lists_every_page():
    index = DOCS / "README.md"
    listed = {(DOCS / t.partition("#")[0]).resolve() for t in links(index)}
    pages = [p for p in sorted(DOCS.glob("*.md")) if p != index] + [DOCS / "rules" / "README.md"]
    missing = [p.relative_to(DOCS).as_posix() for p in pages if p.resolve() not in listed]
    assert missing == [], f"docs/README.md does not list {missing}"
