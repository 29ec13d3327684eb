"""``mcp.resource_output``: what a release writes back for a call of its MCP resource tools.

``list_mcp_resources`` and ``list_mcp_resource_templates`` list one named
server's page (``server``, the entries each with its server, the page's
``nextCursor``) or, without a server, every page of every server sorted by
name (servers that fail are left out); ``read_mcp_resource`` writes the
server, the URI asked for and the contents.  Failures are plain texts
(spec/mcp_output.md, MCPOUT-RES-*).
"""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.mcp_output import answer, json_numbers, resource_args, resource_payload, resource_servers
from codex_reference.mcp_output.resource_rules import McpResourceRules
from codex_reference.rustlib.serde_json_write import json_string

__all__ = ["TOOLS", "output"]


@dataclass(frozen=True)
class _Listing:
    tool: str
    method: resource_servers.Method
    field: str  # the result's array, and the output's
    required: frozenset[str]

    def keys(self, rules: McpResourceRules) -> tuple[str, ...]:
        return rules.resource_keys if self.field == "resources" else rules.template_keys


_RESOURCES = _Listing(
    "list_mcp_resources", resource_servers.LIST, "resources", resource_payload.RESOURCE_REQUIRED
)
_TEMPLATES = _Listing(
    "list_mcp_resource_templates",
    resource_servers.TEMPLATES,
    "resourceTemplates",
    resource_payload.TEMPLATE_REQUIRED,
)
_READ = "read_mcp_resource"
TOOLS = (_RESOURCES.tool, _TEMPLATES.tool, _READ)
_UNREADABLE = "Unexpected response type"


def _failure(
    rules: McpResourceRules, method: resource_servers.Method, server: str, cause: str, suffix: str = ""
) -> str:
    return rules.failure.format(method=method.name, server=server, suffix=suffix, cause=cause)


def _cause(error: answer.RpcError) -> str:
    return f"Mcp error: {error.code}: {error.message}"


def _entries(result: dict[str, JSON], listing: _Listing) -> list[JSON]:
    entries = result.get(listing.field)
    if not isinstance(entries, list):
        raise NotModelled(f"a result without a `{listing.field}` array is not captured")
    return entries


def _next_cursor(result: dict[str, JSON]) -> str | None:
    cursor = result.get("nextCursor")
    if cursor is not None and (
        not isinstance(cursor, str) or isinstance(cursor, json_numbers.Number) or not cursor
    ):
        raise NotModelled("a nextCursor that is no non-empty string is not captured")
    return cursor


def _every_page(
    server: resource_servers.Server, listing: _Listing, rules: McpResourceRules
) -> list[str] | None:
    """All of a server's entries, page after page; None when its first page fails."""
    written: list[str] = []
    cursor, seen = "", set[str]()
    while True:
        result = server.ask(listing.method, cursor)
        if isinstance(result, answer.RpcError):
            if cursor:
                raise NotModelled("a later page that fails is not captured")
            return None
        try:
            written += [
                resource_payload.entry(item, listing.keys(rules), listing.required, rules, server.name)
                for item in _entries(result, listing)
            ]
        except resource_payload.Unreadable:
            if cursor:
                raise NotModelled("a later page that does not decode is not captured") from None
            return None
        following = _next_cursor(result)
        if following is None:
            return written
        if following in seen:
            raise NotModelled("a server whose cursors loop is not captured")
        seen.add(following)
        cursor = following


def _list(
    rules: McpResourceRules, listing: _Listing, text: str, configured: dict[str, resource_servers.Server]
) -> str:
    struct = rules.list_args if listing is _RESOURCES else rules.templates_args
    arguments = resource_args.parse(text, struct, rules.arbitrary_precision)
    server = resource_args.optional(arguments["server"]) if arguments else None
    cursor = resource_args.optional(arguments["cursor"]) if arguments else None
    if server is None:
        if cursor is not None:
            return "cursor can only be used when a server is specified"
        written: list[str] = []
        for name in sorted(configured):  # str order is UTF-8 byte order, as Rust's
            written += _every_page(configured[name], listing, rules) or []
        return "{" + json_string(listing.field) + ":[" + ",".join(written) + "]}"
    if server not in configured:
        return rules.unknown_server.format(method=listing.method.name, server=server)
    result = configured[server].ask(listing.method, cursor or "")
    if isinstance(result, answer.RpcError):
        return _failure(rules, listing.method, server, _cause(result))
    try:
        entries = [
            resource_payload.entry(item, listing.keys(rules), listing.required, rules, server)
            for item in _entries(result, listing)
        ]
    except resource_payload.Unreadable:
        return _failure(rules, listing.method, server, _UNREADABLE)
    following = _next_cursor(result)
    tail = "" if following is None else ',"nextCursor":' + json_string(following)
    head = '{"server":' + json_string(server) + "," + json_string(listing.field)
    return head + ":[" + ",".join(entries) + "]" + tail + "}"


def _content(rules: McpResourceRules, content: JSON) -> str:
    if isinstance(content, dict) and "text" in content and "blob" in content:
        raise NotModelled("a content with both text and blob is not captured")
    if isinstance(content, dict) and "blob" in content:
        return resource_payload.entry(content, rules.blob_content_keys, resource_payload.BLOB_REQUIRED, rules)
    return resource_payload.entry(content, rules.text_content_keys, resource_payload.TEXT_REQUIRED, rules)


def _read(rules: McpResourceRules, text: str, configured: dict[str, resource_servers.Server]) -> str:
    arguments = resource_args.parse(text, rules.read_args, rules.arbitrary_precision)
    server = resource_args.required(arguments, "server")
    uri = resource_args.required(arguments, "uri")
    method = resource_servers.READ
    if server not in configured:
        return rules.unknown_server.format(method=method.name, server=server)
    result = configured[server].ask(method, uri)
    if isinstance(result, answer.RpcError):
        return _failure(rules, method, server, _cause(result), f" ({uri})")
    contents = result.get("contents")
    if not isinstance(contents, list):
        raise NotModelled("a read result without a `contents` array is not captured")
    try:
        written = [_content(rules, content) for content in contents]
    except resource_payload.Unreadable:
        return _failure(rules, method, server, _UNREADABLE, f" ({uri})")
    head = '{"server":' + json_string(server) + ',"uri":' + json_string(uri)
    meta = result.get("_meta")
    tail = ',"_meta":' + resource_payload.meta(meta) if rules.read_meta and meta is not None else ""
    return head + ',"contents":[' + ",".join(written) + "]" + tail + "}"


def output(rules: McpResourceRules | None, args: dict[str, JSON]) -> str:
    """The text the release writes back as the call's output."""
    if rules is None:
        raise NotModelled("this release has no MCP resource tools")
    tool, text = args.get("tool"), args.get("arguments")
    if tool not in TOOLS:
        raise InvalidArgs(f"`tool` must be one of {', '.join(TOOLS)}")
    if not isinstance(text, str):
        raise InvalidArgs("`arguments` must be the call's arguments as a JSON text")
    configured = resource_servers.servers(args.get("servers"))
    if not configured and not rules.offered_without_servers:
        return f"unsupported call: {tool}"
    try:
        if tool == _READ:
            return _read(rules, text, configured)
        return _list(rules, _RESOURCES if tool == _RESOURCES.tool else _TEMPLATES, text, configured)
    except resource_args.ArgumentsRefused as refused:
        return str(refused)
