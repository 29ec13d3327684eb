"""``dynamic.to_responses``: a thread's dynamic tool specs → the Responses tools they add.

Unlike MCP tools (spec/mcp.md), nothing is rewritten: a name the Responses
API would not take refuses the whole thread instead of being sanitized,
hashed or prefixed (DYN-NAME-1).  The schema goes through the same
sanitizer as an MCP tool's, minus the MCP-only top-level step (DYN-SCHEMA-1).
"""

from __future__ import annotations

from typing import Any

from codex_reference.dynamic.decode import FunctionSpec, NamespaceSpec, decode_specs
from codex_reference.dynamic.errors import InvalidDynamicTool
from codex_reference.dynamic.rules import DynamicRules
from codex_reference.errors import SchemaRejected

JSON = Any

_NAMESPACE_MAX_CHARS = 64


def _check_name(rules: DynamicRules, what: str, name: str, max_chars: int) -> None:
    # DYN-NAME-1 and DYN-NAME-2, in the release's order.
    if not name:
        raise InvalidDynamicTool(f"dynamic tool {what} must not be empty")
    if not rules.name_pattern.fullmatch(name):
        raise InvalidDynamicTool(f"dynamic tool {what} must match ^[a-zA-Z0-9_-]+$: {name}")
    if len(name) > max_chars:
        raise InvalidDynamicTool(f"dynamic tool {what} must be at most {max_chars} characters: {name}")
    if name == "mcp" or name.startswith("mcp__"):
        raise InvalidDynamicTool(f"dynamic tool {what} is reserved: {name}")


def _function_entry(rules: DynamicRules, spec: FunctionSpec) -> dict[str, JSON]:
    try:
        parameters = rules.parse_schema(spec.input_schema)
    except SchemaRejected as rejected:
        raise InvalidDynamicTool(
            f"dynamic tool input schema is not supported for {spec.name}: {rejected.message}"
        ) from rejected
    return {
        "type": "function",
        "name": spec.name,
        "description": spec.description,
        "strict": False,
        "parameters": parameters,
    }


def _namespace_entry(rules: DynamicRules, spec: NamespaceSpec) -> dict[str, JSON] | None:
    _check_name(rules, "namespace", spec.name, _NAMESPACE_MAX_CHARS)
    if not spec.tools:
        raise InvalidDynamicTool(f"dynamic tool namespace must contain at least one tool: {spec.name}")
    seen: set[str] = set()
    entries: list[dict[str, JSON]] = []
    for tool in spec.tools:
        _check_name(rules, "name", tool.name, rules.max_name_chars)
        if tool.name in seen:
            raise InvalidDynamicTool(f"duplicate dynamic tool name in namespace {spec.name}: {tool.name}")
        seen.add(tool.name)
        entry = _function_entry(rules, tool)  # a deferred tool's schema is still checked
        if not tool.defer_loading:  # DYN-DEFER-1: deferred tools are not sent
            entries.append(entry)
    if not entries:
        return None
    return {
        "type": "namespace",
        "name": spec.name,
        "description": spec.description or rules.namespace_description.format(namespace=spec.name),
        # DYN-NS-1: sorted by name, byte order.
        "tools": sorted(entries, key=lambda entry: entry["name"].encode()),
    }


def to_responses(rules: DynamicRules, specs: JSON) -> list[dict[str, JSON]]:
    decoded = decode_specs(specs)
    functions: set[str] = set()
    namespaces: set[str] = set()
    entries: list[dict[str, JSON]] = []
    for spec in decoded:
        if isinstance(spec, NamespaceSpec):
            if spec.name in namespaces:
                raise InvalidDynamicTool(f"duplicate dynamic tool namespace: {spec.name}")
            namespaces.add(spec.name)
            namespace = _namespace_entry(rules, spec)
            if namespace is not None:
                entries.append(namespace)
            continue
        _check_name(rules, "name", spec.name, rules.max_name_chars)
        if spec.defer_loading:
            raise InvalidDynamicTool(f"deferred dynamic tool must include a namespace: {spec.name}")
        if spec.name in functions:
            raise InvalidDynamicTool(f"duplicate dynamic tool name: {spec.name}")
        functions.add(spec.name)
        entry = _function_entry(rules, spec)
        # DYN-BUILTIN-1: the built-in of that name wins, silently.
        if spec.name not in rules.builtin_function_names:
            entries.append(entry)
    return entries
