"""The conversation ops, answered by running a real release.

``exec.format_output``: the release runs a command that writes exactly the
given output and exits as asked; the answer is the ``output`` string of the
``function_call_output`` it writes back.

``items.serialize``: the release receives the item in a model response (with
a harmless probe call after it, so that it sends a follow-up request); the
answer is the item's exact text in that request's ``input``, or null when
the release leaves it out.
"""

from __future__ import annotations

import json
import shlex
import tempfile
from pathlib import Path
from typing import Any

from codex_conformance.capture.exec_run import CaptureError
from codex_conformance.release.conversation_run import written_back
from codex_conformance.release.ops import ReleaseRejectedError

# Long enough that no real command outlives it by accident, short enough that
# a timed-out capture stays quick.
_TIMEOUT_MS = 1000
_SLEEP_PAST_TIMEOUT = "sleep 10"
_EXEC_CALL_ID = "call_conformance_exec"
_PROBE_CALL_ID = "call_conformance_probe"


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
    raise ReleaseRejectedError("invalid-args", f"no way to run a command through tool {tool!r}")


def _function_call(name: str, arguments: dict[str, Any], call_id: str) -> dict[str, Any]:
    return {
        "type": "function_call",
        "name": name,
        "arguments": json.dumps(arguments),
        "call_id": call_id,
        "id": f"fc_{call_id}",
    }


def exec_format_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    output = args["output"]
    if not isinstance(output, str):
        raise TypeError("`output` must be a string")
    tool = str(args["tool"])
    with tempfile.TemporaryDirectory(prefix="codex-conformance-output-") as scratch:
        path = Path(scratch) / "output.bin"
        path.write_bytes(output.encode("utf-8"))
        call = _function_call(tool, _call_arguments(tool, _script(path, args), args), _EXEC_CALL_ID)
        elements = written_back(version, [call])
    for element in elements:
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") == _EXEC_CALL_ID:
            if not isinstance(item.get("output"), str):
                raise CaptureError(f"release {version} wrote back a non-string output: {element[:300]}")
            return {"output": item["output"]}
    raise CaptureError(f"release {version} wrote back no output for the command")


def _probe_call(version: str) -> dict[str, Any]:
    # A call every edition answers: its only job is to make the release send
    # a follow-up request that carries the item under test.
    if version == "0.25.0":
        return _function_call("shell", {"command": ["bash", "-c", "true"]}, _PROBE_CALL_ID)
    return _function_call("exec_command", {"cmd": "true"}, _PROBE_CALL_ID)


def items_serialize(version: str, args: dict[str, Any]) -> dict[str, Any]:
    item = args["item"]
    if not isinstance(item, dict):
        raise TypeError("`item` must be an object")
    own_call_id = item.get("call_id")
    remaining: list[str] = []
    for element in written_back(version, [item, _probe_call(version)]):
        parsed = json.loads(element)
        call_id = parsed.get("call_id") if isinstance(parsed, dict) else None
        if call_id == _PROBE_CALL_ID:
            continue
        kind = str(parsed.get("type", "")) if isinstance(parsed, dict) else ""
        if own_call_id is not None and call_id == own_call_id and kind.endswith("_output"):
            continue  # the release's answer to the item, not the item
        remaining.append(element)
    if len(remaining) > 1:
        raise CaptureError(f"release {version} wrote back {len(remaining)} items for one: {remaining}")
    return {"json": remaining[0] if remaining else None}
