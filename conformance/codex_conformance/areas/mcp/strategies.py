"""Generated MCP tool sets for ``mcp.tools_to_responses`` and ``schema.sanitize``.

A port can compare itself with the reference on these inputs::

    @given(servers=mcp_servers())
    def test_same_as_reference(servers):
        request = {"op": "mcp.tools_to_responses", "args": {"edition": "0.169.0", "servers": servers}}
        assert my_port(request) == reference_handle(request)

The alphabets lean on what the releases treat specially: the delimiter `__`,
punctuation that sanitizing rewrites, multi-byte characters (UTF-8 length
limits, byte slicing), and names near the length limits.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.input_schemas import NAME_ALPHABET, input_schemas

__all__ = ["input_schemas", "mcp_servers", "mcp_tools", "server_names", "tool_names"]


def server_names() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(NAME_ALPHABET, min_size=0, max_size=12),
        st.sampled_from(["srv", "mcp__x", "x", "my.server", "my_server", "a__b"]),
        st.integers(min_value=60, max_value=130).map(lambda n: "s" * n),
    )


def tool_names() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(NAME_ALPHABET, min_size=0, max_size=16),
        st.sampled_from(["echo", "a.b", "a_b", "a b", "b__c", ""]),
        st.tuples(st.integers(min_value=50, max_value=140), st.sampled_from("té_.")).map(
            lambda pair: pair[1] * pair[0]
        ),
    )


def mcp_tools() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"name": tool_names(), "inputSchema": input_schemas()},
        optional={"description": st.one_of(st.none(), st.text(max_size=20))},
    )


def mcp_servers(max_servers: int = 4, max_tools: int = 5) -> st.SearchStrategy[list[dict[str, Any]]]:
    """A ``servers`` argument: distinct server names (a config file cannot repeat one)."""
    return st.lists(
        st.fixed_dictionaries({"name": server_names(), "tools": st.lists(mcp_tools(), max_size=max_tools)}),
        max_size=max_servers,
        unique_by=lambda server: server["name"],
    )
