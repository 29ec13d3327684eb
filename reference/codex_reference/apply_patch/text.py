"""A file's text as lines, and back: one variant per edition.

- ``ClassicText`` (0.25.0): ``split('\\n')`` with the empty piece after a
  final newline dropped; ``\\r`` stays part of a line (CRLF lines match only
  from the second pass on, and replaced lines lose it); the result always
  ends with ``\\n``.
- ``EndingText`` (0.169.0): lines end in ``\\n``, ``\\r\\n`` or a lone ``\\r``,
  each line keeps its own ending; new lines get the file's first ending
  (``\\n`` when it has none), and a last line without an ending gets one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

# (start line, lines removed, lines inserted): an inserted int is the index of
# an original line kept as it is (text and ending), a str is new text.
Replacement = tuple[int, int, list[str | int]]


class Document(Protocol):
    texts: list[str]

    def pure_addition_index(self) -> int: ...

    def render(self, replacements: list[Replacement]) -> str: ...


class ClassicText:
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
            lines[start:start] = [self.texts[item] if isinstance(item, int) else item for item in inserted]
        if self.add_final_newline and (not lines or lines[-1] != ""):
            lines.append("")
        return "\n".join(lines)


class EndingText:
    def __init__(self, content: str) -> None:
        texts: list[str] = []
        endings: list[str | None] = []
        start = 0
        index = 0
        size = len(content)
        while index < size:
            char = content[index]
            if char in {"\n", "\r"}:
                ending = "\r\n" if content.startswith("\r\n", index) else char
                texts.append(content[start:index])
                endings.append(ending)
                index += len(ending)
                start = index
            else:
                next_break = _next_break(content, index)
                index = next_break
        if start < size:
            texts.append(content[start:])
            endings.append(None)
        self.texts = texts
        self.endings = endings
        self.preferred = next((ending for ending in endings if ending), "\n")

    def pure_addition_index(self) -> int:
        return len(self.texts)

    def render(self, replacements: list[Replacement]) -> str:
        out: list[str] = []
        position = 0
        for start, removed, inserted in replacements:
            for index in range(position, max(position, start)):
                out.append(self.texts[index] + (self.endings[index] or self.preferred))
            for item in inserted:
                if isinstance(item, int):
                    out.append(self.texts[item] + (self.endings[item] or self.preferred))
                else:
                    out.append(item + self.preferred)
            position = max(position, start + removed)
        for index in range(position, len(self.texts)):
            out.append(self.texts[index] + (self.endings[index] or self.preferred))
        return "".join(out)


def _next_break(content: str, index: int) -> int:
    newline = content.find("\n", index)
    carriage = content.find("\r", index)
    candidates = [found for found in (newline, carriage) if found != -1]
    return min(candidates) if candidates else len(content)


@dataclass(frozen=True)
class TextRules:
    document: Callable[[str], Document]
    # Replacements in position order (0.169.0) or in chunk order (0.25.0).
    sort_replacements: bool
