"""What ``rg --files-with-matches --sortr=modified --regexp P --no-messages [--glob G] -- PATH``
prints, over the in-memory tree (HOST-GREP-1, -2, -4).

A model of the part of ripgrep 14 that grep_files reaches, and only of it:

- a directory is walked with links left alone and hidden entries (names
  starting with ``.``) skipped, except hidden files an include glob picks;
  a file given as PATH is searched as it is;
- ``--glob G`` without ``/``: a file is searched when its name matches G
  (``*``, ``?``, ``{a,b}``); ``!G`` leaves out the files and directories
  whose name matches;
- the pattern is searched line by line (LF ends a line), case-sensitive;
- files print as PATH joined with their path below it, newest
  modification first.

Patterns beyond a common subset of Rust's and Python's regex syntax,
patterns of over 100,000 characters (ripgrep refuses a pattern whose
compiled form passes its size limit, and where that falls is not
modelled; Python's compiler would also spend seconds on a megabyte one),
ignore files, binary or non-UTF-8 content, other glob syntax, equal
modification times among the matches and FIFOs are declined with
NotModelled.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from codex_reference.errors import NotModelled
from codex_reference.host_tools.tree import Node

__all__ = ["Glob", "compile_glob", "compile_pattern", "files_with_matches"]

# Regex syntax that reads the same in Rust's regex crate and Python's re (per line).
_COMMON_SYNTAX = re.compile(
    r"(?:[A-Za-z0-9 _,:;'\"=<>/#%&~-]|\\[dwsbDWSt.*+?()\[\]{}|^$\\]|[.*+?^$|()]|\[\^?[A-Za-z0-9_ -]+\])*"
)
_LONGEST_PATTERN = 100_000
_IGNORE_FILES = frozenset({".gitignore", ".ignore", ".rgignore", ".git"})
_GLOB_PIECE = re.compile(r"\{([^{}]*)\}|[*?]|[^*?{}\[\]!/\\]")

Glob = tuple[bool, "re.Pattern[str]"]  # (negated, matcher of a name)


def compile_pattern(pattern: str) -> re.Pattern[str]:
    if len(pattern) > _LONGEST_PATTERN:
        raise NotModelled(
            f"a pattern of {len(pattern):,} characters: "
            "where ripgrep's regex size limit falls is not modelled"
        )
    if not _COMMON_SYNTAX.fullmatch(pattern):
        raise NotModelled(f"the pattern {pattern!r} uses syntax outside the modelled subset")
    try:
        return re.compile(pattern, re.MULTILINE)
    except re.error as exc:
        raise NotModelled(f"ripgrep's error for the pattern {pattern!r} is not modelled") from exc


def compile_glob(glob: str) -> Glob:
    negated = glob.startswith("!")
    body = glob[1:] if negated else glob
    pieces: list[str] = []
    position = 0
    for match in _GLOB_PIECE.finditer(body):
        if match.start() != position:
            break
        position = match.end()
        text = match.group(0)
        if match.group(1) is not None:
            pieces.append(
                "(?:" + "|".join(_literal_glob(choice) for choice in match.group(1).split(",")) + ")"
            )
        elif text == "*":
            pieces.append("[^/]*")
        elif text == "?":
            pieces.append("[^/]")
        else:
            pieces.append(re.escape(text))
    if position != len(body) or not body:
        raise NotModelled(f"the glob {glob!r} uses syntax outside the modelled subset")
    return negated, re.compile("".join(pieces))


def _literal_glob(choice: str) -> str:
    if any(char in choice for char in "*?[]{}!/\\"):
        raise NotModelled("brace alternatives with glob syntax inside are not modelled")
    return re.escape(choice)


def _matches(content: bytes, pattern: re.Pattern[str]) -> bool:
    if b"\x00" in content:
        raise NotModelled("ripgrep's handling of binary files is not modelled")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise NotModelled("searching non-UTF-8 content is not modelled") from None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # after the final LF: no line (an empty file has none)
    return any(pattern.search(line) for line in lines)


def _walk(directory: Node, relative: tuple[str, ...], glob: Glob | None) -> Iterator[tuple[str, Node]]:
    for name, node in directory.children.items():
        if name in _IGNORE_FILES:
            raise NotModelled("ignore files and git repositories are not modelled")
        picked = glob is not None and bool(glob[1].fullmatch(name))
        if glob is not None and glob[0] and picked:
            continue  # a negated glob leaves it out, directory or file
        if node.kind == "link":
            continue
        if node.kind == "fifo":
            raise NotModelled("FIFOs in a searched tree are not modelled")
        if name.startswith(".") and node.kind == "dir" and picked:
            raise NotModelled("a hidden directory an include glob names is not modelled")
        if name.startswith(".") and not (node.kind == "file" and glob is not None and not glob[0] and picked):
            continue
        if node.kind == "dir":
            yield from _walk(node, (*relative, name), glob)
        elif glob is None or glob[0] or picked:
            yield "/".join((*relative, name)), node


def files_with_matches(search_path: str, top: Node, pattern: re.Pattern[str], glob: Glob | None) -> list[str]:
    if top.kind == "file":
        found = [(search_path, top)] if _matches(top.content, pattern) else []
    elif top.kind == "dir":
        base = search_path.rstrip("/")
        if base != search_path:
            raise NotModelled("a search path ending in `/` is not modelled")
        found = [
            (f"{base}/{path}", node) for path, node in _walk(top, (), glob) if _matches(node.content, pattern)
        ]
    else:
        raise NotModelled("searching a FIFO is not modelled")
    times = [node.mtime for _, node in found]
    if len(set(times)) != len(times):
        raise NotModelled("the order of files with equal modification times is not modelled")
    return [path for path, _ in sorted(found, key=lambda item: -item[1].mtime)]
