"""What a call that runs a command writes back (DISPATCH-RUN-1, -2): the edition's exec output of the run.

The reference runs nothing.  What the command did in the run's sandbox is
the host's, so it is an input, the arg ``runs``: ``{"output", "exit_code"}``
(what it printed, stdout and stderr as they interleaved, and how it ended),
or ``{"os_error": N}`` where the process never started (the program or the
working directory is not there).  What the release makes of it is modelled:
which calls run a command, what an empty command gets, the exec output form
of each tool (``codex_reference.exec_output``, with the measured
``duration_seconds`` and 0.169.0's ``chunk_id`` given as exec_output's
cases give them), and the text of a process that did not start.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from codex_reference.args import I32, integer, string
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.exec_output import Formatter
from codex_reference.json_types import JSON
from codex_reference.rustlib.strings import debug_str

__all__ = [
    "CommandRules",
    "CommandTool",
    "NotStarted",
    "command_output",
    "local_shell_output",
    "not_started_debug",
    "not_started_display",
    "not_started_unified",
]

# (os error number, Rust's ErrorKind, the C library's message) -> the text written back.
NotStarted = Callable[[int, str, str], str]
# The os errors a capture has shown keeping a command from starting, as musl names them
# (the releases are static musl binaries): a missing program or working directory.
_OS_ERRORS = {2: ("NotFound", "No such file or directory")}


@dataclass(frozen=True)
class CommandTool:
    # The exec output form of what the command did (over exec.format_output's args).
    formatter: Formatter
    # The argument that holds the command: an argv array or a script string.
    field: str
    # What an empty command (``[]``, or ``""`` for a script) gets; None: it runs like any other.
    empty: str | None = None


@dataclass(frozen=True)
class CommandRules:
    # Function tools whose handler runs a command, by name.
    tools: Mapping[str, CommandTool]
    # The text of a command whose process did not start.
    not_started: NotStarted
    # The tool whose handler runs a local_shell_call item's action; None: the edition runs none.
    local_shell: str | None = None


def not_started_display(code: int, _kind: str, message: str) -> str:
    """0.25.0: ``execution error:`` and io::Error's Display."""
    return f"execution error: {message} (os error {code})"


def not_started_debug(code: int, kind: str, message: str) -> str:
    """0.94.0: ``execution error:`` and the error's Debug form, the io::Error inside an ``Io``."""
    return f"execution error: Io(Os {{ code: {code}, kind: {kind}, message: {debug_str(message)} }})"


def not_started_unified(code: int, _kind: str, message: str) -> str:
    """0.169.0: unified exec's refusal, a Debug text inside a Debug text."""
    inner = f"Rejected({debug_str(f'Failed to create unified exec process: {message} (os error {code})')})"
    return f"exec_command failed: CreateProcess {{ message: {debug_str(inner)} }}"


def _runs(args: Mapping[str, JSON]) -> dict[str, JSON]:
    runs = args.get("runs")
    if not isinstance(runs, dict):
        raise InvalidArgs(
            "`runs` is needed: the call runs a command, and what it did is the host's "
            '({"output": <text>, "exit_code": <n>}, or {"os_error": <n>} where it never started)'
        )
    return runs


def _written(tool: CommandTool, args: Mapping[str, JSON], not_started: NotStarted) -> str:
    runs = _runs(args)
    if "os_error" in runs:
        code = integer(runs, "os_error", *I32, where="runs.os_error")
        if code not in _OS_ERRORS:
            raise NotModelled(f"a command kept from starting by os error {code} is not modelled")
        return not_started(code, *_OS_ERRORS[code])
    measured: dict[str, Any] = {
        "output": string(runs, "output", "runs.output"),
        "exit_code": integer(runs, "exit_code", *I32, where="runs.exit_code"),
        "duration_seconds": args.get("duration_seconds", 0.0),
    }
    if "chunk_id" in args:
        measured["chunk_id"] = args["chunk_id"]
    return tool.formatter(measured)


def command_output(rules: CommandRules, name: str, arguments: JSON, args: Mapping[str, JSON]) -> str:
    """What the call of tool ``name`` writes back, its arguments parsed (an object, or an array of
    the struct's fields in order, the command first)."""
    tool = rules.tools[name]
    if isinstance(arguments, dict):
        command = arguments.get(tool.field)
    elif isinstance(arguments, list) and arguments:
        command = arguments[0]
    else:
        raise NotModelled(f"{name}'s arguments as {type(arguments).__name__} are not modelled")
    if command in ([], "") and tool.empty is not None:
        return tool.empty
    return _written(tool, args, rules.not_started)


def local_shell_output(rules: CommandRules, item: Mapping[str, JSON], args: Mapping[str, JSON]) -> str:
    """A local_shell_call's action, run as a call of ``rules.local_shell`` with that argv."""
    if rules.local_shell is None:
        raise NotModelled(
            "the release writes nothing back for a local_shell_call alone (no follow-up request)"
        )
    action = item.get("action")
    command = action.get("command") if isinstance(action, dict) else None
    if not isinstance(action, dict) or action.get("type") != "exec" or not isinstance(command, list):
        raise NotModelled("a local_shell_call whose action is no exec with a `command` array is not modelled")
    if not all(isinstance(part, str) for part in command):
        raise NotModelled("a local_shell_call whose command holds no strings is not modelled")
    return command_output(rules, rules.local_shell, [command], args)
