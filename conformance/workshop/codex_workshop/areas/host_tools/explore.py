"""Inputs for exploring the host_tools ops: small random trees and a call of one file tool on them.

A tree is a handful of entries drawn from names that sort in tricky ways
(case, ``-`` and ``.`` before ``/``, hidden names, non-ASCII), nested one or
two levels, with contents made of lines of the kinds the tools treat apart
(indented, tabbed, blank, comments, CRLF and lone CR, long, invalid UTF-8)
and, sometimes, links.  The call's arguments stay inside the handlers'
types mostly, and reach their bounds: zero and past-the-end offsets,
limits of one, depths past the tree, patterns and include globs ripgrep
reads alike, search paths relative, absolute, missing or naming a file;
shell_command runs scripts of the reference's command language in
workdirs that are there or not.
Each input is one release run (the tree is its working directory).
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

from codex_conformance.generators import Draw
from codex_workshop.areas.host_tools.scenarios import SANDBOX
from codex_workshop.areas.host_tools.wall_time import settle
from codex_workshop.explorer import Args, Explorer, Response

__all__ = ["EXPLORERS"]

_WALL_TIME = re.compile(r"Wall time: [0-9]+(?:\.[0-9])? seconds")

_NAMES = ["a", "B", "a-c", "a.txt", "b.py", ".h", "\u00e9t\u00e9", "z.md", "sub", "_u"]
_DIRS = ["", "", "", "sub/", "a/", "sub/deep/"]
_LINES = [
    "x",
    "needle here",
    "    indented",
    "        deeper",
    "\tTabbed",
    "",
    "   ",
    "# comment",
    "// note",
    "def f():",
    "NEEDLE",
    "y" * 510,
    "\u00e9" * 260,
]


def _content(draw: Draw) -> dict[str, Any]:
    lines = [draw.choice(_LINES) for _ in range(draw.integer(0, 9))]
    ending = draw.choice(["\n", "\n", "\r\n", "\r"])
    text = ending.join(lines) + draw.choice(["", ending])
    if draw.integer(0, 7) == 0:
        raw = text.encode("utf-8") + draw.choice([b"\xff", b"\xe2\x82", b"\xc3"]) + b"tail\n"
        return {"content_base64": base64.b64encode(raw).decode("ascii")}
    return {"content": text}


def _tree(draw: Draw) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    taken: set[str] = set()
    for _ in range(draw.integer(0, 7)):
        path = draw.choice(_DIRS) + draw.choice(_NAMES)
        parents = {"/".join(path.split("/")[:depth]) for depth in range(1, path.count("/") + 1)}
        if path in taken or parents & taken or any(name.startswith(path + "/") for name in taken):
            continue
        taken.add(path)
        if draw.integer(0, 6) == 0:
            entries.append({"path": path, "link": draw.choice(["a.txt", "sub", "gone", "../a.txt"])})
        elif draw.integer(0, 6) == 0:
            entries.append({"path": path, "dir": True})
        else:
            entries.append({"path": path, **_content(draw)})
    return entries


def _target(draw: Draw, tree: list[dict[str, Any]]) -> str:
    names = [entry["path"] for entry in tree] or ["a.txt"]
    return draw.choice([f"{SANDBOX}/{draw.choice(names)}", f"{SANDBOX}/{draw.choice(names)}", "a.txt"])


def _maybe(draw: Draw, arguments: dict[str, Any], key: str, low: int, high: int) -> None:
    if draw.boolean():
        arguments[key] = draw.integer(low, high)


def _read_file_args(draw: Draw, version: str) -> Args:
    tree = _tree(draw)
    arguments: dict[str, Any] = {"file_path": _target(draw, tree)}
    _maybe(draw, arguments, "offset", 0, 10)
    _maybe(draw, arguments, "limit", 0, 6)
    if draw.boolean():
        arguments["mode"] = "indentation"
        options: dict[str, Any] = {}
        _maybe(draw, options, "anchor_line", 0, 10)
        _maybe(draw, options, "max_levels", 0, 3)
        _maybe(draw, options, "max_lines", 0, 6)
        for flag in ("include_siblings", "include_header"):
            if draw.boolean():
                options[flag] = draw.boolean()
        if options or draw.boolean():
            arguments["indentation"] = options
    return _args(version, tree, arguments)


def _list_dir_args(draw: Draw, version: str) -> Args:
    tree = _tree(draw)
    dir_path = draw.choice([SANDBOX, SANDBOX, f"{SANDBOX}/sub", f"{SANDBOX}/a", f"{SANDBOX}/", "sub"])
    arguments: dict[str, Any] = {"dir_path": dir_path}
    _maybe(draw, arguments, "depth", 0, 4)
    _maybe(draw, arguments, "offset", 0, 9)
    _maybe(draw, arguments, "limit", 0, 6)
    return _args(version, tree, arguments)


def _grep_files_args(draw: Draw, version: str) -> Args:
    tree = _tree(draw)
    arguments: dict[str, Any] = {
        "pattern": draw.choice(["x", "needle", "^ ", "d$", "[a-f]+", "NEEDLE|x", " ", "e.e", "\\t"])
    }
    if draw.boolean():
        arguments["include"] = draw.choice(["*.py", "*.{md,txt}", "!*.txt", " ", "a*", "?.py"])
    if draw.boolean():
        arguments["path"] = draw.choice([".", "sub", "nope", f"{SANDBOX}/a.txt", SANDBOX])
    _maybe(draw, arguments, "limit", 0, 4)
    args = _args(version, tree, arguments)
    args["ripgrep"] = draw.integer(0, 9) != 0
    return args


_COMMANDS = [
    "printf abc",
    "printf 'a b'",
    "pwd",
    "cat a.txt",
    "cat sub/a.txt",
    "exit 2",
    "printf x >&2",
    "pwd >&2",
]


def _shell_command_args(draw: Draw, version: str) -> Args:
    tree = _tree(draw)
    command = "; ".join(draw.choice(_COMMANDS) for _ in range(draw.integer(0, 4)))
    arguments: dict[str, Any] = {"command": command}
    if draw.boolean():
        arguments["workdir"] = draw.choice(["sub", "a", "nope", SANDBOX, f"{SANDBOX}/sub"])
    return _args(version, tree, arguments)


def _settle_wall_time(release: Response) -> tuple[Response, Args]:
    """The measured wall time given to the reference, so that the texts compare exactly."""
    output = release.get("result", {}).get("output")
    if not isinstance(output, str):
        return release, {}
    _, observed = settle(output)
    return release, observed


def _steady(release: Response) -> Response:
    """Two runs answer alike when they differ by the wall time alone."""
    output = release.get("result", {}).get("output")
    if not isinstance(output, str):
        return release
    return {"result": {"output": _WALL_TIME.sub("Wall time: 0 seconds", output, count=1)}}


def _args(version: str, tree: list[dict[str, Any]], arguments: dict[str, Any]) -> Args:
    return {"edition": version, "cwd": SANDBOX, "tree": tree, "arguments": json.dumps(arguments)}


def _scenario(tool: str) -> Any:
    def scenario(args: Args) -> dict[str, Any]:
        fields = {"tool": tool, "tree": args["tree"], "raw_arguments": args["arguments"]}
        if "ripgrep" in args:
            fields["ripgrep"] = args["ripgrep"]
        return fields

    return scenario


EXPLORERS = (
    Explorer("host_tools.read_file", _read_file_args, _scenario("read_file"), ("HOST-READ-1",)),
    Explorer("host_tools.list_dir", _list_dir_args, _scenario("list_dir"), ("HOST-LIST-1",)),
    Explorer("host_tools.grep_files", _grep_files_args, _scenario("grep_files"), ("HOST-GREP-1",)),
    Explorer(
        "host_tools.shell_command",
        _shell_command_args,
        _scenario("shell_command"),
        ("HOST-SHELL-1",),
        settle=_settle_wall_time,
        steady_form=_steady,
    ),
)
