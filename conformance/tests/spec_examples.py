"""Spec pages cite fixture cases as examples; keep the two in step.

A page declares clauses as ``### `ID` title`` and cites cases as a line
``Example: <case id>`` followed by a ```json block holding the case's
``args`` and ``expected``.  The block is rendered from the captured fixture
(``python conformance/tests/spec_examples.py spec/mcp.md`` rewrites them);
``test_spec_examples`` checks that every cited case exists and that the
block still equals it, key order included.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case, load_cases
from codex_conformance.paths import fixtures_dir

CLAUSE_RE = re.compile(r"^### `([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)` \S.*$")
EXAMPLE_RE = re.compile(r"^Example: (\S+)$")
FENCE_OPEN, FENCE_CLOSE = "```json", "```"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def render(case: Case) -> str:
    """The block for ``case``: one line for args, one per top-level entry of expected."""
    expected = case.expected.model_dump()
    lines = [FENCE_OPEN, "{", f'"args": {_compact(case.args)},']
    result = expected.get("result")
    if isinstance(result, dict) and len(result) == 1 and isinstance(next(iter(result.values())), list):
        (key, items) = next(iter(result.items()))
        body = ",\n".join(_compact(item) for item in items)
        lines.append(f'"expected": {{"result": {{"{key}": [' + ("\n" + body + "\n" if items else "") + "]}}")
    else:
        lines.append(f'"expected": {_compact(expected)}')
    lines += ["}", FENCE_CLOSE]
    return "\n".join(lines)


def _lines(text: str) -> list[str]:
    """A page's lines, cut at line feeds only: ``str.splitlines`` also cuts at
    U+2028 and other separators an example's JSON may hold as they are."""
    return text.removesuffix("\n").split("\n")


def examples(text: str) -> list[tuple[str, str | None]]:
    """(case id, block text or None) for every Example line of a page."""
    lines = _lines(text)
    found: list[tuple[str, str | None]] = []
    for index, line in enumerate(lines):
        match = EXAMPLE_RE.match(line)
        if not match:
            continue
        block: str | None = None
        rest = lines[index + 1 :]
        while rest and not rest[0].strip():
            rest = rest[1:]
        if rest and rest[0] == FENCE_OPEN:
            end = rest.index(FENCE_CLOSE, 1)
            block = "\n".join(rest[1:end])
        found.append((match.group(1), block))
    return found


def clauses(text: str) -> list[str]:
    return [m.group(1) for line in _lines(text) if (m := CLAUSE_RE.match(line))]


def rewrite(path: Path, cases: dict[str, Case]) -> None:
    lines = _lines(path.read_text(encoding="utf-8"))
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        match = EXAMPLE_RE.match(line)
        if not match:
            continue
        probe = index
        while probe < len(lines) and not lines[probe].strip():
            probe += 1
        if probe < len(lines) and lines[probe] == FENCE_OPEN:
            index = lines.index(FENCE_CLOSE, probe + 1) + 1
        out += ["", render(cases[match.group(1)])]
        if index < len(lines) and lines[index].strip():
            out.append("")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    all_cases = {case.id: case for case in load_cases(fixtures_dir())}
    for name in sys.argv[1:]:
        rewrite(Path(name), all_cases)
