"""The server's answer to ``tools/call``, read as the release reads it.

The op's ``answer`` arg is the fake server's script (see
spec/mcp_output.md): ``result`` (sent as Python's ``json.dumps`` text of
the object), ``raw_result`` (sent as written), ``error`` (a JSON-RPC
error), ``exit`` (the server exits) or ``hang`` (no answer).  Both
editions start from the same text, so the number forms a release sees are
fixed by the args.  An error the releases cannot decode (not an object, a
code that is no integer, a message that is no string) is ``GarbledError``,
and so is a code past the edition's integer type (``with_codes``): i32 for
rmcp (0.94.0, 0.169.0), i64 for mcp-types (0.25.0).  What follows is each
edition's (MCPOUT-FAIL-1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from codex_reference import collector
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
class GarbledError:
    """A JSON-RPC error the releases' structs cannot read (captured: rpc-error-string-code and others)."""


@dataclass(frozen=True)
class ServerExited:
    pass


@dataclass(frozen=True)
class NoAnswer:
    pass


Answer = Result | RpcError | GarbledError | ServerExited | NoAnswer

# The error codes a release's struct reads: rmcp's ErrorCode is an i32
# (captured: rpc-error-code-past-i32), mcp-types' an i64 (0.25.0 answers
# 2^31 and not 2^63: rpc-error-code-past-i64).
RMCP_CODES = range(-(2**31), 2**31)
MCP_TYPES_CODES = range(-(2**63), 2**63)


def read(answer: JSON) -> Answer:
    if not isinstance(answer, dict):
        raise InvalidArgs("`answer` must be an object")
    if "exit" in answer:
        return ServerExited()
    if answer.get("hang"):
        return NoAnswer()
    if "error" in answer:
        return _error(answer["error"])
    if "raw_result" in answer:
        text = answer["raw_result"]
    elif "result" in answer:
        with collector.paused():  # the encoder makes a tuple per key
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


def _error(error: JSON) -> RpcError | GarbledError:
    if not isinstance(error, dict):
        return GarbledError()
    code, message = error.get("code"), error.get("message")
    if isinstance(code, bool) or not isinstance(code, int) or not isinstance(message, str):
        return GarbledError()
    return RpcError(code, message)


def with_codes(answer: Answer, codes: range) -> Answer:
    """The answer as a release whose error codes are ``codes`` reads it: a code past them garbles it."""
    if isinstance(answer, RpcError) and answer.code not in codes:
        return GarbledError()
    return answer
