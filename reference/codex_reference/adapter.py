"""Adapter protocol v1 for the reference model: ``handle(request) -> response``.

Every response is exactly one of ``{"result": ...}``, ``{"error": {"kind",
"message"}}`` or ``{"unsupported": reason}``; no exception escapes, and no
reply passes the protocol's limits on a line (``codex_reference.limits``:
one that would is answered ``invalid-args`` saying so).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from codex_reference import __version__, dispatch, editions, exec_output, host_tools, items, mcp_output
from codex_reference.apply_patch import ops as apply_patch_ops
from codex_reference.approvals import written_back as approvals_written_back
from codex_reference.approvals.client_events import client_events as approvals_client_events
from codex_reference.args import unicode_problem
from codex_reference.chat.ops import chat_request, chat_sse
from codex_reference.dynamic import call_output_op, call_request_op, to_responses_op
from codex_reference.editions import Edition
from codex_reference.errors import InvalidArgs, NotModelled, ReferenceError_, UnknownEdition
from codex_reference.http.reply import http_reply
from codex_reference.json_types import JSON
from codex_reference.limits import reply_problem, request_problem
from codex_reference.mcp import tools
from codex_reference.plainly_within import plainly_within
from codex_reference.request import build as request_build
from codex_reference.request import builtins as request_builtins
from codex_reference.safety import known_safe
from codex_reference.skills import list_op as skills_list
from codex_reference.skills import read_op as skills_read
from codex_reference.skills import tools_op as skills_tools
from codex_reference.tools import apply_patch_spec, catalog
from codex_reference.transport import turn as transport_turn
from codex_reference.wire import sse_responses

__all__ = ["Handler", "handle", "make_handler"]


Handler = Callable[[JSON], dict[str, JSON]]
_Op = Callable[[Mapping[str, Edition], dict[str, JSON]], dict[str, JSON]]
# An op of one edition: it reads its part of the edition's table, and the
# edition's version where that part reads release data named by version.
_EditionOp = Callable[[Edition, dict[str, JSON]], dict[str, JSON]]


def _edition(table: Mapping[str, Edition], args: dict[str, JSON]) -> Edition:
    version = args.get("edition")
    if isinstance(version, str) and version in table:
        return table[version]
    known = ", ".join(table)
    raise UnknownEdition(f"unknown edition {version!r}; known editions: {known}")


def _required(args: dict[str, JSON], key: str) -> JSON:
    if key not in args:
        raise InvalidArgs(f"missing `{key}`")
    return args[key]


def _hello(table: Mapping[str, Edition], args: dict[str, JSON]) -> dict[str, JSON]:
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


def _apply_patch_spec(edition: Edition, args: dict[str, JSON]) -> dict[str, JSON]:
    return apply_patch_spec.apply_patch_spec(edition.apply_patch_tools, edition.version, args.get("variant"))


_EDITION_OPS: dict[str, _EditionOp] = {
    "apply_patch.apply": lambda edition, args: apply_patch_ops.apply(edition.apply_patch, args),
    "apply_patch.parse": lambda edition, args: apply_patch_ops.parse(edition.apply_patch, args),
    "mcp.tools_to_responses": lambda edition, args: {
        "tools": tools.tools_to_responses(edition, _required(args, "servers"), args.get("model"))
    },
    "schema.sanitize": lambda edition, args: {
        "schema": tools.sanitize_schema(edition, _required(args, "schema"))
    },
    "tools.apply_patch_spec": _apply_patch_spec,
    "tools.build": lambda edition, args: catalog.build(edition.tools_catalog, edition.version, args),
    "dispatch.call": lambda edition, args: dispatch.call(edition.dispatch, args),
    "safety.is_known_safe_command": lambda edition, args: known_safe(edition.safety, args),
    "sse.responses": lambda edition, args: sse_responses(edition.sse, args),
    "http.reply": lambda edition, args: http_reply(edition.http, args),
    "request.build": lambda edition, args: request_build(edition.request, edition.version, args),
    "request.builtins": lambda edition, args: request_builtins(edition.request, edition.version, args),
    "transport.turn": lambda edition, args: transport_turn(edition.transport, args),
    "exec.format_output": lambda edition, args: exec_output.format_output(edition.exec_output, args),
    "items.serialize": lambda edition, args: items.serialize(edition.items, _required(args, "item")),
    "mcp.call_output": lambda edition, args: mcp_output.call_output(edition.mcp_output, args),
    "mcp.resource_output": lambda edition, args: mcp_output.resource_call_output(
        edition.mcp_output, edition.mcp_resources, args
    ),
    "chat.request": lambda edition, args: chat_request(edition.chat, edition.request, edition.version, args),
    "chat.sse": lambda edition, args: chat_sse(edition.chat, args),
    "dynamic.to_responses": lambda edition, args: to_responses_op(edition.dynamic, edition.version, args),
    "dynamic.call_output": lambda edition, args: call_output_op(edition.dynamic, args),
    "dynamic.call_request": lambda edition, args: call_request_op(edition.dynamic, args),
    "skills.tools": lambda edition, args: skills_tools(edition.skills, args),
    "skills.list": lambda edition, args: skills_list(edition.skills, args),
    "skills.read": lambda edition, args: skills_read(edition.skills, args),
    "approvals.written_back": lambda edition, args: approvals_written_back(
        edition.approvals, edition.safety, edition.apply_patch, edition.exec_output, args
    ),
    "approvals.client_events": lambda edition, args: approvals_client_events(
        edition.approvals, edition.safety, args
    ),
    "host_tools.read_file": lambda edition, args: host_tools.read_file_op(edition.host_tools, args),
    "host_tools.list_dir": lambda edition, args: host_tools.list_dir_op(edition.host_tools, args),
    "host_tools.grep_files": lambda edition, args: host_tools.grep_files_op(edition.host_tools, args),
    "host_tools.shell_command": lambda edition, args: host_tools.shell_command_op(edition.host_tools, args),
    "host_tools.apply_patch": lambda edition, args: host_tools.apply_patch_op(
        edition.patch_tool, edition.apply_patch, args
    ),
}


def _on_edition(op: _EditionOp) -> _Op:
    return lambda table, args: op(_edition(table, args), args)


_OPS: dict[str, _Op] = {"hello": _hello, **{name: _on_edition(op) for name, op in _EDITION_OPS.items()}}


def make_handler(table: Mapping[str, Edition]) -> Handler:
    """A protocol handler over an edition table.

    ``handle`` uses the real tables; tests build deliberately wrong tables
    (see conformance/codex_conformance/areas/*/broken.py) to prove the kit catches them.
    """

    def handle(request: JSON) -> dict[str, JSON]:
        reply = _answer(request)
        problem = None if plainly_within(reply) else reply_problem(reply)
        if problem is not None:
            return {"error": {"kind": "invalid-args", "message": problem}}
        return reply

    def _answer(request: JSON) -> dict[str, JSON]:
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
        # Most args are cleared by a quick pass; the exact checks name what is wrong and where.
        problem = (
            None if plainly_within(args, strict=False) else unicode_problem(args) or request_problem(args)
        )
        if problem is not None:
            return {"error": {"kind": "invalid-args", "message": problem}}
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
