"""Every relative link of the README and of docs/ resolves: to a file or folder of the repository,
and, where it names a heading (``page.md#heading``, ``#heading``), to a heading of that page.

Links inside code (fenced blocks, backticks) are text, not links, and are
left out; so are links with a scheme (``https:``).  Headings are matched by
GitHub's anchors: lower case, punctuation but ``-`` and ``_`` dropped,
spaces as ``-``, a repeated heading numbered ``-1``, ``-2``.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
INLINE_CODE = re.compile(r"(`+).*?\1", re.S)
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
# An HTML anchor a page sets itself: <a id="..."> or <a name="...">.
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def prose(text: str) -> str:
    """The page without its code: fenced blocks and inline code spans blanked."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    text = re.sub(r"<[^>]+>", "", heading)  # HTML tags
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link keeps its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found: set[str] = set(HTML_ANCHOR.findall(text))
    seen: Counter[str] = Counter()
    for _, heading in HEADING.findall(text):
        base = slug(heading)
        found.add(base if not seen[base] else f"{base}-{seen[base]}")
        seen[base] += 1
    return found


def links(page: Path) -> list[str]:
    return LINK.findall(prose(page.read_text(encoding="utf-8")))


def problems(page: Path) -> list[str]:
    """Each link of ``page`` that does not resolve, with why."""
    found = []
    for target in links(page):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target):
            continue  # https:, mailto:
        path_part, _, fragment = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page
        if REPO not in resolved.parents and resolved != REPO:
            found.append(f"{target}: outside the repository")
        elif not resolved.exists():
            found.append(f"{target}: no such file or folder")
        elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
            found.append(f"{target}: no heading #{fragment} in {resolved.relative_to(REPO)}")
    return found


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(REPO)) for page in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    assert problems(page) == []


def test_the_readme_links_to_every_docs_page() -> None:
    linked = {(REPO / target.partition("#")[0]).resolve() for target in links(REPO / "README.md")}
    pages = {page.resolve() for page in (REPO / "docs").glob("*.md")}
    assert pages - linked == set()


def test_the_readme_is_a_front_page() -> None:
    # The "at most about 200 lines": the rest lives in docs/.
    assert len((REPO / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


def test_a_dead_link_and_a_missing_heading_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(f"{__name__}.REPO", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## Two words\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "[ok](docs/a.md#two-words) [ok](#top) [gone](docs/b.md) [bad](docs/a.md#three)\n"
        "[web](https://example.com/x) `[code](nowhere.md)`\n\n```\n[fenced](nowhere.md)\n```\n# Top\n",
        encoding="utf-8",
    )
    assert problems(page) == [
        "docs/b.md: no such file or folder",
        "docs/a.md#three: no heading #three in docs/a.md",
    ]


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Certify a port", "certify-a-port"),
        ('`chat.request`: the Chat Completions model (0.25.0 `wire_api = "chat"`)', None),
        ("On a fresh machine (python3 and pip)", "on-a-fresh-machine-python3-and-pip"),
    ],
)
def test_slugs_are_githubs(heading: str, anchor: str | None) -> None:
    if anchor is not None:
        assert slug(heading) == anchor
    else:
        assert slug(heading) == "chatrequest-the-chat-completions-model-0250-wire_api--chat"
