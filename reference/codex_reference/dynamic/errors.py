"""How a release refuses a thread's dynamic tools (spec/dynamic.md)."""

from __future__ import annotations

from codex_reference.errors import ReferenceError_


class InvalidParams(ReferenceError_):
    """``thread/start`` params do not decode (a missing or mistyped field)."""

    kind = "invalid-params"


class InvalidDynamicTool(ReferenceError_):
    """The params decode, but a spec breaks a rule (name, duplicate, schema, deferral)."""

    kind = "invalid-dynamic-tool"
