"""``host_tools.list_dir``: a directory's entries, breadth first, to a depth (HOST-LIST-1..4).

Directories are read level by level (links never followed); every entry
found is then sorted by its path relative to dir_path, compared as bytes,
so a child follows every sibling of its parent whose name sorts before
``parent/``.  An entry shows as its own name, indented two spaces per level,
with ``/`` after a directory, ``@`` after a link and ``?`` after anything
that is neither a file nor a directory.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from codex_reference.errors import NotModelled
from codex_reference.host_tools.rules import HostToolsRules
from codex_reference.host_tools.tree import ENOTDIR, Node, OsError, Tree
from codex_reference.rustlib.strings import take_bytes_at_char_boundary

__all__ = ["list_dir"]

_MARKERS = {"dir": "/", "link": "@", "fifo": "?", "file": ""}


@dataclass(frozen=True)
class _Entry:
    sort_key: str
    name: str
    depth: int
    kind: str


def _entry(rules: HostToolsRules, prefix: tuple[str, ...], name: str, kind: str) -> _Entry:
    cut = rules.max_entry_bytes
    relative = "/".join((*prefix, name))
    return _Entry(
        take_bytes_at_char_boundary(relative, cut), take_bytes_at_char_boundary(name, cut), len(prefix), kind
    )


def _collect(rules: HostToolsRules, top: Node, depth: int) -> list[_Entry]:
    entries: list[_Entry] = []
    queue: deque[tuple[Node, tuple[str, ...], int]] = deque([(top, (), depth)])
    while queue:
        directory, prefix, remaining = queue.popleft()
        # In the order met: _listing sorts every entry found at the end.
        for name, node in directory.children.items():
            if node.kind == "dir" and remaining > 1:
                queue.append((node, (*prefix, name), remaining - 1))
            entries.append(_entry(rules, prefix, name, node.kind))
    return entries


def _listing(  # noqa: PLR0917 - the handler's arguments, as it has them
    rules: HostToolsRules, tree: Tree, dir_path: str, offset: int, limit: int, depth: int
) -> list[str]:
    try:
        top = tree.lookup(dir_path)
    except OsError as err:
        return [f"failed to read directory: {err.text}"]
    if top.kind != "dir":
        return [f"failed to read directory: {ENOTDIR}"]
    entries = sorted(_collect(rules, top, depth), key=lambda entry: entry.sort_key)
    keys = {entry.sort_key for entry in entries}
    if len(keys) != len(entries):
        # Paths that agree in their first max_entry_bytes bytes: the release's order is the
        # file system's (read_dir), which no tree given as data fixes.
        raise NotModelled("the order of entries whose cut paths are equal is not modelled")
    if not entries:
        return [f"Absolute path: {dir_path}"]
    if offset > len(entries):
        return ["offset exceeds directory entry count"]
    shown = entries[offset - 1 : offset - 1 + limit]
    lines = [f"Absolute path: {dir_path}"]
    lines += [
        " " * (entry.depth * rules.indent_spaces) + entry.name + _MARKERS[entry.kind] for entry in shown
    ]
    if offset - 1 + len(shown) < len(entries):
        lines.append(f"More than {len(shown)} entries found")
    return lines


def list_dir(rules: HostToolsRules, tree: Tree, arguments: Mapping[str, Any]) -> str:
    """What the release writes back for a call with these (parsed) arguments."""
    offset = arguments.get("offset", 1)
    limit = arguments.get("limit", rules.list_limit)
    depth = arguments.get("depth", rules.list_depth)
    dir_path = str(arguments["dir_path"])
    if offset == 0:
        return "offset must be a 1-indexed entry number"
    if limit == 0:
        return "limit must be greater than zero"
    if depth == 0:
        return "depth must be greater than zero"
    if not dir_path.startswith("/"):
        return "dir_path must be an absolute path"
    return "\n".join(_listing(rules, tree, dir_path, offset, limit, depth))
