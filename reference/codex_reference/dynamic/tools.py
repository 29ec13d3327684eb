"""``dynamic.to_responses``: a thread's dynamic tool specs → the Responses tools they add.

Unlike MCP tools (spec/mcp.md), nothing is rewritten: a name the Responses
API would not take refuses the whole thread instead of being sanitized,
hashed or prefixed (DYN-NAME-1), where the rules check names at all
(DYN-NAME-4).  The schema goes through the release's MCP conversion minus
its MCP-only top-level step (DYN-SCHEMA-1).  What the specs decode to, the
name checks, the built-ins and the schema conversion are the rules'.
"""

from __future__ import annotations

from codex_reference.dynamic.decode import FunctionSpec, NamespaceSpec
from codex_reference.dynamic.errors import InvalidDynamicTool
from codex_reference.dynamic.rules import DynamicRules
from codex_reference.errors import SchemaRejected
from codex_reference.json_types import JSON
from codex_reference.rustlib.strings import trim


def _check_name(rules: DynamicRules, what: str, name: str, max_chars: int | None) -> None:
    # DYN-NAME-1 and DYN-NAME-2, in the release's order; no pattern or no
    # maximum in the rules: that check is not made (DYN-NAME-4).  White space
    # counts as nothing, and around a name it is refused (DYN-NAME-5).
    if not trim(name):
        raise InvalidDynamicTool(f"dynamic tool {what} must not be empty")
    if trim(name) != name:
        raise InvalidDynamicTool(f"dynamic tool {what} has leading/trailing whitespace: {name}")
    if rules.name_pattern is not None and not rules.name_pattern.fullmatch(name):
        raise InvalidDynamicTool(f"dynamic tool {what} must match ^[a-zA-Z0-9_-]+$: {name}")
    if max_chars is not None and len(name) > max_chars:
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


def _namespace_tools(rules: DynamicRules, spec: NamespaceSpec) -> list[dict[str, JSON]]:
    """The namespace's tools that are sent, after its checks (DYN-NS-1, DYN-DEFER-1)."""
    _check_name(rules, "namespace", spec.name, rules.max_namespace_chars)
    if spec.name in rules.reserved_namespaces:  # DYN-NAME-3
        raise InvalidDynamicTool(f"dynamic tool namespace collides with a reserved namespace: {spec.name}")
    if len(spec.description) > rules.max_namespace_description_chars:  # characters, not bytes
        raise InvalidDynamicTool("dynamic tool namespace description is too long")
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
    return entries


def _by_name(entries: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    # DYN-NS-1: a namespace's tools are sorted by name, byte order.
    return sorted(entries, key=lambda entry: str(entry["name"]).encode())


def to_responses(rules: DynamicRules, version: str, specs: JSON) -> list[dict[str, JSON]]:
    decoded = rules.decode_specs(specs)
    builtins = rules.builtin_tools(version)
    builtin_functions = {entry["name"] for entry in builtins if entry.get("type") == "function"}
    builtin_namespaces = {entry["name"]: entry for entry in builtins if entry.get("type") == "namespace"}
    joined: dict[str, list[dict[str, JSON]]] = {}  # built-in namespace -> dynamic tools it takes in
    functions: set[str] = set()
    namespaces: set[str] = set()
    added: list[dict[str, JSON]] = []
    for spec in decoded:
        if isinstance(spec, NamespaceSpec):
            if spec.name in namespaces:
                raise InvalidDynamicTool(f"duplicate dynamic tool namespace: {spec.name}")
            namespaces.add(spec.name)
            tools = _namespace_tools(rules, spec)
            builtin = builtin_namespaces.get(spec.name)
            if builtin is not None:
                # DYN-BUILTIN-2: joined to the built-in namespace; its own tools win.
                taken = {tool["name"] for tool in builtin["tools"]}
                joined.setdefault(spec.name, []).extend(t for t in tools if t["name"] not in taken)
            elif tools:
                description = spec.description or rules.namespace_description.format(namespace=spec.name)
                added.append(
                    {
                        "type": "namespace",
                        "name": spec.name,
                        "description": description,
                        "tools": _by_name(tools),
                    }
                )
            continue
        _check_name(rules, "name", spec.name, rules.max_name_chars)
        if spec.defer_loading:
            raise InvalidDynamicTool(f"deferred dynamic tool must include a namespace: {spec.name}")
        if spec.name in functions:
            raise InvalidDynamicTool(f"duplicate dynamic tool name: {spec.name}")
        functions.add(spec.name)
        entry = _function_entry(rules, spec)
        # DYN-BUILTIN-1: the built-in function of that name wins, silently.
        if spec.name not in builtin_functions:
            added.append(entry)
    # A built-in namespace that took tools in is the entry that changed; it keeps
    # its place among the built-ins, before every added entry.
    changed = [
        {**entry, "tools": _by_name([*entry["tools"], *joined[name]])}
        for name, entry in builtin_namespaces.items()
        if joined.get(name)
    ]
    return changed + added
