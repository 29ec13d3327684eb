"""``exec.format_output`` answered by running a real release.

``exec.format_output``: the release runs a command that writes exactly the
given output and exits as asked; the answer is the ``output`` string of the
``function_call_output`` it writes back.  The command reaches the release
as a call of the case's tool: a ``function_call`` of ``shell`` or
``exec_command``, or a ``local_shell_call`` item (``local_shell``, which
0.25.0 runs whatever model it offered tools to).  A tool the edition offers
only under a config key (``Edition.tool_config_keys``: 0.25.0's
``exec_command``) gets that key.

"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from codex_conformance.editions import get_edition
from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import function_call, written_back
from codex_workshop.drive.errors import CaptureError, InvalidInputError
from codex_workshop.drive.scratch import scratch_dir

# Long enough that no real command outlives it by accident, short enough that
# a timed-out capture stays quick.
_TIMEOUT_MS = 1000
_SLEEP_PAST_TIMEOUT = "sleep 10"
# A call that gives no timeout (arg `default_timeout`) sleeps past any default
# a release has been seen to use (10 s), and past the 30 s some descriptions give.
_SLEEP_PAST_DEFAULT = "sleep 40"
_EXEC_CALL_ID = "call_conformance_exec"


# Output a terminal session gets too close to the command's start or exit can
# be lost (0.25.0's exec_command wrote back `Output:\n` alone, now and then,
# for commands that wrote a few hundred bytes at once and exited), so a
# command run in one waits this long before it writes and before it exits.
_SESSION_SETTLE = "sleep 0.2"


def _script(path: Path, args: dict[str, Any]) -> str:
    redirect = " >&2" if args.get("stream", "stdout") == "stderr" else ""
    write = f"cat {shlex.quote(str(path))}{redirect}"
    if args.get("tool") == "exec_command":
        write = f"{_SESSION_SETTLE}; {write}; {_SESSION_SETTLE}"
    if args.get("timed_out", False):
        sleep = _SLEEP_PAST_DEFAULT if args.get("default_timeout", False) else _SLEEP_PAST_TIMEOUT
        return f"{write}; {sleep}"
    return f"{write}; exit {int(args.get('exit_code', 0))}"


def _call_arguments(tool: str, script: str, args: dict[str, Any]) -> dict[str, Any]:
    # With `default_timeout` the call gives none, so the release's own default applies.
    timed_out = bool(args.get("timed_out", False)) and not args.get("default_timeout", False)
    if tool == "shell":
        call: dict[str, Any] = {"command": ["bash", "-c", script]}
        if timed_out:
            call["timeout_ms"] = _TIMEOUT_MS
        return call
    if tool == "exec_command":
        call = {"cmd": script}
        if timed_out:
            call["yield_time_ms"] = _TIMEOUT_MS
        if args.get("max_output_tokens") is not None:
            call["max_output_tokens"] = args["max_output_tokens"]
        return call
    raise InvalidInputError(f"no way to run a command through tool {tool!r}")


def _call(tool: str, script: str, args: dict[str, Any], call_id: str) -> dict[str, Any]:
    if tool != "local_shell":
        return function_call(tool, _call_arguments(tool, script, args), call_id)
    timed_out = bool(args.get("timed_out", False)) and not args.get("default_timeout", False)
    timeout = _TIMEOUT_MS if timed_out else None
    action = {"type": "exec", "command": ["bash", "-c", script], "timeout_ms": timeout}
    action |= {"working_directory": None, "env": None, "user": None}
    item = {"type": "local_shell_call", "id": f"lsh_{call_id}", "call_id": call_id, "status": "completed"}
    return {**item, "action": action}


def _config(version: str, tools: set[str]) -> dict[str, Any]:
    """The config keys that add the tools the calls use (none for tools offered anyway)."""
    return {key: True for tool, key in get_edition(version).tool_config_keys if tool in tools}


def written_outputs(version: str, commands: list[dict[str, Any]], call_ids: list[str]) -> dict[str, str]:
    """Run ``commands`` (each the args of one exec.format_output) as calls of one model turn.

    The release runs them one after another and writes back an output for
    each; the answer maps each call id it wrote back to that output string.
    """
    with scratch_dir(prefix="codex-conformance-output-") as scratch:
        calls = []
        for index, (args, call_id) in enumerate(zip(commands, call_ids, strict=True)):
            output = required(args, "output", str)
            tool = required(args, "tool", str)
            path = Path(scratch) / f"output-{index}.bin"
            path.write_bytes(output.encode("utf-8"))
            calls.append(_call(tool, _script(path, args), args, call_id))
        tools = {required(args, "tool", str) for args in commands}
        elements = written_back(version, calls, config=_config(version, tools), shared=[Path(scratch)])
    wanted = set(call_ids)
    outputs: dict[str, str] = {}
    for element in elements:
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") in wanted:
            if not isinstance(item.get("output"), str):
                raise CaptureError(f"release {version} wrote back a non-string output: {element[:300]}")
            outputs[item["call_id"]] = item["output"]
    return outputs


def exec_format_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    outputs = written_outputs(version, [args], [_EXEC_CALL_ID])
    if _EXEC_CALL_ID not in outputs:
        raise CaptureError(f"release {version} wrote back no output for the command")
    return {"output": outputs[_EXEC_CALL_ID]}


OPS: dict[str, ReleaseOp] = {"exec.format_output": exec_format_output}
