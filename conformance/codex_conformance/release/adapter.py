"""An adapter backed by a real release: ``--impl=release:<version>``.

It declares only the ops a release can answer by being run, and only its own
edition.  Running the conformance suite against it re-derives every captured
golden from the real binary, which is how the kit checks its own captures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from codex_conformance.capture.exec_run import CaptureError
from codex_conformance.capture.safety_run import NotObservableError
from codex_conformance.editions import get_edition
from codex_conformance.release import (
    chat_ops,
    conversation_ops,
    dynamic_ops,
    ops,
    request_ops,
    safety_ops,
    skills_ops,
    tools_ops,
    wire_ops,
)
from codex_conformance.release.apply_patch_run import ApplyPatchRunError
from codex_conformance.release.cache import ReleaseUnavailableError, release_binary
from codex_conformance.release.file_tree import FileTreeError
from codex_conformance.release.mcp_call_run import mcp_call_output
from codex_conformance.release.session_ops import session_run

_OPS: dict[str, Callable[[str, dict[str, Any]], dict[str, Any]]] = {
    "mcp.tools_to_responses": lambda version, args: ops.mcp_tools_to_responses(version, args["servers"]),
    "schema.sanitize": lambda version, args: ops.schema_sanitize(version, args["schema"]),
    "apply_patch.apply": ops.apply_patch_apply,
    "tools.apply_patch_spec": lambda version, args: ops.tools_apply_patch_spec(version, args["variant"]),
    "tools.build": tools_ops.tools_build,
    "dispatch.call": tools_ops.dispatch_call,
    "safety.is_known_safe_command": safety_ops.is_known_safe_command,
    "sse.responses": wire_ops.sse_responses,
    "exec.format_output": conversation_ops.exec_format_output,
    "items.serialize": conversation_ops.items_serialize,
    "request.build": request_ops.request_build,
    "request.builtins": request_ops.request_builtins,
    "mcp.call_output": mcp_call_output,
    "session.run": session_run,
    "chat.request": chat_ops.chat_request,
    "chat.sse": chat_ops.chat_sse,
    "skills.tools": skills_ops.skills_tools,
    "skills.list": skills_ops.skills_list,
    "skills.read": skills_ops.skills_read,
    "dynamic.to_responses": dynamic_ops.dynamic_to_responses,
    "dynamic.call_output": dynamic_ops.dynamic_call_output,
}
# Ops only some releases can answer; the others do not declare them (0.169.0 refuses chat,
# 0.25.0 has no skills namespace and no app-server, hence no dynamic tools).
_ONLY_FOR = {
    "chat.request": ("0.25.0",),
    "chat.sse": ("0.25.0",),
    "skills.tools": ("0.169.0",),
    "skills.list": ("0.169.0",),
    "skills.read": ("0.169.0",),
    "dynamic.to_responses": ("0.169.0",),
    "dynamic.call_output": ("0.169.0",),
}


class ReleaseAdapter:
    def __init__(self, version: str) -> None:
        self.edition = get_edition(version)  # an unknown version fails here, naming the known ones
        self.version = version

    def hello(self) -> dict[str, Any]:
        release_binary(self.version)  # fetch now, so a missing release is one clear error up front
        return {
            "protocol": 1,
            "implementation": {
                "name": f"codex-cli release {self.version}",
                "version": self.version,
                "language": "rust",
                "homepage": "",
            },
            "editions": [self.version],
            "ops": sorted(op for op in _OPS if self.version in _ONLY_FOR.get(op, (self.version,))),
        }

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request.get("op")
        args = request.get("args") or {}
        if op == "hello":
            return {"result": self.hello()}
        if op not in _OPS or self.version not in _ONLY_FOR.get(op, (self.version,)):
            return {"unsupported": f"a release cannot be run to answer {op!r}"}
        if args.get("edition") != self.version:
            return {"unsupported": f"this adapter is release {self.version}, not {args.get('edition')!r}"}
        try:
            return {"result": _OPS[op](self.version, args)}
        except ops.ReleaseRejectedError as rejected:
            return {"error": {"kind": rejected.kind, "message": rejected.message}}
        except NotObservableError as hidden:
            # The release runs, but does not show the answer (e.g. 0.169.0's safety classification).
            return {"unsupported": str(hidden)}
        except (KeyError, TypeError, FileTreeError) as bad_args:
            return {"error": {"kind": "invalid-args", "message": f"{op}: {bad_args}"}}
        except (CaptureError, ReleaseUnavailableError, ApplyPatchRunError) as failure:
            return {"error": {"kind": "internal", "message": str(failure)}}
