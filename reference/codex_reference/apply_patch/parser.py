"""The release's hand-written patch parser, one function per edition's variant.

Both variants start the same way (Rust: ``patch.trim().lines()``, then the
Begin/End boundary check, then a heredoc wrapper as a fallback) and differ in
how they read the body:

- ``parse_blocks`` (0.25.0): hunk by hunk over slices of lines; markers are
  compared exactly except a hunk header, which is trimmed; an update hunk
  ends at the first line starting with ``***``.
- ``parse_lines`` (0.169.0): one line at a time through a small state
  machine; markers are compared after trimming; ``*** End of File`` closes a
  chunk; an ``*** Environment ID:`` line may precede the first hunk; text
  after an inner ``*** End Patch`` is rejected.

Both are more lenient than the Lark grammar the model is given (see
grammar.py), so the grammar cannot stand in for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from codex_reference.apply_patch.model import AddFile, Chunk, DeleteFile, Hunk, PatchParseError, UpdateFile
from codex_reference.rustlib.strings import lines as rust_lines
from codex_reference.rustlib.strings import trim, trim_end, trim_start

BEGIN = "*** Begin Patch"
END = "*** End Patch"
ADD = "*** Add File: "
DELETE = "*** Delete File: "
UPDATE = "*** Update File: "
MOVE = "*** Move to: "
EOF_MARKER = "*** End of File"
CONTEXT = "@@ "
EMPTY_CONTEXT = "@@"
ENVIRONMENT_ID = "*** Environment ID: "

FIRST_LINE = "The first line of the patch must be '*** Begin Patch'"
LAST_LINE = "The last line of the patch must be '*** End Patch'"
NO_LINES = "Update hunk does not contain any lines"


def _not_a_header(text: str) -> str:
    return (
        f"'{text}' is not a valid hunk header. Valid hunk headers: "
        "'*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'"
    )


def _unexpected(text: str) -> str:
    return (
        f"Unexpected line found in update hunk: '{text}'. Every line should start with "
        "' ' (context line), '+' (added line), or '-' (removed line)"
    )


def _expected_at_at(text: str) -> str:
    return f"Expected update hunk to start with a @@ context marker, got: '{text}'"


def _empty_update(path: str) -> str:
    return f"Update file hunk for path '{path}' is empty"


@dataclass(frozen=True)
class ParserRules:
    # First lines accepted as a heredoc opener (the last line must then end
    # with "EOF" and there must be at least 4 lines).
    heredoc_openers: tuple[str, ...]
    # Whether the Begin/End lines are compared after `trim()` (0.169.0) or
    # exactly (0.25.0; the whole patch is still trimmed first).
    trim_boundary_markers: bool
    body: Callable[[list[str]], list[Hunk]]


def parse(patch: str, rules: ParserRules) -> list[Hunk]:
    """The hunks of ``patch``, or raises PatchParseError with the release's text."""
    all_lines = rust_lines(trim(patch))
    error = _boundary_error(all_lines, rules)
    body_lines = all_lines
    if error is not None:
        # Lenient mode: a heredoc wrapper around an otherwise valid patch.
        if len(all_lines) >= 4 and all_lines[0] in rules.heredoc_openers and all_lines[-1].endswith("EOF"):
            body_lines = all_lines[1:-1]
            inner_error = _boundary_error(body_lines, rules)
            if inner_error is not None:
                raise PatchParseError(inner_error)
        else:
            raise PatchParseError(error)
    return rules.body(body_lines)


def _boundary_error(lines: list[str], rules: ParserRules) -> str | None:
    if not lines:
        return LAST_LINE
    first, last = lines[0], lines[-1]
    if rules.trim_boundary_markers:
        first, last = trim(first), trim(last)
    if first != BEGIN:
        return FIRST_LINE
    if last != END:
        return LAST_LINE
    return None


# ------------------------------------------------------------------ 0.25.0


def parse_blocks(lines: list[str]) -> list[Hunk]:
    """0.25.0: the body between the boundary lines, hunk by hunk (line numbers from 2)."""
    remaining = lines[1:-1]
    hunks: list[Hunk] = []
    line_number = 2
    while remaining:
        hunk, used = _one_hunk(remaining, line_number)
        hunks.append(hunk)
        line_number += used
        remaining = remaining[used:]
    return hunks


def _one_hunk(lines: list[str], line_number: int) -> tuple[Hunk, int]:
    first = trim(lines[0])
    if first.startswith(ADD):
        contents: list[str] = []
        used = 1
        for line in lines[1:]:
            if not line.startswith("+"):
                break
            contents.append(line[1:] + "\n")
            used += 1
        return AddFile(first[len(ADD) :], "".join(contents)), used
    if first.startswith(DELETE):
        return DeleteFile(first[len(DELETE) :]), 1
    if first.startswith(UPDATE):
        path = first[len(UPDATE) :]
        remaining = lines[1:]
        used = 1
        move_path = None
        # The Move line is compared untrimmed: trailing spaces stay in the path.
        if remaining and remaining[0].startswith(MOVE):
            move_path = remaining[0][len(MOVE) :]
            remaining = remaining[1:]
            used += 1
        chunks: list[Chunk] = []
        while remaining:
            blank = 0  # blank lines are skipped by counting, not by a copy of the list per line
            while blank < len(remaining) and not trim(remaining[blank]):
                blank += 1
            if blank:
                used += blank
                remaining = remaining[blank:]
                continue
            if remaining[0].startswith("***"):
                break
            chunk, chunk_used = _one_chunk(remaining, line_number + used, allow_missing_context=not chunks)
            chunks.append(chunk)
            used += chunk_used
            remaining = remaining[chunk_used:]
        if not chunks:
            raise PatchParseError(_empty_update(path), line_number)
        return UpdateFile(path, move_path, chunks), used
    raise PatchParseError(_not_a_header(first), line_number)


def _one_chunk(lines: list[str], line_number: int, allow_missing_context: bool) -> tuple[Chunk, int]:
    if lines[0] == EMPTY_CONTEXT:
        chunk, start = Chunk(), 1
    elif lines[0].startswith(CONTEXT):
        chunk, start = Chunk(change_context=lines[0][len(CONTEXT) :]), 1
    elif allow_missing_context:
        chunk, start = Chunk(), 0
    else:
        raise PatchParseError(_expected_at_at(lines[0]), line_number)
    if start >= len(lines):
        raise PatchParseError(NO_LINES, line_number + 1)
    parsed = 0
    for line in lines[start:]:
        if line == EOF_MARKER:
            if parsed == 0:
                raise PatchParseError(NO_LINES, line_number + 1)
            chunk.is_end_of_file = True
            parsed += 1
            break
        if line == "":
            chunk.add(" ", "")
        elif line[0] in " +-":
            chunk.add(line[0], line[1:])
        else:
            if parsed == 0:
                raise PatchParseError(_unexpected(line), line_number + 1)
            break  # the start of the next chunk or hunk
        parsed += 1
    return chunk, parsed + start


# ------------------------------------------------------------------ 0.169.0


@dataclass
class _State:
    mode: str = "started"  # started | add | delete | update | ended
    hunks: list[Hunk] | None = None
    hunk_line: int = 0
    chunk_closed: bool = False  # the last chunk ended with *** End of File
    environment_id: str | None = None
    # The lines of the Add File hunk being read, joined into its contents when it
    # ends (one join, not a copy of the contents per line).
    added: list[str] = field(default_factory=list)


def parse_lines(lines: list[str]) -> list[Hunk]:
    """0.169.0: a state machine over the body lines, then the closing End line."""
    state = _State(hunks=[])
    for offset, line in enumerate(lines[1:-1]):
        _line(state, line, offset + 2)
    _close_update(state, END, len(lines))
    assert state.hunks is not None
    return state.hunks


def _header(state: _State, text: str, number: int) -> bool:
    """Handle an End/Add/Delete/Update marker line; False when ``text`` is none of them."""
    assert state.hunks is not None
    if not text.startswith("*** "):  # what every marker starts with: most lines are no marker
        return False
    if text == END:
        _close_update(state, text, number)
        state.mode = "ended"
        return True
    for marker, mode in ((ADD, "add"), (DELETE, "delete"), (UPDATE, "update")):
        if text.startswith(marker):
            _close_update(state, text, number)
            path = text[len(marker) :]
            state.hunks.append(
                AddFile(path) if mode == "add" else DeleteFile(path) if mode == "delete" else UpdateFile(path)
            )
            state.mode = mode
            state.hunk_line = number
            state.chunk_closed = False
            return True
    return False


def _close_update(state: _State, text: str, number: int) -> None:
    """An update hunk must have a chunk, and its last chunk a line, before anything follows."""
    assert state.hunks is not None
    if state.added:
        added = state.hunks[-1]
        assert isinstance(added, AddFile)
        added.contents += "".join(f"{text}\n" for text in state.added)
        state.added.clear()
    if state.mode != "update":
        return
    hunk = state.hunks[-1]
    assert isinstance(hunk, UpdateFile)
    if not hunk.chunks:
        raise PatchParseError(_empty_update(hunk.path), state.hunk_line)
    if hunk.chunks[-1].is_empty():
        raise PatchParseError(NO_LINES if text == END else _unexpected(text), number)


def _line(state: _State, line: str, number: int) -> None:
    assert state.hunks is not None
    if state.mode == "update":
        _update_line(state, line, number)
        return
    trimmed = trim(line)
    if state.mode == "ended":
        if trimmed and trimmed != END:
            raise PatchParseError(LAST_LINE)
        return
    if state.mode == "started":
        if not state.hunks and trim_start(line).startswith(ENVIRONMENT_ID):
            if state.environment_id is not None:
                raise PatchParseError("apply_patch environment_id cannot be specified more than once")
            value = trim(trim_start(line)[len(ENVIRONMENT_ID) :])
            if not value:
                raise PatchParseError("apply_patch environment_id cannot be empty")
            state.environment_id = value
            return
        if not _header(state, trimmed, number):
            raise PatchParseError(_not_a_header(trimmed), number)
        return
    if state.mode in ("add", "delete"):
        if _header(state, trimmed, number):
            return
        hunk = state.hunks[-1]
        if state.mode == "add" and line.startswith("+") and isinstance(hunk, AddFile):
            state.added.append(line[1:])
            return
        raise PatchParseError(_not_a_header(trimmed), number)
    _update_line(state, line, number)


def _update_line(state: _State, line: str, number: int) -> None:
    assert state.hunks is not None
    # Inside an update hunk only trailing whitespace is forgiven: an indented
    # marker is a context line.
    text = trim_end(line)
    if _header(state, text, number):
        return
    hunk = state.hunks[-1]
    assert isinstance(hunk, UpdateFile)
    chunks = hunk.chunks
    if not chunks and hunk.move_path is None and text.startswith(MOVE):
        hunk.move_path = text[len(MOVE) :]
        return
    if text == EMPTY_CONTEXT or text.startswith(CONTEXT):
        if chunks and chunks[-1].is_empty():
            raise PatchParseError(_unexpected(line), number)
        context = None if text == EMPTY_CONTEXT else text[len(CONTEXT) :]
        chunks.append(Chunk(change_context=context))
        state.chunk_closed = False
        return
    if state.chunk_closed:
        if not trimmed_is_blank(line):
            raise PatchParseError(_expected_at_at(line), number)
        return
    if text == EOF_MARKER:
        if chunks and chunks[-1].is_empty():
            raise PatchParseError(NO_LINES, number)
        if chunks:
            chunks[-1].is_end_of_file = True
            state.chunk_closed = True
        return
    if line == "" or line[0] in " +-":
        if not chunks:
            chunks.append(Chunk())
        chunks[-1].add(line[0] if line else " ", line[1:])
        return
    if chunks and not chunks[-1].is_empty():
        raise PatchParseError(_expected_at_at(line), number)
    raise PatchParseError(_unexpected(line), number)


def trimmed_is_blank(line: str) -> bool:
    return not trim(line)


HEREDOC_OPENERS = ("<<EOF", "<<'EOF'", '<<"EOF"')

PARSER_0_25_0 = ParserRules(heredoc_openers=HEREDOC_OPENERS, trim_boundary_markers=False, body=parse_blocks)
# 0.94.0 trims the boundary markers (captured: begin-trailing-space) but still
# reads an update's body in blocks.
PARSER_0_94_0 = ParserRules(heredoc_openers=HEREDOC_OPENERS, trim_boundary_markers=True, body=parse_blocks)
PARSER_0_169_0 = ParserRules(heredoc_openers=HEREDOC_OPENERS, trim_boundary_markers=True, body=parse_lines)
