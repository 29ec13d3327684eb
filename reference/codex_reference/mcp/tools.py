"""What configuring MCP servers adds to a release's ``tools`` array."""

from __future__ import annotations

from codex_reference.editions import Edition
from codex_reference.errors import InvalidArgs, SchemaRejected
from codex_reference.json_types import JSON
from codex_reference.mcp.naming import NamedTool, RawTool


def check_servers(servers: JSON) -> list[tuple[str, list[JSON]]]:
    """The ``servers`` argument as (name, tools) pairs, or InvalidArgs naming the fault."""
    if not isinstance(servers, list):
        raise InvalidArgs(f"`servers` must be a list, got {type(servers).__name__}")
    out: list[tuple[str, list[JSON]]] = []
    seen: set[str] = set()
    for index, server in enumerate(servers):
        if not isinstance(server, dict):
            raise InvalidArgs(f"`servers[{index}]` must be an object")
        name, tools = server.get("name"), server.get("tools")
        if not isinstance(name, str):
            raise InvalidArgs(f"`servers[{index}].name` must be a string")
        if not isinstance(tools, list):
            raise InvalidArgs(f"`servers[{index}].tools` must be a list")
        if name in seen:
            # A config file cannot name one server twice.
            raise InvalidArgs(f"`servers[{index}].name` repeats server name {name!r}")
        seen.add(name)
        out.append((name, tools))
    return out


def listed_tools(edition: Edition, servers: list[tuple[str, list[JSON]]]) -> list[RawTool]:
    """The tools the release gets to see, in aggregation order (config order)."""
    raws: list[RawTool] = []
    for name, tools in servers:
        if not edition.server_name_pattern.fullmatch(name):
            continue  # refused at startup; the other servers are unaffected
        if not all(edition.tool_decoder(tool) for tool in tools):
            if edition.list_failure_scope == "all":
                return []
            continue
        raws.extend(RawTool(server=name, tool=tool) for tool in tools)
    return raws


def function_tool(name: str, tool: dict[str, JSON], parameters: dict[str, JSON]) -> dict[str, JSON]:
    """A Responses function tool, keys in the release's struct order."""
    return {
        "type": "function",
        "name": name,
        "description": tool.get("description") or "",
        "strict": False,
        "parameters": parameters,
    }


def tools_to_responses(edition: Edition, servers_arg: JSON, model: JSON = None) -> list[dict[str, JSON]]:
    """``model``: the slug the request is for (None: the capture model, which sends its MCP tools)."""
    servers = check_servers(servers_arg)
    if model is not None and not isinstance(model, str):
        raise InvalidArgs(f"`model` must be a string, got {type(model).__name__}")
    if not servers:
        return []
    if model in edition.mcp_deferring_models:
        # Deferred behind tool_search: the MCP tools are not in the array (MCP-DEFER-1).
        return [dict(tool) for tool in edition.extra_tools]
    named = edition.name_tools(listed_tools(edition, servers), edition.naming_rules)
    converted: list[tuple[NamedTool, dict[str, JSON]]] = []
    for entry in named:
        try:
            parameters = edition.convert_schema(entry.raw.tool["inputSchema"])
        except SchemaRejected:
            continue  # the release logs the failure and skips just this tool
        converted.append((entry, function_tool(entry.name, entry.raw.tool, parameters)))
    added = [dict(tool) for tool in edition.extra_tools]
    if edition.group_in_namespaces:
        added.extend(_namespaces(edition, converted))
    else:
        added.extend(function for _, function in converted)
    return added


def _namespaces(
    edition: Edition, converted: list[tuple[NamedTool, dict[str, JSON]]]
) -> list[dict[str, JSON]]:
    """One entry per namespace, in order of first appearance; tools by name."""
    groups: dict[str, list[dict[str, JSON]]] = {}
    for entry, function in converted:
        groups.setdefault(entry.namespace, []).append(function)
    return [
        {
            "type": "namespace",
            "name": namespace,
            "description": edition.namespace_description.format(namespace=namespace),
            "tools": sorted(functions, key=lambda f: str(f["name"]).encode("utf-8")),
        }
        for namespace, functions in groups.items()
    ]


def sanitize_schema(edition: Edition, schema: JSON) -> dict[str, JSON]:
    """The ``parameters`` sent for a tool whose inputSchema is ``schema``."""
    tool = {"name": "t", "inputSchema": schema}
    if not edition.tool_decoder(tool):
        raise SchemaRejected("the tools/list result does not decode: inputSchema does not fit the Tool type")
    return edition.convert_schema(schema)
