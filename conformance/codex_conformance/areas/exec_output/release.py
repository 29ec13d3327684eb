"""``exec.format_output`` answered by running a real release.

``exec.format_output``: the release runs a command that writes exactly the
given output and exits as asked; the answer is the ``output`` string of the
``function_call_output`` it writes back.

"""

from __future__ import annotations

import json
import shlex
import tempfile
from pathlib import Path
from typing import Any

from codex_conformance.areas import ReleaseOp
from codex_conformance.drive.args import required
from codex_conformance.drive.conversation_run import function_call, written_back
from codex_conformance.drive.errors import CaptureError, InvalidInputError

# Long enough that no real command outlives it by accident, short enough that
# a timed-out capture stays quick.
_TIMEOUT_MS = 1000
_SLEEP_PAST_TIMEOUT = "sleep 10"
_EXEC_CALL_ID = "call_conformance_exec"


def _script(path: Path, args: dict[str, Any]) -> str:
    redirect = " >&2" if args.get("stream", "stdout") == "stderr" else ""
    write = f"cat {shlex.quote(str(path))}{redirect}"
    if args.get("timed_out", False):
        return f"{write}; {_SLEEP_PAST_TIMEOUT}"
    return f"{write}; exit {int(args.get('exit_code', 0))}"


def _call_arguments(tool: str, script: str, args: dict[str, Any]) -> dict[str, Any]:
    timed_out = bool(args.get("timed_out", False))
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


def exec_format_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    output = required(args, "output", str)
    tool = required(args, "tool", str)
    with tempfile.TemporaryDirectory(prefix="codex-conformance-output-") as scratch:
        path = Path(scratch) / "output.bin"
        path.write_bytes(output.encode("utf-8"))
        call = function_call(tool, _call_arguments(tool, _script(path, args), args), _EXEC_CALL_ID)
        elements = written_back(version, [call], shared=[Path(scratch)])
    for element in elements:
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") == _EXEC_CALL_ID:
            if not isinstance(item.get("output"), str):
                raise CaptureError(f"release {version} wrote back a non-string output: {element[:300]}")
            return {"output": item["output"]}
    raise CaptureError(f"release {version} wrote back no output for the command")


OPS: dict[str, ReleaseOp] = {"exec.format_output": exec_format_output}
