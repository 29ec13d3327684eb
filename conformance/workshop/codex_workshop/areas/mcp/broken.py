"""Broken ports of ``mcp.tools_to_responses``: one edition's naming changed one rule at a time."""

from __future__ import annotations

from codex_reference.editions import V0_25_0, V0_94_0, V0_169_0
from codex_reference.mcp import naming
from codex_reference.rustlib.sha1 import sha1_hex
from codex_reference.rustlib.strings import utf8_len
from codex_workshop.broken import adapters, with_edition, with_rules, with_rules_from


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


BROKEN = adapters(
    {
        "length-limit-off-by-one": (
            "MCP-NAME-2",
            "0.25.0 hashes names of 64 bytes too (limit taken as 63)",
            with_rules(V0_25_0, "naming_rules", max_name_bytes=63),
        ),
        "joined-limit-off-by-one": (
            "MCP-NAME-2",
            "0.169.0 hashes a joined name of exactly 128 bytes (limit taken as 127)",
            with_rules(V0_169_0, "naming_rules", max_name_bytes=127),
        ),
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
        "unprefixed-in-0.94.0": (
            "MCP-NAME-1",
            "0.94.0 names tools `server__tool` as 0.25.0 did, without the `mcp__` prefix",
            with_rules_from(V0_94_0, "naming_rules", prefix=V0_25_0),
        ),
        "dash-sanitized-in-0.94.0": (
            "MCP-NAME-4",
            "0.94.0 replaces `-` too, as 0.169.0 does",
            with_rules_from(V0_94_0, "naming_rules", allowed_punctuation=V0_169_0),
        ),
        "failed-list-takes-all-in-0.94.0": (
            "MCP-DROP-1",
            "a tools/list 0.94.0 cannot decode takes down every server's tools, as in 0.25.0",
            with_edition(V0_94_0, list_failure_scope="all"),
        ),
    }
)
