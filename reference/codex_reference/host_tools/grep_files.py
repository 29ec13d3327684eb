"""``host_tools.grep_files``: the files under a path that match a pattern, newest first.

Checks come in the handler's order: the arguments' types, a non-blank
pattern, a non-zero limit, the search path (relative to the working
directory) existing (HOST-GREP-6), ripgrep on PATH (HOST-GREP-7); then
ripgrep's answer (ripgrep.py), cut to ``limit`` files (HOST-GREP-2), or
``No matches found.`` (HOST-GREP-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from codex_reference.host_tools.ripgrep import compile_glob, compile_pattern, files_with_matches
from codex_reference.host_tools.rules import HostToolsRules
from codex_reference.host_tools.tree import ENOENT, OsError, Tree
from codex_reference.rustlib.strings import trim

__all__ = ["grep_files"]


def _search_path(tree: Tree, given: Any) -> str:
    if given is None:
        return tree.cwd
    path = str(given)
    return path if path.startswith("/") else f"{tree.cwd}/{path}"


def grep_files(rules: HostToolsRules, tree: Tree, arguments: Mapping[str, Any], ripgrep: bool) -> str:
    """What the release writes back for a call with these (parsed) arguments."""
    pattern = trim(str(arguments["pattern"]))
    if not pattern:
        return "pattern must not be empty"
    limit = arguments.get("limit", rules.grep_limit)
    if limit == 0:
        return "limit must be greater than zero"
    search_path = _search_path(tree, arguments.get("path"))
    try:
        top = tree.lookup(search_path)
    except OsError as err:
        return f"unable to access `{search_path}`: {err.text}"
    include = arguments.get("include")
    include = trim(include) if isinstance(include, str) else ""
    if not ripgrep:
        return rules.rg_missing.format(error=ENOENT)
    glob = compile_glob(include) if include else None
    found = files_with_matches(search_path, top, compile_pattern(pattern), glob)
    if not found:
        return rules.no_matches
    return "\n".join(found[: min(limit, rules.grep_max_limit)])
