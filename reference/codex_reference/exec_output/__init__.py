"""``exec.format_output``: the output string a release writes back after running a command.

Each edition maps the tools it runs commands through to one formatter (a
table entry in ``codex_reference.editions``); 0.25.0's ``shell`` (and
``local_shell``) writes a JSON object (head_tail.py), its ``exec_command``
plain text from a terminal (pty_session.py), 0.94.0's ``shell`` a JSON object cut in the
middle (json_middle.py), 0.169.0's ``exec_command`` plain text (unified.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from codex_reference.errors import InvalidArgs
from codex_reference.exec_output import head_tail, json_middle, pty_session, unified

Formatter = Callable[[dict[str, Any]], str]
ToolFormatters = Mapping[str, Formatter]

_SHELL_0_25_0 = partial(head_tail.format_output, limits=head_tail.LIMITS_0_25_0)
# A local_shell_call item runs as a shell call does; exec_command (with
# experimental_use_exec_command_tool) runs in a terminal session.
FORMATTERS_0_25_0: ToolFormatters = {
    "shell": _SHELL_0_25_0,
    "local_shell": _SHELL_0_25_0,
    "exec_command": pty_session.format_output,
}
_SHELL_0_94_0 = partial(json_middle.format_output, limits=json_middle.LIMITS_0_94_0)
# 0.94.0 too writes a local_shell_call back as a shell call (EXEC-LOCAL-1).
FORMATTERS_0_94_0: ToolFormatters = {"shell": _SHELL_0_94_0, "local_shell": _SHELL_0_94_0}
FORMATTERS_0_169_0: ToolFormatters = {
    "exec_command": partial(unified.format_output, rules=unified.TRUNCATION_0_169_0)
}


def format_output(formatters: ToolFormatters, args: dict[str, Any]) -> dict[str, Any]:
    tool = args.get("tool")
    formatter = formatters.get(tool) if isinstance(tool, str) else None
    if formatter is None:
        raise InvalidArgs(f"this edition runs commands through {', '.join(formatters)}, not {tool!r}")
    # Each formatter reads its args through codex_reference.args: a missing
    # or mistyped one is invalid-args naming it.
    return {"output": formatter(args)}
