"""The host tools of the handler era: what read_file, list_dir, grep_files and shell_command write
back for one call, on a directory held in memory (spec/host_tools.md); apply_patch's call in
patch_tool.py.

Each op takes the directory (``cwd`` and ``tree``, tree.py) and the exact
``arguments`` text the model sent; the text is parsed as the handler parses
it (arguments.py, serde_json's errors), then the tool answers from the tree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.host_tools.arguments import GREP_FILES, LIST_DIR, READ_FILE, SHELL_COMMAND
from codex_reference.host_tools.grep_files import grep_files
from codex_reference.host_tools.list_dir import list_dir
from codex_reference.host_tools.patch_tool import (
    PATCH_TOOL_0_25_0,
    PATCH_TOOL_0_94_0,
    PATCH_TOOL_0_169_0,
    PatchToolRules,
    apply_patch_op,
)
from codex_reference.host_tools.read_file import read_file
from codex_reference.host_tools.rules import HOST_TOOLS_0_94_0, HostToolsRules
from codex_reference.host_tools.shell_command import shell_command
from codex_reference.host_tools.tree import Tree, load_tree
from codex_reference.json_types import JSON
from codex_reference.rustlib.serde_json import SerdeError, Shape, from_str

__all__ = [
    "HOST_TOOLS_0_94_0",
    "PATCH_TOOL_0_25_0",
    "PATCH_TOOL_0_94_0",
    "PATCH_TOOL_0_169_0",
    "HostToolsRules",
    "PatchToolRules",
    "apply_patch_op",
    "grep_files_op",
    "list_dir_op",
    "read_file_op",
    "shell_command_op",
]

_Tool = Callable[[HostToolsRules, Tree, Mapping[str, Any], Mapping[str, JSON]], str]


def _answer(
    rules: HostToolsRules | None, args: Mapping[str, JSON], shape: Shape, tool: _Tool
) -> dict[str, JSON]:
    if rules is None:
        raise NotModelled("this release has no file tools")
    text = args.get("arguments")
    if not isinstance(text, str):
        raise InvalidArgs("`arguments` must be the call's arguments as a JSON text")
    tree = load_tree(args)
    try:
        parsed = from_str(text, shape)
    except SerdeError as err:
        return {"output": f"failed to parse function arguments: {err}"}
    assert isinstance(parsed, dict)
    output = tool(rules, tree, parsed, args)
    if len(output.encode("utf-8")) > rules.output_bytes:
        raise NotModelled("the release's truncation of a long output (…N tokens truncated…) is not modelled")
    return {"output": output}


def read_file_op(rules: HostToolsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return _answer(rules, args, READ_FILE, lambda rules, tree, parsed, _args: read_file(rules, tree, parsed))


def list_dir_op(rules: HostToolsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return _answer(rules, args, LIST_DIR, lambda rules, tree, parsed, _args: list_dir(rules, tree, parsed))


def _grep(rules: HostToolsRules, tree: Tree, parsed: Mapping[str, Any], args: Mapping[str, JSON]) -> str:
    ripgrep = args.get("ripgrep", True)
    if not isinstance(ripgrep, bool):
        raise InvalidArgs("`ripgrep` must be a boolean")
    return grep_files(rules, tree, parsed, ripgrep)


def grep_files_op(rules: HostToolsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return _answer(rules, args, GREP_FILES, _grep)


def shell_command_op(rules: HostToolsRules | None, args: Mapping[str, JSON]) -> dict[str, JSON]:
    return _answer(
        rules, args, SHELL_COMMAND, lambda _rules, tree, parsed, args: shell_command(tree, parsed, args)
    )
