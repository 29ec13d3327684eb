"""Broken ports of ``mcp.tools_to_responses``: one edition's naming changed one rule at a time."""

from __future__ import annotations

from codex_reference.editions import V0_25_0
from codex_reference.mcp import naming
from codex_reference.rustlib.sha1 import sha1_hex
from codex_reference.rustlib.strings import utf8_len
from codex_workshop.broken import area_adapters, with_edition


def _hash_tool_name_only(tools: list[naming.RawTool], rules: naming.NamingRules) -> list[naming.NamedTool]:
    """Like 0.25.0 but hashes the tool name instead of the whole `server__tool`."""
    used: dict[str, naming.NamedTool] = {}
    for raw in tools:
        name = f"{raw.server}{rules.delimiter}{raw.name}"
        if utf8_len(name) > rules.max_name_bytes:
            digest = sha1_hex(raw.name)
            name = name.encode()[: rules.max_name_bytes - len(digest)].decode(errors="ignore") + digest
        used.setdefault(name, naming.NamedTool("", name, raw))
    return [used[name] for name in sorted(used)]


def _unsorted(tools: list[naming.RawTool], rules: naming.NamingRules) -> list[naming.NamedTool]:
    """Like 0.25.0 but keeps the order the servers listed the tools in."""
    named = naming.flat_names(tools, rules)
    position = {id(raw): index for index, raw in enumerate(tools)}
    return sorted(named, key=lambda entry: position[id(entry.raw)])


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "hash-of-wrong-string": (
            "MCP-NAME-3",
            "0.25.0 hashes the tool name, not the qualified name",
            with_edition(V0_25_0, name_tools=_hash_tool_name_only),
        ),
        "listing-order": (
            "MCP-ORDER-1",
            "0.25.0 emits tools in listing order instead of sorted by name",
            with_edition(V0_25_0, name_tools=_unsorted),
        ),
    },
)
