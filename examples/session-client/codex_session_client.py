"""A tiny Codex client that implements ``session.run``: the kit's example of an end-to-end port.

It builds its first request with the reference model's ``request.build``
(the kit certifies that op separately), sends it with httpx to the
``base_url`` the kit gives it, and reads the SSE reply until
``response.completed``.  It has no tools: a function call is answered
``unsupported call: <name>`` and written back with the call, as the
releases do for a tool they lack; any other item makes it answer
``unsupported``, so a transcript it cannot follow is reported as not
applicable, never as a pass.

Run it: ``pytest --impl=codex_session_client`` with this directory on
``PYTHONPATH`` (conformance/tests/test_session_run.py does).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import httpx

from codex_reference.adapter import handle as reference

EDITIONS = ["0.25.0", "0.94.0", "0.169.0", "0.171.0"]


def _observed(cwd: str, home: str) -> dict[str, Any]:
    """The values a release makes up for one run; this client makes up its own."""
    return {
        "os": "Linux; x86_64",
        "terminal": "unknown",
        "session_id": str(uuid.uuid4()),
        "cwd": cwd,
        "codex_home": home,
        "current_date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "timezone": "Etc/UTC",
        "installation_id": str(uuid.uuid4()),
        "turn_id": str(uuid.uuid4()),
        "context_window_id": str(uuid.uuid4()),
        "turn_started_at_unix_ms": int(time.time() * 1000),
        "message_ids": [f"msg_{uuid.uuid4()}" for _ in range(4)],
    }


def _events(response: httpx.Response) -> list[dict[str, Any]]:
    events = []
    for line in response.iter_lines():
        if line.startswith("data: "):
            events.append(json.loads(line[len("data: ") :]))
    return events


# 0.169.0 and 0.171.0 give the output item an id of their own; 0.25.0 and 0.94.0 write
# none (spec/mcp_output.md MCPOUT-ITEM-1, the same for every tool output).
OUTPUT_ID_PREFIX = {"0.25.0": None, "0.94.0": None, "0.169.0": "fco", "0.171.0": "fco"}


# Where the outputs of a reply's calls go in the next request (spec/session.md
# SESSION-WRITEBACK-2): 0.25.0 writes each one right after its call; 0.94.0
# records the whole reply first, then the outputs in the order of the calls;
# 0.169.0 and 0.171.0 are written as 0.94.0 (no case of theirs has two calls yet).
OUTPUTS_AFTER_REPLY = {"0.25.0": False, "0.94.0": True, "0.169.0": True, "0.171.0": True}


def _recorded(edition: str, item: dict[str, Any]) -> list[Any]:
    """The reply's item as the release re-serializes it (nothing for one it does not record)."""
    serialized = reference({"op": "items.serialize", "args": {"edition": edition, "item": item}})
    text = serialized["result"]["json"]
    return [json.loads(text)] if text is not None else []


def _output(edition: str, call: dict[str, Any]) -> dict[str, Any]:
    """The call's output: this client has no tools."""
    output: dict[str, Any] = {"type": "function_call_output"}
    prefix = OUTPUT_ID_PREFIX[edition]
    if prefix is not None:
        output["id"] = f"{prefix}_{uuid.uuid4()}"
    output["call_id"] = call["call_id"]
    output["output"] = f"unsupported call: {call['name']}"
    return output


def _written_back(edition: str, items: list[dict[str, Any]]) -> list[Any]:
    """The reply's items and the outputs of its calls, in the order the edition writes them."""
    calls = [item for item in items if item.get("type") == "function_call"]
    if OUTPUTS_AFTER_REPLY[edition]:
        return [piece for item in items for piece in _recorded(edition, item)] + [
            _output(edition, call) for call in calls
        ]
    written: list[Any] = []
    for item in items:
        written += _recorded(edition, item)
        if item.get("type") == "function_call":
            written.append(_output(edition, item))
    return written


def _first_request(args: dict[str, Any]) -> dict[str, Any] | None:
    with (
        tempfile.TemporaryDirectory(prefix="codex-conformance-work-") as cwd,
        tempfile.TemporaryDirectory(prefix="codex-conformance-home-") as home,
    ):
        built = reference(
            {
                "op": "request.build",
                "args": {
                    "edition": args["edition"],
                    "model": "gpt-5",
                    "provider": {"base_url": args["base_url"]},
                    "prompt": args.get("prompt", "hi"),
                    "observed": _observed(os.path.realpath(cwd), os.path.realpath(home)),
                },
            }
        )
    result = built.get("result")
    return result if isinstance(result, dict) else None


def session_run(args: dict[str, Any], *, max_turns: int = 8) -> dict[str, Any]:
    request = _first_request(args)
    if request is None:
        return {"unsupported": "request.build declined this configuration"}
    body = request["body"]
    with httpx.Client() as client:
        client.headers.clear()  # send exactly the release's headers, in its order
        headers = [(name, value) for name, value in request["headers"]]
        for _turn in range(max_turns):
            content = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
            with client.stream(
                request["method"], request["url"], headers=headers, content=content
            ) as response:
                events = _events(response)
            items = [e["item"] for e in events if e.get("type") == "response.output_item.done"]
            calls = [item for item in items if item.get("type") == "function_call"]
            if any(item.get("type") not in ("message", "function_call") for item in items):
                return {"unsupported": "this client handles messages and function calls only"}
            if not calls:
                return {"result": {"turns": _turn + 1}}
            body["input"] += _written_back(args["edition"], items)
    return {"unsupported": f"no final answer within {max_turns} turns"}


def handle(request: dict[str, Any]) -> dict[str, Any]:
    if request["op"] == "hello":
        return {
            "result": {
                "protocol": 1,
                "implementation": {
                    "name": "codex-session-client",
                    "version": "0.1.0",
                    "language": "python",
                    "homepage": "",
                },
                "editions": EDITIONS,
                "ops": ["session.run"],
            }
        }
    if request["op"] == "session.run":
        return session_run(request["args"])
    return {"unsupported": f"op {request['op']!r}"}
