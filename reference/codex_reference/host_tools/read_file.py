"""``host_tools.read_file``: a file's lines, as a slice or as the indented block around a line.

Checks come in the handler's order (HOST-READ-ARGS-1): the arguments'
types, offset, limit, an absolute file_path; then the mode's own reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from codex_reference.errors import NotModelled
from codex_reference.host_tools.indentation import BlockOptions, indented_block
from codex_reference.host_tools.lines import display, split_lines
from codex_reference.host_tools.rules import HostToolsRules
from codex_reference.host_tools.tree import EISDIR, OsError, Tree

__all__ = ["read_file", "read_lines"]


class ToolRefusal(Exception):
    """What the handler writes back instead of a result."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def read_lines(tree: Tree, path: str) -> list[bytes]:
    """The file's lines, or the refusal its read fails with (HOST-READ-5)."""
    try:
        node = tree.lookup(path)
    except OsError as err:
        raise ToolRefusal(f"failed to read file: {err.text}") from None
    if node.kind == "dir":
        # Opening a directory succeeds; reading it fails.
        raise ToolRefusal(f"failed to read file: {EISDIR}")
    if node.kind != "file":
        raise NotModelled("reading a FIFO blocks the release; not modelled")
    return split_lines(node.content)


def _slice(rules: HostToolsRules, lines: list[bytes], offset: int, limit: int) -> list[str]:
    if offset > len(lines):
        raise ToolRefusal("offset exceeds file length")
    chosen = lines[offset - 1 : offset - 1 + limit]
    return [f"L{offset + index}: {display(line, rules.max_line_bytes)}" for index, line in enumerate(chosen)]


def _options(rules: HostToolsRules, given: Any) -> BlockOptions:
    given = given if isinstance(given, dict) else {}
    return BlockOptions(
        anchor_line=given.get("anchor_line"),
        max_levels=given.get("max_levels", rules.max_levels),
        include_siblings=given.get("include_siblings", rules.include_siblings),
        include_header=given.get("include_header", rules.include_header),
        max_lines=given.get("max_lines"),
    )


def _block(
    rules: HostToolsRules, tree: Tree, arguments: Mapping[str, Any], offset: int, limit: int
) -> list[str]:
    options = _options(rules, arguments.get("indentation"))
    anchor = offset if options.anchor_line is None else options.anchor_line
    if anchor == 0:
        raise ToolRefusal("anchor_line must be a 1-indexed line number")
    guard = limit if options.max_lines is None else options.max_lines
    if guard == 0:
        raise ToolRefusal("max_lines must be greater than zero")
    lines = read_lines(tree, str(arguments["file_path"]))
    if not lines or anchor > len(lines):
        raise ToolRefusal("anchor_line exceeds file length")
    texts = [line.decode("utf-8", errors="replace") for line in lines]
    numbers = indented_block(rules, texts, anchor - 1, min(limit, guard, len(lines)), options)
    return [f"L{number + 1}: {display(lines[number], rules.max_line_bytes)}" for number in numbers]


def read_file(rules: HostToolsRules, tree: Tree, arguments: Mapping[str, Any]) -> str:
    """What the release writes back for a call with these (parsed) arguments."""
    offset = arguments.get("offset", 1)
    limit = arguments.get("limit", rules.read_limit)
    try:
        if offset == 0:
            raise ToolRefusal("offset must be a 1-indexed line number")
        if limit == 0:
            raise ToolRefusal("limit must be greater than zero")
        if not str(arguments["file_path"]).startswith("/"):
            raise ToolRefusal("file_path must be an absolute path")
        if arguments.get("mode", "slice") == "indentation":
            shown = _block(rules, tree, arguments, offset, limit)
        else:
            shown = _slice(rules, read_lines(tree, str(arguments["file_path"])), offset, limit)
    except ToolRefusal as refusal:
        return refusal.text
    return "\n".join(shown)
