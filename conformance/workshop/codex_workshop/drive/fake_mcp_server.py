"""A stdio MCP server that serves a fixed tool list, for captures.

Run as ``python fake_mcp_server.py TOOLS.json [CALLS.json [RESOURCES.json]]``: the first file
holds the exact ``tools`` array that ``tools/list`` returns, byte for byte as
a real server would send it.  Standard library only, because the release
starts it as a child process with whatever interpreter the capture names.

The optional second file scripts ``tools/call``: an object from tool name to
one answer (see ``_answer_call``).  Without it, or for a tool it does not
name, ``tools/call`` is "method not found", as it always was, so captures
that only list tools see the same server as before.

The optional third file scripts the resource methods (see ``_resources``):
with it, ``resources/list``, ``resources/templates/list`` and
``resources/read`` answer as it says, and the server may leave the
``resources`` capability out of its ``initialize`` answer.  Without it they
answer empty lists, as they always did.

Messages are newline-delimited JSON-RPC 2.0, which is the stdio transport
every Codex release speaks.  Every message received is appended to the log
file named by ``CODEX_CONFORMANCE_MCP_LOG`` (if set) so a capture can show
what the release asked.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

_SERVER_INFO = {"name": "codex-conformance-fake", "version": "1.0.0"}
_DEFAULT_PROTOCOL = "2025-06-18"


def _reply(message_id: Any, result: Any) -> None:
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message_id, "result": result}) + "\n")
    sys.stdout.flush()


def _error(message_id: Any, code: int, text: str) -> None:
    payload = {"jsonrpc": "2.0", "id": message_id, "error": {"code": code, "message": text}}
    sys.stdout.write(json.dumps(payload) + "\n")
    sys.stdout.flush()


def _log(line: str) -> None:
    path = os.environ.get("CODEX_CONFORMANCE_MCP_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(line.rstrip("\n") + "\n")


def _answer_call(message_id: Any, script: dict[str, Any]) -> None:
    """Answer one ``tools/call`` as scripted.

    - ``{"result": R}``: R, a CallToolResult, sent as the JSON-RPC result;
    - ``{"raw_result": TEXT}``: TEXT is written as the result's JSON text
      (for results a ``json.dumps`` of a dict cannot spell, e.g. key order
      or a number form);
    - ``{"error": {"code": C, "message": M}}``: a JSON-RPC error;
    - ``{"exit": N}``: the server exits with status N without answering;
    - ``{"hang": true}``: no answer ever (the caller's timeout decides).
    """
    if "exit" in script:
        sys.stdout.flush()
        os._exit(int(script["exit"]))
    if script.get("hang"):
        return
    if "error" in script:
        error = script["error"]
        payload = {"jsonrpc": "2.0", "id": message_id, "error": error}
        sys.stdout.write(json.dumps(payload) + "\n")
    elif "raw_result" in script:
        head = json.dumps({"jsonrpc": "2.0", "id": message_id})[:-1]
        sys.stdout.write(head + ', "result": ' + str(script["raw_result"]) + "}\n")
    else:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": message_id, "result": script["result"]}) + "\n")
    sys.stdout.flush()


# The resources file's key per method, and the request param that picks the
# scripted answer (a page by its cursor, a read by its URI).
_RESOURCE_METHODS = {
    "resources/list": ("list", "cursor"),
    "resources/templates/list": ("templates", "cursor"),
    "resources/read": ("read", "uri"),
}


def _resources(message_id: Any, method: str, params: dict[str, Any], script: dict[str, Any]) -> None:
    """Answer a resource method from the resources file.

    ``script[key]`` maps the param's value (``""`` when the request has no
    cursor) to one answer in ``_answer_call``'s forms; a value it does not
    name is "method not found", like a method of a server whose
    ``capability`` is false (it advertises no ``resources`` capability).
    """
    key, param = _RESOURCE_METHODS[method]
    value = params.get(param)
    answers = script.get(key) or {}
    chosen = "" if value is None else str(value)
    if script.get("capability", True) is False or chosen not in answers:
        _error(message_id, -32601, f"method not found: {method}")
        return
    _answer_call(message_id, answers[chosen])


def serve(
    tools: list[Any], calls: dict[str, Any] | None = None, resources: dict[str, Any] | None = None
) -> None:
    capabilities: dict[str, Any] = {"tools": {"listChanged": False}}
    if resources is not None and resources.get("capability", True) is not False:
        capabilities["resources"] = {"listChanged": False}
    for line in sys.stdin:
        if not line.strip():
            continue
        _log(line)
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(message, dict) or "id" not in message:
            continue  # notifications need no answer
        method = message.get("method")
        message_id = message["id"]
        if method == "initialize":
            params = message.get("params") or {}
            _reply(
                message_id,
                {
                    "protocolVersion": params.get("protocolVersion", _DEFAULT_PROTOCOL),
                    "capabilities": capabilities,
                    "serverInfo": _SERVER_INFO,
                },
            )
        elif method == "tools/list":
            _reply(message_id, {"tools": tools})
        elif method == "tools/call" and calls and (message.get("params") or {}).get("name") in calls:
            _answer_call(message_id, calls[message["params"]["name"]])
        elif resources is not None and method in _RESOURCE_METHODS:
            _resources(message_id, method, message.get("params") or {}, resources)
        elif method in ("resources/list",):
            _reply(message_id, {"resources": []})
        elif method in ("resources/templates/list",):
            _reply(message_id, {"resourceTemplates": []})
        elif method == "prompts/list":
            _reply(message_id, {"prompts": []})
        elif method == "ping":
            _reply(message_id, {})
        else:
            _error(message_id, -32601, f"method not found: {method}")


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as handle:
        tools = json.load(handle)
    calls = None
    if len(sys.argv) > 2:
        with open(sys.argv[2], encoding="utf-8") as handle:
            calls = json.load(handle)
    resources = None
    if len(sys.argv) > 3:
        with open(sys.argv[3], encoding="utf-8") as handle:
            resources = json.load(handle)
    serve(tools, calls, resources)


if __name__ == "__main__":
    main()
