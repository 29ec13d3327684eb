"""A file's text as lines, and back: one variant per edition.

- ``LfSplitText`` (0.25.0): ``split('\\n')`` with the empty piece after a
  final newline dropped; ``\\r`` stays part of a line (CRLF lines match only
  from the second pass on, and replaced lines lose it); the result always
  ends with ``\\n``.
- ``EndingText`` (0.169.0): lines end in ``\\n``, ``\\r\\n`` or a lone ``\\r``,
  each line keeps its own ending; new lines get the file's first ending
  (``\\n`` when it has none), and a last line without an ending gets one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

# (start line, lines removed, new lines inserted there).
Replacement = tuple[int, int, list[str]]

_LINE_BREAK = re.compile(r"(\r\n|\n|\r)")


class Document(Protocol):
    texts: list[str]

    def pure_addition_index(self) -> int: ...

    def render(self, replacements: list[Replacement]) -> str: ...


class LfSplitText:
    def __init__(self, content: str, add_final_newline: bool = True) -> None:
        texts = content.split("\n")
        if texts[-1] == "":
            texts.pop()
        self.texts = texts
        self.add_final_newline = add_final_newline

    def pure_addition_index(self) -> int:
        # Before a trailing blank line, if the file ends with one.
        if self.texts and self.texts[-1] == "":
            return len(self.texts) - 1
        return len(self.texts)

    def render(self, replacements: list[Replacement]) -> str:
        lines = list(self.texts)
        # From the last replacement to the first, as listed (0.25.0 does not
        # sort them: a pure addition listed first is inserted after the later
        # chunk changed the line count, at its stale index).
        for start, removed, inserted in reversed(replacements):
            del lines[start : start + removed]
            lines[start:start] = inserted
        if self.add_final_newline and (not lines or lines[-1] != ""):
            lines.append("")
        return "\n".join(lines)


class EndingText:
    def __init__(self, content: str) -> None:
        # Most files end every line in \n alone: str.split is several times
        # faster than the regex on them, and render can join with "\n".
        self.lf_only = "\r" not in content
        endings: list[str | None] = []
        if self.lf_only:
            # Every ending is \n (and the preferred one): _lines joins with it, so
            # no list of endings is kept.
            texts = content.split("\n")
        else:
            # One C-level split: text, ending, text, ending, ..., final text.
            parts = _LINE_BREAK.split(content)
            texts = parts[0::2]
            endings = list(parts[1::2])
            if texts[-1]:
                endings.append(None)  # a last line without an ending
        if not texts[-1]:
            texts.pop()
        self.texts = texts
        self.endings = endings
        self.preferred = endings[0] if endings and endings[0] else "\n"

    def pure_addition_index(self) -> int:
        return len(self.texts)

    def render(self, replacements: list[Replacement]) -> str:
        if self.endings and self.endings[-1] is None:
            self.endings[-1] = self.preferred  # an updated file always ends with a line ending
        out: list[str] = []
        position = 0
        for start, removed, inserted in replacements:
            if start > position:
                out.append(self._lines(position, start))
            out.extend(text + self.preferred for text in inserted)
            position = max(position, start + removed)
        out.append(self._lines(position, len(self.texts)))
        return "".join(out)

    def _lines(self, start: int, stop: int) -> str:
        """The original lines ``start:stop`` with their endings."""
        if start >= stop:
            return ""
        if self.lf_only:  # every ending is \n (a missing last one was set to the preferred \n)
            return "\n".join(self.texts[start:stop]) + "\n"
        return "".join(map(str.__add__, self.texts[start:stop], self.endings[start:stop]))  # type: ignore[arg-type]


@dataclass(frozen=True)
class TextRules:
    document: Callable[[str], Document]
    # Replacements in position order (0.169.0) or in chunk order (0.25.0).
    sort_replacements: bool
