"""``host_tools.shell_command``: a command's output under the header the release writes.

``Exit code: <n>``, ``Wall time: <seconds> seconds``, ``Output:``, each on
its own line, then what the command wrote: its stdout, then its stderr
(HOST-SHELL-1, -2).  The command runs in ``workdir`` joined to the working
directory (HOST-SHELL-3); a workdir that is not there fails the spawn
(HOST-SHELL-4).

The reference runs no shell: it reads a small command language on the
in-memory tree (``printf`` of a plain word or a single-quoted text without
``%`` and backslashes, ``cat`` of a file, ``pwd``, ``exit N``, each
optionally ``>&2``, joined by ``; ``) and declines anything else, output
that is not UTF-8, and output long enough to be cut.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from codex_reference.errors import NotModelled
from codex_reference.host_tools.header import headed_output
from codex_reference.host_tools.tree import OsError, Tree

__all__ = ["shell_command"]

# Output of at most this many bytes is shown uncut (case shell-output-8000-bytes); the
# release's own bound lies higher (8,001 bytes were seen uncut too) and is not pinned.
_UNCUT_BYTES = 8000
_SPAWN_NOT_FOUND = 'execution error: Io(Os { code: 2, kind: NotFound, message: "No such file or directory" })'
_PRINTF = re.compile(r"printf (?:([A-Za-z0-9_.,:/-]+)|'([^'%\\]*)')\Z")
_CAT = re.compile(r"cat ([A-Za-z0-9_./-]+)\Z")
_EXIT = re.compile(r"exit ([0-9]+)\Z")


@dataclass
class _Run:
    stdout: bytearray = field(default_factory=bytearray)
    stderr: bytearray = field(default_factory=bytearray)
    # Every command of the language but `exit` succeeds, and `exit` ends the script.
    code: int = 0


def _resolve(base: str, path: str) -> str:
    joined = path if path.startswith("/") else f"{base}/{path}"
    if joined.endswith("/") or any(part in (".", "..") for part in joined.split("/")):
        raise NotModelled("paths with `.`, `..` or a final `/` are not modelled in commands")
    return joined


def _simple(tree: Tree, workdir: str, command: str, run: _Run) -> bool:
    """Run one simple command; False when it ends the script (``exit``)."""
    to_stderr = command.endswith(" >&2")
    command = command.removesuffix(" >&2")
    sink = run.stderr if to_stderr else run.stdout
    if printed := _PRINTF.match(command):
        sink += (printed.group(1) or printed.group(2) or "").encode("utf-8")
    elif command == "pwd":
        sink += f"{workdir}\n".encode()
    elif shown := _CAT.match(command):
        try:
            node = tree.lookup(_resolve(workdir, shown.group(1)))
        except OsError as err:
            raise NotModelled("cat's own error texts are not modelled") from err
        if node.kind != "file":
            raise NotModelled("cat of anything but a file is not modelled")
        sink += node.content
    elif ended := _EXIT.match(command):
        # Modulo 256 the last eight digits decide (256 divides 10**8): no
        # conversion of thousands of digits, which Python refuses past 4,300.
        run.code = int(ended.group(1)[-8:]) % 256
        return False
    else:
        raise NotModelled(f"the command {command!r} is outside the modelled command language")
    return True


def shell_command(tree: Tree, arguments: Mapping[str, Any], args: Mapping[str, Any]) -> str:
    """What the release writes back for a call with these (parsed) arguments."""
    command = str(arguments["command"])
    if command == "":
        return "aborted"
    given = arguments.get("workdir")
    workdir = tree.cwd if given is None else _resolve(tree.cwd, str(given))
    try:
        place = tree.lookup(workdir)
    except OsError:
        return _SPAWN_NOT_FOUND
    if place.kind != "dir":
        raise NotModelled("a workdir that is not a directory is not modelled")
    run = _Run()
    for simple in command.split("; "):
        if not _simple(tree, workdir, simple, run):
            break
    output = bytes(run.stdout + run.stderr)
    if len(output) > _UNCUT_BYTES:
        raise NotModelled("shell_command's cutting of long output is not modelled")
    try:
        text = output.decode("utf-8")
    except UnicodeDecodeError:
        raise NotModelled("shell_command's decoding of non-UTF-8 output is not modelled") from None
    return headed_output(run.code, text, args)
