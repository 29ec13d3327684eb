"""How a spec page declares its clauses: a ``### `ID` title`` heading outside code blocks.

``fixtures lint`` (which ids are declared, and where) and ``fixtures export``
(each clause's title and text) read the pages with this one reader, so the
two never disagree on what a page declares: a heading shown inside a fenced
example is text, not a declaration.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CLAUSE_ID = re.compile(r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)+")
CLAUSE_HEADING = re.compile(r"^### `([^`]*)`")
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class ClauseHeading:
    index: int  # of the heading's line, from 0
    clause: str  # as written: lint reports an id CLAUSE_ID does not match, export leaves it out
    title: str


def clause_headings(lines: list[str]) -> list[ClauseHeading]:
    """Every clause heading of a page's lines, in page order; none from inside a fenced block."""
    found = []
    fenced = False
    for index, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else CLAUSE_HEADING.match(line)
        if match:
            found.append(ClauseHeading(index, match.group(1), line[match.end() :].strip()))
    return found


__all__ = ["CLAUSE_HEADING", "CLAUSE_ID", "FENCE", "ClauseHeading", "clause_headings"]
