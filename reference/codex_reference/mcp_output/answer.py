"""The server's answer to ``tools/call``, read as the release reads it.

The op's ``answer`` arg is the fake server's script (see
spec/mcp_output.md): ``result`` (sent as Python's ``json.dumps`` text of
the object), ``raw_result`` (sent as written), ``error`` (a JSON-RPC
error), ``exit`` (the server exits) or ``hang`` (no answer).  Both
editions start from the same text, so the number forms a release sees are
fixed by the args.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.mcp_output import json_numbers


@dataclass(frozen=True)
class Result:
    value: dict[str, JSON]  # the CallToolResult, numbers as json_numbers.Number


@dataclass(frozen=True)
class RpcError:
    code: int
    message: str


@dataclass(frozen=True)
class ServerExited:
    pass


@dataclass(frozen=True)
class NoAnswer:
    pass


Answer = Result | RpcError | ServerExited | NoAnswer


def read(answer: JSON) -> Answer:
    if not isinstance(answer, dict):
        raise InvalidArgs("`answer` must be an object")
    if "exit" in answer:
        return ServerExited()
    if answer.get("hang"):
        return NoAnswer()
    if "error" in answer:
        error = answer["error"]
        if not isinstance(error, dict) or not isinstance(error.get("code"), int):
            raise InvalidArgs("`answer.error` must be an object with an integer `code`")
        return RpcError(error["code"], str(error.get("message", "")))
    if "raw_result" in answer:
        text = answer["raw_result"]
    elif "result" in answer:
        text = json.dumps(answer["result"])
    else:
        raise InvalidArgs("`answer` needs one of result, raw_result, error, exit, hang")
    if not isinstance(text, str):
        raise InvalidArgs("`answer.raw_result` must be a string")
    try:
        value = json_numbers.loads(text)
    except ValueError as exc:
        # The arg is the result's JSON text; other text is no answer a server scripts.
        raise InvalidArgs(f"`answer.raw_result` is not JSON text: {exc}") from None
    if not isinstance(value, dict):
        raise InvalidArgs("the result must be a JSON object")
    return Result(value)
