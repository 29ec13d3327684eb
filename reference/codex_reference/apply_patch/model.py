"""The parsed form of a patch: hunks and chunks, and the neutral JSON of ``apply_patch.parse``."""

from __future__ import annotations

from dataclasses import dataclass, field

from codex_reference.json_types import JSON


@dataclass
class Chunk:
    # The text after `@@ `: the search for `old_lines` starts after the
    # first line matching it.
    change_context: str | None = None
    old_lines: list[str] = field(default_factory=list)
    new_lines: list[str] = field(default_factory=list)
    # `*** End of File` closed the chunk: `old_lines` are looked for at the end.
    is_end_of_file: bool = False
    # The chunk's lines in patch order as (" " | "-" | "+", text): 0.169.0
    # keeps the file's own text for context lines, so it needs to know them.
    diff: list[tuple[str, str]] = field(default_factory=list)

    def add(self, kind: str, text: str) -> None:
        if kind != "+":
            self.old_lines.append(text)
        if kind != "-":
            self.new_lines.append(text)
        self.diff.append((kind, text))

    def is_empty(self) -> bool:
        return not self.old_lines and not self.new_lines

    def as_json(self) -> dict[str, JSON]:
        return {
            "change_context": self.change_context,
            "old_lines": list(self.old_lines),
            "new_lines": list(self.new_lines),
            "is_end_of_file": self.is_end_of_file,
        }


@dataclass
class AddFile:
    path: str
    contents: str = ""

    def as_json(self) -> dict[str, JSON]:
        return {"type": "add", "path": self.path, "contents": self.contents}


@dataclass
class DeleteFile:
    path: str

    def as_json(self) -> dict[str, JSON]:
        return {"type": "delete", "path": self.path}


@dataclass
class UpdateFile:
    path: str
    move_path: str | None = None
    chunks: list[Chunk] = field(default_factory=list)

    def as_json(self) -> dict[str, JSON]:
        return {
            "type": "update",
            "path": self.path,
            "move_path": self.move_path,
            "chunks": [chunk.as_json() for chunk in self.chunks],
        }


Hunk = AddFile | DeleteFile | UpdateFile


class PatchParseError(Exception):
    """What the release prints after ``Invalid patch: `` (line None) or
    ``Invalid patch hunk on line N: ``."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def printed(self) -> str:
        if self.line is None:
            return f"Invalid patch: {self.message}\n"
        return f"Invalid patch hunk on line {self.line}: {self.message}\n"

    def displayed(self) -> str:
        """The error's own Display, as the tool handler writes it back (HOST-PATCH-4): the
        command line's ``printed`` text is another wording of the same error."""
        if self.line is None:
            return f"invalid patch: {self.message}"
        return f"invalid hunk at line {self.line}, {self.message}"

    def as_json(self) -> dict[str, JSON]:
        return {"line": self.line, "message": self.message}
