"""Adapter protocol v1 for the reference model: ``handle(request) -> response``.

Every response is exactly one of ``{"result": ...}``, ``{"error": {"kind",
"message"}}`` or ``{"unsupported": reason}``; no exception escapes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from codex_reference import __version__, editions
from codex_reference.errors import InvalidArgs, ReferenceError_
from codex_reference.mcp import tools

__all__ = ["handle"]

JSON = Any


def _hello(args: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "protocol": 1,
        "implementation": {
            "name": "codex-reference",
            "version": __version__,
            "language": "python",
            "homepage": "",
        },
        "editions": list(editions.EDITIONS),
        "ops": sorted(_OPS_WITH_EDITION),
    }


def _tools_to_responses(args: dict[str, JSON]) -> dict[str, JSON]:
    edition = editions.get(args.get("edition"))
    if "servers" not in args:
        raise InvalidArgs("missing `servers`")
    return {"tools": tools.tools_to_responses(edition, args["servers"])}


def _schema_sanitize(args: dict[str, JSON]) -> dict[str, JSON]:
    edition = editions.get(args.get("edition"))
    if "schema" not in args:
        raise InvalidArgs("missing `schema`")
    return {"schema": tools.sanitize_schema(edition, args["schema"])}


_OPS_WITH_EDITION: dict[str, Callable[[dict[str, JSON]], dict[str, JSON]]] = {
    "mcp.tools_to_responses": _tools_to_responses,
    "schema.sanitize": _schema_sanitize,
}
_OPS: dict[str, Callable[[dict[str, JSON]], dict[str, JSON]]] = {"hello": _hello, **_OPS_WITH_EDITION}


def handle(request: JSON) -> dict[str, JSON]:
    if not isinstance(request, dict) or not isinstance(request.get("op"), str):
        return {"error": {"kind": "invalid-args", "message": "request must be an object with a string `op`"}}
    op = request["op"]
    implementation = _OPS.get(op)
    if implementation is None:
        return {"unsupported": f"op {op!r} is not implemented by codex-reference"}
    args = request.get("args", {})
    if not isinstance(args, dict):
        return {"error": {"kind": "invalid-args", "message": "`args` must be an object"}}
    try:
        return {"result": implementation(args)}
    except ReferenceError_ as exc:
        return {"error": {"kind": exc.kind, "message": exc.message}}
    except RecursionError:
        return {"error": {"kind": "invalid-args", "message": "input nested too deeply"}}
