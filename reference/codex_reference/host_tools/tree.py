"""The directory a file tool looks at, held in memory (HOST-TREE-1).

Built from the op's ``cwd`` and ``tree`` args (the entries of
conformance/workshop/codex_workshop/areas/host_tools/host_tree.py): files, directories,
symbolic links and FIFOs, each with a modification time.  Paths are looked
up the way the kernel does for the release: ``.`` and ``..`` taken as they
come, links followed (relative targets from the link's directory), and the
failures named by the ``errno`` text Rust's ``io::Error`` prints.  Only the
tree under ``cwd`` exists; a path outside it is not modelled.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON

__all__ = ["EISDIR", "ENOENT", "ENOTDIR", "Node", "OsError", "Tree", "load_tree"]

# The mtime of the entry at index i where the entry gives none (areas/host_tools/host_tree.py).
_DEFAULT_MTIME = 1_700_000_000
_MAX_LINK_HOPS = 40  # Linux's MAXSYMLINKS

ENOENT = "No such file or directory (os error 2)"
ENOTDIR = "Not a directory (os error 20)"
EISDIR = "Is a directory (os error 21)"
# The releases are static musl binaries: the text is musl's strerror, not glibc's (HOST-READ-5).
_ELOOP = "Symbolic link loop (os error 40)"

Kind = Literal["file", "dir", "link", "fifo"]


class OsError(Exception):
    """A failed system call: its ``io::Error`` text."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


@dataclass
class Node:
    kind: Kind
    mtime: int
    content: bytes = b""
    target: str = ""
    children: dict[str, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Tree:
    cwd: str
    root: Node
    # The nodes above cwd, down to it: "/", "/sandbox", ...
    prefix: tuple[str, ...]

    def _inside(self, path: str) -> list[str]:
        """An absolute path's components below cwd."""
        parts = [part for part in path.split("/") if part]
        if parts[: len(self.prefix)] != list(self.prefix):
            raise NotModelled(f"paths outside the tree ({path!r}) are not modelled")
        return parts[len(self.prefix) :]

    def lookup(self, path: str, *, follow_last: bool = True) -> Node:
        """The node ``path`` (absolute) names, or OsError."""
        parts = self._inside(path)
        hops = 0
        while True:
            restart = self._walk(parts, follow_last)
            if isinstance(restart, Node):
                return restart
            hops += 1
            if hops > _MAX_LINK_HOPS:
                raise OsError(_ELOOP)
            parts = restart

    def _walk(self, parts: list[str], follow_last: bool) -> Node | list[str]:
        """The node, or the components to look up instead where a link was met."""
        stack = [self.root]
        names: list[str] = []
        for index, part in enumerate(parts):
            current = stack[-1]
            if current.kind != "dir":
                raise OsError(ENOTDIR)
            if part == ".":
                continue
            if part == "..":
                if len(stack) == 1:
                    raise NotModelled("`..` above the tree is not modelled")
                stack.pop()
                names.pop()
                continue
            child = current.children.get(part)
            if child is None:
                raise OsError(ENOENT)
            rest = parts[index + 1 :]
            if child.kind == "link" and (follow_last or rest):
                target = child.target
                if target.startswith("/"):
                    return self._inside(target) + rest
                return names + [piece for piece in target.split("/") if piece] + rest
            stack.append(child)
            names.append(part)
        return stack[-1]


def _entry_node(index: int, entry: Mapping[str, JSON], mtime: int) -> Node:
    if "content" in entry:
        content = entry["content"]
        if not isinstance(content, str):
            raise InvalidArgs(f"tree[{index}].content must be a string")
        return Node("file", mtime, content=content.encode("utf-8"))
    if "content_base64" in entry:
        encoded = entry["content_base64"]
        try:
            return Node("file", mtime, content=base64.b64decode(str(encoded), validate=True))
        except ValueError as exc:  # binascii.Error, or text that is not ASCII
            raise InvalidArgs(f"tree[{index}].content_base64 is not base64") from exc
    if entry.get("dir") is True:
        return Node("dir", mtime)
    if isinstance(entry.get("link"), str):
        return Node("link", mtime, target=str(entry["link"]))
    if entry.get("fifo") is True:
        return Node("fifo", mtime)
    raise InvalidArgs(f"tree[{index}] is no file, dir, link or fifo")


def load_tree(args: Mapping[str, JSON]) -> Tree:
    cwd = args.get("cwd")
    if not isinstance(cwd, str) or not cwd.startswith("/") or cwd.rstrip("/") == "":
        raise InvalidArgs("`cwd` must be an absolute path below /")
    entries = args.get("tree", [])
    if not isinstance(entries, list):
        raise InvalidArgs("`tree` must be an array")
    root = Node("dir", 0)
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise InvalidArgs(f"tree[{index}] needs a string `path`")
        if "mode" in entry:
            raise NotModelled("permission bits are not modelled")
        parts = [part for part in str(entry["path"]).split("/") if part]
        if not parts or any(part in (".", "..") for part in parts):
            raise InvalidArgs(f"tree[{index}].path must be a plain relative path")
        mtime = entry.get("mtime", _DEFAULT_MTIME + index)
        if not isinstance(mtime, int):
            raise InvalidArgs(f"tree[{index}].mtime must be an integer")
        node = _entry_node(index, entry, mtime)
        parent = root
        for part in parts[:-1]:
            parent = parent.children.setdefault(part, Node("dir", 0))
            if parent.kind != "dir":
                raise InvalidArgs(f"tree[{index}]: a parent of {entry['path']!r} is no directory")
        if parts[-1] in parent.children and node.kind != "dir":
            raise InvalidArgs(f"tree[{index}]: {entry['path']!r} is described twice")
        parent.children.setdefault(parts[-1], node)
    prefix = tuple(part for part in cwd.split("/") if part)
    return Tree(cwd=cwd, root=root, prefix=prefix)
