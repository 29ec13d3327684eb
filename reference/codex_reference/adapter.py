"""Adapter protocol v1 for the reference model: ``handle(request) -> response``.

Every response is exactly one of ``{"result": ...}``, ``{"error": {"kind",
"message"}}`` or ``{"unsupported": reason}``; no exception escapes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from codex_reference import __version__, dispatch, editions, exec_output, items, mcp_output
from codex_reference.apply_patch import ops as apply_patch_ops
from codex_reference.chat.ops import chat_request, chat_sse
from codex_reference.dynamic import call_output_op, to_responses_op
from codex_reference.errors import InvalidArgs, NotModelled, ReferenceError_, UnknownEdition
from codex_reference.json_types import JSON
from codex_reference.mcp import tools
from codex_reference.request import build as request_build
from codex_reference.request import builtins as request_builtins
from codex_reference.safety import known_safe
from codex_reference.skills import list_op as skills_list
from codex_reference.skills import read_op as skills_read
from codex_reference.skills import tools_op as skills_tools
from codex_reference.tools import apply_patch_spec, catalog
from codex_reference.wire import sse_responses

__all__ = ["Handler", "handle", "make_handler"]


Handler = Callable[[JSON], dict[str, JSON]]
_Op = Callable[[Mapping[str, editions.Edition], dict[str, JSON]], dict[str, JSON]]


def _edition(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> editions.Edition:
    version = args.get("edition")
    if isinstance(version, str) and version in table:
        return table[version]
    known = ", ".join(table)
    raise UnknownEdition(f"unknown edition {version!r}; known editions: {known}")


def _hello(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    return {
        "protocol": 1,
        "implementation": {
            "name": "codex-reference",
            "version": __version__,
            "language": "python",
            "homepage": "",
        },
        "editions": list(table),
        "ops": sorted(_EDITION_OPS),
    }


def _tools_to_responses(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    edition = _edition(table, args)
    if "servers" not in args:
        raise InvalidArgs("missing `servers`")
    return {"tools": tools.tools_to_responses(edition, args["servers"])}


def _schema_sanitize(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    edition = _edition(table, args)
    if "schema" not in args:
        raise InvalidArgs("missing `schema`")
    return {"schema": tools.sanitize_schema(edition, args["schema"])}


def _apply_patch_spec(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    edition = _edition(table, args)
    return apply_patch_spec.apply_patch_spec(edition.apply_patch_tools, edition.version, args.get("variant"))


def _apply_patch_apply(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    return apply_patch_ops.apply(_edition(table, args).apply_patch, args)


def _apply_patch_parse(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    return apply_patch_ops.parse(_edition(table, args).apply_patch, args)


def _exec_format_output(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    return exec_output.format_output(_edition(table, args).exec_output, args)


def _items_serialize(table: Mapping[str, editions.Edition], args: dict[str, JSON]) -> dict[str, JSON]:
    edition = _edition(table, args)
    if "item" not in args:
        raise InvalidArgs("missing `item`")
    return items.serialize(edition.items, args["item"])


_EDITION_OPS: dict[str, _Op] = {
    "apply_patch.apply": _apply_patch_apply,
    "apply_patch.parse": _apply_patch_parse,
    "mcp.tools_to_responses": _tools_to_responses,
    "schema.sanitize": _schema_sanitize,
    "tools.apply_patch_spec": _apply_patch_spec,
    "tools.build": lambda table, args: catalog.build(_edition(table, args).tools_catalog, args),
    "dispatch.call": lambda table, args: dispatch.call(_edition(table, args).dispatch, args),
    "safety.is_known_safe_command": lambda table, args: known_safe(_edition(table, args).safety, args),
    "sse.responses": lambda table, args: sse_responses(_edition(table, args).sse, args),
    "request.build": lambda table, args: request_build(_edition(table, args).request, args),
    "request.builtins": lambda table, args: request_builtins(_edition(table, args).request, args),
    "exec.format_output": _exec_format_output,
    "items.serialize": _items_serialize,
    "mcp.call_output": lambda table, args: mcp_output.call_output(_edition(table, args).mcp_output, args),
    "chat.request": lambda table, args: chat_request(_edition(table, args).chat, args),
    "chat.sse": lambda table, args: chat_sse(_edition(table, args).chat, args),
    "dynamic.to_responses": lambda table, args: to_responses_op(_edition(table, args).dynamic, args),
    "dynamic.call_output": lambda table, args: call_output_op(_edition(table, args).dynamic, args),
    "skills.tools": lambda table, args: skills_tools(_edition(table, args).skills, args),
    "skills.list": lambda table, args: skills_list(_edition(table, args).skills, args),
    "skills.read": lambda table, args: skills_read(_edition(table, args).skills, args),
}
_OPS: dict[str, _Op] = {"hello": _hello, **_EDITION_OPS}


def make_handler(table: Mapping[str, editions.Edition]) -> Handler:
    """A protocol handler over an edition table.

    ``handle`` uses the real tables; tests build deliberately wrong tables
    (see conformance/tests/broken_adapters.py) to prove the kit catches them.
    """

    def handle(request: JSON) -> dict[str, JSON]:
        if not isinstance(request, dict) or not isinstance(request.get("op"), str):
            return {
                "error": {"kind": "invalid-args", "message": "request must be an object with a string `op`"}
            }
        op = request["op"]
        implementation = _OPS.get(op)
        if implementation is None:
            return {"unsupported": f"op {op!r} is not implemented by codex-reference"}
        args = request.get("args", {})
        if not isinstance(args, dict):
            return {"error": {"kind": "invalid-args", "message": "`args` must be an object"}}
        try:
            return {"result": implementation(table, args)}
        except ReferenceError_ as exc:
            return {"error": {"kind": exc.kind, "message": exc.message}}
        except NotModelled as exc:
            return {"unsupported": str(exc)}
        except RecursionError:
            return {"error": {"kind": "invalid-args", "message": "input nested too deeply"}}
        except Exception as exc:  # a bug in the model: reported, never a traceback
            return {"error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}"}}

    return handle


handle: Handler = make_handler(editions.EDITIONS)
